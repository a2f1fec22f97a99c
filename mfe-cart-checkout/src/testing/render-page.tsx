// Test helpers: render a page of this remote with the shell's store, query cache and a router, and
// answer its API calls from a table. Only tests import this file.
import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { queryClient, useShopStore } from 'shell/store';

const initialStore = useShopStore.getState();

/** A fresh store and cache for each test. */
export function resetShop(): void {
  cleanup();
  useShopStore.setState(initialStore, true);
  queryClient.clear();
  sessionStorage.clear();
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer =
  | { status?: number; json?: unknown; text?: string }
  | ((call: ApiCall) => { status?: number; json?: unknown; text?: string });

/**
 * Stubs fetch: each "METHOD /path" key answers (a path with a query matches its own key first, then
 * the bare path). Calls are recorded in order. Unknown calls answer 404.
 */
export function stubApi(routes: Record<string, Answer>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://shop.test');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const call = { method, path: `${url.pathname}${url.search}`, body };
      calls.push(call);
      const route =
        routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
      if (!route) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
      const answer = typeof route === 'function' ? route(call) : route;
      const status = answer.status ?? 200;
      const text = answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
      return new Response(status === 204 ? null : text, {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders `element` at `path` (routes for /, /cart, /checkout and /confirmation/:id show where we are). */
export function renderAt(path: string, element: ReactElement, routePath = path) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={element} />
          <Route path="*" element={null} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export function lastToast() {
  return useShopStore.getState().toasts[0];
}

/** A cart answer as GET /api/cart gives it. */
export function cartAnswer(overrides: Record<string, unknown> = {}) {
  return {
    items: [
      {
        id: '66aa00000000000000000001',
        productConfig: {
          material: 'phenolic',
          width: 3,
          height: 2,
          color: 'black-white',
          mounting: 'adhesive',
          customText: 'PUMP 3',
        },
        files: [{ hashedName: `${'a'.repeat(64)}.pdf`, originalName: 'artwork.pdf' }],
        quantity: 2,
        unitPrice: 5.2,
        totalPrice: 10.4,
        createdAt: '2025-01-01T00:00:00.000Z',
      },
    ],
    itemCount: 2,
    subtotal: 10.4,
    discount: null,
    tax: { region: null, amount: 0 },
    total: 10.4,
    ...overrides,
  };
}

export const emptySession = { discountCode: null, discountAmount: null, discountData: null };
