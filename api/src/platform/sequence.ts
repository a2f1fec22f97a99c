// Numbered lists kept by inserts (api/README.md, "Cost that does not grow"): position n of a list is a
// document whose unique _id names n, taken by inserting it, so any number of processes append without
// a repeat on FerretDB v1 (no atomic $inc) as on MongoDB. The guard is the insert alone; which number
// to try is this process's hand (the next one it has not handed out, so its concurrent callers try
// different numbers), started from the counter document, which is raised with $max only every
// RAISE_EVERY positions (a write per append was most of an order's cost under load; docs/design.md
// section 3). A number another process took costs a lost insert; one whose insert failed is handed
// out again first, and readers look HOLE_LOOKAHEAD places past an empty one, so a number lost with
// a stopped process hides nothing.
import { createHash, randomBytes } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import { findByKey, findByKeys, isDuplicateKeyError } from './db';

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

/** The counter document is raised when a position that is a multiple of this is taken. */
export const RAISE_EVERY = 16;
/** Each lost race means another caller took a number; this bounds a pathological pile-up. */
const MAX_RACES = 10_000;
/** After this many lost races in a row, read the counter again (the winners have moved it on). */
const RACES_BEFORE_REREAD = 4;

export async function counterValue(name: string, first: number): Promise<number> {
  const counter = await findByKey<CounterRecord>(CounterModel, name);
  return Math.max(first, counter?.value ?? first);
}

/**
 * Moves each counter on to its next, all with one command. A first guess, not the guard: a lagging
 * value costs a lookup.
 */
export async function raiseCounters(
  raises: Array<{ counter: string; next: number }>,
): Promise<void> {
  if (raises.length === 0) return;
  try {
    await CounterModel.collection.bulkWrite(
      raises.map(({ counter, next }) => ({
        updateOne: {
          filter: { _id: counter as never },
          update: { $max: { value: next } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  } catch {
    // A concurrent first upsert or a hiccup: the numbered documents hold the truth.
  }
}

/** Moves the counter on to next (raiseCounters). */
export async function raiseCounter(name: string, next: number): Promise<void> {
  await raiseCounters([{ counter: name, next }]);
}

/**
 * This process's hand of each sequence: the next number to hand out, and the numbers handed out
 * whose insert failed for another reason than a taken _id (handed out again first, so they do not
 * stay holes). Concurrent callers in one process get different numbers, so they do not all race
 * for the same one (under load that race was most of the inserts). Bounded: the least recently used
 * sequence is forgotten first, which only costs a read of its counter.
 */
interface Hand {
  next: number;
  returned: number[];
  /** Whether this process has taken a number of the sequence (or found its first one taken). */
  open: boolean;
  /** The first take under way, which the process's other callers wait for. */
  opening: Promise<unknown> | null;
  /** When this process last lost one of the sequence's numbers to another (ms; `blocks`). */
  lostAt: number;
  /** First places of blocks handed out, not yet taken or lost (`blocks`). */
  heads: Set<number>;
  /** The blocks this process holds (it took their first place): the places it has yet to hand out. */
  held: Array<{ next: number; end: number; until: number }>;
}
const hands = new Map<string, Hand>();
const MAX_HANDS = 20_000;

/** Forgets this process's hands (a test that rewrites sequences behind the app's back). */
export function forgetHands(): void {
  hands.clear();
}

export interface SequenceOptions {
  /**
   * false: no counter document at all (a short-lived sequence, such as a second's entries, where
   * a process that has no hand starts from `first`).
   */
  counter?: boolean;
  /**
   * For a time bucket (a due queue's minute, the mail queue's second), which no later caller may come
   * back to: puts a placeholder that readers pass over (a done entry) at n, false when n is taken. A
   * number whose insert failed is handed back, and if no caller has taken it again after
   * fillAfterMs, it is filled, retried with back-off while the database fails, so a reader never
   * stops at a run of such holes with taken places after it (readPlacesUp, HOLE_LOOKAHEAD).
   */
  fill?: (n: number) => Promise<boolean>;
  /** How long a handed-back number waits for a caller before it is filled (default 1 s). */
  fillAfterMs?: number;
  /**
   * A long-lived list whose places may have short holes (read by position, HOLE_LOOKAHEAD): while
   * another process takes numbers of it too, this one takes blocks (see BLOCK).
   */
  blocks?: boolean;
}

/**
 * Two processes appending to one list hand out the same numbers, and about half of their inserts
 * were lost to each other, each loss one more round trip (up to ten in a row; api/README.md,
 * "Load"). So, for `blocks` sequences, once a process has lost a number to another within
 * CONTENDED_MS, it takes a block of BLOCK places by taking its first place (first + a multiple of
 * BLOCK), and hands the rest of the block to its next callers, which no other process tries: the
 * processes meet only on blocks' first places. A block held longer than BLOCK_HOLD_MS is left (so a
 * list stays in about the order things happened), and a block's places never handed out stay
 * empty: at most BLOCK - 1 in a row, after a taken first place, which readers look past.
 */
export const BLOCK = 4;
const BLOCK_HOLD_MS = 1_000;
const CONTENDED_MS = 5_000;

/** The waits before each try to fill a hole, after the first (fillAfterMs). */
const FILL_RETRY_MS = [5_000, 30_000, 120_000, 600_000];

/**
 * Fills n unless a caller has taken it again (it is no longer among the hand's returned numbers);
 * a failure tries again later. Pending fills are lost with the process, as its in-flight inserts are.
 */
function scheduleFill(counter: string, n: number, options: SequenceOptions, attempt = 0): void {
  const fill = options.fill!;
  const wait = attempt === 0 ? (options.fillAfterMs ?? 1_000) : FILL_RETRY_MS[attempt - 1]!;
  setTimeout(() => {
    const hand = hands.get(counter);
    if (hand && !hand.returned.includes(n)) return; // handed out again: that caller's insert decides
    fill(n).then(
      () => {
        if (hand) hand.returned = hand.returned.filter((m) => m !== n);
      },
      () => {
        if (attempt < FILL_RETRY_MS.length) scheduleFill(counter, n, options, attempt + 1);
      },
    );
  }, wait).unref();
}

function newHand(start: number): Hand {
  return {
    next: start,
    returned: [],
    open: false,
    opening: null,
    lostAt: 0,
    heads: new Set<number>(),
    held: [],
  };
}

/** Keeps the hand as the most recently used, forgetting the least recently used past MAX_HANDS. */
function keepHand(counter: string, hand: Hand): Hand {
  hands.delete(counter);
  hands.set(counter, hand);
  if (hands.size > MAX_HANDS) hands.delete(hands.keys().next().value as string);
  return hand;
}

async function handOf(counter: string, first: number, options: SequenceOptions): Promise<Hand> {
  let hand = hands.get(counter);
  if (!hand) {
    const start = options.counter === false ? first : await counterValue(counter, first);
    hand = hands.get(counter) ?? newHand(start);
  }
  return keepHand(counter, hand);
}

/**
 * Makes this process's hands of the sequences it has none of yet, their counters read with one
 * command (an order's new search words are several lists never appended to before: a read each was
 * one command each, side by side).
 */
async function handsOfEach(
  sequences: Array<{ counter: string; first: number }>,
  options: SequenceOptions,
): Promise<void> {
  if (options.counter === false) return;
  const missing = [...new Set(sequences.map(({ counter }) => counter))].filter(
    (counter) => !hands.has(counter),
  );
  if (missing.length < 2) return; // handOf reads a lone one
  const counters = await findByKeys<CounterRecord>(CounterModel, missing);
  for (const { counter, first } of sequences) {
    if (!hands.has(counter))
      keepHand(counter, newHand(Math.max(first, counters.get(counter)?.value ?? first)));
  }
}

/**
 * The next number to try: one handed back first, then one of a block this process holds, else the
 * next never handed out here, or, while another process takes numbers too (`blocks`), the first
 * place of the next block.
 */
async function handOut(counter: string, first: number, options: SequenceOptions): Promise<number> {
  const hand = await handOf(counter, first, options);
  if (hand.returned.length > 0) {
    hand.returned.sort((a, b) => a - b);
    return hand.returned.shift()!;
  }
  const now = Date.now();
  hand.held = hand.held.filter((block) => block.next < block.end && now < block.until);
  const block = hand.held[0];
  if (block) return block.next++;
  hand.next = Math.max(hand.next, first);
  if (!options.blocks || now - hand.lostAt > CONTENDED_MS) return hand.next++;
  const head = first + Math.ceil((hand.next - first) / BLOCK) * BLOCK;
  hand.next = head + BLOCK; // the block's other places are its holder's, this process or another
  hand.heads.add(head);
  return head;
}

/** A number handed out whose insert failed (not taken, or not known): the next caller tries it. */
function handBack(counter: string, n: number): void {
  const hand = hands.get(counter);
  hand?.heads.delete(n); // tried again as a plain number: its block is not held
  hand?.returned.push(n);
}

/**
 * After a lost race (another process holds the number): every RACES_BEFORE_REREAD losses the
 * counter is read again, and this process's hand moves on to it.
 */
async function afterLosing(
  counter: string,
  first: number,
  race: number,
  options: SequenceOptions,
  lost: number,
) {
  const current = hands.get(counter);
  if (current) {
    current.lostAt = Date.now();
    current.heads.delete(lost); // another process holds that block
  }
  if (race % RACES_BEFORE_REREAD !== 0 || options.counter === false) return;
  const value = await counterValue(counter, first);
  const hand = await handOf(counter, first, options);
  hand.next = Math.max(hand.next, value);
}

/**
 * After n was taken: a block's first place makes the block this process's; the value to raise the
 * counter to when it is n's turn to raise it (every RAISE_EVERY places), else null.
 */
function noteTaken(counter: string, first: number, n: number, options: SequenceOptions) {
  const hand = hands.get(counter);
  const head = hand?.heads.delete(n) ?? false;
  if (head) hand!.held.push({ next: n + 1, end: n + BLOCK, until: Date.now() + BLOCK_HOLD_MS });
  // A block's first place raises the counter too: its last one may never be taken.
  const raise = (n - first + 1) % RAISE_EVERY === 0 || (head && (n - first) % RAISE_EVERY === 0);
  return options.counter !== false && raise ? n + 1 : null;
}

async function afterTaking(counter: string, first: number, n: number, options: SequenceOptions) {
  const next = noteTaken(counter, first, n, options);
  if (next !== null) await raiseCounter(counter, next);
}

/**
 * Takes the next free number of a sequence: `tryTake(n)` inserts the number's document under its
 * unique _id and answers false when another caller holds n.
 */
export async function takeNext(
  counter: string,
  first: number,
  tryTake: (n: number) => Promise<boolean>,
  options: SequenceOptions = {},
): Promise<number> {
  // A process takes its first number of a sequence alone, its other callers waiting for that one:
  // so the sequence's first place is never a hole, and a reader (readPlacesUp) finds an empty
  // sequence with one lookup. Not a time bucket (`fill`): a new one starts every second or minute,
  // and under load its callers all waited for its first insert; a first place left empty there is
  // filled within a second or so, long before its readers' cursor passes it.
  if (options.fill) return takeWithHand(counter, first, tryTake, options);
  const hand = await handOf(counter, first, options);
  while (!hand.open && hand.opening) await hand.opening;
  if (hand.open) return takeWithHand(counter, first, tryTake, options);
  const taking = takeWithHand(counter, first, tryTake, options);
  hand.opening = taking.then(
    () => {
      hand.open = true;
      hand.opening = null;
    },
    () => {
      hand.opening = null;
    },
  );
  return taking;
}

async function takeWithHand(
  counter: string,
  first: number,
  tryTake: (n: number) => Promise<boolean>,
  options: SequenceOptions,
): Promise<number> {
  for (let race = 1; race <= MAX_RACES; race++) {
    const candidate = await handOut(counter, first, options);
    let took: boolean;
    try {
      took = await tryTake(candidate);
    } catch (error) {
      handBack(counter, candidate);
      if (options.fill) scheduleFill(counter, candidate, options);
      throw error;
    }
    if (took) {
      await afterTaking(counter, first, candidate, options);
      return candidate;
    }
    await afterLosing(counter, first, race, options, candidate);
  }
  throw new Error(`No ${counter} number could be taken: too many concurrent callers`);
}

/**
 * takeNext for several sequences at once, or one sequence several times, each entry taking one
 * number: `tryTakeAll` inserts the documents of every candidate in one call
 * (insertedManyUnlessTaken) and answers which went in; the entries that lost try their next
 * candidate together, until each has its number.
 */
export async function takeNextOfEach(
  sequences: Array<{ counter: string; first: number }>,
  tryTakeAll: (candidates: Array<{ index: number; n: number }>) => Promise<boolean[]>,
  options: SequenceOptions = {},
): Promise<number[]> {
  const taken: number[] = new Array<number>(sequences.length).fill(0);
  const raises: Array<{ counter: string; next: number }> = [];
  const handOutFor = (index: number) => {
    const { counter, first } = sequences[index]!;
    return handOut(counter, first, options).then((n) => ({ index, n }));
  };
  await handsOfEach(sequences, options);
  let open = await Promise.all(sequences.map((_, index) => handOutFor(index)));
  for (let race = 1; open.length > 0; race++) {
    if (race > MAX_RACES) throw new Error('No list position could be taken: too many callers');
    let wentIn: boolean[];
    try {
      wentIn = await tryTakeAll(open);
    } catch (error) {
      for (const { index, n } of open) {
        handBack(sequences[index]!.counter, n);
        if (options.fill) scheduleFill(sequences[index]!.counter, n, options);
      }
      throw error;
    }
    const lost: number[] = [];
    await Promise.all(
      open.map(async (candidate, i) => {
        const { counter, first } = sequences[candidate.index]!;
        if (wentIn[i]) {
          taken[candidate.index] = candidate.n;
          const next = noteTaken(counter, first, candidate.n, options);
          if (next !== null) raises.push({ counter, next });
        } else {
          await afterLosing(counter, first, race, options, candidate.n);
          lost.push(candidate.index);
        }
      }),
    );
    open = await Promise.all(lost.map(handOutFor));
  }
  // Not waited for: an order's twenty lists raised one of theirs in nine placings out of ten, a
  // round trip after its entries went in each time (api/README.md, "Load").
  void raiseCounters(raises);
  return taken;
}

/**
 * Inserts the documents in one call, each on its own: which went in (false where the _id was
 * taken). Any other failure is thrown.
 */
export async function insertedManyUnlessTaken(
  collection: { insertMany(docs: object[], options: { ordered: false }): Promise<unknown> },
  docs: object[],
): Promise<boolean[]> {
  const wentIn = docs.map(() => true);
  try {
    await collection.insertMany(docs, { ordered: false });
  } catch (error) {
    const writeErrors = (error as { writeErrors?: Array<{ index: number; code?: number }> })
      .writeErrors;
    if (!writeErrors?.length) throw error;
    for (const writeError of writeErrors) {
      if (writeError.code !== 11000) throw error;
      wentIn[writeError.index] = false;
    }
  }
  return wentIn;
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

/**
 * How many empty places in a row a reader looks past before it takes a list as ended: a number
 * handed out whose insert failed is a hole until a later caller takes it (handBack), and one whose
 * process stopped before that stays one.
 */
export const HOLE_LOOKAHEAD = 4;

/**
 * The highest number taken (first - 1 before any), from the counter on: lookups gallop up (counter,
 * +1, +2, +4, ...) past the taken ones, halve the last step, then look past a hole.
 */
export async function highestTaken(
  counter: string,
  first: number,
  taken: (n: number) => Promise<boolean>,
): Promise<number> {
  let low = (await counterValue(counter, first)) - 1; // taken (or first - 1)
  for (;;) {
    let step = 1;
    while (await taken(low + step)) {
      low += step;
      step *= 2;
    }
    let high = low + step; // not taken
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (await taken(middle)) low = middle;
      else high = middle;
    }
    // low + 1 is empty: the end, or a hole with taken places after it.
    const ahead = await Promise.all(
      Array.from({ length: HOLE_LOOKAHEAD }, (_, i) => taken(low + 2 + i)),
    );
    const lastTaken = ahead.lastIndexOf(true);
    if (lastTaken < 0) return low;
    low += 2 + lastTaken;
  }
}

/**
 * The documents of a sequence taken with takeNext, at places first, first + 1, ...: the first
 * alone (never a hole, so an empty sequence costs one lookup), then HOLE_LOOKAHEAD + 1 at a time
 * until as many places in a row are empty; each with its place, in order.
 */
export async function readPlacesUp<T>(
  first: number,
  read: (n: number) => Promise<T | null>,
): Promise<Array<{ n: number; item: T }>> {
  const head = await read(first);
  if (head === null) return [];
  const found: Array<{ n: number; item: T }> = [{ n: first, item: head }];
  let empty = 0;
  for (let n = first + 1; empty <= HOLE_LOOKAHEAD; n += HOLE_LOOKAHEAD + 1) {
    const items = await Promise.all(
      Array.from({ length: HOLE_LOOKAHEAD + 1 }, (_, i) => read(n + i)),
    );
    for (const [i, item] of items.entries()) {
      if (item === null) {
        empty += 1;
      } else {
        empty = 0;
        found.push({ n: n + i, item });
      }
    }
  }
  return found;
}

/** The positions from, from - 1, ... down to 1 at the lowest, `count` of them at the most. */
export function placesDown(from: number, count: number): number[] {
  const places: number[] = [];
  for (let k = from; k >= 1 && places.length < count; k--) places.push(k);
  return places;
}

/**
 * Reads a list's positions top, top - 1, ... a batch at a time (readMany: the item at each position
 * asked, or null), until `limit` items are found or position 1 is passed (a position may read as
 * nothing: an empty place, skipped). The items newest first, and the position below the last one
 * read (0 when the list is read to its start).
 */
export async function readPositionsDown<T>(
  top: number,
  limit: number,
  readMany: (positions: number[]) => Promise<Array<T | null>>,
): Promise<{ found: T[]; below: number }> {
  const found: T[] = [];
  let below = top;
  while (below >= 1 && found.length < limit) {
    const positions = placesDown(below, limit - found.length);
    below -= positions.length;
    const items = await readMany(positions);
    found.push(...items.filter((item): item is Awaited<T> & T => item !== null));
  }
  return { found, below };
}

/**
 * A time bucket's writers (a due queue's minute, the mail queue's second) are spread over this many
 * sequences, read together. Processes that append to one sequence hand out the same numbers and
 * lose about half their inserts to each other (api/README.md, "Load"): each process writes a bucket
 * through one slot, its own choice for that bucket, so two processes meet in one slot of a bucket
 * once in WRITER_SLOTS buckets. Slot 0's ids are the ones used before slots (read as they were).
 */
export const WRITER_SLOTS = 8;

/** This process's draw; tests set it (useWriterSeed) to play two processes in one. */
let writerSeed = randomBytes(8).toString('hex');

export function useWriterSeed(seed: string): void {
  writerSeed = seed;
}

/** The slot this process writes the bucket through: spread at random, the same for the bucket. */
export function writerSlot(bucket: string): number {
  return createHash('sha256').update(`${writerSeed}:${bucket}`).digest()[0]! % WRITER_SLOTS;
}

/** The id prefix of a bucket's slot: `{bucket}` for slot 0, `{bucket}:s{slot}` for the others. */
export function slotPrefix(bucket: string, slot: number): string {
  return slot === 0 ? bucket : `${bucket}:s${slot}`;
}

/**
 * Every item of several time buckets (all WRITER_SLOTS slots of each, read as readPlacesUp reads a
 * sequence), by lookups of many places each (readMany, one round trip: db.ts's findByKeys): the
 * first place of every slot of every bucket together, then the next HOLE_LOOKAHEAD + 1 places of
 * each slot that had one, together, until each such slot has more empty places in a row than a
 * reader looks past. Each bucket's items, slot 0 first, in place order.
 */
export async function readBucketsUp<T>(
  buckets: readonly string[],
  placeId: (bucket: string, slot: number, n: number) => string,
  readMany: (ids: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, Array<{ slot: number; n: number; item: T }>>> {
  const found = new Map(
    buckets.map((bucket) => [bucket, [] as Array<{ slot: number; n: number; item: T }>]),
  );
  // The slots still read: the next place to look at and the empty places seen in a row.
  let open = buckets.flatMap((bucket) =>
    Array.from({ length: WRITER_SLOTS }, (_, slot) => ({ bucket, slot, next: 1, empty: 0 })),
  );
  let width = 1; // the first place alone (never a hole, so an empty slot costs that one lookup)
  while (open.length > 0) {
    const ids = open.flatMap(({ bucket, slot, next }) =>
      Array.from({ length: width }, (_, i) => placeId(bucket, slot, next + i)),
    );
    const items = await readMany(ids);
    for (const reading of open) {
      for (let i = 0; i < width; i++) {
        const n = reading.next + i;
        const item = items.get(placeId(reading.bucket, reading.slot, n));
        if (item === undefined) {
          reading.empty += 1;
        } else {
          reading.empty = 0;
          found.get(reading.bucket)!.push({ slot: reading.slot, n, item });
        }
      }
      reading.next += width;
    }
    // A slot whose first place is empty is empty; one past its last item ends after the lookahead.
    open = open.filter(({ empty }) => (width === 1 ? empty === 0 : empty <= HOLE_LOOKAHEAD));
    width = HOLE_LOOKAHEAD + 1;
  }
  for (const items of found.values()) items.sort((a, b) => a.slot - b.slot || a.n - b.n);
  return found;
}
