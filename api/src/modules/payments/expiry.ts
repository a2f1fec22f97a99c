// Checkouts never paid end after 24 hours (the jobs' sweep): the order becomes expired, any discount
// use it still held is given back, and its payment claim is closed so no late call can charge it.
// A paid order whose paying call stopped before its messages were queued is settled then, if the
// shopper's retry has not settled it already (payments.ts, settlePayment). The sweep reads the
// orders due from their due queue (orders/sweeps.ts), not every order.
import { releaseDiscountUse } from '../discounts/discounts';
import { expireOrder } from '../orders/lifecycle';
import { findOrderById, markDiscountReserved } from '../orders/repository';
import { UNPAID_ORDER_LIFETIME_MS, unpaidOrdersDue } from '../orders/sweeps';
import type { Config } from '../../config';
import type { Logger } from '../../platform/logger';
import { claimPayment } from './claims';
import { STALE_CHARGE_MS, settlePayment } from './payments';

export { UNPAID_ORDER_LIFETIME_MS } from '../orders/sweeps';

/** What the sweep says when a payment call stopped mid-charge and nobody came back to the order. */
export const LEFT_CHARGING_MESSAGE =
  'An order is still charging a day after it was placed: its payment call stopped during the charge and the shopper did not retry. Look the order id up at the payment provider (it is the idempotency key; the order number is the reference) and fulfil or refund what was charged.';

/**
 * Expires each order due (placed 24 hours ago) that is still unpaid; a payment in flight is looked at
 * again once its claim could be stale. At most about `batch` orders a round; the rest next round.
 * With `followUp` (the jobs pass it), a paid order not settled is settled (settlePayment), and an
 * order still charging, whose card may have been charged, is logged as an error for the operator.
 */
export async function expireUnpaidOrders(
  now = new Date(),
  {
    batch = 100,
    staleChargeMs = STALE_CHARGE_MS,
    followUp,
  }: {
    batch?: number;
    staleChargeMs?: number;
    followUp?: { config: Config; logger: Logger };
  } = {},
): Promise<number> {
  let expired = 0;
  await unpaidOrdersDue.runRound(
    now,
    async (orderId) => {
      const candidate = await findOrderById(orderId);
      if (candidate?.paymentStatus === 'paid' && followUp) {
        await settlePayment(candidate, followUp.config, null);
        return 'done';
      }
      if (candidate?.paymentStatus === 'charging' && followUp) {
        const since = candidate.chargingSince?.getTime() ?? 0;
        if (since > now.getTime() - staleChargeMs)
          return { later: new Date(since + staleChargeMs) };
        followUp.logger.error(
          { orderId, orderNumber: candidate.orderNumber, chargingSince: candidate.chargingSince },
          LEFT_CHARGING_MESSAGE,
        );
        return 'done';
      }
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
