// Sales tax by region (docs/design.md section 4): the region comes from the postal code (US state from the
// ZIP's first three digits, Canadian province from the postal code's first letter), the rate from a
// table. The shop collects only in the regions of its table: elsewhere the region is named, the amount 0.
import { CANADIAN_POSTAL_CODE_PATTERN, US_ZIP_CODE_PATTERN, type Cents } from '@shop/contracts';

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

// First three digits of a US ZIP code -> state (USPS prefix ranges, inclusive); military and territory
// prefixes map to their codes (AE, AP, AA, PR, VI, GU), which collect only if configured.
const US_PREFIX_RANGES: ReadonlyArray<readonly [number, number, string]> = [
  [5, 5, 'NY'],
  [6, 7, 'PR'],
  [8, 8, 'VI'],
  [9, 9, 'PR'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 54, 'VT'],
  [55, 55, 'MA'],
  [56, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [90, 99, 'AE'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 200, 'DC'],
  [201, 201, 'VA'],
  [202, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 339, 'FL'],
  [340, 340, 'AA'],
  [341, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [569, 569, 'DC'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 732, 'OK'],
  [733, 733, 'TX'],
  [734, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [962, 966, 'AP'],
  [967, 968, 'HI'],
  [969, 969, 'GU'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

// First letter of a Canadian postal code -> province or territory (X covers both NT and NU: NT).
const CANADIAN_PROVINCE_BY_LETTER: Readonly<Record<string, string>> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  X: 'NT',
  Y: 'YT',
};

/** The state or province of a US ZIP or Canadian postal code; null when it is neither (or unassigned). */
export function taxRegionOf(postalCode: string | undefined): string | null {
  const code = postalCode?.trim().toUpperCase() ?? '';
  if (US_ZIP_CODE_PATTERN.test(code)) {
    const prefix = Number(code.slice(0, 3));
    return US_PREFIX_RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null;
  }
  if (CANADIAN_POSTAL_CODE_PATTERN.test(code)) return CANADIAN_PROVINCE_BY_LETTER[code[0]!] ?? null;
  return null;
}

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
