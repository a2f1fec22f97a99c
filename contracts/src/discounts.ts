/**
 * Discount codes (docs/product.md sections 3 and 5, docs/design.md section 4): the shopper's check, the admin form,
 * and the messages a shopper reads when a code cannot be used.
 */
import { z } from 'zod';
import { FIRST_DAY, LAST_DAY, dayIn, isCalendarDay, nextDay, startOfDayIn } from './time-zone';
import {
  DISCOUNT_CODE_MAX_LENGTH,
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_CODE_PATTERN_MESSAGE,
  DISCOUNT_DESCRIPTION_MAX_LENGTH,
  DISCOUNT_REJECTIONS,
  DISCOUNT_TYPES,
  EMPTY_DISCOUNT_CODE_MESSAGE,
} from './discount-options';

export * from './discount-options';

const hasAtMostTwoDecimals = (value: number) =>
  Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** POST /api/discount-codes/apply. Codes are case-insensitive: the input is upper-cased. */
export const applyDiscountSchema = z.object({
  code: z
    .string({ error: EMPTY_DISCOUNT_CODE_MESSAGE })
    .trim()
    .min(1, EMPTY_DISCOUNT_CODE_MESSAGE)
    .max(
      DISCOUNT_CODE_MAX_LENGTH,
      `Discount code must be at most ${DISCOUNT_CODE_MAX_LENGTH} characters`,
    )
    .transform((code) => code.toUpperCase()),
  subtotal: z
    .number({ error: 'Subtotal must be a number' })
    .min(0, 'Subtotal must be at least 0')
    .max(10_000_000, 'Subtotal must be at most 10000000'),
});
export type ApplyDiscountInput = z.input<typeof applyDiscountSchema>;

/**
 * The answer of apply (200 either way): valid with the amount and the new total (subtotal minus the
 * discount, never below 0; tax and shipping come later), or not valid with the reason and a message.
 */
export const applyDiscountResponseSchema = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    discountCode: z.object({ code: z.string(), description: z.string() }),
    discountAmount: z.number(),
    newTotal: z.number(),
  }),
  z.object({
    valid: z.literal(false),
    reason: z.enum(DISCOUNT_REJECTIONS),
    message: z.string(),
    discountCode: z.null(),
    discountAmount: z.literal(0),
    newTotal: z.number(),
  }),
]);
export type ApplyDiscountResponse = z.infer<typeof applyDiscountResponseSchema>;

/** A day the admin picked (YYYY-MM-DD: usable through that whole day in the shop's time zone) or an ISO date-time. */
export const EXPIRY_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const expiresAtSchema = z
  .string({ error: 'Expiry must be a date' })
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) &&
      isCalendarDay(value.slice(0, 10)) &&
      !Number.isNaN(Date.parse(value)),
    `Expiry must be a date (YYYY-MM-DD) or an ISO date-time, from ${FIRST_DAY} to ${LAST_DAY}`,
  )
  .nullable();

/**
 * When a code stops working. A plain day is the last day the code works, in the shop's time zone: it
 * stops at the start of the next day there.
 */
export function expiryInstant(expiresAt: string, timeZone: string): Date {
  if (EXPIRY_DAY_PATTERN.test(expiresAt)) return startOfDayIn(timeZone, nextDay(expiresAt));
  return new Date(expiresAt);
}

/** The last day a code works (YYYY-MM-DD, the shop's time zone): the day before the instant it stops. */
export function lastDayOf(expiresAt: Date, timeZone: string): string {
  return dayIn(timeZone, new Date(expiresAt.getTime() - 1));
}

/** The admin form's fields without defaults, so the update can say "not given" (docs/product.md section 5). */
const discountCodeFields = {
  code: z
    .string({ error: 'Code is required' })
    .min(1, { error: 'Code is required', abort: true })
    .max(DISCOUNT_CODE_MAX_LENGTH, `Code must be at most ${DISCOUNT_CODE_MAX_LENGTH} characters`)
    .regex(DISCOUNT_CODE_PATTERN, DISCOUNT_CODE_PATTERN_MESSAGE),
  type: z.enum(DISCOUNT_TYPES, { error: 'Type must be percentage or fixed' }),
  value: z
    .number({ error: 'Value is required' })
    .min(0, 'Value must be at least 0')
    .max(100, 'Value must be at most 100')
    .refine(hasAtMostTwoDecimals, 'Value must have at most two decimals'),
  minimumOrder: z
    .number({ error: 'Minimum order must be a number' })
    .min(0, 'Minimum order must be at least 0')
    .max(1_000_000, 'Minimum order must be at most 1000000')
    .refine(hasAtMostTwoDecimals, 'Minimum order must be in whole cents'),
  usageLimit: z
    .number({ error: 'Usage limit must be a number' })
    .int('Usage limit must be a whole number')
    .min(1, 'Usage limit must be at least 1')
    .max(1_000_000_000, 'Usage limit must be at most 1000000000')
    .nullable(),
  expiresAt: expiresAtSchema,
  description: z
    .string({ error: 'Description must be text' })
    .max(
      DISCOUNT_DESCRIPTION_MAX_LENGTH,
      `Description must be at most ${DISCOUNT_DESCRIPTION_MAX_LENGTH} characters`,
    )
    .nullable(),
  isActive: z.boolean({ error: 'Active must be true or false' }),
};

/** POST /api/admin/discount-codes. timesUsed is the shop's own count: sent, it is ignored. */
export const discountCodeCreateSchema = z.object({
  code: discountCodeFields.code,
  type: discountCodeFields.type,
  value: discountCodeFields.value,
  minimumOrder: discountCodeFields.minimumOrder.optional(),
  usageLimit: discountCodeFields.usageLimit.optional(),
  expiresAt: discountCodeFields.expiresAt.optional(),
  description: discountCodeFields.description.optional(),
  isActive: discountCodeFields.isActive.optional(),
});
export type DiscountCodeCreateInput = z.infer<typeof discountCodeCreateSchema>;

/** PUT /api/admin/discount-codes/{id}: the fields given are changed, the others kept. */
export const discountCodeUpdateSchema = z.object(discountCodeFields).partial();
export type DiscountCodeUpdateInput = z.infer<typeof discountCodeUpdateSchema>;

/** A discount code as the admin panel shows it; money in dollars, dates as ISO strings. */
export const discountCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  value: z.number(),
  minimumOrder: z.number(),
  usageLimit: z.number().nullable(),
  timesUsed: z.number(),
  /** The instant the code stops working. */
  expiresAt: z.string().nullable(),
  /** The last day it works (YYYY-MM-DD in the shop's time zone): what the admin picked and edits. */
  expiresOn: z.string().nullable(),
  isActive: z.boolean(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

export const DISCOUNT_CODE_TAKEN_MESSAGE = 'A discount code with this code already exists';
