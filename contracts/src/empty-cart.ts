// Without zod, so the shell's landing page can use it (docs/design.md section 10).
import type { CartResponse } from './cart';

/** GET /api/cart with nothing in the cart (a new session, or one just paid for). */
export const EMPTY_CART: CartResponse = {
  items: [],
  itemCount: 0,
  subtotal: 0,
  discount: null,
  tax: { region: null, amount: 0 },
  total: 0,
};
