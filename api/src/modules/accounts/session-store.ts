// The sessions collection that connect-mongo writes (stored as objects, see sessions.ts), and what
// finds a customer's sessions and the expired ones by key rather than by a filter (on FerretDB v1 any
// filter but a lone `{_id: x}` reads every session; api/README.md, "Cost that does not grow"):
//
// - `customer_sessions {_id: "{customerId}:{k}", sessionId}`, k = 1, 2, ... taken by an insert at each
//   sign-in, so signing a customer out everywhere is a walk of their k (it stops at the first k
//   missing, as `customer_orders` does) and a delete of each session by _id. The walk starts at
//   `customer_session_heads {_id: customerId, from}`: the entries before it are of sessions gone
//   (a sign-out everywhere, or up to two ended ones stepped over at each sign-in), so a customer's
//   walk is about their live sessions, not every sign-in they ever made.
// - The sessions due queue (platform/due-queue.ts): each signed-in session is filed at the end of its
//   idle lifetime; the sweep deletes it then, or files it again at its new expiry if it was used.
import mongoose, { Schema } from 'mongoose';
import { deleteByKeys } from '../../platform/db';
import { dueQueue } from '../../platform/due-queue';
import { insertedUnlessTaken } from '../../platform/sequence';

export const SESSION_COLLECTION = 'sessions';

export function sessionsCollection() {
  return mongoose.connection.collection<{ _id: string; expires?: Date }>(SESSION_COLLECTION);
}

interface CustomerSessionRecord {
  _id: string;
  sessionId: string;
  at: Date;
}

export const CustomerSessionModel = mongoose.model<CustomerSessionRecord>(
  'CustomerSession',
  new Schema<CustomerSessionRecord>(
    {
      _id: { type: String, required: true },
      sessionId: { type: String, required: true },
      at: { type: Date, required: true },
    },
    { versionKey: false },
  ),
  'customer_sessions',
);

interface CustomerSessionHeadRecord {
  _id: string;
  from: number;
}

export const CustomerSessionHeadModel = mongoose.model<CustomerSessionHeadRecord>(
  'CustomerSessionHead',
  new Schema<CustomerSessionHeadRecord>(
    { _id: { type: String, required: true }, from: { type: Number, required: true } },
    { versionKey: false },
  ),
  'customer_session_heads',
);

/** The signed-in sessions to end when their idle lifetime is over (the sessions job). */
export const sessionsDue = dueQueue('sessions');

const entryId = (customerId: string, k: number) => `${customerId}:${k}`;
/** Ended sessions stepped over at the front of a customer's list at each sign-in. */
const PRUNED_PER_SIGN_IN = 2;

async function firstListed(customerId: string): Promise<number> {
  const head =
    await CustomerSessionHeadModel.findById(customerId).lean<CustomerSessionHeadRecord>();
  return head?.from ?? 1;
}

/** Moves the customer's walk on to `from` (never back). */
async function raiseHead(customerId: string, from: number): Promise<void> {
  try {
    await CustomerSessionHeadModel.updateOne(
      { _id: customerId },
      { $max: { from } },
      { upsert: true },
    );
  } catch {
    // A concurrent first upsert: the other one raised it; a lagging head only costs lookups.
  }
}

async function isLive(sessionId: string, now: Date): Promise<boolean> {
  const session = await sessionsCollection().findOne({ _id: sessionId });
  return Boolean(session && (!session.expires || session.expires.getTime() > now.getTime()));
}

/**
 * Lists a session just signed in under its customer and files its end in the due queue. Called
 * before the session is written (at the end of the answer): a session is never stored unlisted.
 */
export async function listSignedInSession(
  customerId: string,
  sessionId: string,
  expiresAt: Date,
  now = new Date(),
): Promise<void> {
  await sessionsDue.add(sessionId, expiresAt, now);
  let from = await firstListed(customerId);
  const start = from;
  for (let i = 0; i < PRUNED_PER_SIGN_IN; i++) {
    const entry = await CustomerSessionModel.findById(entryId(customerId, from)).lean();
    if (!entry || entry.sessionId === sessionId || (await isLive(entry.sessionId, now))) break;
    from += 1;
  }
  if (from > start) await raiseHead(customerId, from);
  for (let k = from; ; k++) {
    const taken = await CustomerSessionModel.findById(entryId(customerId, k)).lean();
    if (taken?.sessionId === sessionId) return;
    if (taken) continue;
    const inserted = await insertedUnlessTaken(() =>
      CustomerSessionModel.create({ _id: entryId(customerId, k), sessionId, at: now }),
    );
    if (inserted) return;
  }
}

/** The customer's listed entries from the head on: `[k, sessionId]`. */
async function listedSessions(customerId: string, from: number) {
  const listed: Array<[number, string]> = [];
  for (let k = from; ; k++) {
    const entry = await CustomerSessionModel.findById(entryId(customerId, k)).lean();
    if (!entry) return listed;
    listed.push([k, entry.sessionId]);
  }
}

/**
 * Deletes the customer's sessions but keepSessionId's, each by _id; the walk then starts at the kept
 * one (or after the last). How many were deleted.
 */
async function endSessionsOf(customerId: string, keepSessionId: string | null): Promise<number> {
  const listed = await listedSessions(customerId, await firstListed(customerId));
  let deleted = 0;
  for (const [, sessionId] of listed) {
    if (sessionId === keepSessionId) continue;
    deleted += (await sessionsCollection().deleteOne({ _id: sessionId })).deletedCount;
  }
  const kept = listed.find(([, sessionId]) => sessionId === keepSessionId);
  const next = kept ? kept[0] : (listed.at(-1)?.[0] ?? 0) + 1;
  if (listed.length > 0) await raiseHead(customerId, next);
  return deleted;
}

/** Signs the customer out everywhere except the session keepSessionId (after a password change). */
export function signOutOtherSessions(customerId: string, keepSessionId: string): Promise<number> {
  return endSessionsOf(customerId, keepSessionId);
}

/** Signs the customer out everywhere (a password reset). */
export function signOutEverywhere(customerId: string): Promise<number> {
  return endSessionsOf(customerId, null);
}

/**
 * The account was deleted: its sessions, then its whole list (every k from 1, the entries before the
 * head too) and the head. The cost is this customer's sign-ins, not every customer's.
 */
export async function forgetSessionsOf(customerId: string): Promise<void> {
  await signOutEverywhere(customerId);
  const listed = await listedSessions(customerId, 1);
  await deleteByKeys(
    CustomerSessionModel,
    listed.map(([k]) => entryId(customerId, k)),
  );
  await CustomerSessionHeadModel.deleteOne({ _id: customerId });
}

/**
 * Deletes the sessions whose idle lifetime is over, read from the due queue: a session used since
 * (its expiry pushed on) is filed again at its new expiry. How many were deleted.
 */
export async function sweepExpiredSessions(now = new Date()): Promise<number> {
  let deleted = 0;
  await sessionsDue.runRound(now, async (sessionId) => {
    const session = await sessionsCollection().findOne({ _id: sessionId });
    if (!session) return 'done';
    if (session.expires && session.expires.getTime() > now.getTime())
      return { later: session.expires };
    deleted += (await sessionsCollection().deleteOne({ _id: sessionId })).deletedCount;
    return 'done';
  });
  return deleted;
}
