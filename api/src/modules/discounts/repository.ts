// Data access for discount codes and their uses; plain objects out. A use is taken by inserting a
// document under a unique key (atomic on FerretDB v1 and MongoDB) and given back with deleteOne, whose
// deletedCount is exact under concurrency; never by read-then-write on a counter.
import { Types } from 'mongoose';
import {
  DiscountCodeModel,
  DiscountUseModel,
  type DiscountCodeRecord,
  type DiscountUseRecord,
} from './model';

/** A code with how many uses it has now. */
export type DiscountWithUses = DiscountCodeRecord & { timesUsed: number };

export type NewDiscountCode = Omit<DiscountCodeRecord, '_id' | 'createdAt' | 'updatedAt'>;
export type DiscountCodeChanges = Partial<NewDiscountCode>;

/** The admin list is small; this only keeps one answer bounded. */
const MAX_LISTED = 1_000;

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 11000;
}

function countUses(discountId: Types.ObjectId): Promise<number> {
  return DiscountUseModel.countDocuments({ discountId }).exec();
}

async function withUses(discount: DiscountCodeRecord | null): Promise<DiscountWithUses | null> {
  return discount ? { ...discount, timesUsed: await countUses(discount._id) } : null;
}

export async function findDiscountByCode(code: string): Promise<DiscountWithUses | null> {
  return withUses(await DiscountCodeModel.findOne({ code }).lean<DiscountCodeRecord>().exec());
}

export async function findDiscountById(id: string): Promise<DiscountWithUses | null> {
  return withUses(await DiscountCodeModel.findById(id).lean<DiscountCodeRecord>().exec());
}

export async function listDiscounts(): Promise<DiscountWithUses[]> {
  const discounts = await DiscountCodeModel.find()
    .sort({ createdAt: -1, _id: -1 })
    .limit(MAX_LISTED)
    .lean<DiscountCodeRecord[]>()
    .exec();
  const counts = await DiscountUseModel.aggregate<{ _id: Types.ObjectId; count: number }>([
    { $group: { _id: '$discountId', count: { $sum: 1 } } },
  ]).exec();
  const countById = new Map(counts.map((entry) => [entry._id.toString(), entry.count]));
  return discounts.map((discount) => ({
    ...discount,
    timesUsed: countById.get(discount._id.toString()) ?? 0,
  }));
}

export function countDiscounts(): Promise<number> {
  return DiscountCodeModel.estimatedDocumentCount().exec();
}

export async function insertDiscount(fields: NewDiscountCode): Promise<DiscountWithUses> {
  const created = await DiscountCodeModel.create(fields);
  return { ...created.toObject<DiscountCodeRecord>(), timesUsed: 0 };
}

/** For seed data: codes with uses already taken (a used-up code). */
export async function insertDiscounts(
  list: Array<NewDiscountCode & { timesUsed?: number }>,
): Promise<void> {
  for (const { timesUsed = 0, ...fields } of list) {
    const created = await DiscountCodeModel.create(fields);
    for (let slot = 1; slot <= timesUsed; slot++) {
      await DiscountUseModel.create({
        discountId: created._id,
        slot,
        key: `${created._id.toString()}:${slot}`,
      });
    }
  }
}

export async function updateDiscount(
  id: string,
  changes: DiscountCodeChanges,
): Promise<DiscountWithUses | null> {
  return withUses(
    await DiscountCodeModel.findByIdAndUpdate(id, { $set: changes }, { new: true })
      .lean<DiscountCodeRecord>()
      .exec(),
  );
}

/** The code and its uses (orders keep their own copy of the code they used). */
export async function deleteDiscount(id: string): Promise<boolean> {
  const result = await DiscountCodeModel.deleteOne({ _id: id }).exec();
  if (result.deletedCount !== 1) return false;
  await DiscountUseModel.deleteMany({ discountId: new Types.ObjectId(id) }).exec();
  return true;
}

/** Inserts a use under `key`; false when that key is taken (another checkout got the slot first). */
async function claim(discountId: Types.ObjectId, slot: number, key: string): Promise<boolean> {
  try {
    await DiscountUseModel.create({ discountId, slot, key });
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/**
 * Takes one use of the discount. Unlimited: always (a use with a key of its own). Limited: the first
 * free slot of 1..usageLimit, starting above the uses counted now (where free slots usually are) and
 * wrapping round to fill slots given back below. False when every slot is taken.
 */
export async function takeDiscountUse(discount: DiscountCodeRecord): Promise<boolean> {
  // The unique index must exist before a reservation relies on it (init() is built once, then cached).
  await DiscountUseModel.init();
  const id = discount._id;
  if (discount.usageLimit === null) {
    return claim(id, 0, `${id.toString()}:u:${new Types.ObjectId().toString()}`);
  }
  const limit = discount.usageLimit;
  const used = await countUses(id);
  if (used >= limit) return false;
  for (let step = 0; step < limit; step++) {
    const slot = ((used + step) % limit) + 1;
    if (await claim(id, slot, `${id.toString()}:${slot}`)) return true;
  }
  return false;
}

/** Gives back the discount's latest use; false when it had none. Two releases never remove one use twice. */
export async function giveBackDiscountUse(discountId: Types.ObjectId): Promise<boolean> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const latest = await DiscountUseModel.findOne({ discountId })
      .sort({ slot: -1, createdAt: -1 })
      .lean<DiscountUseRecord>()
      .exec();
    if (!latest) return false;
    const { deletedCount } = await DiscountUseModel.deleteOne({ _id: latest._id }).exec();
    if (deletedCount === 1) return true;
    // Another release removed that one a moment ago: take the next.
  }
  return false;
}
