// The cart as server state: one query (one key, one fetcher, one parser) every app reads, and the one
// place that writes the store's cart summary and applied discount, from whatever that query holds.
import { queryOptions } from '@tanstack/react-query';
import type { CartResponse } from '@shop/contracts';
import { apiJson } from './api-client';
import { loadedParsers, loadParsers } from './load-parsers';
import { CART_FRESH_MS, CART_KEPT_MS, cartQueryKey, queryClient } from './query-client';
import { useShopStore } from './shop-store';

/** GET /api/cart (with the tax for zipCode when given), parsed: nothing unparsed reaches a screen. */
export async function fetchCart(zipCode?: string): Promise<CartResponse> {
  const path = zipCode ? `/api/cart?zipCode=${encodeURIComponent(zipCode)}` : '/api/cart';
  const answer = await apiJson<unknown>(path);
  // The parsers chunk is fetched after the answer, so never before the first render.
  const { cartResponseSchema } = await loadParsers();
  return cartResponseSchema.parse(answer);
}

/** The cart query: fresh 30 s, kept 5 min, no refetch on focus. */
export const cartQuery = queryOptions({
  queryKey: cartQueryKey,
  queryFn: () => fetchCart(),
  staleTime: CART_FRESH_MS,
  gcTime: CART_KEPT_MS,
  refetchOnWindowFocus: false,
});

/**
 * A cart change answered with the whole cart: it becomes the query's data (no second request), parsed
 * (which also drops fields the cart does not keep). The parsers have arrived with the first cart
 * answer, so this is synchronous; before that, the answer is kept once they arrive.
 */
export function setCartAnswer(cart: CartResponse): void {
  const parsers = loadedParsers();
  if (parsers) {
    queryClient.setQueryData(cartQueryKey, parsers.cartResponseSchema.parse(cart));
    return;
  }
  void loadParsers().then(({ cartResponseSchema }) =>
    queryClient.setQueryData(cartQueryKey, cartResponseSchema.parse(cart)),
  );
}

/** What the store keeps of a cart: the header's badge and the applied discount. */
function syncStore(cart: CartResponse): void {
  const { cart: summary, discount } = useShopStore.getState();
  if (
    summary.itemCount !== cart.itemCount ||
    summary.subtotal !== cart.subtotal ||
    summary.total !== cart.total
  ) {
    useShopStore
      .getState()
      .setCart({ itemCount: cart.itemCount, subtotal: cart.subtotal, total: cart.total });
  }
  const next = cart.discount;
  if (
    discount?.code !== next?.code ||
    discount?.amount !== next?.amount ||
    (discount?.description ?? null) !== (next?.description ?? null)
  ) {
    useShopStore.getState().setDiscount(next ? { ...next } : null);
  }
}

let syncing = false;

/** Called once by the store module: every new cart the query holds updates the store. */
export function startCartSync(): void {
  if (syncing) return;
  syncing = true;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const key = event.query.queryKey;
    if (key.length !== cartQueryKey.length || key[0] !== cartQueryKey[0]) return;
    syncStore(event.query.state.data as CartResponse);
  });
}
