// The built-in sandbox provider (docs/design.md section 5): answers like Square's sandbox. Tokens are
// Square's test nonces, or one-time tokens minted by the sandbox card frame from a test card.
import { randomBytes } from 'node:crypto';
import mongoose, { Schema } from 'mongoose';
import { SANDBOX_TEST_NONCES } from '@shop/contracts';
import { isDuplicateKeyError, trusted } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { expiringAt, sweepWhenExpired } from '../../platform/expiry';
import { declineReason, type PaymentProvider } from './provider';

/** What a sandbox charge does: approve, or decline with one of Square's codes. */
export type SandboxOutcome =
  | 'approved'
  | 'GENERIC_DECLINE'
  | 'CVV_FAILURE'
  | 'ADDRESS_VERIFICATION_FAILURE'
  | 'INVALID_EXPIRATION';

const TEST_NONCE_OUTCOMES: Record<string, SandboxOutcome> = {
  [SANDBOX_TEST_NONCES.approved]: 'approved',
  [SANDBOX_TEST_NONCES.declined]: 'GENERIC_DECLINE',
  [SANDBOX_TEST_NONCES.cvvRejected]: 'CVV_FAILURE',
  [SANDBOX_TEST_NONCES.postalCodeRejected]: 'ADDRESS_VERIFICATION_FAILURE',
  [SANDBOX_TEST_NONCES.expirationRejected]: 'INVALID_EXPIRATION',
};

/** A card token is good for one charge within this long of its making (Square's last 24 h; ours less). */
export const SANDBOX_TOKEN_LIFETIME_MS = 30 * 60 * 1000;

/** A one-time card token (_id), good until expiresAt; deleted when used or past its time. */
interface SandboxToken {
  _id: string;
  outcome: SandboxOutcome;
  last4: string;
  createdAt: Date;
  expiresAt: Date;
}

const sandboxTokenSchema = new Schema<SandboxToken>(
  {
    _id: { type: String, required: true },
    outcome: { type: String, required: true },
    last4: { type: String, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: expiringAt(),
  },
  { versionKey: false },
);

export const SANDBOX_TOKEN_COLLECTION = 'sandbox_card_tokens';

const SandboxTokenModel = sweepWhenExpired(
  mongoose.model<SandboxToken>('SandboxToken', sandboxTokenSchema, SANDBOX_TOKEN_COLLECTION),
);

/**
 * A charge request as Square keeps it, by its idempotency key: the same request again answers what the
 * first one did (its payment, or its decline); the key with another card token is refused. A declined
 * request has a payment id of its own that nothing refunds (refundableCents 0).
 */
export interface SandboxPayment {
  /** The idempotency key. */
  _id: string;
  paymentId: string;
  /** The card token it was sent with, and what it did (missing on charges recorded before both). */
  token?: string;
  outcome?: SandboxOutcome | 'CARD_TOKEN_USED';
  amountCents: number;
  /** What is left to refund: each refund takes its amount off, only while enough is left. */
  refundableCents: number;
  /** Its refunds, as Square's Payment carries them: each recorded by the update that takes it off. */
  refunds: SandboxRefund[];
  createdAt: Date;
}

/** A refund, recorded as Square's Refunds API would: one per idempotency key, never over the payment. */
export interface SandboxRefund {
  /** The idempotency key. */
  key: string;
  refundId: string;
  amountCents: number;
  reason: string;
  status: 'COMPLETED';
  createdAt: Date;
}

const sandboxRefundSchema = new Schema<SandboxRefund>(
  {
    key: { type: String, required: true },
    refundId: { type: String, required: true },
    amountCents: { type: Number, required: true },
    reason: { type: String, default: '' },
    status: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { _id: false, versionKey: false },
);

const sandboxPaymentSchema = new Schema<SandboxPayment>(
  {
    _id: { type: String, required: true },
    paymentId: { type: String, required: true },
    token: { type: String },
    outcome: { type: String },
    amountCents: { type: Number, required: true },
    refundableCents: { type: Number, required: true },
    refunds: { type: [sandboxRefundSchema], default: [] },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// A refund finds its payment by the payment's id.
sandboxPaymentSchema.index({ paymentId: 1 }, { unique: true });

export const SANDBOX_PAYMENT_COLLECTION = 'sandbox_payments';

export const SandboxPaymentModel = mongoose.model<SandboxPayment>(
  'SandboxPayment',
  sandboxPaymentSchema,
  SANDBOX_PAYMENT_COLLECTION,
);

/** Stores a one-time token for the card's outcome (the sandbox card frame's tokenize call). */
export async function mintSandboxToken(outcome: SandboxOutcome, last4: string): Promise<string> {
  const token = `sbx:${randomBytes(24).toString('base64url')}`;
  const now = new Date();
  await SandboxTokenModel.create({
    _id: token,
    outcome,
    last4,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SANDBOX_TOKEN_LIFETIME_MS),
  });
  return token;
}

/**
 * Uses the token up (one charge only) and says what it does; null for unknown, used or stale ones.
 * Deleting it is the use: of two charges at once, one deletes it.
 */
async function redeemToken(token: string, now: Date): Promise<SandboxOutcome | null> {
  if (token in TEST_NONCE_OUTCOMES) return TEST_NONCE_OUTCOMES[token] ?? null;
  const used = await SandboxTokenModel.findOneAndDelete({
    _id: token,
    expiresAt: trusted({ $gt: now }),
  }).lean();
  return used?.outcome ?? null;
}

/** A key sent again: with its own card token, what it did then; with another, Square's refusal. */
function answerAgain(earlier: SandboxPayment, token: string): { paymentId: string } {
  if (earlier.token !== undefined && earlier.token !== token) {
    // Square's IDEMPOTENCY_KEY_REUSED (400): nothing charged by this request.
    throw AppError.paymentUnavailable(
      'The card processor refused the payment request. Please try again.',
    );
  }
  if (earlier.outcome === undefined || earlier.outcome === 'approved')
    return { paymentId: earlier.paymentId };
  throw AppError.paymentDeclined(declineReason(earlier.outcome));
}

export function sandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    async charge({ amountCents, token, idempotencyKey }) {
      const now = new Date();
      const redeemed = await redeemToken(token, now);
      // A token spent or unknown may be a request sent again: the key answers what it did. Read
      // only then: an approving token meets an earlier request under its key at the insert below.
      if (redeemed !== 'approved') {
        const earlier = await SandboxPaymentModel.findById(idempotencyKey).lean();
        if (earlier) return answerAgain(earlier, token);
      }
      const outcome = redeemed ?? 'CARD_TOKEN_USED';
      const approved = outcome === 'approved';
      const paymentId = `${approved ? 'sbxpay' : 'sbxdeclined'}_${randomBytes(12).toString('hex')}`;
      try {
        // _id is the key: a second request with it cannot be stored; it answers as the first did.
        await SandboxPaymentModel.create({
          _id: idempotencyKey,
          paymentId,
          token,
          outcome,
          amountCents,
          refundableCents: approved ? amountCents : 0,
          refunds: [],
          createdAt: now,
        });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        const winner = await SandboxPaymentModel.findById(idempotencyKey).lean();
        if (!winner) throw error;
        return answerAgain(winner, token);
      }
      if (!approved) throw AppError.paymentDeclined(declineReason(outcome));
      return { paymentId };
    },

    async refund({ paymentId, amountCents, idempotencyKey, reason }) {
      // Taken off what is left of the payment and recorded in it by one conditional update, once per
      // key and only while enough is left, so refunds at once never pass the payment.
      const refund: SandboxRefund = {
        key: idempotencyKey,
        refundId: `sbxrefund_${randomBytes(12).toString('hex')}`,
        amountCents,
        reason,
        status: 'COMPLETED',
        createdAt: new Date(),
      };
      const taken =
        amountCents > 0 &&
        (
          await SandboxPaymentModel.updateOne(
            {
              paymentId,
              refundableCents: trusted({ $gte: amountCents }),
              // no refund under this key yet
              'refunds.key': trusted({ $ne: idempotencyKey }),
            },
            { $inc: { refundableCents: -amountCents }, $push: { refunds: refund } },
          )
        ).modifiedCount === 1;
      if (taken) return { refundId: refund.refundId };
      const payment = await SandboxPaymentModel.findOne({ paymentId }).lean();
      if (!payment) throw AppError.invalid('The payment to refund was not found');
      // Like Square: a key already used answers its refund again (of two calls with one key at
      // once, the one whose update came second answers the first one's refund).
      const earlier = payment.refunds.find((made) => made.key === idempotencyKey);
      if (earlier) return { refundId: earlier.refundId };
      // Square's AMOUNT_TOO_HIGH / REFUND_AMOUNT_INVALID
      throw AppError.invalid('The refund is more than what is left of the payment');
    },
  };
}
