import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { cartQueryKey, queryClient, useShopStore } from 'shell/store';
import { stubApi, json, renderPage, TEST_USER } from '@shop/ui/testing';
import { resetShell } from '../testing/shell-config';
import { SessionSync } from './session-sync';

let cartReads = 0;
let headers: Array<Record<string, string>> = [];

function stubShop(me: unknown) {
  stubApi({
    'GET /api/auth/me': ({ init }) => {
      headers.push(init.headers as Record<string, string>);
      return json(me);
    },
    'GET /api/cart': ({ init }) => {
      headers.push(init.headers as Record<string, string>);
      cartReads += 1;
      return json({
        items: [],
        itemCount: 3,
        subtotal: 15.6,
        discount: null,
        total: 15.6,
        tax: { region: null, amount: 0 },
      });
    },
  });
}

beforeEach(() => {
  resetShell();
  cartReads = 0;
  headers = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('SessionSync', () => {
  it('puts the signed-in customer and the cart summary in the store at start, with the guest session id', async () => {
    stubShop(TEST_USER);
    renderPage(<SessionSync />);
    await waitFor(() => expect(useShopStore.getState().user).toEqual(TEST_USER));
    await waitFor(() =>
      expect(useShopStore.getState().cart).toEqual({ itemCount: 3, subtotal: 15.6, total: 15.6 }),
    );
    expect(headers.every((h) => h['x-session-id'] === useShopStore.getState().sessionId)).toBe(
      true,
    );
  });

  it('marks a guest as checked when /api/auth/me answers null', async () => {
    stubShop(null);
    renderPage(<SessionSync />);
    await waitFor(() => expect(useShopStore.getState().authChecked).toBe(true));
    expect(useShopStore.getState().user).toBeNull();
  });

  it('treats the shopper as a guest when the API cannot answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502, statusText: 'Bad Gateway' })),
    );
    renderPage(<SessionSync />);
    await waitFor(() => expect(useShopStore.getState().authChecked).toBe(true));
    expect(useShopStore.getState()).toMatchObject({ user: null, cart: { itemCount: 0 } });
  });

  it('keeps the cart 30 s fresh and 5 minutes cached, without refetching on focus', async () => {
    stubShop(null);
    renderPage(<SessionSync />);
    await waitFor(() => expect(cartReads).toBe(1));
    const query = queryClient.getQueryCache().find({ queryKey: cartQueryKey })!;
    const options = query.options as { staleTime?: number; gcTime?: number };
    expect(options.staleTime).toBe(30_000);
    expect(options.gcTime).toBe(300_000);
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(cartReads).toBe(1);
  });

  it('reads the cart again when a remote signs someone in (the guest cart merges into theirs)', async () => {
    stubShop(null);
    renderPage(<SessionSync />);
    await waitFor(() => expect(cartReads).toBe(1));
    act(() => useShopStore.getState().setUser(TEST_USER));
    await waitFor(() => expect(cartReads).toBe(2));
  });
});
