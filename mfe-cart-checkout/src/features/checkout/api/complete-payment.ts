// POST /api/payment/complete: charges the order with the card token (402 with the reason if declined).
import {
  completePaymentSchema,
  type CompletePaymentInput,
  type CompletedPayment,
} from '@shop/contracts';
import { completedPaymentSchema } from '@shop/contracts/checkout-answers';
import { apiJson } from 'shell/store';

export type { CompletePaymentInput, CompletedPayment };

export async function completePayment(input: CompletePaymentInput): Promise<CompletedPayment> {
  const body = completePaymentSchema.parse(input);
  return completedPaymentSchema.parse(
    await apiJson<unknown>('/api/payment/complete', { method: 'POST', body }),
  );
}
