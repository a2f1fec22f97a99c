// One payment at a time per order. FerretDB v1 applies a conditional update as read-then-write (two
// concurrent "unpaid -> charging" updates can both succeed), so the guard is an insert against a
// unique index (the claim's _id is the order id), atomic on FerretDB and MongoDB alike: whoever inserts the claim
// charges; everyone else finds it taken. A declined charge deletes its claim so the order can be paid
// again; a paid order keeps it. A claim still 'charging' long after it was made was abandoned (the
// process stopped mid-call) and may be taken over; the provider's idempotency key (the order id) keeps
// the card from being charged twice even then.
import mongoose, { Schema } from 'mongoose';
import { insertedKeyUnlessTaken } from '../../platform/db';

/** One per order: _id is the order id (unique by nature, and found without a scan on FerretDB). */
interface PaymentClaimRecord {
  _id: string;
  /** closed: the order expired unpaid; no payment is taken for it any more. */
  state: 'charging' | 'paid' | 'closed';
  claimedAt: Date;
}

const paymentClaimSchema = new Schema<PaymentClaimRecord>(
  {
    _id: { type: String, required: true },
    state: { type: String, required: true, enum: ['charging', 'paid', 'closed'] },
    claimedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

const PaymentClaimModel = mongoose.model<PaymentClaimRecord>(
  'PaymentClaim',
  paymentClaimSchema,
  'payment_claims',
);

export interface PaymentClaim {
  /** The charge failed: the order may be paid again. */
  release(): Promise<void>;
  /**
   * The charge went through and what follows it is done: the claim stays, so no later call charges
   * again (payments.ts, settlePayment).
   */
  markPaid(): Promise<void>;
  /** The order expired: the claim stays, so no later call charges it. */
  close(): Promise<void>;
}

/** The order's payment claim, or null when another call holds it. */
export async function claimPayment(
  orderId: string,
  now: Date,
  staleAfterMs: number,
): Promise<PaymentClaim | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (
      await insertedKeyUnlessTaken(PaymentClaimModel, {
        _id: orderId,
        state: 'charging',
        claimedAt: now,
      })
    )
      return {
        release: async () => {
          // Only this call's claim (not one taken over meanwhile). Checked after a lookup by _id: any
          // other field in the filter makes FerretDB v1 read every claim.
          const current = await PaymentClaimModel.findById(orderId).lean();
          if (current?.claimedAt.getTime() === now.getTime()) {
            await PaymentClaimModel.deleteOne({ _id: orderId });
          }
        },
        markPaid: () => markClaimPaid(orderId),
        close: async () => {
          await PaymentClaimModel.updateOne({ _id: orderId }, { $set: { state: 'closed' } });
        },
      };
    const held = await PaymentClaimModel.findById(orderId).lean();
    if (!held) continue; // released in the meantime: try again
    const abandoned =
      held.state === 'charging' && held.claimedAt.getTime() < now.getTime() - staleAfterMs;
    if (!abandoned) return null;
    // One taker removes it, then the insert above decides who charges.
    await PaymentClaimModel.deleteOne({ _id: held._id });
  }
  return null;
}

/**
 * Whether the order's payment is settled: its claim was marked paid, which the paying call does once
 * what follows the payment is done (payments.ts). A paid order whose claim still says 'charging'
 * was paid by a call that stopped before that. No claim: an order paid before claims were kept.
 */
export async function paymentSettled(orderId: string): Promise<boolean> {
  const held = await PaymentClaimModel.findById(orderId).lean();
  return held === null || held.state === 'paid';
}

/** Marks the paid order's claim paid (settled), whoever holds it. */
export async function markClaimPaid(orderId: string): Promise<void> {
  await PaymentClaimModel.updateOne({ _id: orderId }, { $set: { state: 'paid' } });
}

/**
 * Removes the order's claim if it is still 'charging' and was made before `before`: for a claim whose
 * order never said 'charging' (payments.ts checks), the call that made it stopped right after
 * claiming, since a live one writes 'charging' next. Nothing was charged under it.
 */
export async function dropUnusedClaim(orderId: string, before: Date): Promise<void> {
  const held = await PaymentClaimModel.findById(orderId).lean();
  if (held?.state === 'charging' && held.claimedAt.getTime() < before.getTime())
    await PaymentClaimModel.deleteOne({ _id: held._id });
}
