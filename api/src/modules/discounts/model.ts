// Discount codes, money in integer cents. A code is found by its unique `code`; its uses are the
// counter `timesUsed`, moved by a guarded `$inc` (repository.ts), so a limit holds under any number
// of concurrent checkouts.
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
  /** Uses held now: taken just before a charge, given back when the charge fails. */
  timesUsed: number;
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
    timesUsed: { type: Number, required: true, default: 0 },
    description: { type: String, default: '' },
  },
  { collection: 'discount_codes', timestamps: true },
);

discountCodeSchema.index({ code: 1 }, { unique: true });
discountCodeSchema.index({ createdAt: -1, _id: -1 });

export const DiscountCodeModel = mongoose.model<DiscountCodeRecord>(
  'DiscountCode',
  discountCodeSchema,
);
