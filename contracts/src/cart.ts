/**
 * The cart calls (docs/product.md sections 3 and 7): request schemas the API parses with, and the answers'
 * shapes the browser can check. Money in answers is dollars with two decimals; the server computes it.
 */
import { z } from 'zod';
import { COLORS, MATERIALS, MOUNTINGS } from './label-options';
import {
  labelConfigurationSchema,
  lineQuantitySchema,
  uploadedFileRefSchema,
} from './label-configuration';
import { keptSheetRowsSchema, labelCodeSchema, seriesSchema } from './asset-tags';

/** POST /api/cart: a full sign configuration; prices sent with it are ignored (never trusted). */
export const addToCartSchema = labelConfigurationSchema;
export type AddToCartInput = z.input<typeof addToCartSchema>;

/** PUT /api/cart/{id}: the new quantity, by the configuration's rule (required here). */
export const cartQuantitySchema = z.object({
  quantity: lineQuantitySchema,
});
export type CartQuantityInput = z.infer<typeof cartQuantitySchema>;

/** GET /api/cart?zipCode=: the ZIP or postal code tax is estimated for; anything unknown taxes nothing. */
export const cartQuerySchema = z.object({
  zipCode: z
    .string({ error: 'ZIP code must be text' })
    .trim()
    .max(20, 'ZIP code must be at most 20 characters')
    .optional(),
});

/** One cart item as the shop stores it: the configuration without its price or quantity. */
export const productConfigSchema = z.object({
  material: z.enum(MATERIALS),
  width: z.number(),
  height: z.number(),
  color: z.enum(COLORS),
  mounting: z.enum(MOUNTINGS),
  customText: z.string(),
  /** Asset tags (docs/product.md section 12); null on a plain label. */
  series: seriesSchema.nullable().optional().default(null),
  code: labelCodeSchema.nullable().optional().default(null),
  rows: keptSheetRowsSchema.nullable().optional().default(null),
});
export type ProductConfig = z.infer<typeof productConfigSchema>;

export const cartItemSchema = z.object({
  id: z.string(),
  productConfig: productConfigSchema,
  files: z.array(uploadedFileRefSchema),
  quantity: z.number().int(),
  unitPrice: z.number(),
  totalPrice: z.number(),
  createdAt: z.string(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The applied code no longer applies: named in the answer of the change that dropped it, and in cart reads while a code that stopped applying is still stored. */
export const discountRemovedSchema = z.object({ code: z.string(), message: z.string() });
export type DiscountRemoved = z.infer<typeof discountRemovedSchema>;

export const cartDiscountSchema = z.object({
  code: z.string(),
  description: z.string(),
  amount: z.number(),
});

/**
 * GET /api/cart. itemCount is the number of labels (the sum of the quantities), not of lines.
 * total = subtotal - discount + tax, never below 0; shipping is added at checkout.
 */
export const cartResponseSchema = z.object({
  items: z.array(cartItemSchema),
  itemCount: z.number().int(),
  subtotal: z.number(),
  discount: cartDiscountSchema.nullable(),
  discountRemoved: discountRemovedSchema.optional(),
  tax: z.object({ region: z.string().nullable(), amount: z.number() }),
  total: z.number(),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

/** POST /api/cart (201), PUT /api/cart/{id}: the whole cart after the change, and the line as stored. */
export const cartChangeResponseSchema = cartResponseSchema.extend({ item: cartItemSchema });
export type CartChangeResponse = z.infer<typeof cartChangeResponseSchema>;

/** DELETE /api/cart/{id}: the whole cart after the change, and the id of the line removed. */
export const cartDeleteResponseSchema = cartResponseSchema.extend({ id: z.string() });
export type CartDeleteResponse = z.infer<typeof cartDeleteResponseSchema>;

/** The cart's own limit on lines, so one session cannot grow a cart without bound. */
export const MAX_CART_LINES = 50;
export const CART_FULL_MESSAGE = `Your cart is full (at most ${MAX_CART_LINES} items). Please check out or remove an item first.`;

/**
 * POST /api/cart/session: nulls (or an empty code) clear the discount. Only the code is read: the
 * server works out the amount from its own cart and describes the code itself in discountData.
 */
export const cartSessionUpdateSchema = z.object({
  discountCode: z
    .string({ error: 'Discount code must be text' })
    .trim()
    .max(50, 'Discount code must be at most 50 characters')
    .nullable()
    .optional(),
  discountAmount: z.number({ error: 'Discount amount must be a number' }).nullable().optional(),
  discountData: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type CartSessionUpdate = z.infer<typeof cartSessionUpdateSchema>;

export const cartSessionResponseSchema = z.object({
  discountCode: z.string().nullable(),
  discountAmount: z.number().nullable(),
  discountData: z
    .object({
      code: z.string(),
      description: z.string(),
      type: z.enum(['percentage', 'fixed']),
      value: z.number(),
    })
    .nullable(),
});
export type CartSessionResponse = z.infer<typeof cartSessionResponseSchema>;
