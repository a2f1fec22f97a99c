/**
 * The shipping estimate (docs/product.md section 7, docs/design.md section 4): one cart item, one US ZIP (five digits,
 * with or without the ZIP+4 extension, of which only the five digits are used).
 */
import { z } from 'zod';
import { MATERIALS } from './label-options';
import { labelConfigurationSchema, lineQuantitySchema } from './label-configuration';
import { US_ZIP_CODE_PATTERN } from './tax';

export const SHIPPING_ZIP_MESSAGE =
  'Shipping estimates are available only for 5-digit US ZIP codes.';

export const shippingEstimateSchema = z.object({
  labelType: z.enum(MATERIALS, { error: `Label type must be one of ${MATERIALS.join(', ')}` }),
  width: labelConfigurationSchema.shape.width,
  height: labelConfigurationSchema.shape.height,
  quantity: lineQuantitySchema,
  toZip: z
    .string({ error: SHIPPING_ZIP_MESSAGE })
    .trim()
    .regex(US_ZIP_CODE_PATTERN, SHIPPING_ZIP_MESSAGE),
});
export type ShippingEstimateInput = z.infer<typeof shippingEstimateSchema>;

/** Rates in dollars for shipping this one item (its whole quantity) by each carrier. */
export const shippingEstimateResponseSchema = z.object({
  success: z.literal(true),
  estimate: z.object({ rates: z.object({ usps: z.number(), ups: z.number() }) }),
});
export type ShippingEstimateResponse = z.infer<typeof shippingEstimateResponseSchema>;
