// The card payment calls (docs/design.md sections 5 and 5a).
import { z } from 'zod';
import { optionalPhoneSchema } from './phone-number-schema';

export const PAYMENT_PROVIDERS = ['sandbox', 'square'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** GET /api/payment/config: what the checkout needs to load the card form. */
export interface PaymentConfig {
  applicationId: string;
  locationId: string;
  provider: PaymentProviderName;
  /** The Web Payments SDK script (Square's CDN, or the built-in sandbox's look-alike). */
  scriptUrl: string;
}

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/**
 * POST /api/payment/complete. paymentId is the card token from tokenize(); the amount is the order's
 * own total, so no amount is read from here (an `amount` or `total` key is dropped).
 */
export const completePaymentSchema = z.object({
  orderId: z.string({ error: 'orderId is required' }).regex(/^[0-9a-f]{24}$/i, 'Invalid order id'),
  paymentId: z
    .string({ error: 'paymentId (the card token) is required' })
    .trim()
    .min(1, 'paymentId (the card token) is required')
    .max(500, 'paymentId is too long'),
  customerName: optionalText('customerName', 200),
  customerEmail: optionalText('customerEmail', 254),
  /** Checkout's phone rule, with its message; kept normalized as the order's own phone is. */
  customerPhone: optionalPhoneSchema('customerPhone'),
  customerCompany: optionalText('customerCompany', 200),
  customerAddress: optionalText('customerAddress', 400),
  customerZipCode: optionalText('customerZipCode', 20),
});
export type CompletePaymentInput = z.input<typeof completePaymentSchema>;

export interface CompletedPayment {
  success: true;
  orderId: string;
  orderNumber: number;
  total: number;
  paymentId: string;
}

/** What Square's card.tokenize() resolves to (the sandbox's script answers the same). */
export type TokenizeResult =
  | { status: 'OK'; token: string }
  | { status: 'Invalid' | 'Error' | 'Cancel'; errors: Array<{ message: string; field?: string }> };

/** Square's sandbox test nonces, accepted as tokens by the sandbox provider too. */
export const SANDBOX_TEST_NONCES = {
  approved: 'cnon:card-nonce-ok',
  declined: 'cnon:card-nonce-declined',
  cvvRejected: 'cnon:card-nonce-rejected-cvv',
  postalCodeRejected: 'cnon:card-nonce-rejected-postalcode',
  expirationRejected: 'cnon:card-nonce-rejected-expiration',
} as const;

/** The sandbox's test cards (docs/design.md section 5). */
export const SANDBOX_TEST_CARDS = {
  approved: '4111 1111 1111 1111',
  declined: '4000 0000 0000 0002',
  cvvRejected: '911',
  postalCodeRejected: '99999',
  expirationRejected: '01/40',
} as const;
