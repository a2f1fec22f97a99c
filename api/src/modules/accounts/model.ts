import mongoose, { Schema, type Types } from 'mongoose';
import { expiringAt, sweepWhenExpired } from '../../platform/expiry';
import {
  NAME_WORD_KEYS,
  emailDomainKeyOf,
  nameWordKeysOf,
  searchKeyOf,
  type NameWordKeys,
} from '../../platform/search-keys';

/**
 * A customer account (docs/product.md section 3, "Customer / user"). Admins are customers with
 * isAdmin. NameWordKeys: the full name's keys from its later words (nameWordKeysOf).
 */
export interface CustomerRecord extends NameWordKeys {
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
  /** When the customer confirmed the email by the emailed link (null until then, and after a change). */
  emailConfirmedAt?: Date | null;
  /** When the password was last set (changed or reset): a reset link made before it is void. */
  passwordSetAt?: Date | null;
  /** The admin's search keys (platform/search-keys.ts): lower-cased names and email domain. */
  firstNameKey: string;
  lastNameKey: string;
  emailDomainKey: string;
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
    emailConfirmedAt: { type: Date, default: null },
    passwordSetAt: { type: Date, default: null },
    firstNameKey: { type: String, required: true },
    lastNameKey: { type: String, required: true },
    nameWord2Key: { type: String, default: null },
    nameWord3Key: { type: String, default: null },
    nameWord4Key: { type: String, default: null },
    nameWord5Key: { type: String, default: null },
    emailDomainKey: { type: String, required: true },
  },
  { timestamps: true, versionKey: false },
);
// Sign-in finds a customer by email (and the admin's search an email's beginning); the admin's list
// pages newest first by key, and its search the same way on each key. The list's index carries the
// search's keys too, so a search walks it newest first testing each entry on the index alone, and
// reads only the customers that match.
customerSchema.index({ email: 1 }, { unique: true });
customerSchema.index({
  createdAt: -1,
  _id: -1,
  firstNameKey: 1,
  lastNameKey: 1,
  email: 1,
  emailDomainKey: 1,
  ...Object.fromEntries(NAME_WORD_KEYS.map((key) => [key, 1])),
});
customerSchema.index({ firstNameKey: 1, createdAt: -1, _id: -1 });
customerSchema.index({ lastNameKey: 1, createdAt: -1, _id: -1 });
for (const key of NAME_WORD_KEYS) customerSchema.index({ [key]: 1, createdAt: -1, _id: -1 });
customerSchema.index({ emailDomainKey: 1, createdAt: -1, _id: -1 });

/** The keys the admin's customer search reads, from the customer's names and email. */
export function customerSearchKeys(
  customer: Pick<CustomerRecord, 'firstName' | 'lastName' | 'email'>,
): Pick<CustomerRecord, 'firstNameKey' | 'lastNameKey' | 'emailDomainKey'> & NameWordKeys {
  return {
    firstNameKey: searchKeyOf(customer.firstName),
    lastNameKey: searchKeyOf(customer.lastName),
    ...nameWordKeysOf(customer.firstName, customer.lastName),
    emailDomainKey: emailDomainKeyOf(customer.email),
  };
}

export const CustomerModel = mongoose.model<CustomerRecord>(
  'Customer',
  customerSchema,
  'customers',
);

export type AccountTokenPurpose = 'password-reset' | 'email-confirmation';

/**
 * A token sent by email (a password reset, an email confirmation). _id is the SHA-256 of the token:
 * the token itself is never stored, so reading the database gives no working link. Looked up by _id,
 * used once (usedAt set by a conditional update), gone at expiresAt.
 */
export interface AccountTokenRecord {
  _id: string;
  purpose: AccountTokenPurpose;
  customerId: Types.ObjectId;
  /** The customer's email when the token was made: a token for an email since changed is void. */
  email: string;
  /** When the link was followed; null until then. */
  usedAt: Date | null;
  expiresAt: Date;
  createdAt: Date;
}

const accountTokenSchema = new Schema<AccountTokenRecord>(
  {
    _id: { type: String, required: true },
    purpose: { type: String, required: true },
    customerId: { type: Schema.Types.ObjectId, required: true },
    email: { type: String, required: true },
    usedAt: { type: Date, default: null },
    expiresAt: expiringAt(),
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// Deleting a customer deletes their links.
accountTokenSchema.index({ customerId: 1 });

export const AccountTokenModel = sweepWhenExpired(
  mongoose.model<AccountTokenRecord>('AccountToken', accountTokenSchema, 'account_tokens'),
);

/**
 * A signed-in session (express-session's store, session-store.ts): _id is the session id, `session`
 * what express-session keeps (passport's user, signedInAt, the cookie), `customerId` passport's user
 * lifted to the top so a customer's sessions are found by index, `expiresAt` the end of its idle
 * lifetime, never past the absolute one.
 */
export interface SessionRecord {
  _id: string;
  customerId: Types.ObjectId | null;
  session: Record<string, unknown>;
  expiresAt: Date;
}

const sessionSchema = new Schema<SessionRecord>(
  {
    _id: { type: String, required: true },
    customerId: { type: Schema.Types.ObjectId, default: null },
    session: { type: Schema.Types.Mixed, required: true },
    expiresAt: expiringAt(),
  },
  { versionKey: false, minimize: false },
);
// Signing a customer out everywhere (a password change or reset, the account deleted).
sessionSchema.index({ customerId: 1 });

export const SessionModel = sweepWhenExpired(
  mongoose.model<SessionRecord>('Session', sessionSchema, 'sessions'),
);
