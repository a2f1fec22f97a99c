// Data access for the outbox; plain objects out.
import { Types } from 'mongoose';
import { trusted } from '../../platform/db';
import {
  CounterModel,
  counterValue,
  highestTaken,
  insertedUnlessTaken,
  takeNext,
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

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 11000;
}

/**
 * Queues a message; false when a message with this key is already queued (the same event reported
 * twice). Its first attempt's due entry is written first: a process that dies after it leaves an
 * entry without a message, which the worker drops after a minute, whereas the other way round it
 * would leave a message nobody sends. Its place on the admin's list is taken after.
 */
export async function insertMail(mail: NewMail, now: Date): Promise<boolean> {
  const _id = new Types.ObjectId();
  await enqueueAttempt(_id, 0, now, now);
  try {
    await OutboxModel.create({
      ...mail,
      _id,
      createdAt: now,
      sentAt: null,
      error: null,
      attempts: 0,
      nextAttemptAt: now,
      failedAt: null,
      position: null,
    });
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
  const position = await takeNext(OUTBOX_POSITION_COUNTER, 1, (k) =>
    insertedUnlessTaken(() => OutboxPositionModel.create({ _id: String(k), mailId: _id })),
  );
  await OutboxModel.updateOne({ _id }, { $set: { position } });
  return true;
}

/** The messages at list positions below `before`'s (or from the newest), newest first: lookups. */
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
  const positions: number[] = [];
  for (let k = top; k >= 1 && positions.length < limit; k--) positions.push(k);
  const entries = await Promise.all(
    positions.map((k) => OutboxPositionModel.findById(String(k)).lean()),
  );
  const mails = await Promise.all(
    entries.map((entry) =>
      entry ? OutboxModel.findById(entry.mailId).lean<OutboxRecord>() : null,
    ),
  );
  return mails.filter((mail): mail is OutboxRecord => mail !== null);
}

const second = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * Puts an attempt in the due queue at the second it is due, never before the worker's cursor (a
 * second the worker has passed is not read again).
 */
export async function enqueueAttempt(
  mailId: Types.ObjectId,
  attempt: number,
  dueAt: Date,
  now: Date,
): Promise<void> {
  let cursor = await counterValue(MAIL_DUE_CURSOR, 0);
  if (cursor === 0) {
    await insertedUnlessTaken(() =>
      CounterModel.create({ _id: MAIL_DUE_CURSOR, value: second(dueAt) }),
    );
    cursor = await counterValue(MAIL_DUE_CURSOR, 0);
  }
  const at = Math.max(second(dueAt), cursor);
  for (let n = 1; ; n++) {
    const inserted = await insertedUnlessTaken(() =>
      MailDueModel.create({ _id: `${at}:${n}`, mailId, attempt, createdAt: now, doneAt: null }),
    );
    if (inserted) return;
  }
}

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
  for (let at = cursor; at <= last && due.length < limit; at++) {
    for (let n = 1; ; n++) {
      const entry = await MailDueModel.findById(`${at}:${n}`).lean<MailDueRecord>();
      if (!entry) break;
      if (!entry.doneAt) due.push(entry);
    }
    readUpTo = at;
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

export async function findMailByKey(key: string): Promise<OutboxRecord | null> {
  return OutboxModel.findOne({ key }).lean<OutboxRecord>();
}

export async function findMailById(id: Types.ObjectId): Promise<OutboxRecord | null> {
  return OutboxModel.findById(id).lean<OutboxRecord>();
}

/** Only the holder of the attempt's claim writes, so these are plain updates. */
export async function markMailSent(id: Types.ObjectId, attempts: number, now: Date): Promise<void> {
  await OutboxModel.updateOne({ _id: id }, { $set: { sentAt: now, error: null, attempts } });
}

export async function markMailFailed(
  id: Types.ObjectId,
  changes: { attempts: number; error: string; nextAttemptAt: Date; failedAt: Date | null },
): Promise<void> {
  await OutboxModel.updateOne({ _id: id }, { $set: changes });
}

/**
 * The attempt for this worker alone, or false when another holds it. A claim left behind by a worker
 * that stopped mid-send is taken over once it is older than staleAfterMs.
 */
export async function claimAttempt(
  claimId: string,
  now: Date,
  staleAfterMs: number,
): Promise<boolean> {
  for (let round = 0; round < 2; round++) {
    try {
      await MailClaimModel.create({ _id: claimId, claimedAt: now });
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const held = await MailClaimModel.findById(claimId).lean();
    if (held && held.claimedAt.getTime() > now.getTime() - staleAfterMs) return false;
    await MailClaimModel.deleteOne({ _id: claimId });
  }
  return false;
}

/** Claims of attempts that are over (sent or failed) are not needed after a day. */
export async function forgetOldClaims(before: Date): Promise<number> {
  const { deletedCount } = await MailClaimModel.deleteMany({ claimedAt: trusted({ $lt: before }) });
  return deletedCount;
}
