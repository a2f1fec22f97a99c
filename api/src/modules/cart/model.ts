// Carts: one document per owner found by _id, holding its lines and its discount code.
import mongoose, { Schema, type Types } from 'mongoose';
import { COLORS, MATERIALS, MOUNTINGS, type ProductConfig } from '@shop/contracts';

/** One line of a cart; prices in cents as the server computed them. */
export interface CartItemRecord {
  _id: Types.ObjectId;
  productConfig: ProductConfig;
  files: Array<{ hashedName: string; originalName: string }>;
  quantity: number;
  unitPriceCents: number;
  totalPriceCents: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The discount code applied to a cart, as the server evaluated it when it was applied. */
export interface CartDiscountRecord {
  discountCode: string | null;
  /** In cents, kept in step with the cart's lines (answers recompute it anyway). */
  discountAmountCents: number;
  discountData: {
    code: string;
    description: string;
    type: 'percentage' | 'fixed';
    value: number;
  } | null;
}

/**
 * A cart: one document per owner, _id guest:{sessionId} or customer:{customerId}, holding its lines
 * (at most MAX_CART_LINES) and the discount code applied to them. Reading or changing a cart is one
 * lookup by _id. The owner is the key rather than the browser session alone:
 * a signed-in customer's cart and code follow the customer across browsers, and one browser session
 * can hold a guest and a customer cart. A cart written before the code moved into it (from the
 * cart_sessions collection: migrations/cart-sessions.ts) may lack the discount fields: no code.
 */
export interface CartRecord extends CartDiscountRecord {
  _id: string;
  items: CartItemRecord[];
  /**
   * A new random value with every write of the cart (none on a cart written before it existed): an
   * order placed from the cart keeps it, and the cart still at that revision is exactly what was
   * ordered (cart.ts, clearOrderedLines).
   */
  revision?: string | null;
  /**
   * Each line's size, colours, mounting and text (repository.ts, labelKeyOf), written with the lines:
   * a label none of them equals cannot be more of a line already there, so adding it is one write.
   * Missing on a cart written before it existed.
   */
  labelKeys?: string[];
  /**
   * The cart's start (the admin's funnel): the line whose adding made an empty cart a cart, by its
   * id, and when, written by that same write; null once the cart is emptied (its start is then kept
   * in cart_starts) and on a cart written before it existed (whose start is in cart_starts). An order
   * placed from the cart keeps it (orders' `cartStartedBy`), so paying, which takes the cart away,
   * loses no start.
   */
  startedBy?: string | null;
  startedAt?: Date | null;
  /**
   * Whether an order was placed from the cart (orders' placing sets it as it reads the cart): false
   * on a cart never placed, whose first placing then looks for no earlier order (orders/placing.ts).
   * Missing on a cart made before it existed, which may have been placed.
   */
  placed?: boolean;
  /**
   * A guest's cart unchanged until then is abandoned: the sweep removes it, its start kept
   * (repository.ts, removeAbandonedGuestCarts). Each write of a guest's cart moves it on
   * GUEST_CART_KEPT_DAYS; a customer's cart has none and stays with the account.
   */
  abandonedAfter?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** How long a guest's cart is kept after its last change. */
export const GUEST_CART_KEPT_DAYS = 90;

const cartItemSchema = new Schema<CartItemRecord>(
  {
    productConfig: {
      type: new Schema(
        {
          material: { type: String, enum: MATERIALS, required: true },
          width: { type: Number, required: true },
          height: { type: Number, required: true },
          color: { type: String, enum: COLORS, required: true },
          mounting: { type: String, enum: MOUNTINGS, required: true },
          customText: { type: String, default: '' },
          // Asset tags (docs/product.md section 12): null on a plain label.
          series: { type: Schema.Types.Mixed, default: null },
          code: { type: Schema.Types.Mixed, default: null },
          rows: { type: Schema.Types.Mixed, default: null },
        },
        { _id: false },
      ),
      required: true,
    },
    files: {
      type: [
        new Schema(
          {
            hashedName: { type: String, required: true },
            originalName: { type: String, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    quantity: { type: Number, required: true, min: 1 },
    unitPriceCents: { type: Number, required: true },
    totalPriceCents: { type: Number, required: true },
    // Set by the code (a whole list is written at once, so mongoose's timestamps would touch every line).
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { timestamps: false },
);

const cartSchema = new Schema<CartRecord>(
  {
    _id: { type: String, required: true },
    items: { type: [cartItemSchema], default: [] },
    discountCode: { type: String, default: null },
    discountAmountCents: { type: Number, default: 0 },
    discountData: { type: Schema.Types.Mixed, default: null },
    revision: { type: String, default: null },
    labelKeys: { type: [String], default: undefined },
    startedBy: { type: String, default: null },
    startedAt: { type: Date, default: null },
    placed: { type: Boolean },
    abandonedAfter: { type: Date },
  },
  { collection: 'carts', timestamps: true, versionKey: false },
);
// The funnel: the carts started in a stretch of time that still hold their start.
cartSchema.index({ startedAt: 1 });
// The sweep: the guests' carts abandoned by now, oldest first.
cartSchema.index({ abandonedAfter: 1 });

export const CartModel = mongoose.model<CartRecord>('Cart', cartSchema);

/**
 * A cart's start (its first label added to an empty cart: the admin's funnel, modules/insights) kept
 * apart from the cart, under the first line's id, with when it happened and nothing about the
 * shopper: written when a cart holding its start is emptied or removed other than by paying (whose
 * order keeps the start), and by versions before the cart held its start.
 */
interface CartStartRecord {
  _id: string;
  at: Date;
}

const cartStartSchema = new Schema<CartStartRecord>(
  { _id: { type: String, required: true }, at: { type: Date, required: true } },
  { collection: 'cart_starts', versionKey: false },
);
// The funnel counts the carts started in a stretch of time.
cartStartSchema.index({ at: 1 });

export const CartStartModel = mongoose.model<CartStartRecord>('CartStart', cartStartSchema);
