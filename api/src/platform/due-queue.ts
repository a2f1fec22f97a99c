// Due queues: what a sweep must do later (expire an order, forget a key), filed under the minute it
// becomes due, so a sweep reads what is due instead of filtering a whole collection (on FerretDB v1 any
// filter but a lone `{_id: x}` reads every document; api/README.md, "Cost that does not grow").
//
// - An entry is `due_entries {_id: "{queue}:{minute}[:s{slot}]:{n}", ref, dueAt}` (n = 1, 2, ...
//   taken by an insert, in the writer slot this process uses for the minute: platform/sequence.ts,
//   writerSlot), written BEFORE the thing it points at, so a process that dies in between leaves an
//   entry whose thing is missing (the handler finds nothing to do), never a thing nobody sweeps.
// - `due_hours {_id: "{queue}:{hour}"}` says an hour holds entries: a round skips an empty hour with
//   one lookup, so a sweep that runs hourly, or catches up after days, reads hours, not minutes.
// - The cursor (`counters {_id: "due:{queue}"}`) is the first minute that may hold an entry not yet
//   handled. It stays GRACE_MINUTES behind this machine's clock, and an entry is filed at or after the
//   minute it is written in, so no replica (clocks a little apart) files one behind the cursor.
// - A round reads the minutes from the cursor to now by lookups and hands each entry due to the
//   queue's handler, which answers done, or a time to look again (filed anew, as a new entry); a
//   handled entry is marked done, and deleted once the cursor has passed its minute. Whole
//   minutes are read until `batch` entries were handled; the rest waits for the next round. A handler
//   that throws keeps its minute open (the cursor stops there and the next round tries again), so
//   handlers must be safe to run twice, and two replicas' rounds may meet on one entry: each handler
//   decides by its own unique insert or by deletes by _id (docs/design.md section 3).
import mongoose, { Schema } from 'mongoose';
import { deleteByKeys, findByKeys, insertedKeyUnlessTaken, keyExists } from './db';
import {
  CounterModel,
  counterValue,
  insertedUnlessTaken,
  readBucketsUp,
  slotPrefix,
  takeNext,
  writerSlot,
} from './sequence';

interface DueEntryRecord {
  _id: string;
  ref: string;
  dueAt: Date;
  /** Set once handled, so a minute read again (the cursor stays behind the clock) skips it. */
  doneAt: Date | null;
}

export const DueEntryModel = mongoose.model<DueEntryRecord>(
  'DueEntry',
  new Schema<DueEntryRecord>(
    {
      _id: { type: String, required: true },
      ref: { type: String, required: true },
      dueAt: { type: Date, required: true },
      doneAt: { type: Date, default: null },
    },
    { versionKey: false },
  ),
  'due_entries',
);

export const DueHourModel = mongoose.model<{ _id: string }>(
  'DueHour',
  new Schema<{ _id: string }>({ _id: { type: String, required: true } }, { versionKey: false }),
  'due_hours',
);

const MINUTE_MS = 60_000;
/** How far behind this machine's clock a cursor stays (replicas' clocks differ a little). */
const GRACE_MINUTES = 2;
/**
 * Minutes of one hour read in one lookup (their writer slots' first places, then the next places of
 * those that had one: platform/sequence.ts, readBucketsUp). An entry filed into a minute after it
 * was read is at or after its filer's clock minute, and the round leaves the cursor GRACE_MINUTES
 * behind the clock, as when each minute was read just before it was handled.
 */
const MINUTES_PER_LOOKUP = 30;

/** How much of the queue one round reads at most: after a long stop it catches up over rounds. */
const MAX_MINUTES_PER_ROUND = 31 * 24 * 60;

const minuteOf = (at: Date) => Math.floor(at.getTime() / MINUTE_MS);
const hourOf = (minute: number) => Math.floor(minute / 60);

/** What a handler decided about an entry: done, or look again at that time. */
export type DueOutcome = 'done' | { later: Date };

export interface DueRound {
  /** Entries handed to the handler. */
  handled: number;
  /** The minute the cursor stands at after the round. */
  cursor: number;
}

export interface DueQueue {
  readonly name: string;
  /** Files ref to be handled at dueAt (or, when that has passed, in the current minute). */
  add(ref: string, dueAt: Date, now?: Date): Promise<void>;
  /**
   * Files many refs at once (a backfill): from the later of `from` and now, `perMinute` to a minute,
   * so a round handles a bounded batch of them.
   */
  addMany(refs: string[], from: Date, perMinute?: number): Promise<void>;
  /** Handles the entries due by now, at least `batch` of them when there are as many. */
  runRound(
    now: Date,
    handle: (ref: string, dueAt: Date) => Promise<DueOutcome>,
    batch?: number,
  ): Promise<DueRound>;
}

export function dueQueue(name: string): DueQueue {
  const cursorId = `due:${name}`;
  const entryId = (minute: number, slot: number, n: number) =>
    `${slotPrefix(`${name}:${minute}`, slot)}:${n}`;
  const hourId = (hour: number) => `${name}:${hour}`;
  const minuteCounterId = (minute: number, slot: number) =>
    slotPrefix(`due:${name}:${minute}`, slot);

  /** Whether this process has seen the cursor (once written it is only moved on, never deleted). */
  let cursorSeen = false;
  /**
   * The hours whose marker this process has seen written, from the current hour on: a marker goes
   * only once its hour is wholly behind a cursor, which stays behind the clock, and nothing is filed
   * behind the current minute, so a marker seen for this hour or a later one is still there.
   */
  const hoursSeen = new Set<number>();

  /** The cursor exists before the first entry is written, GRACE_MINUTES behind the clock. */
  async function ensureCursor(now: Date): Promise<void> {
    if (cursorSeen) return;
    if ((await counterValue(cursorId, 0)) === 0)
      await insertedUnlessTaken(() =>
        CounterModel.create({ _id: cursorId, value: minuteOf(now) - GRACE_MINUTES }),
      );
    cursorSeen = true;
  }

  async function markHour(hour: number): Promise<void> {
    if (hoursSeen.has(hour)) return;
    await insertedKeyUnlessTaken(DueHourModel, { _id: hourId(hour) });
    const current = hourOf(minuteOf(new Date()));
    for (const seen of hoursSeen) if (seen < current) hoursSeen.delete(seen);
    if (hour >= current) hoursSeen.add(hour);
  }

  /**
   * Inserts the entry at the next free n (from `from` on) of this process's slot of the minute. The
   * slot's counter (`counters {_id: "due:{queue}:{minute}[:s{slot}]"}`, platform/sequence.ts) is a
   * first guess of n, so a busy minute costs a lookup and an insert, not a walk past every entry
   * filed in it; a round deletes the counters of the minutes its cursor passed (nothing is filed
   * behind the cursor).
   */
  async function file(minute: number, ref: string, dueAt: Date, from = 1): Promise<number> {
    const slot = writerSlot(`${name}:${minute}`);
    await markHour(hourOf(minute));
    const insert = (n: number, entry: { ref: string; doneAt: Date | null }) =>
      insertedKeyUnlessTaken(DueEntryModel, { _id: entryId(minute, slot, n), dueAt, ...entry });
    return takeNext(minuteCounterId(minute, slot), from, (n) => insert(n, { ref, doneAt: null }), {
      // A place whose insert failed, if no later entry of the minute takes it: a done entry.
      fill: (n) => insert(n, { ref: '', doneAt: new Date() }),
    });
  }

  /**
   * The minutes before the cursor are over: every entry in them was done, and nothing is filed
   * behind the cursor, so their entries, counters and the markers of hours wholly behind it go. A
   * round of another replica still reading one finds an entry missing and stops there, as it would
   * at the minute's end (all it skips was done).
   */
  async function forgetPassed(
    filedIn: Map<number, Map<number, number>>,
    cursor: number,
  ): Promise<void> {
    const hours = new Set<number>();
    const entries: string[] = [];
    const counters: string[] = [];
    for (const [minute, slots] of filedIn) {
      if (minute >= cursor) continue;
      for (const [slot, count] of slots) {
        entries.push(...Array.from({ length: count }, (_, i) => entryId(minute, slot, i + 1)));
        counters.push(minuteCounterId(minute, slot));
      }
      if ((hourOf(minute) + 1) * 60 <= cursor) hours.add(hourOf(minute));
    }
    // The entries first, then their minutes' counters, then the hours' markers.
    await deleteByKeys(DueEntryModel, entries);
    await deleteByKeys(CounterModel, counters);
    await deleteByKeys(DueHourModel, [...hours].map(hourId));
  }

  async function add(ref: string, dueAt: Date, now = new Date()): Promise<void> {
    await ensureCursor(now);
    await file(Math.max(minuteOf(dueAt), minuteOf(now)), ref, dueAt);
  }

  return {
    name,
    add,

    async addMany(refs, from, perMinute = 200) {
      const now = new Date();
      await ensureCursor(now);
      const first = Math.max(minuteOf(from), minuteOf(now));
      let n = 0;
      for (const [index, ref] of refs.entries()) {
        const minute = first + Math.floor(index / perMinute);
        if (index % perMinute === 0) n = 0;
        n = await file(minute, ref, new Date(minute * MINUTE_MS), n + 1);
      }
    },

    async runRound(now, handle, batch = 500) {
      const start = await counterValue(cursorId, 0);
      if (start === 0) return { handled: 0, cursor: 0 }; // nothing was ever filed
      const last = Math.min(minuteOf(now), start + MAX_MINUTES_PER_ROUND);
      let handled = 0;
      let firstOpen = Number.POSITIVE_INFINITY;
      let failure: unknown = null;
      /** The minutes read that hold entries, and how many in each slot. */
      const filedIn = new Map<number, Map<number, number>>();
      /** The entries of the minutes read ahead, MINUTES_PER_LOOKUP of an hour in one lookup. */
      let readAhead = new Map<string, Array<{ slot: number; n: number; item: DueEntryRecord }>>();
      let minute = start;
      for (; minute <= last && handled < batch; minute++) {
        if (minute === start || minute % 60 === 0) {
          const hour = hourOf(minute);
          if (!(await keyExists(DueHourModel, hourId(hour)))) {
            minute = Math.min((hour + 1) * 60, last + 1) - 1; // the next hour (the loop adds one)
            continue;
          }
        }
        if (!readAhead.has(String(minute))) {
          const upTo = Math.min(minute + MINUTES_PER_LOOKUP, (hourOf(minute) + 1) * 60, last + 1);
          const minutes = Array.from({ length: upTo - minute }, (_, i) => String(minute + i));
          readAhead = await readBucketsUp(
            minutes,
            (at, slot, n) => entryId(Number(at), slot, n),
            (ids) => findByKeys<DueEntryRecord>(DueEntryModel, ids),
          );
        }
        const entries = readAhead.get(String(minute))!;
        for (const { slot, n, item: entry } of entries) {
          const slots = filedIn.get(minute) ?? new Map<number, number>();
          filedIn.set(minute, slots.set(slot, n));
          if (entry.doneAt) continue;
          if (entry.dueAt.getTime() > now.getTime()) {
            firstOpen = Math.min(firstOpen, minute); // filed in this minute, due later in it
            continue;
          }
          handled += 1;
          try {
            const outcome = await handle(entry.ref, entry.dueAt);
            // Filed anew at or after the minute it is now (never behind any replica's cursor).
            if (outcome !== 'done') await add(entry.ref, outcome.later);
            await DueEntryModel.updateOne({ _id: entry._id }, { $set: { doneAt: new Date() } });
          } catch (error) {
            firstOpen = Math.min(firstOpen, minute);
            failure ??= error;
          }
        }
      }
      // Every minute before `minute` was read, each entry handled or still open at firstOpen.
      const to = Math.min(firstOpen, minute, minuteOf(new Date()) - GRACE_MINUTES);
      if (to > start) {
        await CounterModel.updateOne({ _id: cursorId }, { $max: { value: to } });
        await forgetPassed(filedIn, to);
      }
      if (failure) throw failure;
      return { handled, cursor: Math.max(start, to) };
    },
  };
}
