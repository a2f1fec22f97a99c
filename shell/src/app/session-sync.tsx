import { useEffect, useRef } from 'react';
import { cartQueryKey, queryClient, useShopStore } from 'shell/store';
import { useCurrentUserSync } from '../features/account/api/get-current-user';
import { useCartSummarySync } from '../features/cart-summary/api/get-cart';

/**
 * Reads who is signed in and what is in the cart when the shop starts, into the federated store. When
 * the signed-in customer changes (a remote signs someone in or out), the cart is read again: signing in
 * merges the guest's cart into the customer's.
 */
export function SessionSync() {
  useCurrentUserSync();
  useCartSummarySync();
  const userId = useShopStore((s) => s.user?.id ?? null);
  const authChecked = useShopStore((s) => s.authChecked);
  const seenUserId = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!authChecked) return;
    if (seenUserId.current !== undefined && seenUserId.current !== userId) {
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
    }
    seenUserId.current = userId;
  }, [authChecked, userId]);
  return null;
}
