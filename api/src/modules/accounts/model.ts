import mongoose, { Schema, type Types } from 'mongoose';

/** A customer account (docs/product.md section 3, "Customer / user"). Admins are customers with isAdmin. */
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

/**
 * The email's key: _id is the (lower-cased) email, so signing in finds the customer by two lookups by
 * _id rather than a filter on email, which FerretDB v1 answers by reading every customer. Taken by an
 * insert before the customer is written, so two sign-ups with one email cannot both get it.
 */
export interface CustomerEmailRecord {
  _id: string;
  customerId: Types.ObjectId;
  createdAt: Date;
}

const customerEmailSchema = new Schema<CustomerEmailRecord>(
  {
    _id: { type: String, required: true },
    customerId: { type: Schema.Types.ObjectId, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);

export const CustomerEmailModel = mongoose.model<CustomerEmailRecord>(
  'CustomerEmail',
  customerEmailSchema,
  'customer_emails',
);
