// A shopper checks a code against their cart (POST /api/discount-codes/apply). Nothing is saved: the
// cart session keeps an applied code (POST /api/cart/session) and a use is only taken at payment.
import { toCents, toDollars, type ApplyDiscountResponse } from '@shop/contracts';
import type { CartOwner } from '../../platform/auth-guards';
import { cartSubtotalCents } from '../cart/cart';
import { evaluateDiscount } from './discounts';

export async function applyDiscountCode(
  owner: CartOwner,
  { code, subtotal }: { code: string; subtotal: number },
  now: Date = new Date(),
): Promise<ApplyDiscountResponse> {
  // The server's own cart decides; the subtotal sent is only used while the cart is empty.
  const cartSubtotal = await cartSubtotalCents(owner);
  const subtotalCents = cartSubtotal ?? toCents(subtotal);
  const evaluation = await evaluateDiscount(code, subtotalCents, now);
  if (!evaluation.valid) {
    return {
      valid: false,
      reason: evaluation.reason,
      message: evaluation.message,
      discountCode: null,
      discountAmount: 0,
      newTotal: toDollars(subtotalCents),
    };
  }
  return {
    valid: true,
    discountCode: { code: evaluation.code, description: evaluation.description },
    discountAmount: toDollars(evaluation.discountCents),
    newTotal: toDollars(subtotalCents - evaluation.discountCents),
  };
}
