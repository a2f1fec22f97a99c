// Checkouts never paid end after 24 hours (the jobs' sweep): the order becomes expired, any discount
// use it still held is given back, and its payment claim is closed so no late call can charge it.
// The sweep reads the orders due from their due queue (orders/sweeps.ts), not every order.
import { releaseDiscountUse } from '../discounts/discounts';
import { expireOrder } from '../orders/lifecycle';
import { findOrderById, markDiscountReserved } from '../orders/repository';
import { UNPAID_ORDER_LIFETIME_MS, unpaidOrdersDue } from '../orders/sweeps';
import { claimPayment } from './claims';
import { STALE_CHARGE_MS } from './payments';

export { UNPAID_ORDER_LIFETIME_MS } from '../orders/sweeps';

/**
 * Expires each order due (placed 24 hours ago) that is still unpaid; a payment in flight is looked at
 * again once its claim could be stale. At most about `batch` orders a round; the rest next round.
 */
export async function expireUnpaidOrders(
  now = new Date(),
  { batch = 100, staleChargeMs = STALE_CHARGE_MS }: { batch?: number; staleChargeMs?: number } = {},
): Promise<number> {
  let expired = 0;
  await unpaidOrdersDue.runRound(
    now,
    async (orderId) => {
      const candidate = await findOrderById(orderId);
      if (candidate?.paymentStatus !== 'unpaid' || candidate.status !== 'pending_payment')
        return 'done'; // paid, ended, or never written (its request died before the order)
      const end = candidate.createdAt.getTime() + UNPAID_ORDER_LIFETIME_MS;
      if (end > now.getTime()) return { later: new Date(end) };
      // The payment claim keeps the sweep and a payment apart: whoever holds it decides the order.
      const claim = await claimPayment(orderId, now, staleChargeMs);
      if (!claim) return { later: new Date(now.getTime() + staleChargeMs) };
      const order = await findOrderById(orderId);
      if (!order || order.paymentStatus !== 'unpaid' || order.status !== 'pending_payment') {
        await claim.release();
        return 'done';
      }
      if (order.discountCode && order.discountReserved) {
        await releaseDiscountUse(order.discountCode);
        await markDiscountReserved(orderId, false);
      }
      if (await expireOrder(orderId, now)) expired += 1;
      await claim.close();
      return 'done';
    },
    batch,
  );
  return expired;
}
