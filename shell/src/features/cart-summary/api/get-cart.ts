import { useQuery } from '@tanstack/react-query';
import { cartQuery } from 'shell/store';

/**
 * Reads the cart when the shop starts, through the store's one cart query; the store keeps its summary
 * (the header's badge) in step with that query by itself.
 */
export function useCartSummarySync(): void {
  useQuery(cartQuery);
}
