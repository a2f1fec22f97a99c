/**
 * The schemas of POST /api/calculate-price, apart from the price rules (pricing.ts), so a page that
 * shows prices runs no zod until it checks an answer.
 */
import { z } from 'zod';
import { labelConfigurationSchema } from './label-configuration';
import type { PriceResult } from './pricing';

/**
 * POST /api/calculate-price takes a full sign configuration (its files and text do not change the
 * price; a code, a series or rows add their fees, and the quantity is the count of labels).
 */
export const calculatePriceSchema = labelConfigurationSchema;

export const priceResultSchema = z.object({
  unitPrice: z.number(),
  subtotal: z.number(),
  total: z.number(),
  area: z.number(),
}) satisfies z.ZodType<PriceResult>;
