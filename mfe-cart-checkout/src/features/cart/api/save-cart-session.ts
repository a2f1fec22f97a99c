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

/**
 * Saves the code with the cart; the cart holds the discount, so a failed save is a discount not applied
 * (or not removed). The failure is logged and handed back (null when saved) for the shopper to be told.
 */
export async function saveCartSession(discount: AppliedDiscount | null): Promise<unknown> {
  try {
    await apiRequest('/api/cart/session', { method: 'POST', body: cartSessionBodyFor(discount) });
    return null;
  } catch (error) {
    console.warn('Could not save the discount to the cart session', error);
    return error;
  }
}
