// POST /api/cart/session: saves the applied discount with the cart (nulls clear it).
import type { AppliedDiscount, CartSessionUpdate } from '@shop/contracts';
import { apiRequest } from 'shell/store';

export function cartSessionBodyFor(discount: AppliedDiscount | null): CartSessionUpdate {
  if (!discount) return { discountCode: null, discountAmount: null, discountData: null };
  return {
    discountCode: discount.code,
    discountAmount: discount.amount,
    discountData: { code: discount.code, description: discount.description ?? '' },
  };
}

/** Saving is best effort: a failure is only logged (docs/product.md section 4); the shopper is not interrupted. */
export async function saveCartSession(discount: AppliedDiscount | null): Promise<void> {
  try {
    await apiRequest('/api/cart/session', { method: 'POST', body: cartSessionBodyFor(discount) });
  } catch (error) {
    console.warn('Could not save the discount to the cart session', error);
  }
}
