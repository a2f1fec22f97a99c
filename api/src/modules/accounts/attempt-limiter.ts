// "At most N attempts per window" counted in the database, so the limit holds across replicas and
// restarts, and enforced at the write so concurrent attempts cannot overshoot it.
//
// FerretDB v1 applies an update as read-then-write (20 concurrent guarded updates of one document can
// all succeed), so no conditional update can be the guard here. What is atomic on FerretDB and MongoDB
// alike is an insert against a unique index. Each attempt is therefore a document numbered in sequence
// per key, { limiter, key, seq } unique: an attempt reads the key's latest attempts, decides, and
// inserts seq = latest + 1. If anyone else inserted in between, that number is taken, the insert fails,
// and the attempt decides again on the new state; so every accepted attempt was judged on an exact
// picture and no more than N ever fall in one window. The window ends by the attempts' own timestamps
// (FerretDB has no TTL, docs/design.md section 3); a periodic sweep deletes attempts past their window.
import mongoose, { Schema, type Types } from 'mongoose';
import { isDuplicateKeyError, trusted } from '../../platform/db';

interface AttemptRecord {
  _id: Types.ObjectId;
  limiter: string;
  key: string;
  seq: number;
  at: Date;
}

const attemptSchema = new Schema<AttemptRecord>(
  {
    limiter: { type: String, required: true },
    key: { type: String, required: true },
    seq: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
attemptSchema.index({ limiter: 1, key: 1, seq: 1 }, { unique: true });
attemptSchema.index({ limiter: 1, at: 1 });

const AttemptModel = mongoose.model<AttemptRecord>(
  'LimitedAttempt',
  attemptSchema,
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
  /** Deletes attempts past their window: they count for nothing any more (the periodic sweep). */
  sweep(now?: Date): Promise<number>;
}

/** Enough for any realistic burst on one key; each lost race means someone else's attempt counted. */
const MAX_RACES = 100;

export function attemptLimiter(limiter: string, limit: number, windowMs: number): AttemptLimiter {
  return {
    limit,
    windowMs,
    async claim(key, now = new Date()) {
      // The unique index is the guard: it must exist before the first insert relies on it.
      await AttemptModel.init();
      const windowStart = now.getTime() - windowMs;
      for (let race = 0; race < MAX_RACES; race++) {
        const latest = await AttemptModel.find({ limiter, key }, { seq: 1, at: 1 })
          .sort({ seq: -1 })
          .limit(limit)
          .lean();
        const inWindow = latest.filter((attempt) => attempt.at.getTime() > windowStart);
        if (inWindow.length >= limit) {
          const oldest = Math.min(...inWindow.map((attempt) => attempt.at.getTime()));
          return {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now.getTime()) / 1000)),
          };
        }
        try {
          const created = await AttemptModel.create({
            limiter,
            key,
            seq: (latest[0]?.seq ?? -1) + 1,
            at: now,
          });
          return {
            allowed: true,
            // Gives the attempt back: it no longer counts.
            release: async () => {
              await AttemptModel.deleteOne({ _id: created._id });
            },
          };
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
      }
      throw new Error(`Attempt limiter ${limiter}: too much contention on one key`);
    },
    async reset(key) {
      await AttemptModel.deleteMany({ limiter, key });
    },
    async sweep(now = new Date()) {
      const { deletedCount } = await AttemptModel.deleteMany({
        limiter,
        at: trusted({ $lte: new Date(now.getTime() - windowMs) }),
      });
      return deletedCount;
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
