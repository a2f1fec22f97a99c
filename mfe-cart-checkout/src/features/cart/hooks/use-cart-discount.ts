import { useCallback, useEffect, useState } from 'react';
import type { DiscountRemoved } from '@shop/contracts';
import { toast, useShopStore } from 'shell/store';
import type { Cart } from '../../../api/get-cart';

export interface CartDiscountState {
  /** Why the API took the shopper's discount off the cart, while that is news. */
  droppedMessage: string | null;
  /** For answers of cart changes that say a discount was dropped. */
  reportDropped(dropped: DiscountRemoved | undefined): void;
}

/**
 * Keeps the store's applied discount in line with the cart the API answered: what a percentage code
 * is worth changes with the subtotal, and a code the API dropped (the subtotal fell below its minimum,
 * it expired or ran out) is cleared and explained.
 */
export function useCartDiscount(cart: Cart | undefined): CartDiscountState {
  const setDiscount = useShopStore((s) => s.setDiscount);
  const [droppedMessage, setDroppedMessage] = useState<string | null>(null);

  const reportDropped = useCallback(
    (dropped: DiscountRemoved | undefined) => {
      if (!dropped) return;
      setDiscount(null);
      setDroppedMessage(dropped.message);
      toast({ title: 'Discount removed', description: dropped.message });
    },
    [setDiscount],
  );

  useEffect(() => {
    if (!cart) return;
    if (cart.discountRemoved) {
      reportDropped(cart.discountRemoved);
      return;
    }
    if (!cart.discount) return;
    const current = useShopStore.getState().discount;
    if (current?.code !== cart.discount.code || current.amount !== cart.discount.amount) {
      setDiscount({
        code: cart.discount.code,
        amount: cart.discount.amount,
        description: cart.discount.description,
      });
    }
  }, [cart, setDiscount, reportDropped]);

  return { droppedMessage, reportDropped };
}
