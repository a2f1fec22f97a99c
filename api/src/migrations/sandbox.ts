// The payment sandbox kept its refunds in a collection of their own (`sandbox_refunds`, by idempotency
// key) and each payment the keys of the refunds taken off it (`refundKeys`). A payment now carries its
// refunds (modules/payments/sandbox.ts). Each payment still holding `refundKeys` gets its refunds in
// one update conditional on that field, so of two processes starting at once one moves it; a key
// taken off the payment whose refund was never recorded (its call stopped in between) gets a refund
// for what the recorded ones leave unexplained, so its retry answers it instead of refunding again.
// Then the collection goes. Runs after migrateMail, which reads the collection for payments charged
// before refunds were taken off them.
import mongoose from 'mongoose';
import {
  SANDBOX_PAYMENT_COLLECTION,
  type SandboxPayment,
  type SandboxRefund,
} from '../modules/payments/sandbox';
import type { Logger } from '../platform/logger';
import { bulkWriteInBatches, dropCollectionIfThere } from './collections';

const OLD_REFUNDS = 'sandbox_refunds';

interface OldRefund {
  _id: string;
  refundId: string;
  paymentId: string;
  amountCents: number;
  reason?: string;
  status: 'COMPLETED';
  createdAt: Date;
}

type OldPayment = Omit<SandboxPayment, 'refunds'> & {
  refunds?: SandboxRefund[];
  refundKeys?: string[];
};

export async function moveSandboxRefundsIntoPayments(logger: Logger): Promise<void> {
  const db = mongoose.connection.db!;
  // Read before the payments: a process that finds the collection gone finds the payments moved.
  const recorded = await db.collection<OldRefund>(OLD_REFUNDS).find({}).toArray();
  const payments = await db
    .collection<OldPayment>(SANDBOX_PAYMENT_COLLECTION)
    .find({ refundKeys: { $exists: true } })
    .toArray();
  const byPayment = new Map<string, OldRefund[]>();
  for (const refund of recorded) {
    const ofPayment = byPayment.get(refund.paymentId);
    if (ofPayment) ofPayment.push(refund);
    else byPayment.set(refund.paymentId, [refund]);
  }
  const now = new Date();
  let unrecorded = 0;
  await bulkWriteInBatches<OldPayment>(
    SANDBOX_PAYMENT_COLLECTION,
    payments.map((payment) => {
      const refunds: SandboxRefund[] = (byPayment.get(payment.paymentId) ?? []).map((refund) => ({
        key: refund._id,
        refundId: refund.refundId,
        amountCents: refund.amountCents,
        reason: refund.reason ?? '',
        status: refund.status,
        createdAt: refund.createdAt,
      }));
      const missing = (payment.refundKeys ?? []).filter(
        (key) => !refunds.some((refund) => refund.key === key),
      );
      // What was taken off the payment and no recorded refund accounts for, shared by those keys.
      let unexplained =
        payment.amountCents -
        payment.refundableCents -
        refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
      missing.forEach((key, index) => {
        const amountCents =
          index === missing.length - 1 ? unexplained : Math.floor(unexplained / missing.length);
        unexplained -= amountCents;
        refunds.push({
          key,
          refundId: `sbxrefund_${payment.paymentId}_${index}`,
          amountCents,
          reason: '',
          status: 'COMPLETED',
          createdAt: now,
        });
      });
      unrecorded += missing.length;
      return {
        updateOne: {
          filter: { _id: payment._id, refundKeys: { $exists: true } },
          update: { $set: { refunds }, $unset: { refundKeys: '' } },
        },
      };
    }),
  );
  if (payments.length > 0)
    logger.info(
      { payments: payments.length, refunds: recorded.length, unrecorded },
      'Moved the sandbox’s refunds into their payments',
    );
  await dropCollectionIfThere(OLD_REFUNDS);
}
