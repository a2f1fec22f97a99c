// The payments' sweep (jobs/): checkouts never paid end after 24 hours (the order becomes expired and
// any discount use it held is given back, in the write that ends it, so no late call can charge it);
// a paid order whose paying call stopped before what follows the payment was done is settled
// (payments.ts, settlePayment); a charge left in flight a day, or never answered, is reported to the
// operator once.
// Each is an indexed query for the orders due, not a read of every order.
import {
  expireCheckout,
  findOpenCheckoutsPlacedBefore,
  findUnsettledPaidOrders,
  markChargeStuckReported,
} from '../orders/orders';
import type { Config } from '../../config';
import type { Logger } from '../../platform/logger';
import { settlePayment } from './payments';

/** A checkout not paid within this long expires. */
export const UNPAID_ORDER_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** What the sweep says when a payment call stopped mid-charge and nobody came back to the order. */
export const LEFT_CHARGING_MESSAGE =
  'An order is still charging a day after it was placed: its payment call stopped during the charge and the shopper did not retry. Look the order id up at the payment provider (it is the idempotency key; the order number is the reference) and fulfil or refund what was charged.';

/** What the sweep says when it ends a checkout whose last charge request was never answered. */
const LEFT_UNANSWERED_MESSAGE =
  'An unpaid order expired whose last charge request the card processor never answered: the card may have been charged. Look the order up at the payment provider (its id, or its id and a number, is the idempotency key; the order number is the reference) and refund what was charged.';

/** Orders one round of the sweep looks at, of each kind; the rest wait for the next round. */
const BATCH = 100;

/**
 * Expires the checkouts placed a day ago and still unpaid, at most BATCH a round (the rest next
 * round). With `followUp` (the jobs pass it), paid orders not settled are settled, and an order
 * still charging a day on, whose card may have been charged, is logged once as an error. How many
 * orders it expired.
 */
export async function expireUnpaidOrders(
  now: Date,
  { followUp }: { followUp?: { config: Config; logger: Logger } } = {},
): Promise<number> {
  const placedBefore = new Date(now.getTime() - UNPAID_ORDER_LIFETIME_MS);
  let expired = 0;
  for (const order of await findOpenCheckoutsPlacedBefore(placedBefore, 'unpaid', BATCH)) {
    // A payment that took the order first wins (expireCheckout's write is its guard too).
    const before = await expireCheckout(order._id, 'Not paid within 24 hours', now);
    if (!before) continue;
    expired += 1;
    if (before.unansweredToken)
      followUp?.logger.error(
        { orderId: order._id.toString(), orderNumber: order.orderNumber },
        LEFT_UNANSWERED_MESSAGE,
      );
  }
  if (followUp) {
    for (const paid of await findUnsettledPaidOrders(BATCH))
      await settlePayment(paid, followUp.config, null);
    for (const charging of await findOpenCheckoutsPlacedBefore(placedBefore, 'charging', BATCH)) {
      if (charging.chargeStuckReportedAt || !(await markChargeStuckReported(charging._id, now)))
        continue;
      followUp.logger.error(
        {
          orderId: charging._id.toString(),
          orderNumber: charging.orderNumber,
          chargingSince: charging.chargingSince,
        },
        LEFT_CHARGING_MESSAGE,
      );
    }
  }
  return expired;
}
