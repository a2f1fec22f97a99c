// Cart items and cart sessions (SPEC.md section 3). Items are found by the guest session or, once
// signed in, by the customer; prices are stored in cents as the server computed them.
import mongoose, { Schema, type Types } from 'mongoose';
import { COLORS, MATERIALS, MOUNTINGS, type ProductConfig } from '@shop/contracts';

export interface CartItemRecord {
  _id: Types.ObjectId;
  sessionId: string;
  /** null for a guest's item. */
  customerId: string | null;
  productConfig: ProductConfig;
  files: Array<{ hashedName: string; originalName: string }>;
  quantity: number;
  unitPriceCents: number;
  totalPriceCents: number;
  createdAt: Date;
  updatedAt: Date;
}

const cartItemSchema = new Schema<CartItemRecord>(
  {
    sessionId: { type: String, required: true },
    customerId: { type: String, default: null },
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
  },
  { collection: 'cart_items', timestamps: true },
);

// A guest's cart: { sessionId, customerId: null } by createdAt; a customer's: { customerId } by createdAt.
// (MongoDB uses these; FerretDB v1 reads the collection through for any filter but a lone _id, so the
// code reads an owner's lines once per request and changes single lines by _id.)
cartItemSchema.index({ sessionId: 1, customerId: 1, createdAt: 1 });
cartItemSchema.index({ customerId: 1, createdAt: 1 });

export const CartItemModel = mongoose.model<CartItemRecord>('CartItem', cartItemSchema);

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
  /** Set when a re-validation dropped the code; reported once by the next GET /api/cart. */
  discountRemoved: { code: string; message: string } | null;
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
    discountRemoved: { type: Schema.Types.Mixed, default: null },
  },
  { collection: 'cart_sessions', timestamps: true, minimize: false },
);

cartSessionSchema.index({ sessionId: 1 });
cartSessionSchema.index({ customerId: 1 });

export const CartSessionModel = mongoose.model<CartSessionRecord>('CartSession', cartSessionSchema);
