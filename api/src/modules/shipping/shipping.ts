// Shipping from a local rate table (docs/design.md section 4): a zone from the destination's ZIP prefix (the
// shop ships from Chicago, 606xx), a billed weight from area, material and quantity, and a price per
// carrier that grows with both. The same input always gives the same rates. A live carrier API would be
// another implementation of ratesFor behind the same functions.
import {
  canonicalPostalCode,
  US_ZIP_CODE_PATTERN,
  type Cents,
  type Material,
} from '@shop/contracts';
import { AppError } from '../../platform/errors';

const ORIGIN_ZIP_PREFIX = '606';

/** Thousandths of an ounce per square inch of one label (1/16" sheet), by material. */
const MILLI_OUNCES_PER_SQUARE_INCH: Record<Material, number> = {
  indoor: 43,
  phenolic: 49,
  'uv-resistant': 45,
};
/** Box and padding per shipment line. */
const PACKAGING_MILLI_OUNCES = 6_000;
const MILLI_OUNCES_PER_POUND = 16_000;

/**
 * Zone by the destination ZIP's first digit, the index (the USPS national areas 0 to 9, east to west)
 * as seen from Chicago; the origin's own three-digit area is zone 1, Alaska and Hawaii zone 9.
 */
const ZONE_BY_NATIONAL_AREA: readonly number[] = [5, 5, 5, 5, 3, 4, 2, 5, 6, 8];

interface CarrierTable {
  /** The first pound: a base plus so much per zone. */
  firstPoundCents: (zone: number) => Cents;
  /** Every further pound, by zone. */
  perExtraPoundCents: (zone: number) => Cents;
}

/** USPS is cheaper for light parcels, UPS for heavy ones, so which carrier is charged depends on the cart. */
const DOMESTIC: Record<'usps' | 'ups', CarrierTable> = {
  usps: {
    firstPoundCents: (zone) => 450 + 65 * zone,
    perExtraPoundCents: (zone) => 35 + 12 * zone,
  },
  ups: { firstPoundCents: (zone) => 800 + 70 * zone, perExtraPoundCents: (zone) => 25 + 9 * zone },
};

/** Canada: one flat international table by weight. */
const TO_CANADA: Record<'usps' | 'ups', CarrierTable> = {
  usps: { firstPoundCents: () => 2_600, perExtraPoundCents: () => 450 },
  ups: { firstPoundCents: () => 3_400, perExtraPoundCents: () => 350 },
};

interface ShippableLine {
  material: Material;
  width: number;
  height: number;
  quantity: number;
}

interface CarrierRates {
  uspsCents: Cents;
  upsCents: Cents;
}

interface ShippingQuote extends CarrierRates {
  /** What the shop charges: the lower of the two carriers' highest per-item rates. */
  chargeCents: Cents;
}

/** Whole pounds billed for one line (every started pound counts), packaging included. */
export function billedPounds({ material, width, height, quantity }: ShippableLine): number {
  const areaHundredthsSquared = Math.round(width * 100) * Math.round(height * 100);
  const labelsMilliOunces = Math.ceil(
    (areaHundredthsSquared * MILLI_OUNCES_PER_SQUARE_INCH[material] * quantity) / 10_000,
  );
  return Math.max(
    1,
    Math.ceil((labelsMilliOunces + PACKAGING_MILLI_OUNCES) / MILLI_OUNCES_PER_POUND),
  );
}

export function zoneForUsZip(zip: string): number {
  const prefix = zip.slice(0, 3);
  const prefixNumber = Number(prefix);
  if (prefix === ORIGIN_ZIP_PREFIX) return 1;
  if ((prefixNumber >= 995 && prefixNumber <= 999) || prefixNumber === 967 || prefixNumber === 968)
    return 9;
  return ZONE_BY_NATIONAL_AREA[Number(zip[0])] ?? 8;
}

type Destination = { kind: 'us'; zone: number } | { kind: 'canada' };

function destinationOf(postalCode: string): Destination {
  const code = canonicalPostalCode(postalCode);
  if (code !== null && US_ZIP_CODE_PATTERN.test(code))
    return { kind: 'us', zone: zoneForUsZip(code) };
  if (code !== null) return { kind: 'canada' };
  throw AppError.invalidField('zipCode', 'We ship to US ZIP codes and Canadian postal codes only');
}

function ratesFor(line: ShippableLine, destination: Destination): CarrierRates {
  const pounds = billedPounds(line);
  const table = destination.kind === 'us' ? DOMESTIC : TO_CANADA;
  const zone = destination.kind === 'us' ? destination.zone : 0;
  const price = ({ firstPoundCents, perExtraPoundCents }: CarrierTable) =>
    firstPoundCents(zone) + (pounds - 1) * perExtraPoundCents(zone);
  return { uspsCents: price(table.usps), upsCents: price(table.ups) };
}

/** POST /api/shipping-estimate: the two carriers' rates for one cart item (its whole quantity). */
export function estimateShipping(line: ShippableLine, toZip: string): CarrierRates {
  return ratesFor(line, destinationOf(toZip));
}

/**
 * The shipping charge of a cart (docs/product.md section 7): each carrier's highest per-item rate, and the lower
 * of those two. A US ZIP or a Canadian postal code; anything else is a 400. No lines, no charge.
 */
export function quoteShipping(lines: ShippableLine[], toZip: string): ShippingQuote {
  const destination = destinationOf(toZip);
  if (lines.length === 0) return { uspsCents: 0, upsCents: 0, chargeCents: 0 };
  const perLine = lines.map((line) => ratesFor(line, destination));
  const uspsCents = Math.max(...perLine.map((rates) => rates.uspsCents));
  const upsCents = Math.max(...perLine.map((rates) => rates.upsCents));
  return { uspsCents, upsCents, chargeCents: Math.min(uspsCents, upsCents) };
}
