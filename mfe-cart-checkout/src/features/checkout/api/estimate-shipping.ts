// POST /api/shipping-estimate: each cart item's USPS and UPS rates to the shopper's ZIP.
import { useQueries } from '@tanstack/react-query';
import type { ShippingEstimateInput, ShippingEstimateResponse } from '@shop/contracts';
import { apiJson } from 'shell/store';
import { checkoutSchemas } from './checkout-schemas';
import type { CartItem } from '../../../api/get-cart';

export async function estimateShipping(
  input: ShippingEstimateInput,
): Promise<ShippingEstimateResponse> {
  const { shippingEstimateResponseSchema, shippingEstimateSchema } = await checkoutSchemas();
  const body = shippingEstimateSchema.parse(input);
  return shippingEstimateResponseSchema.parse(
    await apiJson<unknown>('/api/shipping-estimate', { method: 'POST', body }),
  );
}

/** Estimates run only once the ZIP starts with five digits (only those are sent) and there are items. */
export function shippingZipOf(zipCode: string): string | null {
  const match = /^\d{5}/.exec(zipCode.trim());
  return match ? match[0] : null;
}

export type Carrier = 'usps' | 'ups';

export interface ShippingCharge {
  carrier: Carrier;
  amount: number;
  /** Each carrier's highest per-item rate. */
  rates: Record<Carrier, number>;
}

/**
 * The charge for the whole cart: the highest rate per carrier across the items, then the lower of the
 * two carriers (docs/product.md section 7; the server charges the same when the order is placed).
 */
export function shippingChargeFor(estimates: ShippingEstimateResponse[]): ShippingCharge | null {
  if (estimates.length === 0) return null;
  const highest = (carrier: Carrier) =>
    Math.max(...estimates.map((e) => e.estimate.rates[carrier]));
  const rates = { usps: highest('usps'), ups: highest('ups') };
  const carrier: Carrier = rates.ups < rates.usps ? 'ups' : 'usps';
  return { carrier, amount: rates[carrier], rates };
}

export interface ShippingEstimateState {
  /** Null before a 5-digit ZIP is entered (or while the cart is empty). */
  charge: ShippingCharge | null;
  loading: boolean;
  failed: boolean;
  zip: string | null;
}

export function useShippingEstimate(items: CartItem[], zipCode: string): ShippingEstimateState {
  const zip = shippingZipOf(zipCode);
  const enabled = zip !== null && items.length > 0;
  return useQueries({
    queries: items.map((item) => {
      const input: ShippingEstimateInput = {
        labelType: item.productConfig.material,
        height: item.productConfig.height,
        width: item.productConfig.width,
        quantity: item.quantity,
        toZip: zip ?? '',
      };
      return {
        queryKey: ['shipping-estimate', input] as const,
        queryFn: () => estimateShipping(input),
        enabled,
        staleTime: 5 * 60_000,
      };
    }),
    combine: (results) => {
      const settled = results.every((r) => r.isSuccess);
      return {
        zip,
        charge: enabled && settled ? shippingChargeFor(results.map((r) => r.data!)) : null,
        loading: enabled && results.some((r) => r.isPending),
        failed: enabled && results.some((r) => r.isError),
      };
    },
  });
}
