// The page remotes, loaded with webpack's own federation runtime (docs/design.md section 10): a
// remote's container script on first use, joined to the shell's share scope, then the exposed module;
// and a remote's page fetched ahead (its entry and the page's files) without running any of it.
import { initContainer, loadScript, type FederatedContainer } from '@shop/ui/federation';
import { runtimeConfig, type RemoteName } from './runtime-config';

/** What the shell reads from a remote's mf-manifest.json (webpack-config/federation-manifest-plugin.js). */
export interface RemoteManifest {
  exposes: { path: string; assets: { js: string[] } }[];
}

/** The remote's manifest URL from /config.json (a release's, or REMOTE_*_URL). */
function manifestUrl(remote: RemoteName): string {
  return runtimeConfig().remotes[remote];
}

/**
 * A remote's build writes remoteEntry.js next to its mf-manifest.json, so the entry is found without
 * waiting for the manifest: one request fewer in the chain before a remote's page.
 */
export function remoteEntryUrl(manifest: string): string {
  return new URL('remoteEntry.js', manifest).href;
}

const containers = new Map<RemoteName, Promise<FederatedContainer>>();
const manifests = new Map<RemoteName, Promise<RemoteManifest>>();
const preloaded = new Set<string>();

/** Remembers a pending load; a failed one is forgotten, so a remote that was down is tried again. */
function once<T>(cache: Map<RemoteName, Promise<T>>, remote: RemoteName, load: () => Promise<T>) {
  let pending = cache.get(remote);
  if (!pending) {
    pending = load();
    cache.set(remote, pending);
    pending.catch(() => cache.delete(remote));
  }
  return pending;
}

function container(remote: RemoteName): Promise<FederatedContainer> {
  return once(containers, remote, async () => {
    await loadScript(remoteEntryUrl(manifestUrl(remote)));
    return initContainer(remote);
  });
}

function parseManifest(answer: unknown): RemoteManifest {
  const exposes = (answer as { exposes?: unknown } | null)?.exposes;
  const valid =
    Array.isArray(exposes) &&
    exposes.every(
      (e: { path?: unknown; assets?: { js?: unknown } }) =>
        typeof e?.path === 'string' &&
        Array.isArray(e.assets?.js) &&
        e.assets.js.every((file) => typeof file === 'string'),
    );
  if (!valid) throw new Error('Not a remote manifest');
  return { exposes: exposes as RemoteManifest['exposes'] };
}

function manifest(remote: RemoteName): Promise<RemoteManifest> {
  return once(manifests, remote, async () => {
    const response = await fetch(manifestUrl(remote));
    if (!response.ok) throw new Error(`${remote} manifest: ${response.status}`);
    return parseManifest(await response.json());
  });
}

/** Whether the page's HTML names href as a preload already (shell/scripts/remote-hints.mjs). */
function preloadedByPage(href: string): boolean {
  return [
    ...document.querySelectorAll<HTMLLinkElement>(
      'link[rel="preload"][as="script"], link[rel="prefetch"][as="script"]',
    ),
  ].some((link) => link.href === href);
}

/**
 * Fetches a script into the cache without running it (the later <script> of the same URL uses it):
 * `preload` for a page being opened, `prefetch` for one a shopper may open next, which the browser
 * fetches at low priority and keeps without warning that it was "preloaded but not used".
 */
function preloadScript(href: string, rel: 'preload' | 'prefetch') {
  if (preloaded.has(href)) return;
  preloaded.add(href);
  if (preloadedByPage(href)) return;
  const link = document.createElement('link');
  link.rel = rel;
  link.as = 'script';
  link.href = href;
  document.head.append(link);
}

/**
 * Fetches a remote's entry and the files of one exposed module (`./CartPage`) ahead, running none of
 * them. `ahead`: for a page the shopper may open next (prefetched), not the one being opened.
 * Rejects when the manifest cannot be read.
 */
export async function preloadExposed(
  remote: RemoteName,
  expose: string,
  { ahead = false }: { ahead?: boolean } = {},
): Promise<void> {
  const rel = ahead ? 'prefetch' : 'preload';
  const url = manifestUrl(remote);
  if (!containers.has(remote)) preloadScript(remoteEntryUrl(url), rel);
  const { exposes } = await manifest(remote);
  const files = exposes.find((e) => e.path === expose)?.assets.js ?? [];
  for (const file of files) preloadScript(new URL(file, url).href, rel);
}

/**
 * Runs an exposed module of a remote (`./CartPage`) and answers its exports. The module's files are
 * fetched in parallel with the entry (from the manifest) rather than after it.
 */
export async function loadExposed<T>(remote: RemoteName, expose: string): Promise<T> {
  preloadExposed(remote, expose).catch(() => {
    // The entry's own loading below says whether the remote is there.
  });
  const factory = await (await container(remote)).get(expose);
  return factory() as T;
}

/** Forgets every remote loaded or fetched ahead (unit tests). */
export function resetFederation() {
  containers.clear();
  manifests.clear();
  preloaded.clear();
}
