import type { z } from 'zod';
import { apiJson } from 'shell/store';
import { cartResponseSchema } from '@shop/contracts/cart';

/**
 * GET /api/cart, checked for the summary the store keeps (item count, subtotal, total). The rest of the
 * answer (items, tax, discount) is kept as it came: it goes into the shared cart query, which the cart
 * page reads too.
 */
export const cartAnswerSchema = cartResponseSchema
  .pick({ itemCount: true, subtotal: true, total: true })
  .loose();
export type CartAnswer = z.infer<typeof cartAnswerSchema>;

export async function getCart(): Promise<CartAnswer> {
  return cartAnswerSchema.parse(await apiJson<unknown>('/api/cart'));
}
