// Order numbers: unique and consecutive from 1000, under any number of concurrent checkouts and API
// replicas, with no queue.
//
// A number is issued by one `$inc` of the counter document (its value is the next number to issue),
// and the order is written under it: the unique orderNumber index of the orders is the guard, the
// `$inc` only says which number to try. Beside the order goes the number's document `order_numbers
// {_id: n, orderId}`, which finds an order by its number with a lookup by _id (FerretDB v1 reads a
// whole collection for any other filter). On MongoDB, and on the embedded FerretDB, whose build
// makes an update one step (scripts/lib/ferretdb.mjs), no two callers are issued one number, so an
// order takes its number in one round trip, issued while its checkout's sweeps are filed, and is
// written in one more (api/README.md, "Load"). On an engine whose update is a read then a write
// (FerretDB as released), two callers can be issued one number: the one whose order loses the index
// is issued another. Numbers stay consecutive there too: the counter only ever holds a number issued
// to someone (each write is a number read plus one), and every number issued is written by its
// caller, found taken, or given back to this process's next caller when its write failed. A taken
// number also means the counter is behind the orders (a database from before it): it is moved past.
import type { Types } from 'mongoose';
import { findEachByKey, insertedKeyUnlessTaken, isDuplicateKeyError } from '../../platform/db';
import { CounterModel, highestTaken, raiseCounter, takeNext } from '../../platform/sequence';
import {
  OrderNumberModel,
  PaidOrderKeyModel,
  PaidOrderModel,
  type OrderNumberRecord,
} from './model';

export const ORDER_NUMBER_COUNTER = 'orderNumber';
export const FIRST_ORDER_NUMBER = 1000;

/** Numbers taken by other orders in a row before a write gives up (on an engine as above). */
const MAX_RACES = 1000;

/**
 * Numbers issued to this process and not used (their order's write failed, or its checkout was
 * placed by another request): the next caller is given them first, so they do not stay gaps.
 */
const givenBack: number[] = [];

/** The order number to write the next order under: one given back, else a new one. */
export async function nextOrderNumber(): Promise<number> {
  return givenBack.shift() ?? issueOrderNumber();
}

/** A number from nextOrderNumber that no order was written under. */
export function giveBackOrderNumber(n: number): void {
  givenBack.push(n);
  givenBack.sort((a, b) => a - b);
}

/** What `write` answers when another order has the number already. */
export const NUMBER_TAKEN = Symbol('order number taken');

/**
 * Writes an order under an order number, `issued` first (from nextOrderNumber), then newly issued
 * ones while another order has the one tried: `write(n)` inserts the order under n, answering
 * NUMBER_TAKEN when the unique orderNumber index refuses n, or null when the order was written
 * already (by another process; null is answered then). n's number document goes in beside it.
 */
export async function writeUnderOrderNumber<T>(
  orderId: Types.ObjectId,
  issued: number,
  write: (n: number) => Promise<T | null | typeof NUMBER_TAKEN>,
): Promise<T | null> {
  let n = issued;
  for (let race = 1; ; race++) {
    const numberDoc = { _id: String(n), orderId };
    const [written, listed] = await Promise.allSettled([
      write(n),
      insertedKeyUnlessTaken(OrderNumberModel, numberDoc),
    ]);
    if (
      written.status === 'fulfilled' &&
      written.value !== null &&
      written.value !== NUMBER_TAKEN
    ) {
      // n is this order's: its document, if another caller's (whose write lost n) or not in, is set.
      if (listed.status === 'rejected' || !listed.value)
        await OrderNumberModel.updateOne(
          { _id: numberDoc._id },
          { $set: { orderId } },
          { upsert: true },
        );
      return written.value;
    }
    // n is not this order's: its number document, if it went in, goes (a failure leaves it to n's
    // next writer, which sets it to its own order).
    if (listed.status === 'fulfilled' && listed.value)
      await OrderNumberModel.deleteOne(numberDoc).catch(() => {});
    if (written.status === 'rejected' || written.value === null) {
      giveBackOrderNumber(n);
      if (written.status === 'rejected') throw written.reason;
      return null;
    }
    if (race >= MAX_RACES) throw new Error('No order number could be taken: too many callers');
    await raiseCounter(ORDER_NUMBER_COUNTER, (await highestTakenFrom(n)) + 1);
    n = await nextOrderNumber();
  }
}

/** The counter's next number, moved on by one (one `$inc`; see the top of this file). */
async function issueOrderNumber(): Promise<number> {
  const increment = () =>
    CounterModel.collection.findOneAndUpdate(
      { _id: ORDER_NUMBER_COUNTER } as never,
      { $inc: { value: 1 } },
      { upsert: true, returnDocument: 'before' },
    ) as Promise<{ value: number } | null>;
  for (;;) {
    // Two first upserts at once can both insert, and the second then fails on the _id (MongoDB
    // retries that itself, FerretDB does not); the counter exists by then, so it is sent again.
    const before = await increment().catch((error: unknown) => {
      if (!isDuplicateKeyError(error)) throw error;
      return increment();
    });
    if (before && before.value >= FIRST_ORDER_NUMBER) return before.value;
    // A new counter (the upsert wrote 1): it starts at the first number.
    await raiseCounter(ORDER_NUMBER_COUNTER, FIRST_ORDER_NUMBER);
  }
}

/** The highest order number taken, or null before the first order. */
export async function highestOrderNumber(): Promise<number | null> {
  const top = await highestTakenFrom(FIRST_ORDER_NUMBER);
  return top >= FIRST_ORDER_NUMBER ? top : null;
}

/** The highest order number taken, looked up from the counter or from n, whichever is higher. */
function highestTakenFrom(n: number): Promise<number> {
  return highestTaken(ORDER_NUMBER_COUNTER, n, async (k) =>
    Boolean(await OrderNumberModel.exists({ _id: String(k) })),
  );
}

/** The order ids of these numbers (missing ones left out), in the order given. */
export async function orderIdsOfNumbers(numbers: number[]): Promise<Types.ObjectId[]> {
  const found = await findEachByKey<OrderNumberRecord>(OrderNumberModel, numbers.map(String));
  return found.flatMap((entry) => (entry ? [entry.orderId] : []));
}

export const PAID_ORDER_COUNTER = 'paidOrder';

/**
 * Adds a paid order to the paid list (model.ts, PaidOrderModel) once. A process stopped between the
 * two inserts leaves the order listed twice after the payment is recorded again; the admin's page
 * shows it once (search.ts reads an entry only at the place its key names), never not at all.
 */
export async function addToPaidList(orderId: Types.ObjectId): Promise<void> {
  const k = await takeNext(
    PAID_ORDER_COUNTER,
    1,
    (n) => insertedKeyUnlessTaken(PaidOrderModel, { _id: String(n), orderId }),
    { blocks: true },
  );
  // The key names the order's place; a repeat finds it taken, and its own place is skipped.
  await insertedKeyUnlessTaken(PaidOrderKeyModel, { _id: orderId.toString(), k });
}

/** How many orders are on the paid list (its highest k), read by lookups from the counter on. */
export async function paidOrderCount(): Promise<number> {
  return highestTaken(PAID_ORDER_COUNTER, 1, async (k) =>
    Boolean(await PaidOrderModel.exists({ _id: String(k) })),
  );
}
