// Which requests the service worker answers, and how. Kept apart from sw.ts so unit tests can check the
// rules without a service worker around them.

/** Build output named with a content hash (`main.3f9c2a1b.js`): never changes, safe to keep forever. */
export const HASHED_ASSET = /\.[0-9a-f]{8}\.(?:js|css|png|svg|woff2?)$/;

/** Files that say which hashed files to load: always asked from the network, so a new deployment is seen. */
const ENTRY_FILES = /\/(?:remoteEntry\.js|mf-manifest\.json|config\.json|manifest\.webmanifest)$/;

export type CachingRule = 'never' | 'hashed-asset' | 'entry' | 'page';

/**
 * never: /api and anything unrecognised (the browser handles it, nothing is stored);
 * hashed-asset: cache first, from any origin (the remotes live on their own origins);
 * entry and page: network first, the cached copy only when offline.
 */
export function cachingRule(
  url: URL,
  request: { method: string; mode: string },
  ownOrigin: string,
): CachingRule {
  if (request.method !== 'GET') return 'never';
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return 'never';
  if (url.pathname.endsWith('/sw.js')) return 'never';
  if (request.mode === 'navigate') return url.origin === ownOrigin ? 'page' : 'never';
  if (HASHED_ASSET.test(url.pathname)) return 'hashed-asset';
  if (ENTRY_FILES.test(url.pathname)) return 'entry';
  return 'never';
}

/**
 * Where a page is kept for offline use: one copy per path (the landing, contact and 404 pages are each
 * their own prerendered HTML, docs/architecture.md), without the query string or a trailing slash.
 */
export function pageCacheKey(url: URL): string {
  return `${url.origin}${url.pathname.replace(/(.)\/+$/, '$1')}`;
}
