// Discount codes, money in integer cents. How often a code was used is not a counter on the code: each
// use is a document of its own (DiscountUse), because an update with a guard ({ timesUsed: { $lt: n } })
// is not atomic on FerretDB v1 (it reads, then writes: 20 concurrent $inc leave 1), while an insert
// against a unique index is, on FerretDB and MongoDB alike. Every hot read is a lookup by _id (a code by
// its key document, its uses by their numbered ids): FerretDB v1 reads a whole collection for any other
// filter.
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

/** The code's key: _id is the upper-case code, so a code is found by one lookup by _id. */
export interface DiscountCodeKeyRecord {
  _id: string;
  discountId: Types.ObjectId;
  createdAt: Date;
}

const discountCodeKeySchema = new Schema<DiscountCodeKeyRecord>(
  {
    _id: { type: String, required: true },
    discountId: { type: Schema.Types.ObjectId, required: true },
  },
  { collection: 'discount_code_keys', timestamps: { createdAt: true, updatedAt: false } },
);

export const DiscountCodeKeyModel = mongoose.model<DiscountCodeKeyRecord>(
  'DiscountCodeKey',
  discountCodeKeySchema,
);

/**
 * One use taken (`{discountId}:t:{n}`) or given back (`{discountId}:r:{n}`). Each kind is numbered
 * 1, 2, 3... without gaps, each number taken by an insert under the unique _id, so timesUsed is
 * taken - given back, found by looking up ids rather than by counting documents.
 */
export interface DiscountUseRecord {
  _id: string;
  discountId: Types.ObjectId;
  createdAt: Date;
}

const discountUseSchema = new Schema<DiscountUseRecord>(
  {
    _id: { type: String, required: true },
    discountId: { type: Schema.Types.ObjectId, required: true },
  },
  { collection: 'discount_uses', timestamps: { createdAt: true, updatedAt: false } },
);

export const DiscountUseModel = mongoose.model<DiscountUseRecord>('DiscountUse', discountUseSchema);

/** Where the numbering of a code's uses has got to: a first guess, raised after each insert. */
export interface DiscountUseHeadRecord {
  _id: string;
  taken: number;
  released: number;
}

const discountUseHeadSchema = new Schema<DiscountUseHeadRecord>(
  {
    _id: { type: String, required: true },
    taken: { type: Number, required: true, default: 0 },
    released: { type: Number, required: true, default: 0 },
  },
  { collection: 'discount_use_heads', versionKey: false },
);

export const DiscountUseHeadModel = mongoose.model<DiscountUseHeadRecord>(
  'DiscountUseHead',
  discountUseHeadSchema,
);
