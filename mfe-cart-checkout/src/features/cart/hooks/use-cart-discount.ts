import { useCallback, useEffect, useState } from 'react';
import type { DiscountRemoved } from '@shop/contracts';
import { cartQueryKey, queryClient, toast } from 'shell/store';
import type { Cart } from '../../../api/get-cart';
import { saveCartSession } from '../api/save-cart-session';

export interface CartDiscountState {
  /** Why the shopper's discount no longer applies, while that is news. */
  droppedMessage: string | null;
  /** For answers of cart changes that say a discount was dropped. */
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
    if (!dropped) return;
    setDroppedMessage(dropped.message);
    toast({ title: 'Discount removed', description: dropped.message });
  }, []);

  const unusable = cart?.discountRemoved;
  useEffect(() => {
    if (!unusable) return;
    reportDropped(unusable);
    void saveCartSession(null).then(() =>
      queryClient.invalidateQueries({ queryKey: cartQueryKey }),
    );
  }, [unusable, reportDropped]);

  return { droppedMessage, reportDropped };
}
