// Checkouts never paid end after 24 hours (the jobs' sweep): the order becomes expired, any discount
// use it still held is given back, and its payment claim is closed so no late call can charge it.
import { releaseDiscountUse } from '../discounts/discounts';
import { expireOrder } from '../orders/lifecycle';
import {
  findOrderById,
  listUnpaidOrdersPlacedBefore,
  markDiscountReserved,
} from '../orders/repository';
import { claimPayment } from './claims';
import { STALE_CHARGE_MS } from './payments';

export const UNPAID_ORDER_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Expires every order placed before now - 24 h and still unpaid; a payment in flight is left alone. */
export async function expireUnpaidOrders(now = new Date(), batch = 100): Promise<number> {
  let expired = 0;
  const cutoff = new Date(now.getTime() - UNPAID_ORDER_LIFETIME_MS);
  for (const candidate of await listUnpaidOrdersPlacedBefore(cutoff, batch)) {
    const orderId = candidate._id.toString();
    // The payment claim keeps the sweep and a payment apart: whoever holds it decides the order.
    const claim = await claimPayment(orderId, now, STALE_CHARGE_MS);
    if (!claim) continue;
    const order = await findOrderById(orderId);
    if (!order || order.paymentStatus !== 'unpaid' || order.status !== 'pending_payment') {
      await claim.release();
      continue;
    }
    if (order.discountCode && order.discountReserved) {
      await releaseDiscountUse(order.discountCode);
      await markDiscountReserved(orderId, false);
    }
    if (await expireOrder(orderId, now)) expired += 1;
    await claim.close();
  }
  return expired;
}
