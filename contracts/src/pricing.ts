/**
 * Price rules for one label (docs/design.md section 4), computed in integer cents.
 * unit = setup + area x material rate + mounting surcharge, then the quantity break, rounded to the cent.
 * Free of zod, so a page that shows prices runs none (pricing-answers.ts holds the call's schemas).
 */
import type { Material, Mounting } from './label-options';
import { toDollars, type Cents } from './money';

export const SETUP_CENTS: Cents = 200;

/** Cents per square inch. */
export const MATERIAL_RATE_CENTS: Record<Material, Cents> = {
  indoor: 35,
  phenolic: 45,
  'uv-resistant': 55,
};

/**
 * Asset tags (docs/product.md section 12), per label, before the quantity break: a code engraved on
 * it, and variable data (a numbered series or one label per spreadsheet row: every plate is a job
 * of its own on the laser, with no two alike to batch).
 */
export const CODE_SURCHARGE_CENTS: Cents = 25;
export const VARIABLE_DATA_SURCHARGE_CENTS: Cents = 10;

export const MOUNTING_SURCHARGE_CENTS: Record<Mounting, Cents> = {
  'no-mounting': 0,
  'mounting-holes': 50,
  adhesive: 50,
};

/** Quantity breaks on the unit price, largest first. */
export const QUANTITY_BREAKS: ReadonlyArray<{ minQuantity: number; percentOff: number }> = [
  { minQuantity: 100, percentOff: 20 },
  { minQuantity: 50, percentOff: 15 },
  { minQuantity: 25, percentOff: 10 },
  { minQuantity: 10, percentOff: 5 },
];

export function quantityBreak(quantity: number): number {
  return QUANTITY_BREAKS.find((b) => quantity >= b.minQuantity)?.percentOff ?? 0;
}

export interface PricedLabel {
  unitCents: Cents;
  subtotalCents: Cents;
  /** Square inches, rounded to 4 decimals. */
  area: number;
  percentOff: number;
}

export interface LabelPriceInput {
  material: Material;
  width: number;
  height: number;
  mounting: Mounting;
  quantity: number;
  /** Present (not null) when the label carries a code, a numbered series or spreadsheet rows. */
  code?: object | null;
  series?: object | null;
  rows?: object | null;
}

export function priceLabel({
  material,
  width,
  height,
  mounting,
  quantity,
  code = null,
  series = null,
  rows = null,
}: LabelPriceInput): PricedLabel {
  // Sizes have two decimals; work in hundredths of an inch so the area is exact.
  const areaHundredthsSquared = Math.round(width * 100) * Math.round(height * 100);
  const area = areaHundredthsSquared / 10_000;
  const beforeBreak =
    SETUP_CENTS +
    (areaHundredthsSquared * MATERIAL_RATE_CENTS[material]) / 10_000 +
    MOUNTING_SURCHARGE_CENTS[mounting] +
    (code ? CODE_SURCHARGE_CENTS : 0) +
    (series || rows ? VARIABLE_DATA_SURCHARGE_CENTS : 0);
  const percentOff = quantityBreak(quantity);
  const unitCents = Math.round((beforeBreak * (100 - percentOff)) / 100);
  return { unitCents, subtotalCents: unitCents * quantity, area, percentOff };
}

/** The answer of POST /api/calculate-price, in dollars. */
export interface PriceResult {
  unitPrice: number;
  subtotal: number;
  total: number;
  area: number;
}

export function toPriceResult(priced: PricedLabel): PriceResult {
  const subtotal = toDollars(priced.subtotalCents);
  return { unitPrice: toDollars(priced.unitCents), subtotal, total: subtotal, area: priced.area };
}
