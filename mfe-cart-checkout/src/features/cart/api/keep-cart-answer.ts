import type { CartResponse } from '@shop/contracts';
import { setCartAnswer } from 'shell/store';

/**
 * A cart change answers with the whole cart: it becomes the cart query's data (no second request; the
 * shell's cache then drops the carts with tax and the quote worked out from the old one). A dropped
 * discount named in the answer is reported by the caller, so it is not kept in the query's data to be
 * reported again.
 */
export function keepCartAnswer(cart: CartResponse): void {
  const { discountRemoved: _reported, ...rest } = cart;
  setCartAnswer(rest);
}
