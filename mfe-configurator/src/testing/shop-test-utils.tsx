import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { queryClient, useShopStore } from 'shell/store';
import type { Toast } from '@shop/contracts/shop-store';

const initialStore = useShopStore.getState();

/** A fresh store and query cache for each test. */
export function resetShop(): void {
  useShopStore.setState(initialStore, true);
  queryClient.clear();
}

export function renderAt(ui: ReactElement, path = '/products') {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

/** Every toast raised from now on (the store shows one at a time; this keeps them all). */
export function collectToasts(): Toast[] {
  const raised: Toast[] = [];
  const seen = new Set<number>();
  useShopStore.subscribe((state) => {
    for (const toast of state.toasts) {
      if (!seen.has(toast.id)) {
        seen.add(toast.id);
        raised.push(toast);
      }
    }
  });
  return raised;
}

type Handler = (request: { body: unknown; init: RequestInit }) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Stubs fetch with a handler per "METHOD /path"; unknown calls answer 404. Returns the calls made, each
 * with its parsed JSON body (or the FormData as sent).
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input.toString();
    const key = `${init.method ?? 'GET'} ${url}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ key, body });
    const handler = handlers[key];
    return handler
      ? handler({ body, init })
      : new Response('{"message":"Not found"}', { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
