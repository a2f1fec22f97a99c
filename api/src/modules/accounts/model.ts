import mongoose, { Schema, type Types } from 'mongoose';

/** A customer account (SPEC.md section 3, "Customer / user"). Admins are customers with isAdmin. */
export interface CustomerRecord {
  _id: Types.ObjectId;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  company: string | null;
  address: string | null;
  zipCode: string | null;
  passwordHash: string;
  isAdmin: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const customerSchema = new Schema<CustomerRecord>(
  {
    // Always present and lower-cased by the contracts' schema, so the unique index is exact.
    email: { type: String, required: true, lowercase: true, trim: true },
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    phone: { type: String, default: null },
    company: { type: String, default: null },
    address: { type: String, default: null },
    zipCode: { type: String, default: null },
    passwordHash: { type: String, required: true },
    isAdmin: { type: Boolean, required: true, default: false },
  },
  { timestamps: true, versionKey: false },
);
customerSchema.index({ email: 1 }, { unique: true });
customerSchema.index({ createdAt: -1 });

export const CustomerModel = mongoose.model<CustomerRecord>(
  'Customer',
  customerSchema,
  'customers',
);
