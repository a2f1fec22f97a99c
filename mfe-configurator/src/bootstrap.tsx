import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { createGlobalStyle } from 'styled-components';
import { queryClient } from 'shell/store';
import ConfiguratorPage from './app/configurator-page';
import { theme } from './components/theme';

// Inside the shell, the shell's global styles apply; on its own page the remote brings the basics.
const StandaloneStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; background: ${theme.colors.page}; color: ${theme.colors.ink}; font-family: ${theme.fonts.body}; line-height: 1.55; }
  button, input, textarea, select { font: inherit; }
`;

// The remote on its own: its page under its shop route, with the store loaded from the shell.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <StandaloneStyle />
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
