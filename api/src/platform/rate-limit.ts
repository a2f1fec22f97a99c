// Attempt limits: "at most N attempts in any windowMs", counted in the database, so a limit holds
// across replicas and restarts. One document per limiter and key holds the times of the key's recent
// attempts (at most N, oldest first). A claim inserts it with its own attempt when there is none (an
// upsert that only sets on insert, which answers the document when it is there), or writes the list
// with its own attempt added under a compare-and-swap on `rev`: of two claims judging the same list
// one writes and the other judges again, so concurrent claims never exceed the limit. The window
// slides: an attempt counts for windowMs after it was made, and a refusal says when the oldest one
// stops counting. A key's document expires windowMs after its last attempt (platform/expiry.ts).
import { createHash } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import { insertUnlessTaken, isDuplicateKeyError } from './db';
import { expiringAt, sweepWhenExpired } from './expiry';

interface RateLimitRecord {
  /** `{limiter}|{key}` */
  _id: string;
  /** The attempts that may still count, oldest first. */
  hits: Date[];
  /** Raised by every write: the compare-and-swap's guard. */
  rev: number;
  expiresAt: Date;
}

export const RateLimitModel = sweepWhenExpired(
  mongoose.model<RateLimitRecord>(
    'RateLimit',
    new Schema<RateLimitRecord>(
      {
        _id: { type: String, required: true },
        hits: { type: [Date], required: true },
        rev: { type: Number, required: true },
        expiresAt: expiringAt(),
      },
      { versionKey: false },
    ),
    'rate_limits',
  ),
);

type AttemptClaim =
  { allowed: true; release(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

interface AttemptLimiter {
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
  /** Takes one attempt for key, or says how long until one is free. */
  claim(key: string, now?: Date): Promise<AttemptClaim>;
  /** Forgets every attempt of key (after a successful sign-in, say). */
  reset(key: string): Promise<void>;
}

/** Each lost compare-and-swap means another claim wrote; this bounds a pathological pile-up. */
const MAX_RACES = 100;

/** Writes the key's attempts if nobody wrote them since `seen` was read; false when someone did. */
async function swapped(_id: string, seen: RateLimitRecord | null, hits: Date[], expiresAt: Date) {
  if (!seen)
    return insertUnlessTaken(() => RateLimitModel.create({ _id, hits, rev: 1, expiresAt }));
  const { matchedCount } = await RateLimitModel.updateOne(
    { _id, rev: seen.rev },
    { $set: { hits, rev: seen.rev + 1, expiresAt } },
  );
  return matchedCount === 1;
}

/**
 * A key's document as a claim first finds it, in one command: when there is none, this claim's
 * attempt is inserted as it (an upsert that sets fields only on insert) and `inserted` is true; when
 * there is one, it is answered unchanged.
 */
async function readOrInsert(
  _id: string,
  now: Date,
  windowMs: number,
): Promise<{ inserted: true } | { inserted: false; seen: RateLimitRecord }> {
  try {
    const seen = await RateLimitModel.findOneAndUpdate(
      { _id },
      { $setOnInsert: { hits: [now], rev: 1, expiresAt: new Date(now.getTime() + windowMs) } },
      { upsert: true, new: false },
    ).lean<RateLimitRecord>();
    return seen ? { inserted: false, seen } : { inserted: true };
  } catch (error) {
    // Two first claims of one key at once: the other inserted it, so it is read now.
    if (!isDuplicateKeyError(error)) throw error;
    const seen = await RateLimitModel.findById(_id).lean<RateLimitRecord>();
    if (!seen) throw error;
    return { inserted: false, seen };
  }
}

export function attemptLimiter(name: string, limit: number, windowMs: number): AttemptLimiter {
  const idOf = (key: string) => `${name}|${key}`;
  const read = (_id: string) => RateLimitModel.findById(_id).lean<RateLimitRecord>();

  /** Gives one attempt made at `at` back (compare-and-swap too); gone already is fine. */
  async function giveBack(_id: string, at: Date): Promise<void> {
    for (let race = 0; race < MAX_RACES; race++) {
      const seen = await read(_id);
      const index = seen?.hits.findIndex((hit) => hit.getTime() === at.getTime()) ?? -1;
      if (!seen || index < 0) return;
      const hits = [...seen.hits.slice(0, index), ...seen.hits.slice(index + 1)];
      if (await swapped(_id, seen, hits, seen.expiresAt)) return;
    }
    throw new Error(`Attempt limiter ${name}: too much contention on one key`);
  }

  return {
    name,
    limit,
    windowMs,
    async claim(key, now = new Date()) {
      const _id = idOf(key);
      const first = await readOrInsert(_id, now, windowMs);
      if (first.inserted) return { allowed: true, release: () => giveBack(_id, now) };
      for (let race = 0; race < MAX_RACES; race++) {
        const seen = race === 0 ? first.seen : await read(_id);
        const counting = (seen?.hits ?? []).filter(
          (hit) => hit.getTime() + windowMs > now.getTime(),
        );
        if (counting.length >= limit) {
          // The attempt whose leaving frees a place (the oldest, when the list is full).
          const frees = counting[counting.length - limit]!.getTime() + windowMs;
          return {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil((frees - now.getTime()) / 1000)),
          };
        }
        const hits = [...counting, now].sort((a, b) => a.getTime() - b.getTime());
        const expiresAt = new Date(hits.at(-1)!.getTime() + windowMs);
        if (await swapped(_id, seen, hits, expiresAt))
          return { allowed: true, release: () => giveBack(_id, now) };
      }
      throw new Error(`Attempt limiter ${name}: too much contention on one key`);
    },
    async reset(key) {
      await RateLimitModel.deleteOne({ _id: idOf(key) });
    },
  };
}

/**
 * The key of a limit per mail recipient (mail a stranger can have sent to an address they choose):
 * the address trimmed and lower-cased, so however it is written it is one mailbox, hashed (SHA-256),
 * so the limits' documents keep no address.
 */
export function recipientKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('base64url');
}

type ClaimedAll =
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
