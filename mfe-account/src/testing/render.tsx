import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import { queryClient, useShopStore } from 'shell/store';
import type { ShopUser } from '@shop/contracts';

const initialState = useShopStore.getState();

export type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

/**
 * Each test starts from a fresh store and query cache, with fetch stubbed; rendered trees are removed
 * after it. Returns a getter for the current test's fetch mock.
 */
export function setupShopTests(): () => FetchMock {
  // These tests type into forms key by key; on a busy machine the default 5 s is too tight.
  vi.setConfig({ testTimeout: 20_000 });
  let fetchMock: FetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    useShopStore.setState(initialState, true);
    queryClient.clear();
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return () => fetchMock;
}

export function renderWithRouter(ui: ReactElement, path = '/') {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export const customer: ShopUser = {
  id: 'c1',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  phone: null,
  company: 'Acme',
  address: '1 Main St',
  zipCode: '12345',
  isAdmin: false,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-02T10:00:00.000Z',
};

/** The last toast raised, as the shell's toaster would show it. */
export function lastToast() {
  return useShopStore.getState().toasts[0];
}

/** The body sent with the n-th fetch call, parsed. */
export function sentBody(fetchMock: FetchMock, call = -1): unknown {
  const init = fetchMock.mock.calls.at(call)?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}
