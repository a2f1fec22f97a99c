// GET /api/cart?zipCode=: the cart with tax worked out for the shopper's ZIP or postal code.
import { useQuery } from '@tanstack/react-query';
import { cartQuerySchema, isValidZipOrPostalCode } from '@shop/contracts';
import { apiJson, CART_FRESH_MS, CART_KEPT_MS, cartQueryKey } from 'shell/store';
import { parseCart } from '../../../api/get-cart';

export function cartWithTaxQueryKey(zipCode: string) {
  // Under the cart's key, so every change that invalidates the cart refreshes this too.
  return [...cartQueryKey, 'zip', zipCode] as const;
}

export function getCartWithTax(zipCode: string): Promise<unknown> {
  const { zipCode: zip = '' } = cartQuerySchema.parse({ zipCode });
  return apiJson<unknown>(`/api/cart?zipCode=${encodeURIComponent(zip)}`);
}

/** Only for a ZIP or postal code the shop knows; until then the plain cart is shown without tax. */
export function useCartWithTax(zipCode: string) {
  const zip = zipCode.trim();
  return useQuery({
    queryKey: cartWithTaxQueryKey(zip),
    queryFn: () => getCartWithTax(zip),
    select: parseCart,
    enabled: isValidZipOrPostalCode(zip),
    staleTime: CART_FRESH_MS,
    gcTime: CART_KEPT_MS,
    refetchOnWindowFocus: false,
    placeholderData: (previous) => previous,
  });
}
