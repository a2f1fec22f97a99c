// Data access for customer accounts and their emailed tokens; plain objects out, never mongoose
// documents.
import { isValidObjectId, type Cursor, type Types } from 'mongoose';
import type { SearchWord, ShopUser } from '@shop/contracts';
import { isDuplicateKeyError, pageByKey, trusted, type KeyPage } from '../../platform/db';
import {
  NAME_WORD_KEYS,
  emailDomainKeyOf,
  nameWordKeysOf,
  searchKeyOf,
  wordMatch,
} from '../../platform/search-keys';
import {
  AccountTokenModel,
  CustomerModel,
  customerSearchKeys,
  type AccountTokenRecord,
  type CustomerRecord,
} from './model';

type NewCustomer = Omit<
  CustomerRecord,
  '_id' | 'isAdmin' | 'createdAt' | 'updatedAt' | keyof ReturnType<typeof customerSearchKeys>
>;

/** The client-visible customer: everything but the password hash (docs/product.md section 3). */
export function toShopUser(record: CustomerRecord): ShopUser {
  return {
    id: record._id.toString(),
    email: record.email,
    firstName: record.firstName,
    lastName: record.lastName,
    phone: record.phone ?? null,
    company: record.company ?? null,
    address: record.address ?? null,
    zipCode: record.zipCode ?? null,
    isAdmin: record.isAdmin === true,
    emailConfirmed: Boolean(record.emailConfirmedAt),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

export async function findCustomerById(id: string): Promise<CustomerRecord | null> {
  if (!isValidObjectId(id)) return null;
  return CustomerModel.findById(id).lean<CustomerRecord>();
}

/** By the unique email index. */
export async function findCustomerByEmail(email: string): Promise<CustomerRecord | null> {
  return CustomerModel.findOne({ email }).lean<CustomerRecord>();
}

/** A new customer; rejects with the duplicate-key error when the email is taken. */
export async function insertCustomer(customer: NewCustomer): Promise<CustomerRecord> {
  return (
    await CustomerModel.create({ ...customer, ...customerSearchKeys(customer), isAdmin: false })
  ).toObject();
}

/**
 * Sets the password; the reset links made before `at` stop working (tokens.ts). With `replacing`,
 * only while the password is still the one checked (its hash): false when another change came first.
 */
export async function setPasswordHash(
  id: string,
  passwordHash: string,
  at: Date,
  { replacing }: { replacing?: string } = {},
): Promise<boolean> {
  const set = await CustomerModel.updateOne(
    replacing === undefined ? { _id: id } : { _id: id, passwordHash: replacing },
    { $set: { passwordHash, passwordSetAt: at } },
  );
  return set.matchedCount === 1;
}

export async function grantAdmin(id: string): Promise<CustomerRecord | null> {
  return CustomerModel.findByIdAndUpdate(id, { $set: { isAdmin: true } }, { new: true }).lean();
}

/** What the admin's customer search looks for (readCustomerSearch in the contracts). */
type CustomerSearch = { kind: 'email'; email: string } | { kind: 'words'; words: SearchWord[] };

/**
 * The keys a typed word may begin: first name, last name, the full name from each later word, email
 * and the email's domain.
 */
const WORD_KEYS = ['firstNameKey', 'lastNameKey', ...NAME_WORD_KEYS, 'email', 'emailDomainKey'];

/**
 * A page of the customers, newest first (`{createdAt: -1, _id: -1}`), after the customer `before`
 * (or from the newest), those the search finds when there is one.
 */
export async function listCustomers({
  before,
  limit,
  search,
}: {
  before?: string;
  limit: number;
  search?: CustomerSearch;
}): Promise<KeyPage<CustomerRecord>> {
  if (search?.kind === 'email') {
    // A whole email names one customer, read by the unique index: the list's only page.
    if (before) return { items: [], next: null };
    const found = await CustomerModel.findOne({ email: search.email }, { passwordHash: 0 }).lean();
    return { items: found ? [found] : [], next: null };
  }
  const words = search?.kind === 'words' ? search.words : [];
  const filter = words.length > 0 ? { $and: words.map((word) => wordMatch(WORD_KEYS, word)) } : {};
  const projection = { passwordHash: 0 } as const;
  return pageByKey<CustomerRecord>(CustomerModel, { filter, projection, before, limit });
}

/**
 * Deletes a customer unless it is an admin, in one conditional delete. 'admin' when it exists and is
 * an admin, 'missing' when it does not.
 */
export async function deleteCustomerUnlessAdmin(
  id: string,
): Promise<'deleted' | 'admin' | 'missing'> {
  const deleted = await CustomerModel.findOneAndDelete({ _id: id, isAdmin: false }).lean();
  if (deleted) return 'deleted';
  return (await CustomerModel.exists({ _id: id })) ? 'admin' : 'missing';
}

export type ProfileFields = Pick<
  CustomerRecord,
  'firstName' | 'lastName' | 'phone' | 'company' | 'address' | 'zipCode'
>;

export async function updateProfile(
  id: string,
  profile: ProfileFields,
): Promise<CustomerRecord | null> {
  const firstNameKey = searchKeyOf(profile.firstName);
  const lastNameKey = searchKeyOf(profile.lastName);
  const nameWordKeys = nameWordKeysOf(profile.firstName, profile.lastName);
  return CustomerModel.findByIdAndUpdate(
    id,
    { $set: { ...profile, firstNameKey, lastNameKey, ...nameWordKeys } },
    { new: true },
  ).lean();
}

/**
 * Moves the customer to newEmail, unconfirmed until its link is followed, only from the email it was
 * read with; 'taken' when another customer has it, 'changed' when the customer's email changed since
 * it was read (another change came first). The unique email index is the guard; the lookup first
 * answers the usual case plainly.
 */
export async function changeCustomerEmail(
  customer: CustomerRecord,
  newEmail: string,
): Promise<CustomerRecord | 'taken' | 'changed'> {
  if (await CustomerModel.exists({ email: newEmail })) return 'taken';
  try {
    const moved = await CustomerModel.findOneAndUpdate(
      { _id: customer._id, email: customer.email },
      {
        $set: {
          email: newEmail,
          emailDomainKey: emailDomainKeyOf(newEmail),
          emailConfirmedAt: null,
        },
      },
      { new: true },
    ).lean<CustomerRecord>();
    return moved ?? 'changed';
  } catch (error) {
    if (isDuplicateKeyError(error)) return 'taken';
    throw error;
  }
}

export async function markEmailConfirmed(id: Types.ObjectId, email: string, at: Date) {
  // Only while the email is still the one confirmed: a change in between leaves the new one unconfirmed.
  await CustomerModel.updateOne({ _id: id, email }, { $set: { emailConfirmedAt: at } });
}

// --- Emailed tokens ---------------------------------------------------------------------------------

export async function insertAccountToken(token: AccountTokenRecord) {
  await AccountTokenModel.create(token);
}

export async function findAccountToken(hash: string): Promise<AccountTokenRecord | null> {
  return AccountTokenModel.findById(hash).lean<AccountTokenRecord>();
}

/** Marks the token used: true for the one call whose update found it unused, false for every other. */
export async function markTokenUsed(hash: string, now: Date): Promise<boolean> {
  const { matchedCount } = await AccountTokenModel.updateOne(
    { _id: hash, usedAt: null },
    { $set: { usedAt: now } },
  );
  return matchedCount === 1;
}

/** The customer's emailed links (the account was deleted). */
export async function deleteAccountTokensOf(customerId: string): Promise<void> {
  await AccountTokenModel.deleteMany({ customerId });
}

/** The customers who signed up in [start, end), oldest first, read as an export is written. */
export function customerCursor(start: Date, end: Date): Cursor<CustomerRecord, never> {
  return CustomerModel.find({ createdAt: trusted({ $gte: start, $lt: end }) }, { passwordHash: 0 })
    .sort({ createdAt: 1, _id: 1 })
    .lean<CustomerRecord[]>()
    .cursor() as unknown as Cursor<CustomerRecord, never>;
}
