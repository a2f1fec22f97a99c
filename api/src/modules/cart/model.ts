// Carts and cart sessions, each one document per owner found by _id.
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

/**
 * A cart: one document per owner, _id guest:{sessionId} or customer:{customerId}, holding its lines
 * (at most MAX_CART_LINES). Reading or changing a cart is one lookup by _id, the one filter FerretDB v1
 * answers without reading the whole collection, so its cost does not grow with the number of carts.
 */
export interface CartRecord {
  _id: string;
  items: CartItemRecord[];
  createdAt: Date;
  updatedAt: Date;
}

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
  },
  { collection: 'carts', timestamps: true, versionKey: false },
);

export const CartModel = mongoose.model<CartRecord>('Cart', cartSchema);

export interface CartSessionRecord {
  /**
   * The owner: guest:{sessionId} or customer:{customerId}. A signed-in customer's discount follows the
   * customer across browsers, and one browser session can hold a guest and a customer cart, so the key
   * is the owner rather than sessionId alone. Being the _id it is unique and always present, and it is
   * the one filter FerretDB v1 answers without reading the whole collection.
   */
  _id: string;
  sessionId: string;
  customerId: string | null;
  discountCode: string | null;
  discountAmountCents: number;
  discountData: {
    code: string;
    description: string;
    type: 'percentage' | 'fixed';
    value: number;
  } | null;
  createdAt: Date;
  updatedAt: Date;
}

const cartSessionSchema = new Schema<CartSessionRecord>(
  {
    _id: { type: String, required: true },
    sessionId: { type: String, required: true },
    customerId: { type: String, default: null },
    discountCode: { type: String, default: null },
    discountAmountCents: { type: Number, default: 0 },
    discountData: { type: Schema.Types.Mixed, default: null },
  },
  { collection: 'cart_sessions', timestamps: true, minimize: false },
);

export const CartSessionModel = mongoose.model<CartSessionRecord>('CartSession', cartSessionSchema);
