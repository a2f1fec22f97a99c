// POST /api/payment/complete: charges the order with the card token (402 with the reason if declined).
import type { CompletePaymentInput, CompletedPayment } from '@shop/contracts';
import { apiJson } from 'shell/store';
import { checkoutSchemas } from './checkout-schemas';

export type { CompletePaymentInput, CompletedPayment };

export async function completePayment(input: CompletePaymentInput): Promise<CompletedPayment> {
  const { completePaymentSchema, completedPaymentSchema } = await checkoutSchemas();
  const body = completePaymentSchema.parse(input);
  return completedPaymentSchema.parse(
    await apiJson<unknown>('/api/payment/complete', { method: 'POST', body }),
  );
}
