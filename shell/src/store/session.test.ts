// The session half of the store on its own, as the landing page runs it: no query cache is loaded
// (this file never imports the store module), so the cart is read directly into the store. Each test
// opens a new page: fresh modules, with or without a guest session left by an earlier visit.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { TEST_USER } from '@shop/ui/testing/fixtures';

const USER = TEST_USER;
const EARLIER_SESSION = 'guest-1699999999999-k3j4h5g6f7';

let requests: string[] = [];
let headers: Array<Record<string, string>> = [];
let stop: () => void = () => {};
const cartReads = () => requests.filter((r) => r === '/api/cart').length;

function stubShop(me: unknown, itemCount = 3) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push(url);
      headers.push(init.headers as Record<string, string>);
      if (url === '/api/auth/me') return Response.json(me);
      if (url === '/api/cart')
        return Response.json({
          items: [],
          itemCount,
          subtotal: 15.6,
          discount: null,
          total: 15.6,
          tax: { region: null, amount: 0 },
        });
      return new Response('', { status: 404 });
    }),
  );
}

/** A new page: the session module loaded afresh, after an earlier visit or on the first one. */
async function openPage({ returning }: { returning: boolean }) {
  vi.resetModules();
  localStorage.clear();
  if (returning) localStorage.setItem('guest-session-id', EARLIER_SESSION);
  requests = [];
  headers = [];
  const session = await import('./session');
  const loaded = await import('./load-parsers');
  return { ...session, parsersLoaded: () => loaded.loadedParsers() !== undefined };
}

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe('the session', () => {
  it('puts the signed-in customer and the cart summary in the store at start, with the guest session id', async () => {
    stubShop(USER);
    const { startSession, useShopStore } = await openPage({ returning: true });
    stop = startSession();
    await waitFor(() => expect(useShopStore.getState().user).toEqual(USER));
    await waitFor(() =>
      expect(useShopStore.getState().cart).toEqual({ itemCount: 3, subtotal: 15.6, total: 15.6 }),
    );
    expect(useShopStore.getState().cartChecked).toBe(true);
    expect(useShopStore.getState().sessionId).toBe(EARLIER_SESSION);
    expect(headers.every((h) => h['x-session-id'] === EARLIER_SESSION)).toBe(true);
  });

  it('reads a returning guest’s cart', async () => {
    stubShop(null, 2);
    const { startSession, useShopStore } = await openPage({ returning: true });
    stop = startSession();
    await waitFor(() => expect(useShopStore.getState().cart.itemCount).toBe(2));
    expect(useShopStore.getState()).toMatchObject({ user: null, authChecked: true });
  });

  it('knows a first-time guest’s cart is empty: one question to the API, no parsers fetched', async () => {
    stubShop(null, 2);
    const { startSession, useShopStore, parsersLoaded } = await openPage({ returning: false });
    stop = startSession();
    await waitFor(() => expect(useShopStore.getState().cartChecked).toBe(true));
    expect(useShopStore.getState()).toMatchObject({
      user: null,
      authChecked: true,
      cart: { itemCount: 0, subtotal: 0, total: 0 },
    });
    expect(requests).toEqual(['/api/auth/me']);
    expect(parsersLoaded()).toBe(false);
  });

  it('reads the cart of a customer signed in on a page that started a new guest session', async () => {
    stubShop(USER, 4);
    const { startSession, useShopStore } = await openPage({ returning: false });
    stop = startSession();
    await waitFor(() => expect(useShopStore.getState().cart.itemCount).toBe(4));
  });

  it('treats the shopper as a guest when the API cannot answer, and claims no cart count', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502, statusText: 'Bad Gateway' })),
    );
    const { startSession, useShopStore } = await openPage({ returning: true });
    stop = startSession();
    await waitFor(() => expect(useShopStore.getState().authChecked).toBe(true));
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(2));
    expect(useShopStore.getState()).toMatchObject({ user: null, cartChecked: false });
  });

  it('reads the cart again when someone signs in or out (the guest cart merges into theirs)', async () => {
    stubShop(null);
    const { startSession, useShopStore } = await openPage({ returning: true });
    stop = startSession();
    await waitFor(() => expect(useShopStore.getState().authChecked).toBe(true));
    await waitFor(() => expect(cartReads()).toBe(1));
    useShopStore.getState().setUser(USER);
    await waitFor(() => expect(cartReads()).toBe(2));
    useShopStore.getState().setUser({ ...USER, firstName: 'Anne' });
    useShopStore.getState().setUser(null);
    await waitFor(() => expect(cartReads()).toBe(3));
  });

  it('tells the shop’s other tabs of a sign-in or sign-out, and reads who is signed in when one tells it', async () => {
    stubShop(null);
    const { startSession, useShopStore } = await openPage({ returning: true });
    stop = startSession();
    await waitFor(() => expect(useShopStore.getState().authChecked).toBe(true));
    const otherTab = new BroadcastChannel('shop-session');
    const told: unknown[] = [];
    otherTab.onmessage = (event) => told.push(event.data);
    try {
      useShopStore.getState().setUser(USER);
      await waitFor(() => expect(told).toHaveLength(1));
      // The other tab signed out: this one reads /api/auth/me again, and tells nobody back.
      const asked = requests.filter((r) => r === '/api/auth/me').length;
      otherTab.postMessage('signed-in-customer-changed');
      await waitFor(() => expect(useShopStore.getState().user).toBeNull());
      expect(requests.filter((r) => r === '/api/auth/me')).toHaveLength(asked + 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(told).toHaveLength(1);
    } finally {
      otherTab.close();
    }
  });

  it('does not read the cart on focus', async () => {
    stubShop(null);
    const { readCart } = await openPage({ returning: true });
    await readCart();
    window.dispatchEvent(new Event('focus'));
    expect(cartReads()).toBe(1);
  });
});
