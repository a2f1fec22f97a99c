// Data access for discount codes; plain objects out. A code is found through its unique index; a use
// is taken with a `$inc` guarded by the limit in the filter, which is atomic on MongoDB and on the
// embedded engine (its build applies an update in one step: tools/ferretdb/README.md).
import { Types, isValidObjectId } from 'mongoose';
import { trusted } from '../../platform/db';
import { DiscountCodeModel, type DiscountCodeRecord } from './model';

export type NewDiscountCode = Omit<
  DiscountCodeRecord,
  '_id' | 'timesUsed' | 'createdAt' | 'updatedAt'
>;
export type DiscountCodeChanges = Partial<NewDiscountCode>;

/** The admin list is small; this only keeps one answer bounded. */
const MAX_LISTED = 1_000;
/** Each lost race is an admin changing the code's limit meanwhile; this bounds a pile-up. */
const MAX_RACES = 10;

export async function findDiscountByCode(code: string): Promise<DiscountCodeRecord | null> {
  return DiscountCodeModel.findOne({ code }).lean<DiscountCodeRecord>().exec();
}

export async function findDiscountById(id: string): Promise<DiscountCodeRecord | null> {
  if (!isValidObjectId(id)) return null;
  return DiscountCodeModel.findById(id).lean<DiscountCodeRecord>().exec();
}

/** The admin list, newest first. */
export async function listDiscounts(): Promise<DiscountCodeRecord[]> {
  return DiscountCodeModel.find()
    .sort({ createdAt: -1, _id: -1 })
    .limit(MAX_LISTED)
    .lean<DiscountCodeRecord[]>()
    .exec();
}

export async function hasDiscounts(): Promise<boolean> {
  return (await DiscountCodeModel.exists({})) !== null;
}

/** A new code; a taken code is the unique index's duplicate-key error. */
export async function insertDiscount(
  fields: NewDiscountCode & { timesUsed?: number },
): Promise<DiscountCodeRecord> {
  const created = await DiscountCodeModel.create({ _id: new Types.ObjectId(), ...fields });
  return created.toObject<DiscountCodeRecord>();
}

export async function updateDiscount(
  id: string,
  changes: DiscountCodeChanges,
): Promise<DiscountCodeRecord | null> {
  if (!isValidObjectId(id)) return null;
  return DiscountCodeModel.findByIdAndUpdate(id, { $set: changes }, { new: true })
    .lean<DiscountCodeRecord>()
    .exec();
}

/** Deletes the code (orders keep their own copy of the code they used). */
export async function deleteDiscount(id: string): Promise<boolean> {
  if (!isValidObjectId(id)) return false;
  return (await DiscountCodeModel.deleteOne({ _id: id }).exec()).deletedCount === 1;
}

/**
 * Takes one use of the discount while it is under its limit: the filter names the limit it was
 * judged against, so an admin changing the limit meanwhile makes the write miss and the code is read
 * again. False when no use is left (or the code is gone).
 */
export async function takeDiscountUse(discount: DiscountCodeRecord): Promise<boolean> {
  let current: DiscountCodeRecord | null = discount;
  for (let race = 0; current && race < MAX_RACES; race++) {
    const { usageLimit } = current;
    if (usageLimit !== null && current.timesUsed >= usageLimit) return false;
    const taken = await DiscountCodeModel.updateOne(
      usageLimit === null
        ? { _id: current._id, usageLimit: null }
        : { _id: current._id, usageLimit, timesUsed: trusted({ $lt: usageLimit }) },
      { $inc: { timesUsed: 1 } },
    ).exec();
    if (taken.modifiedCount === 1) return true;
    current = await findDiscountById(current._id.toString());
  }
  return false;
}

/** Gives back one use; false when none is held. Call it once per reservation: the caller keeps track. */
export async function giveBackDiscountUse(discountId: Types.ObjectId): Promise<boolean> {
  const given = await DiscountCodeModel.updateOne(
    { _id: discountId, timesUsed: trusted({ $gt: 0 }) },
    { $inc: { timesUsed: -1 } },
  ).exec();
  return given.modifiedCount === 1;
}
