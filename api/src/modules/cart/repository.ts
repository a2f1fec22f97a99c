// Data access for cart items and cart sessions; plain objects out. An owner's lines are read with one
// query; a single line is then changed by its _id (after the caller found it among the owner's lines),
// and a cart session is found by its _id (the owner key): on FerretDB v1 a lone _id is the only filter
// that does not read the whole collection.
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

/** Changes a line the caller has found among the owner's; null when it has gone meanwhile. */
export function updateItemQuantity(
  id: string,
  change: Pick<CartItemRecord, 'quantity' | 'unitPriceCents' | 'totalPriceCents'>,
): Promise<CartItemRecord | null> {
  return CartItemModel.findOneAndUpdate({ _id: id }, { $set: change }, { new: true })
    .lean<CartItemRecord>()
    .exec();
}

/** Removes a line the caller has found among the owner's; false when it had gone already. */
export async function deleteItem(id: string): Promise<boolean> {
  const result = await CartItemModel.deleteOne({ _id: id }).exec();
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

export function findSession(owner: CartOwner): Promise<CartSessionRecord | null> {
  return CartSessionModel.findOne({ _id: ownerKeyOf(owner) })
    .lean<CartSessionRecord>()
    .exec();
}

type SessionDiscount = Pick<
  CartSessionRecord,
  'discountCode' | 'discountAmountCents' | 'discountData'
>;

/** Creates or changes the owner's cart session (a lost race to create it is retried once). */
export async function saveSessionDiscount(
  owner: CartOwner,
  discount: SessionDiscount,
): Promise<CartSessionRecord> {
  const write = () =>
    CartSessionModel.findOneAndUpdate(
      { _id: ownerKeyOf(owner) },
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

/** Keeps the stored amount in step with the cart (answers recompute it anyway). */
export async function updateSessionDiscountAmount(
  owner: CartOwner,
  discountAmountCents: number,
): Promise<void> {
  await CartSessionModel.updateOne(
    { _id: ownerKeyOf(owner) },
    { $set: { discountAmountCents } },
  ).exec();
}

/** Drops the code (only if it is still the one applied) and leaves a notice for the next cart answer. */
export async function dropSessionDiscount(
  owner: CartOwner,
  code: string,
  notice: { code: string; message: string },
): Promise<void> {
  await CartSessionModel.updateOne(
    { _id: ownerKeyOf(owner), discountCode: code },
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

/** Takes the notice away once it has been reported (unless a newer one replaced it). */
export async function clearRemovalNotice(owner: CartOwner, code: string): Promise<void> {
  await CartSessionModel.updateOne(
    { _id: ownerKeyOf(owner), 'discountRemoved.code': code },
    { $set: { discountRemoved: null } },
  ).exec();
}

export async function clearSessionDiscount(owner: CartOwner): Promise<void> {
  await CartSessionModel.updateOne(
    { _id: ownerKeyOf(owner) },
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

export async function deleteSession(owner: CartOwner): Promise<void> {
  await CartSessionModel.deleteOne({ _id: ownerKeyOf(owner) }).exec();
}
