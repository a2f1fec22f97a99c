// Data access for customer accounts; plain objects out, never mongoose documents.
import { Types, isValidObjectId } from 'mongoose';
import type { ShopUser } from '@shop/contracts';
import { isDuplicateKeyError } from '../../platform/db';
import {
  CustomerEmailModel,
  CustomerModel,
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
    const young = held.createdAt.getTime() > Date.now() - ORPHAN_KEY_AFTER_MS;
    if (young || (await CustomerModel.exists({ _id: held.customerId }))) return false;
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
  try {
    const created = await CustomerModel.create({ _id, ...customer, isAdmin: false });
    return created.toObject();
  } catch (error) {
    await CustomerEmailModel.deleteOne({ _id: customer.email });
    throw error;
  }
}

export async function setPasswordHash(id: string, passwordHash: string): Promise<void> {
  await CustomerModel.updateOne({ _id: id }, { $set: { passwordHash } });
}

export async function grantAdmin(id: string): Promise<CustomerRecord | null> {
  return CustomerModel.findByIdAndUpdate(id, { $set: { isAdmin: true } }, { new: true }).lean();
}

export async function listCustomers(): Promise<CustomerRecord[]> {
  return CustomerModel.find({}, { passwordHash: 0 }).sort({ createdAt: -1 }).lean();
}

/**
 * Deletes a customer unless it is an admin, in one conditional write (an account made admin at the
 * same moment is not deleted). 'admin' when it exists and is an admin, 'missing' when it does not.
 */
export async function deleteCustomerUnlessAdmin(
  id: string,
): Promise<'deleted' | 'admin' | 'missing'> {
  const customer = await CustomerModel.findById(id).lean<CustomerRecord>();
  const { deletedCount } = await CustomerModel.deleteOne({ _id: id, isAdmin: false });
  if (deletedCount === 1) {
    if (customer) await CustomerEmailModel.deleteOne({ _id: customer.email });
    return 'deleted';
  }
  const still = await CustomerModel.exists({ _id: id });
  return still ? 'admin' : 'missing';
}
