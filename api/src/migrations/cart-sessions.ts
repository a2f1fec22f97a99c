// A cart's applied code was kept in a second document per owner (`cart_sessions`), read beside the
// cart on every cart call; it is kept in the cart now (cart/model.ts). Each applied code moves into
// its cart (an owner with no lines gets an empty cart holding it), then the collection goes. Safe to
// run twice or in two processes at once: the writes are upserts of the same values, and a drop
// already done is no error.
import mongoose from 'mongoose';
import { CartModel, type CartDiscountRecord } from '../modules/cart/model';
import type { Logger } from '../platform/logger';
import { dropCollectionIfThere, hasCollection } from './collections';

export async function foldCartSessions(logger: Logger): Promise<void> {
  if (!(await hasCollection('cart_sessions'))) return;
  const applied = await mongoose.connection
    .db!.collection<{ _id: string } & Partial<CartDiscountRecord>>('cart_sessions')
    .find({ discountCode: { $ne: null } })
    .toArray();
  if (applied.length > 0)
    await CartModel.bulkWrite(
      applied.map((session) => ({
        updateOne: {
          filter: { _id: session._id },
          update: {
            $set: {
              discountCode: session.discountCode,
              discountAmountCents: session.discountAmountCents ?? 0,
              discountData: session.discountData ?? null,
            },
          },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  await dropCollectionIfThere('cart_sessions');
  logger.info({ carts: applied.length }, "Moved the carts' applied codes into the carts");
}
