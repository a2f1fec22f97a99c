// The shop's service worker: the shell's and the remotes' hashed files load from the cache on the next
// visit; the files that name them (the pages, remoteEntry.js, mf-manifest.json, config.json) always come
// from the network, so a new deployment of the shell or of any remote is used on the next visit. /api is
// never touched: its answers belong to one shopper and one moment.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { cachingRule, pageCacheKey } from './caching-rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const CACHE_PREFIX = 'shop';

// A new service worker takes over at once: it only changes how files are fetched, never their content.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

// The small unhashed files of the installed app: the web app manifest and its icons.
precacheAndRoute(self.__WB_MANIFEST);

const ownOrigin = self.location.origin;

registerRoute(
  ({ url, request }) => cachingRule(url, request, ownOrigin) === 'hashed-asset',
  new CacheFirst({
    cacheName: `${CACHE_PREFIX}-assets`,
    plugins: [
      // 200 only: remotes' scripts are fetched with CORS (shell/src/lib/federation.ts), so a 404 or
      // a 500 is seen as such and never kept (an opaque answer, status 0, could be either).
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: 300,
        maxAgeSeconds: 60 * 60 * 24 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

registerRoute(
  ({ url, request }) => cachingRule(url, request, ownOrigin) === 'entry',
  new NetworkFirst({
    cacheName: `${CACHE_PREFIX}-entries`,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

// Pages: always from the network while online, so a new release's pages (prerendered ones included) are
// the ones shown. Offline, the copy kept for that path; failing that, any page kept: a page prerendered
// for another path is drawn over by the app, not hydrated (src/bootstrap.tsx), so the route still works.
const PAGES_CACHE = `${CACHE_PREFIX}-pages`;
registerRoute(
  ({ url, request }) => cachingRule(url, request, ownOrigin) === 'page',
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    plugins: [
      // 200 only: the 404 page (status 404) is never kept.
      new CacheableResponsePlugin({ statuses: [200] }),
      { cacheKeyWillBeUsed: async ({ request }) => pageCacheKey(new URL(request.url)) },
      {
        handlerDidError: async () => {
          const cache = await caches.open(PAGES_CACHE);
          const [anyPage] = await cache.keys();
          return anyPage ? cache.match(anyPage) : undefined;
        },
      },
    ],
  }),
);
