// POST /api/checkout/quote: the exact amounts for the entered ZIP or postal code, worked out by the
// server as placing the order will (shipping, tax, discount), so the button states what is charged.
import { useQuery } from '@tanstack/react-query';
import type { CheckoutQuote } from '@shop/contracts';
import { isValidZipOrPostalCode } from '@shop/contracts/checkout-options';
import { apiJson, cartQueryKey } from 'shell/store';
import { checkoutSchemas } from './checkout-schemas';

export type { CheckoutQuote };

export function useCheckoutQuote(zipCode: string, itemCount: number) {
  const zip = zipCode.trim();
  return useQuery({
    // Under the cart's key: any cart change asks again.
    queryKey: [...cartQueryKey, 'quote', zip, itemCount] as const,
    queryFn: async () => {
      const [{ checkoutQuoteAnswerSchema }, answer] = await Promise.all([
        checkoutSchemas(),
        apiJson<unknown>('/api/checkout/quote', { method: 'POST', body: { zipCode: zip } }),
      ]);
      return checkoutQuoteAnswerSchema.parse(answer);
    },
    enabled: itemCount > 0 && isValidZipOrPostalCode(zip),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}
