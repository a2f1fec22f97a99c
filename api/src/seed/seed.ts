// Data for a fresh development database, so a newcomer can try every discount path at once (the list
// is in api/README.md). Runs at start outside test and production; does nothing once codes exist.
import type { Logger } from '../platform/logger';
import {
  hasDiscounts,
  insertDiscount,
  type NewDiscountCode,
} from '../modules/discounts/repository';
import { isDuplicateKeyError } from '../platform/db';

type SeedCode = NewDiscountCode & { timesUsed?: number };

const code = (
  fields: Partial<SeedCode> & Pick<SeedCode, 'code' | 'type' | 'description'>,
): SeedCode => ({
  percentOff: null,
  amountOffCents: null,
  minimumOrderCents: 0,
  usageLimit: null,
  expiresAt: null,
  isActive: true,
  ...fields,
});

export const SEED_DISCOUNT_CODES: SeedCode[] = [
  code({
    code: 'WELCOME10',
    type: 'percentage',
    percentOff: 10,
    description: '10% off your order',
  }),
  code({
    code: 'SAVE5',
    type: 'fixed',
    amountOffCents: 500,
    minimumOrderCents: 2_500,
    description: '$5 off orders of $25 or more',
  }),
  code({
    code: 'BIG50',
    type: 'percentage',
    percentOff: 50,
    minimumOrderCents: 10_000,
    description: '50% off orders of $100 or more',
  }),
  code({
    code: 'LIMITED3',
    type: 'percentage',
    percentOff: 15,
    usageLimit: 3,
    description: '15% off, for the first 3 orders',
  }),
  code({
    code: 'EXPIRED20',
    type: 'percentage',
    percentOff: 20,
    expiresAt: new Date('2024-01-01T00:00:00Z'),
    description: '20% off (expired)',
  }),
  code({
    code: 'USEDUP',
    type: 'fixed',
    amountOffCents: 1_000,
    usageLimit: 1,
    timesUsed: 1,
    description: '$10 off (already used up)',
  }),
  code({
    code: 'PAUSED',
    type: 'percentage',
    percentOff: 25,
    isActive: false,
    description: '25% off (switched off)',
  }),
];

/** Inserts the seed codes when there are none; true when it did. Two replicas starting at once are fine. */
export async function seedDiscountCodes(): Promise<boolean> {
  if (await hasDiscounts()) return false;
  try {
    for (const seeded of SEED_DISCOUNT_CODES) await insertDiscount(seeded);
  } catch (error) {
    // Another process seeded at the same moment: the unique code index refused the copies.
    if (!isDuplicateKeyError(error)) throw error;
  }
  return true;
}

export async function seedDevelopmentData(logger: Logger): Promise<void> {
  try {
    if (await seedDiscountCodes()) {
      logger.info(
        { codes: SEED_DISCOUNT_CODES.map((seeded) => seeded.code) },
        'Seeded discount codes for development',
      );
    }
  } catch (error) {
    // Seed data is a convenience; the API runs without it.
    logger.warn({ err: error }, 'Seeding development data failed');
  }
}
