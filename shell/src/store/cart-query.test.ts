// The hand-over from the session's direct cart reads to the query cache, as a page sees it when its
// first remote loads the store module after the landing page read the cart.
import { afterEach, expect, it, vi } from 'vitest';
import type { ShopUser } from '@shop/contracts';
import { readCart, useShopStore } from './session';

afterEach(() => vi.unstubAllGlobals());

it('starts the cart query from the answer the session read, then reads through the query', async () => {
  let cartReads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      cartReads += 1;
      return Response.json({
        items: [],
        itemCount: cartReads,
        subtotal: 5,
        discount: null,
        total: 5,
        tax: { region: null, amount: 0 },
      });
    }),
  );
  await readCart();
  expect(useShopStore.getState().cart.itemCount).toBe(1);

  const { queryClient, cartQueryKey, cartQuery, ordersQueryKey } = await import('./index');
  expect(queryClient.getQueryData(cartQueryKey)).toMatchObject({ itemCount: 1 });
  // Fresh for 30 s from the session's read: opening the cart page reads nothing more.
  await queryClient.fetchQuery(cartQuery);
  expect(cartReads).toBe(1);

  // A change of customer reads the cart again through the query, and the store follows its data.
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  await readCart();
  expect(cartReads).toBe(2);
  expect(queryClient.getQueryData(cartQueryKey)).toMatchObject({ itemCount: 2 });
  expect(useShopStore.getState().cart.itemCount).toBe(2);
  useShopStore.getState().setUser({ id: 'u1' } as ShopUser);
  expect(invalidate).toHaveBeenCalledWith({ queryKey: ordersQueryKey });
});
