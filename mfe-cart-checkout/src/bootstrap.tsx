import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { queryClient } from 'shell/store';
import { StandaloneApp } from './app/standalone-app';

// The remote on its own: its pages under their shop routes, with the store loaded from the shell.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <StandaloneApp />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
