/**
 * Registers the service worker (/sw.js, built by Workbox's InjectManifest from src/service-worker/sw.ts)
 * once the page has loaded, so it never competes with the first paint. Production builds only: in
 * development it would cache what the dev server is busy replacing.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
