// Numbered lists kept by inserts (api/README.md, "Cost that does not grow"): position n of a list is a
// document whose unique _id names n, taken by inserting it, so any number of processes append without
// a gap or a repeat on FerretDB v1 (no atomic $inc) as on MongoDB. The counter document is only a first
// guess of the next free n (raised with $max after n is taken): a lagging value costs a lookup, never
// a repeat, and it is never past the highest taken + 1. Reading a page is a lookup per position.
import mongoose, { Schema } from 'mongoose';
import { isDuplicateKeyError } from './db';

export interface CounterRecord {
  _id: string;
  value: number;
}

const counterSchema = new Schema<CounterRecord>(
  {
    _id: { type: String, required: true },
    value: { type: Number, required: true, default: 1000 },
  },
  { versionKey: false },
);

export const CounterModel = mongoose.model<CounterRecord>('Counter', counterSchema, 'counters');

/** Each lost race means another caller took a number; this bounds a pathological pile-up. */
const MAX_RACES = 10_000;
/** After this many lost races in a row, read the counter again (the winners have moved it on). */
const RACES_BEFORE_REREAD = 4;

export async function counterValue(name: string, first: number): Promise<number> {
  const counter = await CounterModel.findById(name).lean<CounterRecord>();
  return Math.max(first, counter?.value ?? first);
}

/** Moves the counter on to next. A first guess, not the guard: a lagging value costs a lookup. */
async function raiseCounter(name: string, next: number): Promise<void> {
  try {
    await CounterModel.updateOne({ _id: name }, { $max: { value: next } }, { upsert: true });
  } catch {
    // A concurrent first upsert or a hiccup: the numbered documents hold the truth.
  }
}

/**
 * Takes the next free number of a sequence: `tryTake(n)` inserts the number's document under its
 * unique _id and answers false when another caller holds n.
 */
export async function takeNext(
  counter: string,
  first: number,
  tryTake: (n: number) => Promise<boolean>,
): Promise<number> {
  let candidate = await counterValue(counter, first);
  for (let race = 1; race <= MAX_RACES; race++) {
    if (await tryTake(candidate)) {
      await raiseCounter(counter, candidate + 1);
      return candidate;
    }
    candidate =
      race % RACES_BEFORE_REREAD === 0
        ? Math.max(candidate + 1, await counterValue(counter, first))
        : candidate + 1;
  }
  throw new Error(`No ${counter} number could be taken: too many concurrent callers`);
}

/** true when the insert went in, false when its _id was taken. */
export async function insertedUnlessTaken(insert: () => Promise<unknown>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/** The highest number taken (first - 1 before any), by lookups from the counter on. */
export async function highestTaken(
  counter: string,
  first: number,
  taken: (n: number) => Promise<boolean>,
): Promise<number> {
  let top = (await counterValue(counter, first)) - 1;
  while (await taken(top + 1)) top += 1;
  return top;
}

/**
 * Reads a list's positions top, top - 1, ... by lookups, a batch at a time, until `limit` items are
 * found or position 1 is passed (a position may read as nothing: an empty place, skipped). The items
 * newest first, and the position below the last one read (0 when the list is read to its start).
 */
export async function readPositionsDown<T>(
  top: number,
  limit: number,
  read: (k: number) => Promise<T | null>,
): Promise<{ found: T[]; below: number }> {
  const found: T[] = [];
  let below = top;
  while (below >= 1 && found.length < limit) {
    const positions: number[] = [];
    for (let k = below; k >= 1 && positions.length < limit - found.length; k--) positions.push(k);
    below -= positions.length;
    const items = await Promise.all(positions.map(read));
    found.push(...items.filter((item): item is Awaited<T> & T => item !== null));
  }
  return { found, below };
}
