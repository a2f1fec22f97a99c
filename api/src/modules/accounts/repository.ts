// Data access for customer accounts; plain objects out, never mongoose documents.
import { isValidObjectId } from 'mongoose';
import type { ShopUser } from '@shop/contracts';
import { CustomerModel, type CustomerRecord } from './model';

export type NewCustomer = Omit<CustomerRecord, '_id' | 'isAdmin' | 'createdAt' | 'updatedAt'>;

/** The client-visible customer: everything but the password hash (SPEC.md section 3). */
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

export async function findCustomerByEmail(email: string): Promise<CustomerRecord | null> {
  return CustomerModel.findOne({ email }).lean();
}

export async function insertCustomer(customer: NewCustomer): Promise<CustomerRecord> {
  // The unique email index settles racing sign-ups: it must exist before the first insert.
  await CustomerModel.init();
  const created = await CustomerModel.create({ ...customer, isAdmin: false });
  return created.toObject();
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
  const { deletedCount } = await CustomerModel.deleteOne({ _id: id, isAdmin: false });
  if (deletedCount === 1) return 'deleted';
  const still = await CustomerModel.exists({ _id: id });
  return still ? 'admin' : 'missing';
}
