import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, StaticRouter } from 'react-router-dom';
import { queryClient } from 'shell/store';
import { GlobalStyle } from '@shop/ui';
import { AppRoutes } from './routes';
import { SessionSync } from './session-sync';

/**
 * The whole shop. `serverPath`: rendered at build time at that path (src/prerender), with no browser
 * location; in the browser the address bar's path is used. Both render the same tree, so the browser
 * hydrates the prerendered HTML as it is.
 */
export function App({ serverPath }: { serverPath?: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <GlobalStyle />
      <SessionSync />
      <AppRouter serverPath={serverPath}>
        <AppRoutes />
      </AppRouter>
    </QueryClientProvider>
  );
}

function AppRouter({ serverPath, children }: { serverPath?: string; children: ReactNode }) {
  if (serverPath === undefined) return <BrowserRouter>{children}</BrowserRouter>;
  return <StaticRouter location={serverPath}>{children}</StaticRouter>;
}
