// Discount codes counted their uses as numbered documents (`discount_uses {_id: "{id}:t:{n}"}` taken,
// `"{id}:r:{n}"` given back, `discount_use_heads` guessing the tops) and were found through
// `discount_code_keys {_id: code}`. The count moves onto the code as `timesUsed` (taken minus given
// back), once: a code that has the field keeps it, so a second run or a second process changes
// nothing. Then the three collections go.
import mongoose from 'mongoose';
import { DiscountCodeModel } from '../modules/discounts/model';
import type { Logger } from '../platform/logger';
import { dropCollectionIfThere, hasCollection } from './collections';

export async function countDiscountUsesOnCodes(logger: Logger): Promise<void> {
  if (await hasCollection('discount_uses')) {
    const uses = mongoose.connection.db!.collection<{ _id: string }>('discount_uses');
    const perCode = new Map<string, number>();
    for await (const { _id } of uses.find({}, { projection: { _id: 1 } })) {
      const [discountId, kind] = _id.split(':');
      if (!discountId || (kind !== 't' && kind !== 'r')) continue;
      perCode.set(discountId, (perCode.get(discountId) ?? 0) + (kind === 't' ? 1 : -1));
    }
    const codes = await DiscountCodeModel.collection
      .find({ timesUsed: { $exists: false } }, { projection: { _id: 1 } })
      .toArray();
    if (codes.length > 0)
      await DiscountCodeModel.collection.bulkWrite(
        codes.map(({ _id }) => ({
          updateOne: {
            filter: { _id, timesUsed: { $exists: false } },
            update: { $set: { timesUsed: Math.max(0, perCode.get(_id.toString()) ?? 0) } },
          },
        })),
        { ordered: false },
      );
    logger.info({ codes: codes.length }, 'Counted the discount codes’ uses on the codes');
  }
  // A code written before the counter existed and never used has no uses document either.
  await DiscountCodeModel.collection.updateMany(
    { timesUsed: { $exists: false } },
    { $set: { timesUsed: 0 } },
  );
  for (const name of ['discount_uses', 'discount_use_heads', 'discount_code_keys'])
    await dropCollectionIfThere(name);
}
