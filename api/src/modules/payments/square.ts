// The real provider: Square's Create Payment through the official `square` package. Each charge
// request of an order has its idempotency key (payments.ts, chargeKeyOf), so a request sent again
// (ours after no answer, or the SDK's own on a 5xx) never charges twice.
import { SquareClient, SquareEnvironment, SquareError } from 'square';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import { DECLINE_REASONS, declineReason, type PaymentProvider } from './provider';

export const SQUARE_SCRIPT_URLS = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
} as const;

type SquareSettings = Config['payment']['square'];

/** Sandbox when the application id is a sandbox one (sandbox-sq0idb-...) or the base URL says so. */
export function isSquareSandbox({ applicationId, baseUrl }: SquareSettings): boolean {
  return !!baseUrl?.includes('squareupsandbox.com') || !!applicationId?.startsWith('sandbox-');
}

export function squareProvider(settings: SquareSettings): PaymentProvider {
  const { accessToken, locationId, baseUrl } = settings;
  if (!accessToken || !locationId) {
    throw new Error('The square payment provider needs SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID');
  }
  const client = new SquareClient({
    token: accessToken,
    baseUrl:
      baseUrl ??
      (isSquareSandbox(settings) ? SquareEnvironment.Sandbox : SquareEnvironment.Production),
    timeoutInSeconds: 30,
  });

  return {
    name: 'square',
    async charge({ amountCents, token, idempotencyKey, referenceId, buyerEmail }) {
      try {
        const { payment } = await client.payments.create({
          sourceId: token,
          idempotencyKey,
          amountMoney: { amount: BigInt(amountCents), currency: 'USD' },
          locationId,
          autocomplete: true,
          referenceId,
          buyerEmailAddress: buyerEmail ?? undefined,
        });
        if (!payment?.id) throw new Error('Square answered without a payment');
        if (payment.status === 'FAILED' || payment.status === 'CANCELED') {
          throw AppError.paymentDeclined(declineReason('GENERIC_DECLINE'));
        }
        return { paymentId: payment.id };
      } catch (error) {
        if (error instanceof SquareError) {
          const decline = error.errors.find(
            (item) => item.category === 'PAYMENT_METHOD_ERROR' || item.code in DECLINE_REASONS,
          );
          if (decline || error.statusCode === 402) {
            throw AppError.paymentDeclined(declineReason(decline?.code, decline?.detail));
          }
          // Any other 4xx is a request Square refused (IDEMPOTENCY_KEY_REUSED, a bad field): nothing
          // charged by it. A 5xx or no answer is thrown as it is: it may have charged.
          const status = error.statusCode ?? 0;
          if (status >= 400 && status < 500) {
            throw AppError.paymentUnavailable(
              'The card processor refused the payment request. Please try again.',
              error,
            );
          }
        }
        throw error;
      }
    },

    async refund({ paymentId, amountCents, idempotencyKey, reason }) {
      try {
        const { refund } = await client.refunds.refundPayment({
          idempotencyKey,
          paymentId,
          amountMoney: { amount: BigInt(amountCents), currency: 'USD' },
          reason: reason.slice(0, 192),
        });
        if (!refund?.id) throw new Error('Square answered without a refund');
        if (refund.status === 'REJECTED' || refund.status === 'FAILED') {
          throw AppError.conflict(`Square did not make the refund (${refund.status})`);
        }
        return { refundId: refund.id };
      } catch (error) {
        if (error instanceof SquareError && error.statusCode === 400) {
          const detail = error.errors[0]?.detail ?? error.errors[0]?.code ?? 'refused';
          throw AppError.invalid(`Square refused the refund: ${detail}`);
        }
        throw error;
      }
    },
  };
}
