// Order numbers: unique, consecutive from 1000, under any number of concurrent checkouts.
//
// The counter document of the spec ({ name: 'orderNumber', value }) cannot be the guard on FerretDB
// v1: it applies an update as read-then-write, so 50 concurrent findOneAndUpdate({ $inc }) all read the
// same value (tried: 50 checkouts, one number). What is atomic there and on MongoDB is an insert
// against a unique index, so a number is taken by inserting the order itself under the unique index on
// orderNumber. The candidate is the counter's value; if that number is taken (another replica got it,
// or the counter lagged), the next candidate is the highest number in use plus one. The counter is
// raised to n + 1 only after order n exists, so a candidate is never past the highest + 1; every number
// handed out has its order; a failed insert takes no number. No gaps, no duplicates.
//
// Within one API process the takes run one after another (a promise queue), so its own checkouts never
// race each other and the counter stays exact; only other replicas can race, and the unique index
// settles that. (On FerretDB v1 a filter other than _id reads the whole collection, so the counter,
// one small document, is also the fast path; the scan for the highest number is the fallback.)
import { CounterModel, OrderModel } from './model';

export const ORDER_NUMBER_COUNTER = 'orderNumber';
export const FIRST_ORDER_NUMBER = 1000;
/** Each lost race means another replica's checkout got a number; this bounds a pathological pile-up. */
const MAX_RACES = 1_000;

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 11000;
}

async function highestOrderNumber(): Promise<number | null> {
  const last = await OrderModel.findOne({}, { orderNumber: 1 }).sort({ orderNumber: -1 }).lean();
  return last?.orderNumber ?? null;
}

async function counterValue(): Promise<number> {
  const counter = await CounterModel.findOne({ name: ORDER_NUMBER_COUNTER }, { value: 1 }).lean();
  return counter?.value ?? FIRST_ORDER_NUMBER;
}

/** Moves the counter on to next (never back). A record and a first guess, not the guard. */
async function raiseCounter(next: number): Promise<void> {
  try {
    await CounterModel.updateOne(
      { name: ORDER_NUMBER_COUNTER },
      { $max: { value: next } },
      { upsert: true },
    );
  } catch {
    // A concurrent first upsert (duplicate name) or a hiccup: the orders still hold the truth.
  }
}

// The tail of this process's queue of number takes.
let queue: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Runs insert(orderNumber) with the next free order number until one is not taken; insert must write
 * the order (a duplicate orderNumber rejects with the duplicate-key error, code 11000).
 */
export async function insertWithNextOrderNumber<T>(
  insert: (orderNumber: number) => Promise<T>,
): Promise<T> {
  // The unique index is the guard: it must exist before the first insert relies on it.
  await OrderModel.init();
  return oneAtATime(async () => {
    // The counter is the first guess: it is only ever raised to n + 1 after order n exists, so it is
    // never past the highest number + 1 (it may lag behind, after another replica's orders).
    let candidate = Math.max(FIRST_ORDER_NUMBER, await counterValue());
    for (let race = 0; race < MAX_RACES; race++) {
      try {
        const created = await insert(candidate);
        await raiseCounter(candidate + 1);
        return created;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        candidate = ((await highestOrderNumber()) ?? FIRST_ORDER_NUMBER - 1) + 1;
      }
    }
    throw new Error('No order number could be taken: too many concurrent checkouts');
  });
}
