import type { ReactNode } from 'react';
import { BrowserRouter, StaticRouter } from 'react-router-dom';
import { GlobalStyle } from '@shop/ui';
import { AppRoutes } from './routes';

/**
 * The whole shop. `serverPath`: rendered at build time at that path (src/prerender), with no browser
 * location; in the browser the address bar's path is used. Both render the same tree, so the browser
 * hydrates the prerendered HTML as it is.
 */
export function App({ serverPath }: { serverPath?: string }) {
  return (
    <>
      <GlobalStyle />
      <AppRouter serverPath={serverPath}>
        <AppRoutes />
      </AppRouter>
    </>
  );
}

function AppRouter({ serverPath, children }: { serverPath?: string; children: ReactNode }) {
  if (serverPath === undefined) return <BrowserRouter>{children}</BrowserRouter>;
  return <StaticRouter location={serverPath}>{children}</StaticRouter>;
}
