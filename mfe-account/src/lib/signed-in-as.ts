import type { ShopUser } from '@shop/contracts';
import { cartQueryKey, ordersQueryKey, useShopStore } from 'shell/store';
import { readAgain } from '@shop/ui/read-again';

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
    void readAgain(cartQueryKey);
    void readAgain(ordersQueryKey);
  };
}
