// Test helpers: the shell's providers around a component, a known run-time config, and a store and
// query cache reset before each test (the store module is one instance, as in the browser).
import type { ReactElement, ReactNode } from 'react';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { queryClient, useShopStore } from 'shell/store';
import type { ShopUser } from '@shop/contracts';
import { GlobalStyle, ThemeProvider } from '../components/theme';
import { provideRuntimeConfig, type RuntimeConfig } from '../lib/runtime-config';

export const TEST_CONFIG: RuntimeConfig = {
  environment: 'test',
  remotes: {
    configurator: 'http://localhost:3001/mf-manifest.json',
    cart_checkout: 'http://localhost:3002/mf-manifest.json',
    account: 'http://localhost:3003/mf-manifest.json',
    admin: 'http://localhost:3004/mf-manifest.json',
  },
  contact: {
    phone: '+1 (555) 010-4477',
    email: 'orders@engravedlabels.example',
    hours: 'Monday to Friday, 8:00 AM to 5:00 PM',
  },
};

// Vitest runs without globals, so Testing Library cannot unmount by itself between tests.
afterEach(() => cleanup());

// jsdom lacks what Radix calls on pointer events and focus moves; the calls only need to exist.
const jsdomGaps: Record<string, () => unknown> = {
  hasPointerCapture: () => false,
  setPointerCapture: () => {},
  releasePointerCapture: () => {},
  scrollIntoView: () => {},
};
for (const [name, stub] of Object.entries(jsdomGaps)) {
  if (!(name in Element.prototype))
    Object.defineProperty(Element.prototype, name, {
      value: stub,
      configurable: true,
      writable: true,
    });
}
// jsdom's own scrollTo only reports "not implemented".
window.scrollTo = () => {};

const initialStoreState = useShopStore.getState();

/** Puts the store, the query cache and the run-time config back to a fresh page's. */
export function resetShell(config: RuntimeConfig = TEST_CONFIG): void {
  useShopStore.setState(initialStoreState, true);
  queryClient.clear();
  provideRuntimeConfig(config);
}

export const TEST_USER: ShopUser = {
  id: '64b7f0c2a1b2c3d4e5f60718',
  email: 'ann@plant.example',
  firstName: 'Ann',
  lastName: 'Lee',
  phone: null,
  company: 'Lee Plastics',
  address: null,
  zipCode: null,
  isAdmin: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

/** Shows the current path, so tests can check where a link or menu item went. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.hash}`}</output>;
}

export function Providers({ children, path = '/' }: { children: ReactNode; path?: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <GlobalStyle />
        <MemoryRouter initialEntries={[path]}>
          {children}
          <LocationProbe />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

export function renderWithShell(
  ui: ReactElement,
  { path = '/' }: { path?: string } = {},
): RenderResult {
  return render(<Providers path={path}>{ui}</Providers>);
}

/** Renders ui as the element of every route, so navigation keeps it mounted. */
export function renderAtRoutes(
  ui: ReactElement,
  { path = '/' }: { path?: string } = {},
): RenderResult {
  return render(
    <Providers path={path}>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
    </Providers>,
  );
}

/** A fetch stand-in answering by "METHOD /path"; unknown calls answer 404. */
export function fakeApi(
  routes: Record<string, (init: RequestInit) => Response | Promise<Response>>,
) {
  return async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler = routes[key];
    return handler
      ? handler(init)
      : new Response('{"message":"Not found"}', { status: 404, statusText: 'Not Found' });
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
