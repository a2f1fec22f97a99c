import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { captureInstallPrompt } from './lib/install-prompt';
import { loadRuntimeConfig } from './lib/runtime-config';
import { preloadOnIntent, startFederation } from './lib/remotes';
import { registerServiceWorker } from './lib/service-worker';
import { startSession } from './store/session';
import { hydratesHere } from './prerender/hydrates-here';

// The browser may offer installation before the page has rendered: listen from the start.
captureInstallPrompt();

async function start() {
  // Who is signed in and what is in the cart, asked while the page's config and first render happen.
  startSession();
  await loadRuntimeConfig();
  startFederation();
  preloadOnIntent();
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A page prerendered at this path is taken over as it is; anything else (a remote route's skeleton,
  // a page the service worker kept for another path) is drawn over by the first render. Both as a
  // transition: React renders in slices and yields to the browser between them, instead of one long
  // task that holds back input while the page starts (the skeleton or prerendered HTML stays shown).
  startTransition(() => {
    if (hydratesHere(root.dataset.prerendered, window.location.pathname)) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
  registerServiceWorker();
}

void start();
