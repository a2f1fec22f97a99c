import { useCallback, useEffect, useState } from 'react';
import type { DiscountRemoved } from '@shop/contracts';
import { cartQueryKey, toast } from 'shell/store';
import { readAgain } from '@shop/ui/read-again';
import type { Cart } from '../../../api/get-cart';
import { saveCartSession } from '../api/save-cart-session';

export interface CartDiscountState {
  /**
   * Which discount the last cart change took off and why ("SAVE5 was removed. ..."), until the next
   * change: what the cart then holds may qualify again, and the notice would no longer be true.
   */
  droppedMessage: string | null;
  /** For the answer of every cart change: the discount it dropped, or undefined. */
  reportDropped(dropped: DiscountRemoved | undefined): void;
}

/**
 * Tells the shopper when their discount stopped applying. A cart change names a code it dropped in its
 * answer; a cart read (which writes nothing) names a stored code that no longer applies (it expired, ran
 * out, was switched off), and the cart page then takes it off the session itself, once. The store's
 * discount follows the cart query on its own.
 */
export function useCartDiscount(cart: Cart | undefined): CartDiscountState {
  const [droppedMessage, setDroppedMessage] = useState<string | null>(null);

  const reportDropped = useCallback((dropped: DiscountRemoved | undefined) => {
    if (!dropped) {
      setDroppedMessage(null);
      return;
    }
    const message = `${dropped.code} was removed. ${dropped.message}`;
    setDroppedMessage(message);
    toast({ title: 'Discount removed', description: message });
  }, []);

  const unusable = cart?.discountRemoved;
  useEffect(() => {
    if (!unusable) return;
    reportDropped(unusable);
    void saveCartSession(null).then(() => readAgain(cartQueryKey));
  }, [unusable, reportDropped]);

  return { droppedMessage, reportDropped };
}
