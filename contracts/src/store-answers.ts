/**
 * The answers the shell's store parses while the landing page loads (the cart, who is signed in, an
 * API error), written with `zod/mini`: the same shapes as cartResponseSchema (cart.ts),
 * currentUserAnswerSchema (accounts-answers.ts) and apiErrorBodySchema (api-error.ts). zod's classic
 * API carries every method on every schema and cannot be tree-shaken: these three with it were 36.1 KB
 * gzip of the landing page; with zod/mini they are a chunk of 7.9 KB that comes with the first answer
 * that needs one (docs/benchmarks.md, "What each page downloads"). store-answers.test.ts checks that
 * each one describes exactly what its classic twin does (their JSON Schemas are equal), and
 * `satisfies` ties each to its type, so the two cannot drift apart. Every other answer keeps its
 * classic schema.
 */
import * as z from 'zod/mini';
import type { ApiErrorBody } from './api-error';
import type { CartResponse } from './cart';
import {
  CODE_PLACEMENTS,
  CODE_TYPES,
  MAX_SHEET_COLUMNS,
  MAX_TEXT_COLUMNS,
  SERIES_MAX_NUMBER,
  SERIES_MAX_PADDING,
  SERIES_MAX_STEP,
} from './asset-tag-options';
import { COLORS, MATERIALS, MOUNTINGS } from './label-options';
import type { ShopUser } from './shop-store';

const uploadedFileRef = z.strictObject({
  hashedName: z.string().check(z.regex(/^[a-f0-9]{64}\.[a-z0-9]{2,5}$/, 'Unknown file')),
  originalName: z.string().check(z.minLength(1), z.maxLength(255)),
});

const wholeNumber = (min: number, max: number) =>
  z.number().check(z.int(), z.minimum(min), z.maximum(max));

/** A line's asset tags (asset-tags.ts: seriesSchema, labelCodeSchema, sheetRowsSchema); null on a plain label. */
const orNull = <T extends z.core.SomeType>(schema: T) =>
  z._default(z.optional(z.nullable(schema)), null);

const series = z.strictObject({
  start: wholeNumber(0, SERIES_MAX_NUMBER),
  step: wholeNumber(1, SERIES_MAX_STEP),
  padding: wholeNumber(0, SERIES_MAX_PADDING),
});

const labelCode = z.strictObject({
  type: z.enum(CODE_TYPES),
  placement: z.enum(CODE_PLACEMENTS),
  value: z.string().check(z.maxLength(300)),
});

const sheetRows = z.strictObject({
  sheetId: z.string().check(z.regex(/^[0-9a-f]{24}$/i)),
  textColumns: z.array(wholeNumber(0, MAX_SHEET_COLUMNS - 1)).check(z.maxLength(MAX_TEXT_COLUMNS)),
  codeColumn: z.nullable(wholeNumber(0, MAX_SHEET_COLUMNS - 1)),
  originalName: z.optional(z.string()),
  firstLabel: z.optional(z.object({ text: z.string(), codeValue: z.nullable(z.string()) })),
});

const cartItem = z.object({
  id: z.string(),
  productConfig: z.object({
    material: z.enum(MATERIALS),
    width: z.number(),
    height: z.number(),
    color: z.enum(COLORS),
    mounting: z.enum(MOUNTINGS),
    customText: z.string(),
    series: orNull(series),
    code: orNull(labelCode),
    rows: orNull(sheetRows),
  }),
  files: z.array(uploadedFileRef),
  quantity: z.number().check(z.int()),
  unitPrice: z.number(),
  totalPrice: z.number(),
  createdAt: z.string(),
});

/** GET /api/cart, as cartResponseSchema. */
export const storeCartSchema = z.object({
  items: z.array(cartItem),
  itemCount: z.number().check(z.int()),
  subtotal: z.number(),
  discount: z.nullable(z.object({ code: z.string(), description: z.string(), amount: z.number() })),
  discountRemoved: z.optional(z.object({ code: z.string(), message: z.string() })),
  tax: z.object({ region: z.nullable(z.string()), amount: z.number() }),
  total: z.number(),
}) satisfies z.ZodMiniType<CartResponse>;

/** GET /api/auth/me, as currentUserAnswerSchema: the signed-in customer, or null for a guest. */
export const storeCurrentUserSchema = z.nullable(
  z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.nullish(z.string()),
    company: z.nullish(z.string()),
    address: z.nullish(z.string()),
    zipCode: z.nullish(z.string()),
    isAdmin: z.boolean(),
    emailConfirmed: z.optional(z.boolean()),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
) satisfies z.ZodMiniType<ShopUser | null>;

/** Every non-2xx answer of the API, as apiErrorBodySchema. */
export const storeApiErrorSchema = z.object({
  message: z.string(),
  errors: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
}) satisfies z.ZodMiniType<ApiErrorBody>;
