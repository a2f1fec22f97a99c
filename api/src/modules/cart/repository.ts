// Data access for cart items and cart sessions; plain objects out.
import type { CartOwner } from '../../platform/auth-guards';
import {
  CartItemModel,
  CartSessionModel,
  type CartItemRecord,
  type CartSessionRecord,
} from './model';

/** The owner's items: a customer's wherever they were added, a guest's only while not signed in. */
function itemsOf(owner: CartOwner) {
  return owner.customerId
    ? { customerId: owner.customerId }
    : { sessionId: owner.sessionId, customerId: null };
}

export function ownerKeyOf(owner: CartOwner): string {
  return owner.customerId ? `customer:${owner.customerId}` : `guest:${owner.sessionId}`;
}

export function findItems(owner: CartOwner): Promise<CartItemRecord[]> {
  return CartItemModel.find(itemsOf(owner))
    .sort({ createdAt: 1, _id: 1 })
    .lean<CartItemRecord[]>()
    .exec();
}

export function findItem(owner: CartOwner, id: string): Promise<CartItemRecord | null> {
  return CartItemModel.findOne({ _id: id, ...itemsOf(owner) })
    .lean<CartItemRecord>()
    .exec();
}

export function countItems(owner: CartOwner): Promise<number> {
  return CartItemModel.countDocuments(itemsOf(owner)).exec();
}

export async function insertItem(
  owner: CartOwner,
  item: Pick<
    CartItemRecord,
    'productConfig' | 'files' | 'quantity' | 'unitPriceCents' | 'totalPriceCents'
  >,
): Promise<CartItemRecord> {
  const created = await CartItemModel.create({
    sessionId: owner.sessionId,
    customerId: owner.customerId ?? null,
    ...item,
  });
  return created.toObject<CartItemRecord>();
}

/** Changes one of the owner's items; null when it is not theirs (or does not exist). */
export function updateItemQuantity(
  owner: CartOwner,
  id: string,
  change: Pick<CartItemRecord, 'quantity' | 'unitPriceCents' | 'totalPriceCents'>,
): Promise<CartItemRecord | null> {
  return CartItemModel.findOneAndUpdate(
    { _id: id, ...itemsOf(owner) },
    { $set: change },
    { new: true },
  )
    .lean<CartItemRecord>()
    .exec();
}

export async function deleteItem(owner: CartOwner, id: string): Promise<boolean> {
  const result = await CartItemModel.deleteOne({ _id: id, ...itemsOf(owner) }).exec();
  return result.deletedCount === 1;
}

export async function deleteItems(owner: CartOwner): Promise<void> {
  await CartItemModel.deleteMany(itemsOf(owner)).exec();
}

/** After sign-in the guest session's items belong to the customer. */
export async function assignGuestItemsToCustomer(
  sessionId: string,
  customerId: string,
): Promise<void> {
  await CartItemModel.updateMany({ sessionId, customerId: null }, { $set: { customerId } }).exec();
}

export function findSession(ownerKey: string): Promise<CartSessionRecord | null> {
  return CartSessionModel.findOne({ ownerKey }).lean<CartSessionRecord>().exec();
}

type SessionDiscount = Pick<
  CartSessionRecord,
  'discountCode' | 'discountAmountCents' | 'discountData'
>;

/** Creates or changes the owner's cart session (a lost race on the unique key is retried once). */
export async function saveSessionDiscount(
  owner: CartOwner,
  discount: SessionDiscount,
): Promise<CartSessionRecord> {
  const write = () =>
    CartSessionModel.findOneAndUpdate(
      { ownerKey: ownerKeyOf(owner) },
      {
        $set: { ...discount, discountRemoved: null },
        $setOnInsert: { sessionId: owner.sessionId, customerId: owner.customerId ?? null },
      },
      { upsert: true, new: true },
    )
      .lean<CartSessionRecord>()
      .exec();
  try {
    return (await write())!;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 11000) throw error;
    return (await write())!;
  }
}

/** Keeps the amount in step with the cart, only while the same code is applied. */
export async function updateSessionDiscountAmount(
  ownerKey: string,
  code: string,
  discountAmountCents: number,
): Promise<void> {
  await CartSessionModel.updateOne(
    { ownerKey, discountCode: code },
    { $set: { discountAmountCents } },
  ).exec();
}

/** Drops the code (only if it is still the one applied) and leaves a notice for the next cart answer. */
export async function dropSessionDiscount(
  ownerKey: string,
  code: string,
  notice: { code: string; message: string },
): Promise<void> {
  await CartSessionModel.updateOne(
    { ownerKey, discountCode: code },
    {
      $set: {
        discountCode: null,
        discountAmountCents: 0,
        discountData: null,
        discountRemoved: notice,
      },
    },
  ).exec();
}

/** Takes the notice away once it has been reported. */
export async function clearRemovalNotice(ownerKey: string, code: string): Promise<void> {
  await CartSessionModel.updateOne(
    { ownerKey, 'discountRemoved.code': code },
    { $set: { discountRemoved: null } },
  ).exec();
}

export async function clearSessionDiscount(ownerKey: string): Promise<void> {
  await CartSessionModel.updateOne(
    { ownerKey },
    {
      $set: {
        discountCode: null,
        discountAmountCents: 0,
        discountData: null,
        discountRemoved: null,
      },
    },
  ).exec();
}

export async function deleteSession(ownerKey: string): Promise<void> {
  await CartSessionModel.deleteOne({ ownerKey }).exec();
}
