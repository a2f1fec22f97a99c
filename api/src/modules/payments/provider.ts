// One interface over the card payment providers (docs/design.md section 5): the built-in sandbox and Square.
import type { PaymentProviderName } from '@shop/contracts';

export interface ChargeRequest {
  orderId: string;
  /** The order's own total: never an amount the browser sent. */
  amountCents: number;
  /** The card token from tokenize() (or one of Square's sandbox test nonces). */
  token: string;
  /**
   * One key per charge request of an order, sent again with the same token when the request's answer
   * never came, so the provider charges at most once (payments.ts, chargeKeyOf).
   */
  idempotencyKey: string;
  /** Shown in the provider's dashboard. */
  referenceId?: string;
  buyerEmail?: string | null;
}

export interface RefundRequest {
  /** The provider's id of the payment to refund. */
  paymentId: string;
  /** At most what the payment charged (the provider refuses more, and so does the order). */
  amountCents: number;
  /** The same key for every attempt at one refund, so the provider refunds at most once. */
  idempotencyKey: string;
  reason: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * Charges the card; resolves to the provider's payment id. A declined card rejects with
   * AppError.paymentDeclined(reason); anything else (provider unreachable, misconfigured) rejects
   * with a plain error.
   */
  charge(request: ChargeRequest): Promise<{ paymentId: string }>;
  /**
   * Refunds part or all of a payment (Square's RefundPayment); resolves to the refund's id. A refund
   * the provider refuses rejects with an AppError saying why.
   */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
}

/**
 * Square's decline codes, with what the shopper reads. The sandbox answers with the same codes, so
 * both providers explain a decline in the same words.
 */
export const DECLINE_REASONS: Record<string, string> = {
  GENERIC_DECLINE: 'Your card was declined. Please use a different card.',
  CARD_DECLINED: 'Your card was declined. Please use a different card.',
  INSUFFICIENT_FUNDS: 'Your card was declined for insufficient funds. Please use a different card.',
  CVV_FAILURE: "The card's security code (CVV) was not accepted. Please check it and try again.",
  ADDRESS_VERIFICATION_FAILURE:
    "The card's postal code was not accepted. Please check it and try again.",
  INVALID_EXPIRATION: "The card's expiration date was not accepted. Please check it and try again.",
  BAD_EXPIRATION: "The card's expiration date was not accepted. Please check it and try again.",
  EXPIRATION_FAILURE: "The card's expiration date was not accepted. Please check it and try again.",
  CARD_EXPIRED: 'The card has expired. Please use a different card.',
  INVALID_CARD: 'The card number is not valid. Please check it and try again.',
  INVALID_CARD_DATA: 'The card details are not valid. Please check them and try again.',
  PAN_FAILURE: 'The card number is not valid. Please check it and try again.',
  CARD_NOT_SUPPORTED: 'This card is not supported. Please use a different card.',
  TRANSACTION_LIMIT: 'The card was declined: its transaction limit was reached.',
  CARD_TOKEN_EXPIRED: 'The card entry has expired. Please enter your card again.',
  CARD_TOKEN_USED: 'The card entry was already used. Please enter your card again.',
};

export function declineReason(code: string | undefined, detail?: string): string {
  return (code && DECLINE_REASONS[code]) || detail || 'Your card was declined.';
}
