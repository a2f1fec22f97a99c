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
import { isDuplicateKeyError } from '../../platform/db';
import { CounterModel, OrderNumberModel, type CounterRecord } from './model';
import type { Types } from 'mongoose';

export const ORDER_NUMBER_COUNTER = 'orderNumber';
export const FIRST_ORDER_NUMBER = 1000;
/** Each lost race means another checkout got a number; this bounds a pathological pile-up. */
const MAX_RACES = 10_000;
/** After this many lost races in a row, read the counter again (the winners have moved it on). */
const RACES_BEFORE_REREAD = 4;

async function counterValue(): Promise<number> {
  const counter = await CounterModel.findById(ORDER_NUMBER_COUNTER).lean<CounterRecord>();
  return Math.max(FIRST_ORDER_NUMBER, counter?.value ?? FIRST_ORDER_NUMBER);
}

/** Moves the counter on to next. A first guess, not the guard: a lagging value costs a lookup. */
async function raiseCounter(next: number): Promise<void> {
  try {
    await CounterModel.updateOne(
      { _id: ORDER_NUMBER_COUNTER },
      { $max: { value: next } },
      { upsert: true },
    );
  } catch {
    // A concurrent first upsert or a hiccup: the number documents hold the truth.
  }
}

async function tryTake(orderNumber: number, orderId: Types.ObjectId): Promise<boolean> {
  try {
    await OrderNumberModel.create({ _id: String(orderNumber), orderId });
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/** Takes the next free order number for orderId. */
export async function takeOrderNumber(orderId: Types.ObjectId): Promise<number> {
  let candidate = await counterValue();
  for (let race = 1; race <= MAX_RACES; race++) {
    if (await tryTake(candidate, orderId)) {
      await raiseCounter(candidate + 1);
      return candidate;
    }
    candidate =
      race % RACES_BEFORE_REREAD === 0
        ? Math.max(candidate + 1, await counterValue())
        : candidate + 1;
  }
  throw new Error('No order number could be taken: too many concurrent checkouts');
}

/** The highest order number taken, or null before the first order. */
export async function highestOrderNumber(): Promise<number | null> {
  let top = (await counterValue()) - 1;
  while (await OrderNumberModel.exists({ _id: String(top + 1) })) top += 1;
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
