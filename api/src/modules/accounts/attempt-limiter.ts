// "At most N attempts per window" counted in the database, so the limit holds across replicas and
// restarts, and enforced at the write so concurrent attempts cannot overshoot it; every read and
// write is by _id, so a limited call costs the same however many other keys have attempts
// (api/README.md, "Attempt limits" and "Cost that does not grow").
//
// FerretDB v1 applies an update as read-then-write, so no conditional update can be the guard; an
// insert under a unique _id is. A key has N lanes (N = the limit), each holding at most one attempt
// that counts: the window is exact and sliding (N attempts in any windowMs, the N+1th waits until the
// oldest leaves it). A lane's attempt is `limited_attempts {_id: "{limiter}|{key}|{lane}|{w}"}`,
// w = the fixed window (at / windowMs) it was made in. An attempt counts for windowMs, so a lane's
// attempt that still counts is in window w or w - 1 of now: two lookups tell whether a lane is free,
// and an attempt takes a free lane by inserting its document for the current w, so of two attempts
// judging one lane only one gets in (the other tries the next lane). A key seldom tried (most keys)
// takes lane 1 at once, its insert sent beside the read of lane 1's previous window; otherwise a
// claim reads lanes from 1 up to the first free one (a full key all N, never more). Giving an
// attempt back or forgetting a key deletes by _id. Each attempt is filed in the limiter's due queue
// (platform/due-queue.ts) for when it stops counting, and the sweep deletes it then.
import mongoose, { Schema } from 'mongoose';
import { dueQueue, type DueQueue } from '../../platform/due-queue';
import { deleteByKeys, findByKey, findByKeys, insertedKeyUnlessTaken } from '../../platform/db';

interface AttemptRecord {
  _id: string;
  limiter: string;
  key: string;
  lane: number;
  at: Date;
}

const AttemptModel = mongoose.model<AttemptRecord>(
  'LimitedAttempt',
  new Schema<AttemptRecord>(
    {
      _id: { type: String, required: true },
      limiter: { type: String, required: true },
      key: { type: String, required: true },
      lane: { type: Number, required: true },
      at: { type: Date, required: true },
    },
    { versionKey: false },
  ),
  'limited_attempts',
);

export type AttemptClaim =
  { allowed: true; release(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

export interface AttemptLimiter {
  readonly limit: number;
  readonly windowMs: number;
  /** Takes one attempt for key, or says how long until one is free. */
  claim(key: string, now?: Date): Promise<AttemptClaim>;
  /** Forgets every attempt of key (after a successful sign-in, say). */
  reset(key: string): Promise<void>;
  /** Deletes attempts past their window, as their due queue files them (the periodic sweep). */
  sweep(now?: Date): Promise<number>;
}

/** Lanes read in one lookup while looking for a free one (when lane 1 could not be taken at once). */
const LANES_PER_READ = 5;
/** Each lost race means someone else's attempt took the lane; this bounds a pathological pile-up. */
const MAX_RACES = 100;

/** The limiter's due queue, one per limiter (`attempts:{limiter}`). */
export function attemptsDue(limiter: string): DueQueue {
  return dueQueue(`attempts:${limiter}`);
}

export function attemptLimiter(limiter: string, limit: number, windowMs: number): AttemptLimiter {
  const due = attemptsDue(limiter);
  const idOf = (key: string, lane: number, window: number) => `${limiter}|${key}|${lane}|${window}`;
  const counts = (attempt: AttemptRecord | null, now: number) =>
    attempt !== null && attempt.at.getTime() + windowMs > now;

  /** The lanes' attempts of the current and the previous window, in one lookup, lane by lane. */
  async function readLanes(key: string, lanes: number[], window: number) {
    const found = await findByKeys<AttemptRecord>(
      AttemptModel,
      lanes.flatMap((lane) => [idOf(key, lane, window), idOf(key, lane, window - 1)]),
    );
    return lanes.map((lane) => ({
      lane,
      current: found.get(idOf(key, lane, window)) ?? null,
      previous: found.get(idOf(key, lane, window - 1)) ?? null,
    }));
  }

  /** Takes the lane for this window; false when another attempt got there first. */
  async function take(
    key: string,
    lane: number,
    window: number,
    current: AttemptRecord | null,
    at: Date,
    /** Whether the attempt's due entry is filed already (lane 1's is, by the first try). */
    filed: boolean,
  ) {
    const _id = idOf(key, lane, window);
    // Only when the clock or a test moved an attempt's time back: it no longer counts, so it goes.
    if (current) await AttemptModel.deleteOne({ _id });
    if (!filed) await due.add(_id, new Date(at.getTime() + windowMs));
    return insertedKeyUnlessTaken(AttemptModel, { _id, limiter, key, lane, at });
  }

  /**
   * Lane 1 taken in one round trip, as most keys (seldom tried) can: the attempt is inserted for this
   * window while the previous window's is read and the due entry filed. False when lane 1 is not
   * free: taken this window (the insert lost), or holding the previous window's attempt still
   * counting (this one is given back at once); the lanes are read then.
   */
  async function tookLaneOneAtOnce(key: string, window: number, at: Date): Promise<boolean> {
    const _id = idOf(key, 1, window);
    const [wentIn, previous] = await Promise.all([
      insertedKeyUnlessTaken(AttemptModel, { _id, limiter, key, lane: 1, at }),
      findByKey<AttemptRecord>(AttemptModel, idOf(key, 1, window - 1)),
      due.add(_id, new Date(at.getTime() + windowMs)),
    ]);
    if (wentIn && !counts(previous, at.getTime())) return true;
    if (wentIn) await AttemptModel.deleteOne({ _id });
    return false;
  }

  const allowed = (_id: string): AttemptClaim => ({
    allowed: true,
    // Gives the attempt back: it no longer counts.
    release: async () => {
      await AttemptModel.deleteOne({ _id });
    },
  });

  return {
    limit,
    windowMs,
    async claim(key, now = new Date()) {
      const nowMs = now.getTime();
      const window = Math.floor(nowMs / windowMs);
      if (await tookLaneOneAtOnce(key, window, now)) return allowed(idOf(key, 1, window));
      for (let race = 0; race < MAX_RACES; race++) {
        /** When each busy lane read frees up. */
        const freeAt: number[] = [];
        let lost = false;
        for (let first = 1; first <= limit && !lost;) {
          const lanes = Array.from(
            { length: Math.min(LANES_PER_READ, limit - first + 1) },
            (_, i) => first + i,
          );
          first += lanes.length;
          for (const { lane, current, previous } of await readLanes(key, lanes, window)) {
            const busy = [current, previous].filter((attempt) => counts(attempt, nowMs));
            if (busy.length > 0) {
              freeAt.push(Math.max(...busy.map((attempt) => attempt!.at.getTime() + windowMs)));
              continue;
            }
            if (!(await take(key, lane, window, current, now, lane === 1))) {
              lost = true; // taken in between: judge the key again
              break;
            }
            return allowed(idOf(key, lane, window));
          }
        }
        if (!lost) {
          return {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil((Math.min(...freeAt) - nowMs) / 1000)),
          };
        }
      }
      throw new Error(`Attempt limiter ${limiter}: too much contention on one key`);
    },
    async reset(key) {
      const window = Math.floor(Date.now() / windowMs);
      const ids = Array.from({ length: limit }, (_, i) => [
        idOf(key, i + 1, window),
        idOf(key, i + 1, window - 1),
      ]).flat();
      await deleteByKeys(AttemptModel, ids);
    },
    async sweep(now = new Date()) {
      let deleted = 0;
      for (let round = 0; round < 20; round++) {
        const { handled } = await due.runRound(now, async (_id) => {
          const attempt = await AttemptModel.findById(_id).lean<AttemptRecord>();
          // Given back, forgotten, or made again later under the same _id (filed again then).
          if (!attempt || counts(attempt, now.getTime())) return 'done';
          const { deletedCount } = await AttemptModel.deleteOne({ _id });
          deleted += deletedCount;
          return 'done';
        });
        if (handled < 500) break;
      }
      return deleted;
    },
  };
}

export type ClaimedAll =
  | { allowed: true; claims: Array<{ release(): Promise<void> }> }
  | { allowed: false; retryAfterSeconds: number; refusedBy: AttemptLimiter };

/**
 * Takes one attempt from each limiter for its key, in order; when one refuses, the attempts already
 * taken are given back (the attempt is not made) and the refusing limiter is named.
 */
export async function claimEach(
  limits: ReadonlyArray<readonly [AttemptLimiter, string]>,
  now = new Date(),
): Promise<ClaimedAll> {
  const claims: Array<{ release(): Promise<void> }> = [];
  for (const [limiter, key] of limits) {
    const claim = await limiter.claim(key, now);
    if (!claim.allowed) {
      await Promise.all(claims.map((taken) => taken.release()));
      return { allowed: false, retryAfterSeconds: claim.retryAfterSeconds, refusedBy: limiter };
    }
    claims.push(claim);
  }
  return { allowed: true, claims };
}
