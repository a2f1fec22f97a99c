// GET /api/payment/config: which card provider draws the card form, and its ids.
import { useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@shop/contracts';
import { apiJson } from 'shell/store';
import { checkoutSchemas } from './checkout-schemas';

export type { PaymentConfig };

export async function getPaymentConfig(): Promise<PaymentConfig> {
  const [{ paymentConfigSchema }, answer] = await Promise.all([
    checkoutSchemas(),
    apiJson<unknown>('/api/payment/config'),
  ]);
  return paymentConfigSchema.parse(answer);
}

export function usePaymentConfig(enabled: boolean) {
  return useQuery({ queryKey: ['payment-config'], queryFn: getPaymentConfig, enabled });
}
