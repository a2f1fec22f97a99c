// GET /api/cart?zipCode=: the cart with tax worked out for the shopper's ZIP or postal code.
import { useQuery } from '@tanstack/react-query';
import { isValidZipOrPostalCode } from '@shop/contracts/checkout-options';
import { CART_FRESH_MS, CART_KEPT_MS, cartQueryKey, fetchCart, queryClient } from 'shell/store';
import { checkoutSchemas } from './checkout-schemas';

export function cartWithTaxQueryKey(zipCode: string) {
  // Under the cart's key, so every change that invalidates the cart refreshes this too.
  return [...cartQueryKey, 'zip', zipCode] as const;
}

export async function getCartWithTax(zipCode: string) {
  const { cartQuerySchema } = await checkoutSchemas();
  const { zipCode: zip = '' } = cartQuerySchema.parse({ zipCode });
  const answer = await fetchCart(zip);
  // The cart changed in another tab since the page read it: the page's own cart (the header's
  // badge, the quote's key) is read again too, so the page does not say two things.
  const shown = queryClient.getQueryData<{ itemCount: number }>(cartQueryKey);
  if (shown && shown.itemCount !== answer.itemCount)
    void queryClient.invalidateQueries({ queryKey: cartQueryKey, exact: true });
  return answer;
}

/** Only for a ZIP or postal code the shop knows; until then the plain cart is shown without tax. */
export function useCartWithTax(zipCode: string) {
  const zip = zipCode.trim();
  return useQuery({
    queryKey: cartWithTaxQueryKey(zip),
    queryFn: () => getCartWithTax(zip),
    enabled: isValidZipOrPostalCode(zip),
    staleTime: CART_FRESH_MS,
    gcTime: CART_KEPT_MS,
    refetchOnWindowFocus: false,
    placeholderData: (previous) => previous,
  });
}
