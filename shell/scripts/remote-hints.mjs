// The files of a remote's page, named in the page's own HTML: a shopper who opens /products gets
// `<link rel="preload" as="script">` for the configurator's remoteEntry.js and the files of its
// ConfiguratorPage in the <head>, so the browser fetches them while the shell's scripts download,
// instead of once the shell has run (two steps fewer in the request chain; docs/design.md section 10).
// The files come from the remote's mf-manifest.json (the URL the page's config names, a live release's
// included), read by this server and kept a few seconds. A remote that does not answer gets no hints:
// its page then loads (or shows its fallback) as it would without them, and the page never waits long.
import { remotePageAt } from './pages.mjs';

/**
 * The script files each exposed module's first render needs (`assets.js.sync` in the manifest
 * @module-federation/enhanced writes; its `async` chunks load later, on demand), or null when it is not
 * a manifest.
 */
export function exposedFiles(manifest) {
  const exposes = manifest?.exposes;
  if (!Array.isArray(exposes)) return null;
  const files = new Map();
  for (const expose of exposes) {
    const js = expose?.assets?.js?.sync;
    if (typeof expose?.path !== 'string' || !Array.isArray(js)) return null;
    if (!js.every((file) => typeof file === 'string')) return null;
    files.set(expose.path, js);
  }
  return files;
}

const escapeAttribute = (value) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * At low priority, as the shell's own deferred scripts and start preloads are: the page's first paint
 * (a skeleton or a prerendered page) never waits for them, and at the default High Lighthouse counts
 * every preloaded script as render-blocking.
 */
const preloadLink = (href) =>
  `<link rel="preload" as="script" fetchpriority="low" href="${escapeAttribute(href)}">`;
/** A remote's file, from its own origin: fetched as the script that runs it is, with CORS. */
const remotePreloadLink = (href) =>
  `<link rel="preload" as="script" fetchpriority="low" crossorigin="anonymous" href="${escapeAttribute(href)}">`;

async function fetchManifest(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

/**
 * @param {{ load?: (url: string) => Promise<unknown>, freshMs?: number, waitMs?: number, now?: () => number, shellFiles?: string[] }} options
 *   `load` reads a manifest (tests give their own); a manifest is used for `freshMs`, then read again
 *   in the background while the page keeps the last one; a page waits at most `waitMs` for a first read.
 *   `shellFiles`: the shell's own files a remote's page needs beyond the landing page's (its query
 *   cache, webpack-config/start-chunks-preload-plugin.js), paths under the shell's origin.
 * @returns {(pathname: string, environment: string, remotes: Record<string, string>) => Promise<string>}
 *   the <link> tags for the remote page at pathname ('' for none).
 */
export function createRemoteHints({
  load = fetchManifest,
  freshMs = 10_000,
  waitMs = 300,
  now = Date.now,
  shellFiles = [],
} = {}) {
  const shellLinks = shellFiles.map((file) => preloadLink(`/${file}`)).join('');
  /** manifest URL -> { readAt, files (Map or null when it could not be read), pending } */
  const manifests = new Map();

  function read(url) {
    const known = manifests.get(url) ?? { readAt: -Infinity, files: undefined, pending: null };
    manifests.set(url, known);
    if (!known.pending && now() - known.readAt >= freshMs) {
      known.pending = load(url)
        .then(exposedFiles)
        .catch(() => null)
        .then((files) => {
          Object.assign(known, { files, readAt: now(), pending: null });
          return files;
        });
    }
    return known;
  }

  return async function remoteHints(pathname, environment, remotes) {
    const page = remotePageAt(pathname, environment);
    const manifestUrl = page && remotes?.[page.remote];
    if (!manifestUrl) return '';
    let base;
    try {
      base = new URL(manifestUrl);
    } catch {
      return shellLinks;
    }
    const known = read(base.href);
    const files =
      known.files !== undefined
        ? known.files
        : await Promise.race([
            known.pending,
            new Promise((resolve) => setTimeout(resolve, waitMs, undefined)),
          ]);
    const js = files?.get(page.expose);
    if (!js) return shellLinks;
    // Only files of the remote's own origin: what the page's Content-Security-Policy lets run.
    const urls = [new URL('remoteEntry.js', base), ...js.map((file) => new URL(file, base))]
      .filter((url) => url.origin === base.origin)
      .map((url) => url.href);
    return shellLinks + [...new Set(urls)].map(remotePreloadLink).join('');
  };
}
