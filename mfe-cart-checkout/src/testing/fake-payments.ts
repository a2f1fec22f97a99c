// A stand-in for the card provider's SDK (window.Square) in component tests.
import { vi } from 'vitest';
import type { TokenizeResult } from '@shop/contracts';
import type { PaymentCard, PaymentsSdk } from '../features/checkout/utils/payments-sdk';

export interface FakePayments {
  card: PaymentCard & { tokenize: ReturnType<typeof vi.fn> };
  sdk: PaymentsSdk;
  /** Resolves the pending attach(), making the card form ready. */
  finishAttach(): void;
  failAttach(error?: Error): void;
}

export function installFakePayments({ attachImmediately = true } = {}): FakePayments {
  let finish: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const tokenize = vi.fn(async (): Promise<TokenizeResult> => ({
    status: 'OK',
    token: 'cnon:card-nonce-ok',
  }));
  const card = {
    attach: vi.fn(
      () =>
        new Promise<void>((resolve, reject) => {
          finish = resolve;
          fail = reject;
          if (attachImmediately) resolve();
        }),
    ),
    tokenize,
    destroy: vi.fn(async () => true),
  };
  const sdk: PaymentsSdk = { payments: vi.fn(() => ({ card: vi.fn(async () => card) })) };
  window.Square = sdk;
  return {
    card,
    sdk,
    finishAttach: () => finish(),
    failAttach: (error = new Error('attach failed')) => fail(error),
  };
}

export function removeFakePayments(): void {
  delete window.Square;
}

export const paymentConfig = {
  applicationId: 'sandbox-sq0idb-test',
  locationId: 'LTEST',
  provider: 'sandbox',
  scriptUrl: '/api/payment/sandbox/payments.js',
};
