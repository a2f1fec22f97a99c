// Sales tax by region (docs/design.md section 4): the region comes from the postal code (US state from the
// ZIP's first three digits, Canadian province from the postal code's first letter), the rate from a
// table. The shop collects only in the regions of its table: elsewhere the region is named, the amount 0.
// The regions' tables are in @shop/contracts (postal-regions.ts), which the checkout's State check reads too.
import { regionOfPostalCode, type Cents } from '@shop/contracts';

export type TaxRates = Readonly<Record<string, number>>;

/**
 * Where the shop collects when TAX_RATES is not set: its home state (Illinois) and the neighbouring
 * ones it ships most to. TAX_RATES replaces this table as a whole (so a region can also be dropped).
 */
export const DEFAULT_TAX_RATES: TaxRates = {
  IL: 0.0625,
  IN: 0.07,
  WI: 0.05,
  NY: 0.04,
  ON: 0.13,
};

/** The state or province of a US ZIP or Canadian postal code; null when it is neither (or unassigned). */
export const taxRegionOf = regionOfPostalCode;

interface TaxResult {
  region: string | null;
  amountCents: Cents;
}

/** Tax on taxableCents (the subtotal after the discount), rounded to the cent. */
export function taxFor(
  postalCode: string | undefined,
  taxableCents: Cents,
  rates: TaxRates,
): TaxResult {
  const region = taxRegionOf(postalCode);
  const rate = region ? (rates[region] ?? 0) : 0;
  // In millionths of the rate, so the rounding is integer arithmetic (half a cent rounds up).
  const rateMillionths = Math.round(rate * 1_000_000);
  const amountCents = Math.floor(
    (Math.max(0, taxableCents) * rateMillionths + 500_000) / 1_000_000,
  );
  return { region, amountCents };
}
