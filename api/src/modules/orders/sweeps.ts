// What the orders' sweeps will do, filed in due queues (platform/due-queue.ts) when a checkout is
// placed: its unpaid order expires after 24 hours (payments/expiry.ts) and its checkout key is
// forgotten after a week. Filed beside the checkout key's insert; a process that dies after the key
// but before them leaves no order (it is written after both), and the retry that writes the order
// under the key's id files them again (orders.ts, orderOfKey).
import type { Types } from 'mongoose';
import { dueQueue } from '../../platform/due-queue';
import { deleteCheckoutKey, findCheckoutKey } from './repository';

/** A checkout not paid within this long expires (the unpaid-orders sweep). */
export const UNPAID_ORDER_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Checkout keys (the reuse shortcut) are forgotten after this long. */
export const OPEN_CHECKOUT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export const unpaidOrdersDue = dueQueue('unpaid-orders');
export const checkoutKeysDue = dueQueue('checkout-keys');

export async function scheduleCheckoutSweeps(
  key: string,
  orderId: Types.ObjectId,
  now: Date,
): Promise<void> {
  await Promise.all([
    unpaidOrdersDue.add(orderId.toString(), new Date(now.getTime() + UNPAID_ORDER_LIFETIME_MS)),
    checkoutKeysDue.add(key, new Date(now.getTime() + OPEN_CHECKOUT_KEPT_MS)),
  ]);
}

/** Forgets the checkout keys a week old (their orders stay, only the shortcut to them goes). */
export async function sweepOpenCheckouts(now = new Date(), batch = 500): Promise<number> {
  let forgotten = 0;
  await checkoutKeysDue.runRound(
    now,
    async (key) => {
      const held = await findCheckoutKey(key);
      if (!held) return 'done';
      const end = held.createdAt.getTime() + OPEN_CHECKOUT_KEPT_MS;
      if (end > now.getTime()) return { later: new Date(end) };
      forgotten += await deleteCheckoutKey(key);
      return 'done';
    },
    batch,
  );
  return forgotten;
}
