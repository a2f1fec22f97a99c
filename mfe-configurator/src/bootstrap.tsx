import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { queryClient } from 'shell/store';
import ConfiguratorPage from './app/configurator-page';
// Inside the shell, the shell mounts the kit's global styles; on its own page the remote does.
import { GlobalStyle } from '@shop/ui';

// The remote on its own: its page under its shop route, with the store loaded from the shell.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <GlobalStyle />
      <BrowserRouter>
        <main>
          <Routes>
            <Route path="/products" element={<ConfiguratorPage />} />
            <Route path="*" element={<Navigate to="/products" replace />} />
          </Routes>
        </main>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
