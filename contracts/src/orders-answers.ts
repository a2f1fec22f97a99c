/**
 * Runtime schemas for the order answers that orders.ts describes as types, each tied to its type so
 * the two cannot drift apart. Loose objects on purpose where stored documents may carry more keys:
 * the schemas check what the apps read, and extra keys are dropped.
 */
import { z } from 'zod';
import { keptSheetRowsSchema, labelCodeSchema, seriesSchema } from './asset-tags';
import { cartResponseSchema } from './cart';
import { CHECKOUT_FIELD_LABELS, type CheckoutField, type CheckoutQuote } from './checkout';
import { PROOF_STATUSES, proofHistoryEntrySchema } from './proof-workflow';
import { COLORS, MATERIALS, MOUNTINGS } from './label-options';
import {
  CARRIERS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type AdminOrder,
  type AdminOrderDetail,
  type OrderDetail,
  type OrderHistoryEntry,
  type OrderHistoryMove,
  type OrderNote,
  type ReorderResult,
  type ReorderSeriesChoice,
} from './orders';

const orderStatus = z.enum(ORDER_STATUSES);

const orderItemSchema = z.object({
  id: z.string(),
  productConfig: z.object({
    material: z.enum(MATERIALS),
    width: z.number(),
    height: z.number(),
    color: z.enum(COLORS),
    mounting: z.enum(MOUNTINGS),
    customText: z.string(),
    series: seriesSchema.nullable().optional(),
    code: labelCodeSchema.nullable().optional(),
    rows: keptSheetRowsSchema.nullable().optional(),
  }),
  files: z.array(z.object({ hashedName: z.string(), originalName: z.string() })),
  quantity: z.number(),
  unitPrice: z.number(),
  totalPrice: z.number(),
  // null when an API from before the field answers (a remote may be released before the API).
  engravedText: z.string().nullable().default(null),
});

const shipmentSchema = z.object({
  carrier: z.enum(CARRIERS),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
});

/** One order of GET /api/orders. */
export const orderHistoryEntrySchema = z.object({
  id: z.string(),
  orderNumber: z.number(),
  createdAt: z.string(),
  status: orderStatus,
  paymentStatus: z.enum(PAYMENT_STATUSES),
  subtotal: z.number(),
  discountCode: z.string().nullable(),
  discountAmount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  taxRegion: z.string().nullable().default(null),
  total: z.number(),
  notes: z.string().nullable(),
  items: z.array(orderItemSchema),
  shipment: shipmentSchema.nullable(),
  refunded: z.number(),
  // null when an API from before the field answers (a remote may be released before the API).
  proofStatus: z.enum(PROOF_STATUSES).nullable().default(null),
}) satisfies z.ZodType<OrderHistoryEntry>;

/** GET /api/orders: the signed-in customer's orders, newest first. */
export const orderHistorySchema = z.array(orderHistoryEntrySchema);

const checkoutFields = Object.keys(CHECKOUT_FIELD_LABELS) as CheckoutField[];

/** The stored contact and shipping details: read as text, not re-checked against today's rules. */
const customerInfoAnswerSchema = z.object(
  Object.fromEntries(checkoutFields.map((name) => [name, z.string()])) as Record<
    CheckoutField,
    z.ZodString
  >,
);

/** An order as the admin sees it (the answer of ship, cancel and complete too). */
export const adminOrderSchema = orderHistoryEntrySchema.extend({
  customerId: z.string().nullable(),
  accountDeleted: z.boolean().default(false),
  guestEmail: z.string().nullable(),
  customerInfo: customerInfoAnswerSchema,
  paymentId: z.string().nullable(),
  paidAt: z.string().nullable(),
  updatedAt: z.string(),
  refundPending: z.object({ amount: z.number(), askedAt: z.string() }).nullable().default(null),
  refundedAt: z.string().nullable().default(null),
  refundReason: z.string().nullable().default(null),
}) satisfies z.ZodType<AdminOrder>;

/** POST /api/admin/orders/{id}/notes (201). */
export const orderNoteAnswerSchema = z.object({
  id: z.string(),
  at: z.string(),
  by: z.string(),
  text: z.string(),
}) satisfies z.ZodType<OrderNote>;

const orderHistoryMoveSchema = z.object({
  at: z.string(),
  by: z.string().nullable(),
  from: orderStatus.nullable(),
  to: orderStatus,
  note: z.string().nullable(),
}) satisfies z.ZodType<OrderHistoryMove>;

/** GET /api/admin/orders/{id}: the order, its moves and the admins' notes. */
export const adminOrderDetailSchema = adminOrderSchema.extend({
  history: z.array(orderHistoryMoveSchema),
  adminNotes: z.array(orderNoteAnswerSchema),
  proofHistory: z.array(proofHistoryEntrySchema),
  engravedTexts: z.array(z.object({ lineId: z.string(), text: z.string() })),
}) satisfies z.ZodType<AdminOrderDetail>;

/** POST /api/checkout/quote. */
export const checkoutQuoteAnswerSchema = z.object({
  subtotal: z.number(),
  discountCode: z.string().nullable(),
  discountAmount: z.number(),
  shipping: z.number(),
  shippingCarrier: z.enum(['usps', 'ups']).nullable(),
  tax: z.number(),
  taxRegion: z.string().nullable().default(null),
  total: z.number(),
}) satisfies z.ZodType<CheckoutQuote>;

/** GET /api/orders/{id} and GET /api/orders/by-number/{orderNumber}. */
export const orderDetailSchema = orderHistoryEntrySchema.extend({
  customerInfo: customerInfoAnswerSchema,
  paidAt: z.string().nullable(),
  history: z.array(z.object({ at: z.string(), status: orderStatus })),
}) satisfies z.ZodType<OrderDetail>;

/** POST /api/orders/{id}/reorder. */
export const reorderResultSchema = z.object({
  cart: cartResponseSchema,
  added: z.number(),
  priceChanges: z.array(
    z.object({
      orderLineId: z.string(),
      description: z.string(),
      quantity: z.number(),
      orderedUnitPrice: z.number(),
      unitPrice: z.number(),
    }),
  ),
  missingArtwork: z.array(z.object({ orderLineId: z.string(), originalName: z.string() })),
  textChanges: z.array(
    z.object({ orderLineId: z.string(), orderedText: z.string(), engravedText: z.string() }),
  ),
}) satisfies z.ZodType<ReorderResult>;

/** GET /api/orders/{id}/reorder: what repeating and continuing each series would engrave. */
export const reorderOptionsSchema = z.object({
  series: z.array(
    z.object({
      lineId: z.string(),
      quantity: z.number(),
      repeat: z.string(),
      continue: z.string(),
      nextStart: z.number(),
    }) satisfies z.ZodType<ReorderSeriesChoice>,
  ),
});

/** POST /api/orders/lookup (202): the same answer whether or not the order matched. */
export const orderLookupAnswerSchema = z.object({ message: z.string() });

/** What "Order again" hands the cart page (router state): the order and what changed. */
export const reorderNoticeSchema = z.object({
  orderNumber: z.number(),
  added: z.number(),
  priceChanges: reorderResultSchema.shape.priceChanges,
  missingArtwork: reorderResultSchema.shape.missingArtwork,
  // Absent from an account remote deployed before the notice named them.
  textChanges: reorderResultSchema.shape.textChanges.optional().default([]),
});
export type ReorderNotice = z.infer<typeof reorderNoticeSchema>;
