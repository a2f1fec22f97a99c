// Order numbers: unique and consecutive from 1000, under any number of concurrent checkouts and API
// replicas, with no queue.
//
// A number is issued by one `$inc` of the counter document (its value is the next number to issue)
// and taken by inserting `order_numbers {_id: n, orderId}` under its unique _id: the insert is the
// guard, the `$inc` only says which number to try. On MongoDB, and on the embedded FerretDB, whose
// build makes an update one step (scripts/lib/ferretdb.mjs), no two callers are issued one number,
// so each order takes its number in one round trip, where two replicas trying the same next
// numbers lost about half their inserts to each other, one round trip each (api/README.md, "Load").
// On an engine whose update is a read then a write (FerretDB as released), two callers can be
// issued the same number; the one whose insert loses is issued another. Numbers stay consecutive
// there too: the counter only ever holds a number issued to someone (each write is a number read
// plus one), and every number issued is taken by its caller or found taken. A taken number also
// means the counter is behind the numbers taken (a database from before it): it is moved past them.
import type { Types } from 'mongoose';
import { insertedKeyUnlessTaken, isDuplicateKeyError, keyExists } from '../../platform/db';
import { CounterModel, highestTaken, takeNext } from '../../platform/sequence';
import { OrderNumberModel, PaidOrderKeyModel, PaidOrderModel } from './model';

export const ORDER_NUMBER_COUNTER = 'orderNumber';
export const FIRST_ORDER_NUMBER = 1000;

/** Lost inserts in a row before the call gives up (each one means another caller took a number). */
const MAX_RACES = 1000;

/**
 * Numbers issued to this process whose insert failed for another reason than a taken _id (the
 * database failing): issued again first, so a failure does not leave a gap.
 */
const unclaimed: number[] = [];

/** Takes the next free order number for orderId. */
export async function takeOrderNumber(orderId: Types.ObjectId): Promise<number> {
  for (let race = 1; race <= MAX_RACES; race++) {
    const n = unclaimed.shift() ?? (await issueOrderNumber());
    let took: boolean;
    try {
      took = await insertedKeyUnlessTaken(OrderNumberModel, { _id: String(n), orderId });
    } catch (error) {
      unclaimed.push(n);
      unclaimed.sort((a, b) => a - b);
      throw error;
    }
    if (took) return n;
    await moveCounterTo((await highestTakenFrom(n)) + 1);
  }
  throw new Error('No order number could be taken: too many concurrent callers');
}

/** The counter's next number, moved on by one (one atomic `$inc`; see the top of this file). */
async function issueOrderNumber(): Promise<number> {
  for (;;) {
    const before = (await upsertingCounter(() =>
      CounterModel.collection.findOneAndUpdate(
        { _id: ORDER_NUMBER_COUNTER } as never,
        { $inc: { value: 1 } },
        { upsert: true, returnDocument: 'before' },
      ),
    )) as { value: number } | null;
    if (before && before.value >= FIRST_ORDER_NUMBER) return before.value;
    // A new counter (the upsert wrote 1): it starts at the first number.
    await moveCounterTo(FIRST_ORDER_NUMBER);
  }
}

/** Raises the counter to next; never lowers it. */
async function moveCounterTo(next: number): Promise<void> {
  await upsertingCounter(() =>
    CounterModel.updateOne(
      { _id: ORDER_NUMBER_COUNTER },
      { $max: { value: next } },
      { upsert: true },
    ),
  );
}

/**
 * An update of the counter that writes it if it is missing: two such first writes at once can both
 * insert, and the second then fails on the _id (MongoDB retries that itself, FerretDB does not);
 * the counter exists by then, so the update is sent again.
 */
async function upsertingCounter<T>(update: () => Promise<T>): Promise<T> {
  try {
    return await update();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    return update();
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
