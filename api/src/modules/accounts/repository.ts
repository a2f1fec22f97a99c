// Data access for customer accounts; plain objects out, never mongoose documents.
import { Types, isValidObjectId } from 'mongoose';
import type { ShopUser } from '@shop/contracts';
import { findEachByKey, isDuplicateKeyError } from '../../platform/db';
import {
  highestTaken,
  insertedUnlessTaken,
  readPositionsDown,
  takeNext,
} from '../../platform/sequence';
import {
  CustomerPositionModel,
  AccountTokenModel,
  AccountTokenUseModel,
  CustomerEmailModel,
  CustomerModel,
  type AccountTokenRecord,
  type AccountTokenUseRecord,
  type CustomerEmailRecord,
  type CustomerRecord,
} from './model';

/** A key older than this whose customer does not exist was left by a sign-up that stopped half-way. */
const ORPHAN_KEY_AFTER_MS = 60_000;

export type NewCustomer = Omit<CustomerRecord, '_id' | 'isAdmin' | 'createdAt' | 'updatedAt'>;

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
  return CustomerModel.findById(id).lean();
}

/** Two lookups by _id: the email's key, then the customer. */
export async function findCustomerByEmail(email: string): Promise<CustomerRecord | null> {
  const key = await CustomerEmailModel.findById(email).lean<CustomerEmailRecord>();
  if (!key) return null;
  const customer = await CustomerModel.findById(key.customerId).lean<CustomerRecord>();
  return customer?.email === email ? customer : null;
}

/** Takes the email's key for customerId; false when a customer holds it. */
async function takeEmailKey(email: string, customerId: Types.ObjectId): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await CustomerEmailModel.create({ _id: email, customerId });
      return true;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const held = await CustomerEmailModel.findById(email).lean<CustomerEmailRecord>();
    if (!held) continue;
    if (held.customerId.equals(customerId)) return true;
    const young = held.createdAt.getTime() > Date.now() - ORPHAN_KEY_AFTER_MS;
    const holder = young
      ? null
      : await CustomerModel.findById(held.customerId, { email: 1 }).lean<CustomerRecord>();
    // A key is stale when its customer is gone or has since changed to another email.
    if (young || holder?.email === email) return false;
    await CustomerEmailModel.deleteOne({ _id: email });
  }
  return false;
}

/** A new customer; rejects with the duplicate-key error when the email is taken. */
export async function insertCustomer(customer: NewCustomer): Promise<CustomerRecord> {
  // The unique email index is the safety net behind the key: it must exist before the first insert.
  await CustomerModel.init();
  const _id = new Types.ObjectId();
  if (!(await takeEmailKey(customer.email, _id))) {
    throw Object.assign(new Error('Email taken'), { code: 11000 });
  }
  let created;
  try {
    created = (await CustomerModel.create({ _id, ...customer, isAdmin: false })).toObject();
  } catch (error) {
    await CustomerEmailModel.deleteOne({ _id: customer.email });
    throw error;
  }
  // Its place on the admin's list, after the account exists (a position never points at nothing
  // but a deleted customer).
  const listPosition = await takeNext(
    CUSTOMER_POSITION_COUNTER,
    1,
    (k) =>
      insertedUnlessTaken(() => CustomerPositionModel.create({ _id: String(k), customerId: _id })),
    { blocks: true },
  );
  await CustomerModel.updateOne({ _id }, { $set: { listPosition } });
  return { ...created, listPosition };
}

export const CUSTOMER_POSITION_COUNTER = 'customerPosition';

/** Sets the password; the reset links made before `at` stop working (tokens.ts). */
export async function setPasswordHash(id: string, passwordHash: string, at: Date): Promise<void> {
  await CustomerModel.updateOne({ _id: id }, { $set: { passwordHash, passwordSetAt: at } });
}

export async function grantAdmin(id: string): Promise<CustomerRecord | null> {
  return CustomerModel.findByIdAndUpdate(id, { $set: { isAdmin: true } }, { new: true }).lean();
}

/**
 * A page of the customers, newest first, below `before`'s place on the list (or from the newest):
 * position lookups, a batch at a time past deleted customers' empty places. `next` is the last
 * customer's id when more may follow.
 */
export async function listCustomers({
  before,
  limit,
}: {
  before?: string;
  limit: number;
}): Promise<{ customers: CustomerRecord[]; next: string | null }> {
  let top: number;
  if (before) {
    const last = await CustomerModel.findById(before, { listPosition: 1 }).lean<CustomerRecord>();
    if (!last?.listPosition) return { customers: [], next: null };
    top = last.listPosition - 1;
  } else {
    top = await highestTaken(CUSTOMER_POSITION_COUNTER, 1, async (k) =>
      Boolean(await CustomerPositionModel.exists({ _id: String(k) })),
    );
  }
  const { found: customers, below } = await readPositionsDown(top, limit, async (positions) => {
    const entries = await findEachByKey<{ customerId: Types.ObjectId }>(
      CustomerPositionModel,
      positions.map(String),
    );
    return findEachByKey<CustomerRecord>(
      CustomerModel,
      entries.map((entry) => entry?.customerId ?? null),
      { projection: { passwordHash: 0 } },
    );
  });
  return { customers, next: below >= 1 ? (customers.at(-1)?._id.toString() ?? null) : null };
}

/**
 * Deletes a customer unless it is an admin: found and deleted by _id (a filter on isAdmin too would
 * read every customer on FerretDB v1), and put back when it turns out to have been made admin at the
 * same moment. 'admin' when it exists and is an admin, 'missing' when it does not.
 */
export async function deleteCustomerUnlessAdmin(
  id: string,
): Promise<'deleted' | 'admin' | 'missing'> {
  const customer = await CustomerModel.findById(id).lean<CustomerRecord>();
  if (!customer) return 'missing';
  if (customer.isAdmin) return 'admin';
  const deleted = await CustomerModel.findOneAndDelete({ _id: id }).lean<CustomerRecord>();
  if (!deleted) return 'missing';
  if (deleted.isAdmin) {
    await CustomerModel.create(deleted);
    return 'admin';
  }
  await CustomerEmailModel.deleteOne({ _id: deleted.email });
  return 'deleted';
}

export type ProfileFields = Pick<
  CustomerRecord,
  'firstName' | 'lastName' | 'phone' | 'company' | 'address' | 'zipCode'
>;

export async function updateProfile(
  id: string,
  profile: ProfileFields,
): Promise<CustomerRecord | null> {
  return CustomerModel.findByIdAndUpdate(id, { $set: profile }, { new: true }).lean();
}

/**
 * Moves the customer to newEmail: the new email's key is taken first (false when a customer holds
 * it), then the customer written, then the old key given up, so at every moment each email has at most
 * one owner. The new email is unconfirmed until its link is followed.
 */
export async function changeCustomerEmail(
  customer: CustomerRecord,
  newEmail: string,
): Promise<CustomerRecord | null> {
  if (!(await takeEmailKey(newEmail, customer._id))) return null;
  try {
    const updated = await CustomerModel.findByIdAndUpdate(
      customer._id,
      { $set: { email: newEmail, emailConfirmedAt: null } },
      { new: true },
    ).lean<CustomerRecord>();
    await CustomerEmailModel.deleteOne({ _id: customer.email, customerId: customer._id });
    return updated;
  } catch (error) {
    await CustomerEmailModel.deleteOne({ _id: newEmail, customerId: customer._id });
    if (isDuplicateKeyError(error)) return null;
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

/** Uses the token: true for the one call whose insert took the use, false for every other. */
export async function takeTokenUse(hash: string, now: Date): Promise<boolean> {
  await AccountTokenUseModel.init();
  try {
    await AccountTokenUseModel.create({ _id: hash, usedAt: now });
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/** The sweep's deletes, by _id (tokens.ts): a token past its lifetime, a use no token can match. */
export async function deleteAccountToken(hash: string): Promise<number> {
  return (await AccountTokenModel.deleteOne({ _id: hash })).deletedCount;
}

export async function findTokenUse(hash: string): Promise<AccountTokenUseRecord | null> {
  return AccountTokenUseModel.findById(hash).lean<AccountTokenUseRecord>();
}

export async function deleteTokenUse(hash: string): Promise<number> {
  return (await AccountTokenUseModel.deleteOne({ _id: hash })).deletedCount;
}
