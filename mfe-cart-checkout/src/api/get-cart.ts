// GET /api/cart: the cart, shared by the cart page and the checkout's order summary.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { cartResponseSchema, type CartResponse } from '@shop/contracts';
import { apiJson, CART_FRESH_MS, CART_KEPT_MS, cartQueryKey, useShopStore } from 'shell/store';

export type Cart = CartResponse;
export type CartItem = CartResponse['items'][number];

/**
 * The raw answer. The shell's header reads the same cache entry (cartQueryKey) with its own fetcher,
 * so the cache may hold either's copy; the hook parses in `select`, whoever fetched it.
 */
export function getCart(): Promise<unknown> {
  return apiJson<unknown>('/api/cart');
}

export function parseCart(answer: unknown): Cart {
  return cartResponseSchema.parse(answer);
}

/** The header's badge reads the cart summary from the federated store. */
export function useSyncCartSummary(cart: Cart | undefined): void {
  const setCart = useShopStore((s) => s.setCart);
  useEffect(() => {
    if (cart) setCart({ itemCount: cart.itemCount, subtotal: cart.subtotal, total: cart.total });
  }, [cart, setCart]);
}

/** The cart: fresh 30 s, kept 5 min, no refetch on focus (SPEC.md section 4). */
export function useCart() {
  const query = useQuery({
    queryKey: cartQueryKey,
    queryFn: getCart,
    select: parseCart,
    staleTime: CART_FRESH_MS,
    gcTime: CART_KEPT_MS,
    refetchOnWindowFocus: false,
  });
  useSyncCartSummary(query.data);
  return query;
}
