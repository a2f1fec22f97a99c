import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadRuntimeConfig } from './lib/runtime-config';
import { registerPageRemotes } from './lib/remotes';

async function start() {
  const config = await loadRuntimeConfig();
  registerPageRemotes(config);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
