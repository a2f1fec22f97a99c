/** What the shell's server tells the page at run time (GET /config.json): no URL is baked into the bundle. */
export interface RuntimeConfig {
  environment: 'development' | 'test' | 'production';
  /** Remote container name -> its mf-manifest.json URL. */
  remotes: Record<RemoteName, string>;
  /**
   * The registry's release of each remote that has one (README "Releasing a remote"): checked before
   * the remote is mounted. A remote without one runs from its REMOTE_*_URL, unchecked.
   */
  releases?: Partial<Record<RemoteName, RemoteRelease>>;
  contact: ShopContact;
}

export interface RemoteRelease {
  version: string;
  /** The shell contracts versions the release accepts, such as ^1.0.0. */
  contractsRange: string;
  /** Shared singletons' versions the release was built with. */
  shared: Record<string, string>;
  /** Shown to this browser only, by an admin's preview token. */
  preview: boolean;
}

export interface ShopContact {
  /** As shown, such as "+1 (555) 010-4477". */
  phone: string;
  email: string;
  /** Opening hours as shown, such as "Monday to Friday, 8:00 AM to 5:00 PM (Eastern)". */
  hours?: string;
}

export type RemoteName = 'configurator' | 'cart_checkout' | 'account' | 'admin';

let config: RuntimeConfig | undefined;

/** The shell's server inlines the config in the page (a JSON data block); /config.json otherwise. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const inline = document.getElementById('shop-config')?.textContent;
  if (inline) return provideRuntimeConfig(JSON.parse(inline) as RuntimeConfig);
  const response = await fetch('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Could not read /config.json (${response.status})`);
  return provideRuntimeConfig((await response.json()) as RuntimeConfig);
}

/** Sets the config directly (loadRuntimeConfig does this; unit tests do it themselves). */
export function provideRuntimeConfig(value: RuntimeConfig): RuntimeConfig {
  config = value;
  return value;
}

export function runtimeConfig(): RuntimeConfig {
  if (!config) throw new Error('Runtime config read before loadRuntimeConfig()');
  return config;
}

/** The number a tel: link dials: digits and a leading +, nothing else. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
}
