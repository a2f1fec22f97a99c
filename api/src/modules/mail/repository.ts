// Data access for the outbox; plain objects out.
import { Types } from 'mongoose';
import { pageByKey, trusted, type KeyPage } from '../../platform/db';
import { crashAt } from '../../platform/fault-points';
import { OutboxModel, type OutboxRecord } from './model';

export type NewMail = Pick<OutboxRecord, 'key' | 'kind' | 'to' | 'subject' | 'text' | 'html'> &
  Partial<Pick<OutboxRecord, 'replyTo' | 'attachments' | 'linkExpiresAt'>>;

/**
 * Queues messages (one event's, say a payment's confirmation, notice and proof) with one insert,
 * each due now: for each, whether it went in, false when a message with its key is queued already
 * (the same event reported twice; the unique key index decides, however many calls race).
 */
export async function insertMails(mails: NewMail[], now: Date): Promise<boolean[]> {
  if (mails.length === 0) return [];
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
    attachments: (mail.attachments ?? []).map(({ filename, ref, source }) => ({
      filename,
      ref,
      ...(source ? { source } : {}),
    })),
    createdAt: now,
    status: 'queued' as const,
    sentAt: null,
    error: null,
    attempts: 0,
    nextAttemptAt: now,
    claimedUntil: null,
    failedAt: null,
    linkExpiresAt: mail.linkExpiresAt ?? null,
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

/** Whether a message with this key was ever queued (the unique key index answers). */
export async function hasMail(key: string): Promise<boolean> {
  return (await OutboxModel.exists({ key })) !== null;
}

/** A page of the Outbox, newest first, after the message `before` (none when it names none). */
export function listMail(page: { before?: string; limit: number }): Promise<KeyPage<OutboxRecord>> {
  return pageByKey<OutboxRecord>(OutboxModel, page);
}

/** The messages due by now, the longest waiting first. */
export async function findDueMail(now: Date, limit: number): Promise<OutboxRecord[]> {
  return OutboxModel.find({ status: 'queued', nextAttemptAt: trusted({ $lte: now }) })
    .sort({ nextAttemptAt: 1 })
    .limit(limit)
    .lean<OutboxRecord[]>();
}

/**
 * Messages held by a worker whose lease ran out (it stopped mid-send, CLAIM_LEASE_MS ago) are due
 * again; how many. A lease is minutes long, so looking once a minute (the jobs' `mail-leases`)
 * rather than every round costs a message of a stopped worker at most a minute more.
 */
export async function releaseLapsedClaims(now = new Date()): Promise<number> {
  const { modifiedCount } = await OutboxModel.updateMany(
    { status: 'sending', claimedUntil: trusted({ $lte: now }) },
    { $set: { status: 'queued', claimedUntil: null, claimedBy: null } },
  );
  return modifiedCount;
}

/** A worker's hold on the messages it claimed in one round: until when, and its round's token. */
interface MailClaim {
  until: Date;
  by: string;
}

/**
 * Claims those of these messages still due for this worker's round, until `claim.until`, in one
 * conditional update (each document's update is atomic, so of two workers each message goes to one),
 * and answers the messages the round holds. When it claimed every one of `read` (the messages as the
 * round found them due), they are answered as read: what a send reads of a message still due is
 * unchanged since (only a claim's holder changes a message, and its text only when it is sent or
 * given up; a message another worker tried meanwhile while the server failed is counted an attempt
 * short). Otherwise they are read again.
 */
export async function claimMails(
  ids: Types.ObjectId[],
  now: Date,
  claim: MailClaim,
  read?: OutboxRecord[],
): Promise<OutboxRecord[]> {
  if (ids.length === 0) return [];
  const { modifiedCount } = await OutboxModel.updateMany(
    { _id: trusted({ $in: ids }), status: 'queued', nextAttemptAt: trusted({ $lte: now }) },
    { $set: { status: 'sending', claimedUntil: claim.until, claimedBy: claim.by } },
  );
  if (modifiedCount === 0) return [];
  if (read && read.length === ids.length && modifiedCount === ids.length) {
    return read.map((mail) => ({
      ...mail,
      status: 'sending' as const,
      claimedUntil: claim.until,
      claimedBy: claim.by,
    }));
  }
  // Read by _id alone (its index answers exactly); what this round holds is told here.
  const held = await OutboxModel.find({ _id: trusted({ $in: ids }) }).lean<OutboxRecord[]>();
  return held.filter((mail) => mail.status === 'sending' && mail.claimedBy === claim.by);
}

/** The outcome of a claimed message's attempt (sent, or failed: due again or refused for good). */
export type MailOutcome =
  | { id: Types.ObjectId; sent: { attempts: number; sentAt: Date; text?: string; html?: string } }
  /** Not tried (the server failed another message of the round): due again as it was. */
  | { id: Types.ObjectId; putBack: true }
  | {
      id: Types.ObjectId;
      failed: {
        attempts: number;
        error: string;
        nextAttemptAt: Date;
        failedAt: Date | null;
        text?: string;
        html?: string;
      };
    };

/**
 * Writes the outcomes of a round's messages in one command (one update per message, each only while
 * this round still holds it: a message whose lease lapsed and was taken again is left to its new
 * holder). How many were written.
 */
export async function recordMailOutcomes(
  claim: MailClaim,
  outcomes: MailOutcome[],
): Promise<number> {
  if (outcomes.length === 0) return 0;
  const { modifiedCount } = await OutboxModel.bulkWrite(
    outcomes.map((outcome) => ({
      updateOne: {
        filter: { _id: outcome.id, status: 'sending', claimedBy: claim.by },
        update: {
          $set: {
            ...('sent' in outcome
              ? { ...outcome.sent, status: 'sent', error: null }
              : 'putBack' in outcome
                ? { status: 'queued' }
                : { ...outcome.failed, status: outcome.failed.failedAt ? 'failed' : 'queued' }),
            claimedUntil: null,
            claimedBy: null,
          },
        },
      },
    })),
    { ordered: false },
  );
  return modifiedCount;
}
