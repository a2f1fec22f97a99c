import type { OrderStatus } from '@shop/contracts/orders';

/**
 * An order whose outcome is known (on its way, done or cancelled): its page leads with that outcome,
 * and its proof, nothing left to answer, is folded below.
 */
export function hasOutcome(status: OrderStatus): boolean {
  return (
    status === 'shipped' || status === 'completed' || status === 'cancelled' || status === 'expired'
  );
}
