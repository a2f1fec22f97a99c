import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useShopStore } from '../../store/session';

/**
 * Leaving a page dismisses the error toasts raised on it (shop-store.ts, enterPage): a declined card's
 * Payment Failed does not follow the shopper onto the confirmation of the order the next card paid,
 * nor a refused discount code from the cart onto the checkout.
 */
export function usePageToasts(): void {
  const { pathname } = useLocation();
  useEffect(() => useShopStore.getState().enterPage(pathname), [pathname]);
}
