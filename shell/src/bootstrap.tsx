import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { captureInstallPrompt } from './lib/install-prompt';
import { loadRuntimeConfig } from './lib/runtime-config';
import { preloadOnIntent } from './lib/remotes';
import { registerServiceWorker } from './lib/service-worker';

// The browser may offer installation before the page has rendered: listen from the start.
captureInstallPrompt();

async function start() {
  await loadRuntimeConfig();
  preloadOnIntent();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  registerServiceWorker();
}

void start();
