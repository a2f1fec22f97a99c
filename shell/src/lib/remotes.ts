import type { ComponentType } from 'react';
import { CONTRACTS_VERSION, releaseSkew } from '@shop/contracts/release-skew';
import { apiRequest } from '../store/session';
import {
  loadRemoteModule,
  preloadExposed,
  registerShopRemotes,
  type RemoteFallback,
} from './federation';
import { pageShown, whenIdle } from './page-shown';
import { runtimeConfig, type RemoteName } from './runtime-config';

// The shared singletons' versions of this build (webpack-config's DefinePlugin).
declare const __SHARED_VERSIONS__: Record<string, string>;
const HOST_SHARED: Record<string, string> =
  typeof __SHARED_VERSIONS__ === 'undefined' ? {} : __SHARED_VERSIONS__;

/** A release the shell refuses to mount: built for other contracts or another major of a shared library. */
export class RemoteSkewError extends Error {
  constructor(
    readonly remote: string,
    readonly version: string,
    readonly detail: string,
  ) {
    super(`${remote} ${version} ${detail}`);
    this.name = 'RemoteSkewError';
  }
}

/** Why this shell cannot mount the remote's release, or null when it can (or it has none). */
export function releaseRefusal(remote: string) {
  const release = runtimeConfig().releases?.[remote as RemoteName];
  if (!release) return null;
  return releaseSkew(release, { contractsVersion: CONTRACTS_VERSION, shared: HOST_SHARED });
}

/**
 * Refuses (throws RemoteSkewError) a remote whose release does not fit this shell, and reports it to
 * the API once, for the Releases screen. A remote with no registered release is not checked.
 */
export function assertReleaseFits(remote: string): void {
  const release = runtimeConfig().releases?.[remote as RemoteName];
  const skew = releaseRefusal(remote);
  if (!release || !skew) return;
  void apiRequest('/api/releases/skew-reports', {
    body: { remote, version: release.version, ...skew },
  }).catch(() => {
    // The report is for the team; the shopper already sees the fallback.
  });
  throw new RemoteSkewError(remote, release.version, skew.detail);
}

/**
 * Registers the remotes of /config.json with the page's federation runtime, with the release check
 * as its gate: a release that does not fit is refused before anything of it is fetched.
 */
export function startFederation(): void {
  registerShopRemotes(assertReleaseFits);
}

/**
 * Loads `remote/Module` (nothing is fetched before a route or dialog needs it) and hands React.lazy its
 * default export. A remote that is refused or cannot be loaded resolves to `fallback` when one is given
 * (the runtime's errorLoadRemote, shell/src/lib/federation.ts), and rejects otherwise (caught by the
 * slot's error boundary).
 */
export async function loadRemoteComponent<P>(
  id: string,
  fallback?: RemoteFallback,
): Promise<{ default: ComponentType<P> }> {
  const slash = id.indexOf('/');
  const remote = id.slice(0, slash) as RemoteName;
  if (slash < 1 || !(remote in runtimeConfig().remotes)) throw new Error(`Unknown remote in ${id}`);
  // The page's files are fetched beside the entry rather than after it; a refused release never is.
  if (!releaseRefusal(remote))
    preloadExposed(remote, `.${id.slice(slash)}`).catch(() => {
      // The entry's own loading says whether the remote is there.
    });
  const [module, { withQueryCache }] = await Promise.all([
    loadRemoteModule<{ default?: ComponentType<P> } | undefined>(id, fallback),
    import('./query-cache'),
  ]);
  if (!module?.default) throw new Error(`Remote module ${id} is not available`);
  return {
    default: withQueryCache(module.default as ComponentType<P & object>) as ComponentType<P>,
  };
}

/**
 * The shopper's routes whose remote is worth fetching ahead. The admin remote is left out on purpose:
 * shoppers never need it, so it is only ever fetched on an admin route.
 */
const PRELOADABLE: Record<string, { remote: RemoteName; expose: string }> = {
  '/products': { remote: 'configurator', expose: './ConfiguratorPage' },
  '/cart': { remote: 'cart_checkout', expose: './CartPage' },
  '/checkout': { remote: 'cart_checkout', expose: './CheckoutPage' },
  '/orders': { remote: 'account', expose: './OrdersPage' },
};
/**
 * The next step a shopper most often takes from a remote's page, fetched when the browser is idle once
 * the page has shown. Not from the landing page: its budget counts every script it downloads while it
 * loads, as Lighthouse does (e2e/tests/budgets.spec.ts), and the configurator is a large part of it;
 * its links fetch their page on hover or focus.
 */
const LIKELY_NEXT: Record<string, string[]> = {
  '/products': ['/cart'],
  '/cart': ['/checkout'],
};

/**
 * Pages whose later files (the schemas their first change runs: the cart's quantities and discount
 * code, the checkout's form and answers) are fetched ahead, without running, once the page has shown:
 * the first change does not wait for them, and the first render does not run them.
 */
const LATER_FILES_AHEAD = new Set(['/cart', '/checkout']);

const preloaded = new Set<string>();

/** Fetches a route's remote manifest, entry and page chunks without running them; errors are ignored. */
export function preloadRoute(pathname: string): void {
  const target = PRELOADABLE[pathname];
  if (!target || preloaded.has(pathname)) return;
  // A refused release is never fetched; its route shows the fallback (and reports it) when visited.
  if (releaseRefusal(target.remote)) return;
  preloaded.add(pathname);
  preloadExposed(target.remote, target.expose, { ahead: true }).catch(() => {
    // A remote that is down shows its fallback when its route is visited; nothing to do ahead.
  });
}

/**
 * After each shell page is shown, its likely next pages are fetched once the browser has nothing to
 * do. A remote's page is not shown yet when the shell has rendered its route (only the skeleton is):
 * its slot calls remotePageShown instead, so fetching ahead never competes with the page itself.
 */
export function preloadLikelyNext(pathname: string): void {
  if (pathname in PRELOADABLE) return;
  pageShown();
  const next = LIKELY_NEXT[pathname];
  if (next) whenIdle(() => next.forEach(preloadRoute));
}

/** The mark the budget tests measure a remote route's first render by (e2e/tests/budgets.spec.ts). */
export const REMOTE_PAGE_SHOWN_MARK = 'shop:remote-page-shown';

/** Fetches the files a shown page loads later (LATER_FILES_AHEAD); errors are ignored. */
function preloadLaterFiles(pathname: string): void {
  const target = PRELOADABLE[pathname];
  if (!target || !LATER_FILES_AHEAD.has(pathname) || releaseRefusal(target.remote)) return;
  preloadExposed(target.remote, target.expose, { ahead: true, lazy: true }).catch(() => {
    // The page loads them itself when it needs them.
  });
}

/**
 * A remote's page has rendered: marked once per page load, then on idle its own later files and its
 * likely next pages.
 */
export function remotePageShown(pathname: string): void {
  if (performance.getEntriesByName(REMOTE_PAGE_SHOWN_MARK).length === 0)
    performance.mark(REMOTE_PAGE_SHOWN_MARK);
  pageShown();
  const next = LIKELY_NEXT[pathname] ?? [];
  if (next.length > 0 || LATER_FILES_AHEAD.has(pathname))
    whenIdle(() => {
      preloadLaterFiles(pathname);
      next.forEach(preloadRoute);
    });
}

/** Hovering or focusing a link to a remote's page fetches that remote ahead of the click. */
export function preloadOnIntent(): void {
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    preloadRoute(link.pathname);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
}
