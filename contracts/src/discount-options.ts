/**
 * Discount codes' limits, kinds and rejection messages without a schema (docs/product.md sections 3
 * and 5). Free of zod, so the cart's first render (the code field's length) reads them without zod's
 * classic API; discounts.ts holds the schemas and re-exports these.
 */
import { formatDollars } from './money';

export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const DISCOUNT_CODE_MAX_LENGTH = 50;
export const DISCOUNT_DESCRIPTION_MAX_LENGTH = 200;
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]+$/;
export const DISCOUNT_CODE_PATTERN_MESSAGE =
  'Code must contain only uppercase letters, numbers, hyphens, and underscores';
export const EMPTY_DISCOUNT_CODE_MESSAGE = 'Please enter a discount code';

/** Why a code cannot be used, in the order they are checked. */
export const DISCOUNT_REJECTIONS = [
  'not_found',
  'inactive',
  'expired',
  'used_up',
  'below_minimum',
] as const;
export type DiscountRejection = (typeof DISCOUNT_REJECTIONS)[number];

/** What the shopper reads for each rejection; below_minimum names the minimum in dollars. */
export function discountRejectionMessage(
  reason: DiscountRejection,
  minimumOrderDollars = 0,
): string {
  switch (reason) {
    case 'not_found':
      return 'This discount code is not valid';
    case 'inactive':
      return 'This discount code is no longer active';
    case 'expired':
      return 'This discount code has expired';
    case 'used_up':
      return 'This discount code has reached its usage limit';
    case 'below_minimum':
      return `This discount code needs an order of at least ${formatDollars(minimumOrderDollars)}`;
  }
}
