// Data access for the outbox; plain objects out.
import { Types } from 'mongoose';
import { trusted } from '../../platform/db';
import { MailClaimModel, OutboxModel, type OutboxRecord } from './model';

export type NewMail = Pick<
  OutboxRecord,
  'key' | 'kind' | 'to' | 'replyTo' | 'subject' | 'text' | 'html'
> & { attachments?: OutboxRecord['attachments'] };

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 11000;
}

/** false when a message with this key is already queued (the same event reported twice). */
export async function insertMail(mail: NewMail, now: Date): Promise<boolean> {
  try {
    await OutboxModel.create({
      ...mail,
      createdAt: now,
      sentAt: null,
      error: null,
      attempts: 0,
      nextAttemptAt: now,
      failedAt: null,
    });
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

export async function listMail({
  before,
  limit,
}: {
  before?: string;
  limit: number;
}): Promise<OutboxRecord[]> {
  const filter = before ? { _id: trusted({ $lt: new Types.ObjectId(before) }) } : {};
  return OutboxModel.find(filter).sort({ _id: -1 }).limit(limit).lean<OutboxRecord[]>();
}

export async function findMailByKey(key: string): Promise<OutboxRecord | null> {
  return OutboxModel.findOne({ key }).lean<OutboxRecord>();
}

export async function findDueMail(now: Date, limit: number): Promise<OutboxRecord[]> {
  return OutboxModel.find({
    sentAt: null,
    failedAt: null,
    nextAttemptAt: trusted({ $lte: now }),
  })
    .sort({ nextAttemptAt: 1 })
    .limit(limit)
    .lean<OutboxRecord[]>();
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
