import { SHOP_IDENTITY_DEFAULTS } from '@shop/contracts/shop-identity';
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

/**
 * Who the shop is (SHOP_NAME, SHOP_PHONE, SHOP_EMAIL, SHOP_HOURS, SHOP_ADDRESS), as the API's invoices
 * and emails name it too (@shop/contracts/shop-identity).
 */
export interface ShopContact {
  /** The shell's server always sends it; shopName() falls back to the shared default. */
  name?: string;
  /** As shown, such as "+1 (555) 010-4477". */
  phone: string;
  email: string;
  /** Opening hours as shown, such as "Monday to Friday, 8:00 AM to 5:00 PM (Eastern)". */
  hours?: string;
  /** The postal address, one line; shown only when set. */
  address?: string;
}

export type RemoteName = 'configurator' | 'cart_checkout' | 'account' | 'admin';

let config: RuntimeConfig | undefined;

/** The shell's server inlines the config in the page (a JSON data block); /config.json otherwise. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const inline = document.getElementById('shop-config')?.textContent;
  if (inline) return provideRuntimeConfig(parseRuntimeConfig(JSON.parse(inline)));
  const response = await fetch('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Could not read /config.json (${response.status})`);
  return provideRuntimeConfig(parseRuntimeConfig(await response.json()));
}

const REMOTE_NAMES: readonly RemoteName[] = ['configurator', 'cart_checkout', 'account', 'admin'];
const ENVIRONMENTS: readonly RuntimeConfig['environment'][] = ['development', 'test', 'production'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The config checked field by field, or an error naming the first wrong one. Written by hand rather
 * than with zod: it runs before the first paint, on the landing page's own small bundle.
 */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const fail = (field: string): never => {
    throw new Error(`The shop's runtime config is not valid: ${field}`);
  };
  if (!isRecord(value)) return fail('not an object');
  if (!ENVIRONMENTS.includes(value.environment as RuntimeConfig['environment']))
    fail('environment');
  const { remotes, releases, contact } = value;
  if (!isRecord(remotes)) return fail('remotes');
  for (const name of REMOTE_NAMES) if (typeof remotes[name] !== 'string') fail(`remotes.${name}`);
  if (releases !== undefined) {
    if (!isRecord(releases)) return fail('releases');
    for (const [name, release] of Object.entries(releases)) {
      if (!REMOTE_NAMES.includes(name as RemoteName)) fail(`releases.${name}`);
      if (
        !isRecord(release) ||
        typeof release.version !== 'string' ||
        typeof release.contractsRange !== 'string' ||
        !isRecord(release.shared)
      )
        fail(`releases.${name}`);
    }
  }
  if (!isRecord(contact) || typeof contact.phone !== 'string' || typeof contact.email !== 'string')
    return fail('contact');
  for (const field of ['name', 'hours', 'address'] as const) {
    if (contact[field] !== undefined && typeof contact[field] !== 'string')
      fail(`contact.${field}`);
  }
  return value as unknown as RuntimeConfig;
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

/** The shop's name as the site shows it (the same default as the API's invoices and emails). */
export function shopName(): string {
  return runtimeConfig().contact.name ?? SHOP_IDENTITY_DEFAULTS.name;
}

/** The number a tel: link dials: digits and a leading +, nothing else. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
}
