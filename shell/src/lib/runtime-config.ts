/** What the shell's server tells the page at run time (GET /config.json): no URL is baked into the bundle. */
export interface RuntimeConfig {
  environment: 'development' | 'test' | 'production';
  /** Remote container name -> its mf-manifest.json URL. */
  remotes: Record<RemoteName, string>;
  contact: { phone: string; email: string };
}

export type RemoteName = 'configurator' | 'cart_checkout' | 'account' | 'admin';

let config: RuntimeConfig | undefined;

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Could not read /config.json (${response.status})`);
  config = (await response.json()) as RuntimeConfig;
  return config;
}

export function runtimeConfig(): RuntimeConfig {
  if (!config) throw new Error('Runtime config read before loadRuntimeConfig()');
  return config;
}
