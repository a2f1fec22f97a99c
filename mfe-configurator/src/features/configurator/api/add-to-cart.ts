import { useMutation } from '@tanstack/react-query';
import { apiRequest, cartQueryKey, queryClient, useShopStore } from 'shell/store';
import type { LabelConfiguration } from '@shop/contracts/label-configuration';
import { getCart } from './get-cart';

/** POST /api/cart with a configuration checked by labelConfigurationSchema; the answer's body is not read. */
export async function addToCart(configuration: LabelConfiguration): Promise<void> {
  await apiRequest('/api/cart', { body: configuration });
}

/**
 * After an item is added, everyone showing the cart must see it at once: the cart query is invalidated
 * (the header's and the cart page's observers refetch it) and the store's summary, which the header
 * badge reads, is set from a fresh GET /api/cart. fetchQuery joins the refetch the invalidation started
 * when one is running, so the cart is read once.
 */
export async function refreshCartSummary(): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: cartQueryKey });
  const cart = await queryClient.fetchQuery({
    queryKey: cartQueryKey,
    queryFn: getCart,
    staleTime: 0,
  });
  useShopStore
    .getState()
    .setCart({ itemCount: cart.itemCount, subtotal: cart.subtotal, total: cart.total });
}

export function useAddToCart() {
  return useMutation({
    mutationFn: async (configuration: LabelConfiguration) => {
      await addToCart(configuration);
      // A failed refresh must not read as a failed add: the item is in the cart either way.
      await refreshCartSummary().catch((error: unknown) =>
        console.warn('Could not refresh the cart summary', error),
      );
    },
  });
}
