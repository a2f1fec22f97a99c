import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CartSummary } from '@shop/contracts';
import { apiJson, CART_FRESH_MS, CART_KEPT_MS, cartQueryKey, useShopStore } from 'shell/store';

/** The part of GET /api/cart the header needs; the cart remote reads the whole answer under the same key. */
interface CartAnswer extends CartSummary {
  items?: unknown[];
}

export function getCart(): Promise<CartAnswer> {
  return apiJson<CartAnswer>('/api/cart');
}

/**
 * Reads the cart when the shop starts (cached 30 s fresh, kept 5 minutes, no refetch on focus) and
 * writes its summary into the federated store, which the header's badge shows. Remotes refresh it by
 * invalidating cartQueryKey, or set the store directly after a change.
 */
export function useCartSummarySync(): void {
  const setCart = useShopStore((s) => s.setCart);
  const { data } = useQuery({
    queryKey: cartQueryKey,
    queryFn: getCart,
    staleTime: CART_FRESH_MS,
    gcTime: CART_KEPT_MS,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (!data) return;
    setCart({
      itemCount: data.itemCount ?? 0,
      subtotal: data.subtotal ?? 0,
      total: data.total ?? 0,
    });
  }, [data, setCart]);
}
