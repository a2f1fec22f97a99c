import type { ShopUser } from '@shop/contracts';
import { cartQuery, cartQueryKey, ordersQueryKey, queryClient, useShopStore } from 'shell/store';
import { readAgain } from '@shop/ui/read-again';

/**
 * The customer's cart, read again after they changed: what a page shows of it is asked again, and,
 * when no page did (the landing page, or the configurator, whose cart query is off unless it edits a
 * line), the cart itself is read: the header's count is the store's copy of it, and the read the
 * shell's session started for the new customer was dropped as one possibly from before the change.
 */
async function readCartAgain() {
  const changedAt = Date.now();
  await readAgain(cartQueryKey);
  // No cart query yet: nothing was dropped, and the session's own read is the cart's first.
  const cart = queryClient.getQueryState(cartQueryKey);
  if (!cart || cart.dataUpdatedAt >= changedAt) return;
  // A failed read leaves the count as it was; the cart page says why when opened.
  await queryClient.fetchQuery({ ...cartQuery, staleTime: 0 }).catch(() => {});
}

/**
 * The whole page learns who is signed in: the store's user. When the customer on
 * this browser changed (sign-in, sign-up, a reset link), their cart and orders are read again too; an
 * edit of the same customer's details leaves them be.
 */
export function useSignedInAs() {
  const setUser = useShopStore((s) => s.setUser);
  return (user: ShopUser, { sameCustomer = false }: { sameCustomer?: boolean } = {}) => {
    setUser(user);
    if (sameCustomer) return;
    void readCartAgain();
    void readAgain(ordersQueryKey);
  };
}
