// GET /api/cart: the cart, shared by the cart page and the checkout's order summary through the store's
// one cart query (the shell's header reads the same query).
import { useQuery } from '@tanstack/react-query';
import type { CartResponse } from '@shop/contracts';
import { cartQuery } from 'shell/store';

export type Cart = CartResponse;
export type CartItem = CartResponse['items'][number];

export function useCart() {
  return useQuery(cartQuery);
}
