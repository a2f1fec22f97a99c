// Discount codes, money in integer cents. How often a code was used is not a counter on the code: each
// use is a document of its own (DiscountUse), because an update with a guard ({ timesUsed: { $lt: n } })
// is not atomic on FerretDB v1 (it reads, then writes: 20 concurrent $inc leave 1), while an insert
// against a unique index is, on FerretDB and MongoDB alike. A limited code's uses take numbered slots
// 1..usageLimit, so at most usageLimit of them can ever exist.
import mongoose, { Schema, type Types } from 'mongoose';
import { DISCOUNT_TYPES, type DiscountType } from '@shop/contracts';

export interface DiscountCodeRecord {
  _id: Types.ObjectId;
  code: string;
  type: DiscountType;
  percentOff: number | null;
  amountOffCents: number | null;
  minimumOrderCents: number;
  usageLimit: number | null;
  expiresAt: Date | null;
  isActive: boolean;
  description: string;
  createdAt: Date;
  updatedAt: Date;
}

const discountCodeSchema = new Schema<DiscountCodeRecord>(
  {
    /** Upper-case, unique (the index is on a field every document has). */
    code: { type: String, required: true },
    type: { type: String, enum: DISCOUNT_TYPES, required: true },
    /** For percentage codes: 0 to 100. */
    percentOff: { type: Number, default: null },
    /** For fixed codes. */
    amountOffCents: { type: Number, default: null },
    minimumOrderCents: { type: Number, required: true, default: 0 },
    /** null: unlimited. */
    usageLimit: { type: Number, default: null },
    /** The first instant the code no longer works; null: never expires. */
    expiresAt: { type: Date, default: null },
    isActive: { type: Boolean, required: true, default: true },
    description: { type: String, default: '' },
  },
  { collection: 'discount_codes', timestamps: true },
);

discountCodeSchema.index({ code: 1 }, { unique: true });
discountCodeSchema.index({ createdAt: -1 });

export const DiscountCodeModel = mongoose.model<DiscountCodeRecord>(
  'DiscountCode',
  discountCodeSchema,
);

export interface DiscountUseRecord {
  _id: Types.ObjectId;
  discountId: Types.ObjectId;
  /** 1..usageLimit for a limited code; 0 for an unlimited one. */
  slot: number;
  /** {discountId}:{slot}, or {discountId}:u:{random} when unlimited. Unique: two uses never share a slot. */
  key: string;
  createdAt: Date;
}

const discountUseSchema = new Schema<DiscountUseRecord>(
  {
    discountId: { type: Schema.Types.ObjectId, required: true },
    slot: { type: Number, required: true },
    key: { type: String, required: true },
  },
  { collection: 'discount_uses', timestamps: { createdAt: true, updatedAt: false } },
);

discountUseSchema.index({ key: 1 }, { unique: true });
discountUseSchema.index({ discountId: 1, slot: -1 });

export const DiscountUseModel = mongoose.model<DiscountUseRecord>('DiscountUse', discountUseSchema);
