// The hand-over from the session's direct cart reads to the query cache, as a page sees it when its
// first remote loads the store module after the shell read the cart. Each test is a new page.
import { afterEach, expect, it, vi } from 'vitest';
import type { ShopUser } from '@shop/contracts';

afterEach(() => vi.unstubAllGlobals());

/** GET /api/cart answers with one more item at each read; `hold` keeps answers until released. */
function stubCart({ hold = false } = {}) {
  const calls = { reads: 0, release: () => {} };
  let released: Promise<void> = Promise.resolve();
  if (hold) released = new Promise((resolve) => (calls.release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      calls.reads += 1;
      const itemCount = calls.reads;
      await released;
      return Response.json({
        items: [],
        itemCount,
        subtotal: 5,
        discount: null,
        total: 5,
        tax: { region: null, amount: 0 },
      });
    }),
  );
  return calls;
}

async function newPage() {
  vi.resetModules();
  localStorage.setItem('guest-session-id', 'guest-1699999999999-k3j4h5g6f7');
  return import('./session');
}

it('starts the cart query from the answer the session read, then reads through the query', async () => {
  const calls = stubCart();
  const { readCart, useShopStore } = await newPage();
  await readCart();
  expect(useShopStore.getState().cart.itemCount).toBe(1);

  const { queryClient, cartQueryKey, cartQuery, ordersQueryKey } = await import('./index');
  expect(queryClient.getQueryData(cartQueryKey)).toMatchObject({ itemCount: 1 });
  // Fresh for 30 s from the session's read: opening the cart page reads nothing more.
  await queryClient.fetchQuery(cartQuery);
  expect(calls.reads).toBe(1);

  // A change of customer reads the cart again through the query, and the store follows its data.
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  await readCart();
  expect(calls.reads).toBe(2);
  expect(queryClient.getQueryData(cartQueryKey)).toMatchObject({ itemCount: 2 });
  expect(useShopStore.getState().cart.itemCount).toBe(2);
  useShopStore.getState().setUser({ id: 'u1' } as ShopUser);
  await vi.waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ordersQueryKey }));
});

it('takes over a read under way: the page waits for it instead of reading the cart again', async () => {
  const calls = stubCart({ hold: true });
  const { readCart, useShopStore } = await newPage();
  const first = readCart();
  const { queryClient, cartQuery } = await import('./index');
  const shown = queryClient.fetchQuery(cartQuery);
  calls.release();
  await first;
  expect(await shown).toMatchObject({ itemCount: 1 });
  expect(calls.reads).toBe(1);
  expect(useShopStore.getState().cart.itemCount).toBe(1);
});

it("starts a first visit's cart query from the empty cart the session knows, without reading it", async () => {
  vi.resetModules();
  localStorage.clear();
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      return Response.json(null);
    }),
  );
  const { startSession, useShopStore } = await import('./session');
  const stop = startSession();
  await vi.waitFor(() => expect(useShopStore.getState().cartChecked).toBe(true));
  const { queryClient, cartQuery } = await import('./index');
  expect(await queryClient.fetchQuery(cartQuery)).toMatchObject({ items: [], itemCount: 0 });
  expect(requests).toEqual(['/api/auth/me']);
  stop();
});

it('drops what was worked out from the cart once the cart changes, and only then', async () => {
  const calls = stubCart();
  const { readCart } = await newPage();
  await readCart();
  const { queryClient, cartQueryKey, cartQuery } = await import('./index');
  const { QueryObserver } = await import('@tanstack/react-query');
  const taxed = [...cartQueryKey, 'zip', '60601'];
  const quote = [...cartQueryKey, 'quote', '60601', 1];
  queryClient.setQueryData(taxed, { total: 5.5 });
  // The quote is on screen: it is read again rather than dropped.
  let quoteReads = 0;
  const onScreen = new QueryObserver(queryClient, {
    queryKey: quote,
    queryFn: () => ++quoteReads,
    staleTime: Infinity,
  });
  const stopWatching = onScreen.subscribe(() => {});
  await vi.waitFor(() => expect(quoteReads).toBe(1));

  // The same cart read again changes nothing.
  queryClient.setQueryData(cartQueryKey, queryClient.getQueryData(cartQueryKey));
  expect(queryClient.getQueryData(taxed)).toEqual({ total: 5.5 });
  expect(quoteReads).toBe(1);

  // A cart read after a change elsewhere (a code saved) brings another cart.
  await queryClient.fetchQuery({ ...cartQuery, staleTime: 0 });
  expect(calls.reads).toBe(2);
  expect(queryClient.getQueryData(taxed)).toBeUndefined();
  await vi.waitFor(() => expect(quoteReads).toBe(2));
  stopWatching();
});

it("never shows the customer before's orders from a first read still on its way when the customer changes", async () => {
  stubCart();
  const { readCart, useShopStore } = await newPage();
  await readCart();
  const { queryClient, ordersQueryKey } = await import('./index');
  const { QueryObserver } = await import('@tanstack/react-query');
  let answerFirst!: () => void;
  let reads = 0;
  const orders = new QueryObserver(queryClient, {
    queryKey: ordersQueryKey,
    queryFn: async () => {
      reads += 1;
      const whose = useShopStore.getState().user?.id ?? 'nobody';
      // The first read (as u1) is slow: the customer changes while it is on its way.
      if (reads === 1) await new Promise<void>((resolve) => (answerFirst = resolve));
      return whose;
    },
  });
  useShopStore.getState().setUser({ id: 'u1' } as ShopUser);
  const stop = orders.subscribe(() => {});
  await vi.waitFor(() => expect(reads).toBe(1));

  useShopStore.getState().setUser({ id: 'u2' } as ShopUser);
  answerFirst();
  await vi.waitFor(() => expect(orders.getCurrentResult().data).toBe('u2'));
  stop();
});
