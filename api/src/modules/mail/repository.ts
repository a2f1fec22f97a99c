// Data access for the outbox; plain objects out.
import { Types } from 'mongoose';
import { trusted } from '../../platform/db';
import { crashAt } from '../../platform/fault-points';
import { OutboxModel, type OutboxRecord } from './model';

export type NewMail = Pick<
  OutboxRecord,
  'key' | 'kind' | 'to' | 'replyTo' | 'subject' | 'text' | 'html'
> & { attachments?: OutboxRecord['attachments'] };

/**
 * Queues messages (one event's, say a payment's confirmation, notice and proof) with one insert,
 * each due now: for each, whether it went in, false when a message with its key is queued already
 * (the same event reported twice; the unique key index decides, however many calls race).
 */
export async function insertMails(mails: NewMail[], now: Date): Promise<boolean[]> {
  if (mails.length === 0) return [];
  // The unique key index must exist before the first insert of a new database.
  await OutboxModel.init();
  // Ids made in this order: the Outbox lists messages of the same moment newest (last) first.
  const docs = mails.map((mail) => ({
    _id: new Types.ObjectId(),
    key: mail.key,
    kind: mail.kind,
    to: mail.to,
    replyTo: mail.replyTo ?? null,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: (mail.attachments ?? []).map(({ filename, ref }) => ({ filename, ref })),
    createdAt: now,
    status: 'queued' as const,
    sentAt: null,
    error: null,
    attempts: 0,
    nextAttemptAt: now,
    claimedUntil: null,
    failedAt: null,
  }));
  const wentIn = docs.map(() => true);
  try {
    await OutboxModel.collection.insertMany(docs, { ordered: false });
  } catch (error) {
    const writeErrors = (error as { writeErrors?: Array<{ index: number; code?: number }> })
      .writeErrors;
    if (!writeErrors?.length || writeErrors.some((each) => each.code !== 11000)) throw error;
    for (const { index } of writeErrors) wentIn[index] = false;
  }
  crashAt('after-mail-write');
  return wentIn;
}

/**
 * The Outbox newest first, paged by key: the messages after `before`'s place in the order
 * (createdAt, _id), none when `before` names no message.
 */
export async function listMail({
  before,
  limit,
}: {
  before?: string;
  limit: number;
}): Promise<OutboxRecord[]> {
  let filter = {};
  if (before) {
    const last = await OutboxModel.findById(before, { createdAt: 1 }).lean<OutboxRecord>();
    if (!last) return [];
    const at = last.createdAt;
    filter = {
      createdAt: trusted({ $lte: at }),
      $or: [
        { createdAt: trusted({ $lt: at }) },
        { createdAt: at, _id: trusted({ $lt: last._id }) },
      ],
    };
  }
  return OutboxModel.find(filter)
    .sort({ createdAt: -1, _id: -1 })
    .limit(limit)
    .lean<OutboxRecord[]>();
}

/** The ids of the messages due by now, the longest waiting first. */
export async function findDueMailIds(now: Date, limit: number): Promise<Types.ObjectId[]> {
  const due = await OutboxModel.find(
    { status: 'queued', nextAttemptAt: trusted({ $lte: now }) },
    { _id: 1 },
  )
    .sort({ nextAttemptAt: 1 })
    .limit(limit)
    .lean<Array<{ _id: Types.ObjectId }>>();
  return due.map((mail) => mail._id);
}

/** Messages whose worker's lease ran out (it stopped mid-send) are due again; how many. */
export async function releaseLapsedClaims(now: Date): Promise<number> {
  const { modifiedCount } = await OutboxModel.updateMany(
    { status: 'sending', claimedUntil: trusted({ $lte: now }) },
    { $set: { status: 'queued', claimedUntil: null } },
  );
  return modifiedCount;
}

/**
 * The message for this worker alone until `until`, if it is still due: a conditional update, so of
 * two workers one gets it and the other null.
 */
export function claimMail(id: Types.ObjectId, now: Date, until: Date) {
  return OutboxModel.findOneAndUpdate(
    { _id: id, status: 'queued', nextAttemptAt: trusted({ $lte: now }) },
    { $set: { status: 'sending', claimedUntil: until } },
    { new: true },
  ).lean<OutboxRecord>();
}

/** The claim as a filter: only its holder writes the outcome (false when the lease was lost). */
const held = (id: Types.ObjectId, claimedUntil: Date) => ({
  _id: id,
  status: 'sending',
  claimedUntil,
});

/**
 * Marks a claimed message sent. `parts`: the text and HTML to keep from now on (an account link's
 * token hidden), written with the mark.
 */
export async function markMailSent(
  id: Types.ObjectId,
  claimedUntil: Date,
  changes: { attempts: number; sentAt: Date; text?: string; html?: string },
): Promise<boolean> {
  const { modifiedCount } = await OutboxModel.updateOne(held(id, claimedUntil), {
    $set: { ...changes, status: 'sent', error: null, claimedUntil: null },
  });
  return modifiedCount === 1;
}

/** Records a claimed message's failed attempt: due again at nextAttemptAt, or refused for good. */
export async function markMailFailed(
  id: Types.ObjectId,
  claimedUntil: Date,
  changes: {
    attempts: number;
    error: string;
    nextAttemptAt: Date;
    failedAt: Date | null;
    text?: string;
    html?: string;
  },
): Promise<boolean> {
  const { modifiedCount } = await OutboxModel.updateOne(held(id, claimedUntil), {
    $set: { ...changes, status: changes.failedAt ? 'failed' : 'queued', claimedUntil: null },
  });
  return modifiedCount === 1;
}
