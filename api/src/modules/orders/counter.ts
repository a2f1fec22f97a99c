// Order numbers: unique and consecutive from 1000, under any number of concurrent checkouts and API
// replicas, with no queue.
//
// FerretDB v1 applies an update as read-then-write (50 concurrent $inc on one counter leave one number
// handed out 50 times), so the guard is an insert under a unique index, atomic on FerretDB and MongoDB
// alike: a number is taken by inserting `order_numbers {_id: n, orderId}`. The candidate is the counter
// document's value (found by _id); a lost race moves on to the next number, and after a few to the
// counter again, which the winners raise. The counter is raised to n + 1 only after n is taken, so it is
// never past the highest taken + 1 and numbers are handed out without gaps. The claim is a small
// document looked up by _id, so a lost race costs one index check, not an order write or a scan.
import { highestTaken, takeNext } from '../../platform/sequence';
import { OrderNumberModel, PaidOrderKeyModel, PaidOrderModel } from './model';
import type { Types } from 'mongoose';
import { insertedKeyUnlessTaken, keyExists } from '../../platform/db';

export const ORDER_NUMBER_COUNTER = 'orderNumber';
export const FIRST_ORDER_NUMBER = 1000;

/** Takes the next free order number for orderId. */
export async function takeOrderNumber(orderId: Types.ObjectId): Promise<number> {
  return takeNext(ORDER_NUMBER_COUNTER, FIRST_ORDER_NUMBER, (n) =>
    insertedKeyUnlessTaken(OrderNumberModel, { _id: String(n), orderId }),
  );
}

/** The highest order number taken, or null before the first order. */
export async function highestOrderNumber(): Promise<number | null> {
  const top = await highestTaken(ORDER_NUMBER_COUNTER, FIRST_ORDER_NUMBER, async (n) =>
    Boolean(await OrderNumberModel.exists({ _id: String(n) })),
  );
  // The counter may lag behind by the numbers other replicas took; never ahead of the highest + 1.
  return top >= FIRST_ORDER_NUMBER ? top : null;
}

/** The order ids of these numbers (missing ones left out), in the order given. */
export async function orderIdsOfNumbers(numbers: number[]): Promise<Types.ObjectId[]> {
  const found = await Promise.all(
    numbers.map((number) => OrderNumberModel.findById(String(number)).lean()),
  );
  return found.flatMap((entry) => (entry ? [entry.orderId] : []));
}

export const PAID_ORDER_COUNTER = 'paidOrder';

/**
 * Adds a paid order to the paid list (model.ts, PaidOrderModel) once. A process stopped between the
 * two inserts leaves the order listed twice after the payment is recorded again; the admin's page
 * shows it once (search.ts reads an entry only at the place its key names), never not at all.
 */
export async function addToPaidList(orderId: Types.ObjectId): Promise<void> {
  // Looked up beside taking the place (one round trip less): a repeat's place is skipped the same way.
  const [listed, k] = await Promise.all([
    keyExists(PaidOrderKeyModel, orderId.toString()),
    takeNext(
      PAID_ORDER_COUNTER,
      1,
      (n) => insertedKeyUnlessTaken(PaidOrderModel, { _id: String(n), orderId }),
      { blocks: true },
    ),
  ]);
  if (!listed) await insertedKeyUnlessTaken(PaidOrderKeyModel, { _id: orderId.toString(), k });
}

/** How many orders are on the paid list (its highest k), read by lookups from the counter on. */
export async function paidOrderCount(): Promise<number> {
  return highestTaken(PAID_ORDER_COUNTER, 1, async (k) =>
    Boolean(await PaidOrderModel.exists({ _id: String(k) })),
  );
}
