import { afterFirstPageShown } from './page-shown';

/**
 * Registers the service worker (/sw.js, built by Workbox's InjectManifest from src/service-worker/sw.ts)
 * once the visit's first page has shown and the browser is idle: installing it downloads and compiles
 * the shell's scripts for the next visit, which would otherwise compete with this page's own (a remote's
 * page arrives after the load event). Production builds only: in development it would cache what the
 * dev server is busy replacing.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  afterFirstPageShown(() => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  });
}
