// GET /api/payment/config: which card provider draws the card form, and its ids.
import { useQuery } from '@tanstack/react-query';
import { paymentConfigSchema } from '@shop/contracts/checkout-answers';
import type { PaymentConfig } from '@shop/contracts';
import { apiJson } from 'shell/store';

export type { PaymentConfig };

export async function getPaymentConfig(): Promise<PaymentConfig> {
  return paymentConfigSchema.parse(await apiJson<unknown>('/api/payment/config'));
}

export function usePaymentConfig(enabled: boolean) {
  return useQuery({ queryKey: ['payment-config'], queryFn: getPaymentConfig, enabled });
}
