// The outbox was kept with stand-ins: a list of positions (`outbox_positions` and its counter), a
// due queue by second (`mail_due` and its cursor) and one claim document per attempt (`mail_claims`,
// forgotten through the `mail-claims` due queue). A message now carries its own state: `status`,
// found by an indexed query and claimed by a conditional update (mail/model.ts). Each message gets
// the status its fields say (sent, refused for good, or queued and due at its nextAttemptAt with its
// attempts), one a worker was sending under a claim still fresh stays held until that claim would
// have lapsed, and the stand-ins go. The payment sandbox's card tokens were deleted through the
// `sandbox-tokens` due queue; each now has its expiresAt (platform/expiry.ts), and its payments keep
// what is left to refund. Safe to run twice and beside another process starting: every write is
// conditional on the state it moves from, and a drop already done is no error.
import mongoose from 'mongoose';
import {
  SANDBOX_PAYMENT_COLLECTION,
  SANDBOX_TOKEN_COLLECTION,
  SANDBOX_TOKEN_LIFETIME_MS,
} from '../modules/payments/sandbox';
import type { Logger } from '../platform/logger';
import { dropCollectionIfThere, dropIndexIfThere } from './collections';

/** How long a claim was held before another worker took it over (the old mail worker's rule). */
const OLD_CLAIM_STALE_MS = 10 * 60 * 1000;

interface OldOutboxFields {
  _id: mongoose.Types.ObjectId;
  status?: string;
  sentAt?: Date | null;
  failedAt?: Date | null;
  attempts?: number;
  /** Its place on the old list. */
  position?: number | null;
}

export async function migrateMail(logger: Logger): Promise<void> {
  await moveOutboxOver(logger);
  await giveSandboxTokensTheirEnd();
  await giveSandboxPaymentsWhatIsLeft();
  await dropStandIns();
}

async function moveOutboxOver(logger: Logger): Promise<void> {
  const db = mongoose.connection.db!;
  const outbox = db.collection<OldOutboxFields>('outbox');
  const unmoved = { status: { $exists: false } };
  if (!(await outbox.findOne(unmoved, { projection: { _id: 1 } }))) return;
  const moved = (status: string) => ({
    $set: { status, claimedUntil: null },
    $unset: { position: '' as const },
  });
  const sent = await outbox.updateMany({ ...unmoved, sentAt: { $ne: null } }, moved('sent'));
  const failed = await outbox.updateMany({ ...unmoved, failedAt: { $ne: null } }, moved('failed'));

  // A message a worker of the earlier version is sending now: held until its claim would have
  // lapsed, as the earlier workers would have held it; a worker then finds what that one recorded.
  const now = Date.now();
  const claims = await db
    .collection<{ _id: string; claimedAt: Date }>('mail_claims')
    .find({ claimedAt: { $gt: new Date(now - OLD_CLAIM_STALE_MS) } })
    .toArray();
  let sending = 0;
  for (const claim of claims) {
    const [mailId, attempt] = claim._id.split(':');
    if (!mailId || !mongoose.isObjectIdOrHexString(mailId)) continue;
    const { modifiedCount } = await outbox.updateOne(
      {
        _id: new mongoose.Types.ObjectId(mailId),
        attempts: Number(attempt),
        sentAt: null,
        failedAt: null,
        $or: [unmoved, { status: 'queued' }],
      },
      {
        $set: {
          status: 'sending',
          claimedUntil: new Date(claim.claimedAt.getTime() + OLD_CLAIM_STALE_MS),
        },
        $unset: { position: '' },
      },
    );
    sending += modifiedCount;
  }

  const queued = await outbox.updateMany(unmoved, moved('queued'));
  logger.info(
    {
      sent: sent.modifiedCount,
      failed: failed.modifiedCount,
      queued: queued.modifiedCount,
      sending,
    },
    'Gave the outbox its messages’ statuses',
  );
}

/** Conditions on _id: one of these, or starting with one of these prefixes (and a colon). */
const idsOf = (ids: string[]) => ({
  $or: [{ _id: { $in: ids } }, ...ids.map((id) => ({ _id: { $regex: `^${id}:` } }))],
});

/** A token minted before expiresAt ends 30 minutes after it was made, as it did. */
async function giveSandboxTokensTheirEnd(): Promise<void> {
  const tokens = mongoose.connection.db!.collection<{
    _id: string;
    createdAt: Date;
    expiresAt?: Date;
  }>(SANDBOX_TOKEN_COLLECTION);
  const unmoved = await tokens
    .find({ expiresAt: { $exists: false } }, { projection: { createdAt: 1 } })
    .toArray();
  if (unmoved.length > 0)
    await tokens.bulkWrite(
      unmoved.map((token) => ({
        updateOne: {
          filter: { _id: token._id, expiresAt: { $exists: false } },
          update: {
            $set: { expiresAt: new Date(token.createdAt.getTime() + SANDBOX_TOKEN_LIFETIME_MS) },
          },
        },
      })),
      { ordered: false },
    );
}

/** A sandbox payment as charged before refunds were taken off it. */
interface OldSandboxPayment {
  _id: string;
  paymentId: string;
  amountCents: number;
  refundableCents?: number;
  refundKeys?: string[];
}

/**
 * A payment charged before refunds were taken off it: its amount less the refunds made of it, and
 * their keys (migrations/sandbox.ts, which runs next, moves those refunds into the payment).
 */
async function giveSandboxPaymentsWhatIsLeft(): Promise<void> {
  const db = mongoose.connection.db!;
  const payments = await db
    .collection<OldSandboxPayment>(SANDBOX_PAYMENT_COLLECTION)
    .find({ refundableCents: { $exists: false } }, { projection: { paymentId: 1, amountCents: 1 } })
    .toArray();
  if (payments.length === 0) return;
  const refunds = await db
    .collection<{ _id: string; paymentId: string; amountCents: number }>('sandbox_refunds')
    .find({}, { projection: { paymentId: 1, amountCents: 1 } })
    .toArray();
  const refundsOf = new Map<string, typeof refunds>();
  for (const refund of refunds) {
    const ofPayment = refundsOf.get(refund.paymentId);
    if (ofPayment) ofPayment.push(refund);
    else refundsOf.set(refund.paymentId, [refund]);
  }
  await db.collection<OldSandboxPayment>(SANDBOX_PAYMENT_COLLECTION).bulkWrite(
    payments.map((payment) => {
      const made = refundsOf.get(payment.paymentId) ?? [];
      return {
        updateOne: {
          filter: { _id: payment._id, refundableCents: { $exists: false } },
          update: {
            $set: {
              refundableCents:
                payment.amountCents - made.reduce((sum, refund) => sum + refund.amountCents, 0),
              refundKeys: made.map((refund) => refund._id),
            },
          },
        },
      };
    }),
    { ordered: false },
  );
}

async function dropStandIns(): Promise<void> {
  const db = mongoose.connection.db!;
  await Promise.all([
    dropCollectionIfThere('outbox_positions'),
    dropCollectionIfThere('mail_due'),
    dropCollectionIfThere('mail_claims'),
    // Indexes the schemas no longer declare.
    dropIndexIfThere('outbox', 'sentAt_1_nextAttemptAt_1'),
    dropIndexIfThere(SANDBOX_TOKEN_COLLECTION, 'createdAt_1'),
  ]);
  // Their counters (the list's, the queue's cursor, the due queues') and due entries; the shared
  // collections keep other modules' documents.
  await db
    .collection<{ _id: string }>('counters')
    .deleteMany(idsOf(['outboxPosition', 'mailDue', 'due:mail-claims', 'due:sandbox-tokens']));
  const dueQueues = idsOf(['mail-claims', 'sandbox-tokens']);
  await db.collection<{ _id: string }>('due_entries').deleteMany(dueQueues);
  await db.collection<{ _id: string }>('due_hours').deleteMany(dueQueues);
}
