// Data access for the outbox; plain objects out.
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { findByKey, findByKeys, findEachByKey, insertedKeyUnlessTaken } from '../../platform/db';
import { dueQueue } from '../../platform/due-queue';
import { crashAt } from '../../platform/fault-points';
import {
  CounterModel,
  counterValue,
  highestTaken,
  insertedManyUnlessTaken,
  insertedUnlessTaken,
  readPositionsDown,
  readBucketsUp,
  slotPrefix,
  takeNextOfEach,
  writerSlot,
} from '../../platform/sequence';
import {
  MailClaimModel,
  MailDueModel,
  OutboxModel,
  OutboxPositionModel,
  type MailDueRecord,
  type OutboxRecord,
} from './model';

export const OUTBOX_POSITION_COUNTER = 'outboxPosition';
/** The mail worker's cursor: the first second of the due queue that may hold an entry not done. */
export const MAIL_DUE_CURSOR = 'mailDue';

export type NewMail = Pick<
  OutboxRecord,
  'key' | 'kind' | 'to' | 'replyTo' | 'subject' | 'text' | 'html'
> & { attachments?: OutboxRecord['attachments'] };

/**
 * The message's id, from its key: the same event queued twice names the same message, so a repeat is
 * found by a lookup by _id (the unique key index stays the safety net).
 */
export function mailIdOf(key: string): Types.ObjectId {
  return new Types.ObjectId(createHash('sha256').update(key).digest('hex').slice(0, 24));
}

/**
 * Queues messages (one event's, say a payment's confirmation, notice and proof): for each, whether
 * it went in, false when a message with its key is queued already (the same event reported twice).
 * Their first attempts' due entries and their places on the admin's list are taken first, each kind
 * by one insert of them all, and the messages written last, by one insert, each carrying its
 * position: a process that dies at any step leaves either no message (an entry the worker drops
 * after a minute, a place the list skips; the request's retry queues it again) or a message that is
 * both due and listed, never a message sent but not listed. A repeat leaves an entry the worker finds
 * already made and a place the list skips.
 */
export async function insertMails(
  mails: NewMail[],
  now: Date,
  /** Done before the messages are written (queueMail's writeAfter). */
  writeAfter?: Promise<unknown>,
): Promise<boolean[]> {
  const ids = mails.map((mail) => mailIdOf(mail.key));
  const [, positions] = await Promise.all([
    enqueueAttempts(ids, 0, now, now),
    takeNextOfEach(
      ids.map(() => ({ counter: OUTBOX_POSITION_COUNTER, first: 1 })),
      (candidates) =>
        insertedManyUnlessTaken(
          OutboxPositionModel.collection,
          candidates.map(({ index, n }) => ({ _id: String(n), mailId: ids[index] })),
        ),
      { blocks: true },
    ),
    writeAfter,
  ]);
  // Written as stored, every field present (the schema's defaults are what a new message has).
  const wentIn = await insertedManyUnlessTaken(
    OutboxModel.collection,
    mails.map((mail, index) => ({
      key: mail.key,
      kind: mail.kind,
      to: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: (mail.attachments ?? []).map(({ filename, ref }) => ({ filename, ref })),
      _id: ids[index],
      createdAt: now,
      sentAt: null,
      error: null,
      attempts: 0,
      nextAttemptAt: now,
      failedAt: null,
      position: positions[index],
    })),
  );
  crashAt('after-mail-write');
  return wentIn;
}

/**
 * The messages at list positions below `before`'s (or from the newest), newest first: lookups, a
 * batch at a time past empty places (a position taken by a request that died before its message).
 */
export async function listMail({
  before,
  limit,
}: {
  before?: string;
  limit: number;
}): Promise<OutboxRecord[]> {
  let top: number;
  if (before) {
    const last = await OutboxModel.findById(before, { position: 1 }).lean<OutboxRecord>();
    if (!last?.position) return [];
    top = last.position - 1;
  } else {
    top = await highestTaken(OUTBOX_POSITION_COUNTER, 1, async (k) =>
      Boolean(await OutboxPositionModel.exists({ _id: String(k) })),
    );
  }
  const { found } = await readPositionsDown(top, limit, async (positions) => {
    const entries = await findEachByKey<{ mailId: Types.ObjectId }>(
      OutboxPositionModel,
      positions.map(String),
    );
    const mails = await findEachByKey<OutboxRecord>(
      OutboxModel,
      entries.map((entry) => entry?.mailId ?? null),
    );
    // A message is listed at the place it carries: a place left by a request that died before
    // writing it names the same message (its id comes from its key) as the retry's place.
    return mails.map((mail, i) =>
      mail && (mail.position == null || mail.position === positions[i]) ? mail : null,
    );
  });
  return found;
}

const second = (at: Date) => Math.floor(at.getTime() / 1000);

/** Whether this process has seen the due queue's cursor (once written, it is only moved on). */
let cursorSeen = false;
/** How long ago an attempt may have fallen due and still be filed without reading the cursor. */
const RECENT_MS = 5_000;

/**
 * Puts the messages' attempts in the due queue at the second they are due, never before the
 * worker's cursor (a second the worker has passed is not read again): one insert of them all.
 */
export async function enqueueAttempts(
  mailIds: Types.ObjectId[],
  attempt: number,
  dueAt: Date,
  now: Date,
): Promise<void> {
  // Due at most a few seconds ago by this machine's clock (a message queued now: its `now` was
  // taken a moment before), after the cursor was seen: the cursor stays CURSOR_GRACE_SECONDS (30,
  // mail.ts) behind the clocks, so the entry lands after it unread without reading it.
  let cursor =
    cursorSeen && dueAt.getTime() >= Date.now() - RECENT_MS
      ? 0
      : await counterValue(MAIL_DUE_CURSOR, 0);
  if (cursor === 0 && !cursorSeen) {
    await insertedUnlessTaken(() =>
      CounterModel.create({ _id: MAIL_DUE_CURSOR, value: second(dueAt) }),
    );
    cursor = await counterValue(MAIL_DUE_CURSOR, 0);
  }
  cursorSeen = true;
  const at = Math.max(second(dueAt), cursor);
  // The next free n of this process's slot of the second, from its hand (no counter for a second's
  // entries): `{second}[:s{slot}]:{n}` (platform/sequence.ts, writerSlot).
  const slot = writerSlot(`mailDue:${at}`);
  const entry = (n: number, fields: { mailId: Types.ObjectId; doneAt: Date | null }) => ({
    _id: `${slotPrefix(String(at), slot)}:${n}`,
    attempt,
    createdAt: now,
    ...fields,
  });
  const counter = slotPrefix(`mailDue:${at}`, slot);
  await takeNextOfEach(
    mailIds.map(() => ({ counter, first: 1 })),
    (candidates) =>
      insertedManyUnlessTaken(
        MailDueModel.collection,
        candidates.map(({ index, n }) => entry(n, { mailId: mailIds[index]!, doneAt: null })),
      ),
    {
      counter: false,
      // A place whose insert failed, if no later message of the second takes it: a done entry.
      fill: (n) =>
        insertedKeyUnlessTaken(
          MailDueModel,
          entry(n, { mailId: new Types.ObjectId(), doneAt: new Date() }),
        ),
    },
  );
}

/** Puts one attempt in the due queue (enqueueAttempts). */
export async function enqueueAttempt(
  mailId: Types.ObjectId,
  attempt: number,
  dueAt: Date,
  now: Date,
): Promise<void> {
  await enqueueAttempts([mailId], attempt, dueAt, now);
}

/** Seconds of the queue read in one lookup (their first places: 8 writer slots each). */
const SECONDS_PER_LOOKUP = 32;

/** How many seconds of the queue one round reads at most (after a long stop it catches up). */
const MAX_SECONDS_PER_ROUND = 1200;

/**
 * The due entries not done, from the cursor up to now (at most `limit`, whole seconds), and the last
 * second read: every entry of the seconds read is either returned or done.
 */
export async function findDueAttempts(
  now: Date,
  limit: number,
): Promise<{ due: MailDueRecord[]; readUpTo: number; cursor: number }> {
  const cursor = await counterValue(MAIL_DUE_CURSOR, 0);
  const due: MailDueRecord[] = [];
  if (cursor === 0) return { due, readUpTo: 0, cursor };
  const last = Math.min(second(now), cursor + MAX_SECONDS_PER_ROUND);
  let readUpTo = cursor - 1;
  // SECONDS_PER_LOOKUP seconds' slots in one lookup (the cursor stays 30 s behind the clock, so a
  // round reads at least that many), until `limit` entries are found at the end of a second.
  for (let from = cursor; from <= last && due.length < limit; from += SECONDS_PER_LOOKUP) {
    const seconds = Array.from({ length: Math.min(SECONDS_PER_LOOKUP, last - from + 1) }, (_, i) =>
      String(from + i),
    );
    const entries = await readBucketsUp(
      seconds,
      (at, slot, n) => `${slotPrefix(at, slot)}:${n}`,
      (ids) => findByKeys<MailDueRecord>(MailDueModel, ids),
    );
    for (const at of seconds) {
      if (due.length >= limit) break;
      for (const { item: entry } of entries.get(at)!) if (!entry.doneAt) due.push(entry);
      readUpTo = Number(at);
    }
  }
  return { due, readUpTo, cursor };
}

export async function markAttemptDone(entryId: string, now: Date): Promise<void> {
  await MailDueModel.updateOne({ _id: entryId }, { $set: { doneAt: now } });
}

/**
 * Moves the cursor on to `to` (never back): the caller read every second before it and found each
 * entry done. It stays `graceSeconds` behind this machine's clock, so a message queued by another
 * replica with a clock a little behind, or by a slow insert, still lands at or after it.
 */
export async function advanceDueCursor(to: number, graceSeconds: number): Promise<void> {
  const limit = Math.floor(Date.now() / 1000) - graceSeconds;
  const value = Math.min(to, limit);
  await CounterModel.updateOne({ _id: MAIL_DUE_CURSOR }, { $max: { value } });
}

export async function findMailById(id: Types.ObjectId): Promise<OutboxRecord | null> {
  return findByKey<OutboxRecord>(OutboxModel, id);
}

/** The messages of these ids in one lookup, in the order given (null where there is none). */
export function findMailsByIds(ids: Types.ObjectId[]): Promise<Array<OutboxRecord | null>> {
  return findEachByKey<OutboxRecord>(OutboxModel, ids);
}

/**
 * Only the holder of the attempt's claim writes, so these are plain updates. `parts`: the text and
 * HTML to keep from now on (an account link's token hidden), written with the mark.
 */
export async function markMailSent(
  id: Types.ObjectId,
  attempts: number,
  now: Date,
  parts: { text: string; html: string } | null = null,
): Promise<void> {
  await OutboxModel.updateOne(
    { _id: id },
    { $set: { sentAt: now, error: null, attempts, ...parts } },
  );
}

export async function markMailFailed(
  id: Types.ObjectId,
  changes: {
    attempts: number;
    error: string;
    nextAttemptAt: Date;
    failedAt: Date | null;
    text?: string;
    html?: string;
  },
): Promise<void> {
  await OutboxModel.updateOne({ _id: id }, { $set: changes });
}

/**
 * The attempt for this worker alone: 'claimed' when nobody had claimed it, 'took over' when a claim
 * left behind by a worker that stopped mid-send was older than staleAfterMs (that worker may have
 * got as far as recording the attempt: read the message again), false when another holds it.
 */
export async function claimAttempt(
  claimId: string,
  now: Date,
  staleAfterMs: number,
): Promise<'claimed' | 'took over' | false> {
  // Due to be forgotten before it exists, so no claim is left that the sweep never reads.
  await mailClaimsDue.add(claimId, new Date(now.getTime() + CLAIM_KEPT_MS), now);
  for (let round = 0; round < 2; round++) {
    if (await insertedKeyUnlessTaken(MailClaimModel, { _id: claimId, claimedAt: now }))
      return round === 0 ? 'claimed' : 'took over';
    const held = await MailClaimModel.findById(claimId).lean();
    if (held && held.claimedAt.getTime() > now.getTime() - staleAfterMs) return false;
    await MailClaimModel.deleteOne({ _id: claimId });
  }
  return false;
}

/** A claim is kept this long: its attempt is over (sent or failed) by then. */
const CLAIM_KEPT_MS = 24 * 60 * 60 * 1000;
/** The claims to forget, by the minute each is a day old (platform/due-queue.ts). */
export const mailClaimsDue = dueQueue('mail-claims');

/** Forgets the claims a day old, read from their due queue; how many were deleted. */
export async function forgetOldClaims(now: Date): Promise<number> {
  let forgotten = 0;
  await mailClaimsDue.runRound(now, async (claimId) => {
    const held = await MailClaimModel.findById(claimId).lean();
    if (!held) return 'done';
    const end = held.claimedAt.getTime() + CLAIM_KEPT_MS;
    if (end > now.getTime()) return { later: new Date(end) }; // taken over since: a newer claim
    const { deletedCount } = await MailClaimModel.deleteOne({ _id: claimId });
    forgotten += deletedCount;
    return 'done';
  });
  return forgotten;
}
