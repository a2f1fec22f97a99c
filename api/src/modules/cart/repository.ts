// Data access for carts and cart sessions; plain objects out. Both are one document per owner found by
// its _id (the owner key): on FerretDB v1 a lone _id is the only filter that does not read the whole
// collection, so every call here is a lookup or a write by _id. FerretDB v1 applies a write as
// read-then-write, so two changes to one cart at the very same moment may keep only the later one; a
// cart belongs to one shopper, for whom that is a double click, not a lost order.
import { Types } from 'mongoose';
import type { CartOwner } from '../../platform/auth-guards';
import { findByKey, isDuplicateKeyError } from '../../platform/db';
import {
  CartModel,
  CartSessionModel,
  type CartItemRecord,
  type CartRecord,
  type CartSessionRecord,
} from './model';

export type NewCartItem = Pick<
  CartItemRecord,
  'productConfig' | 'files' | 'quantity' | 'unitPriceCents' | 'totalPriceCents'
>;

export function ownerKeyOf(owner: CartOwner): string {
  return owner.customerId ? `customer:${owner.customerId}` : `guest:${owner.sessionId}`;
}

function byAge(a: CartItemRecord, b: CartItemRecord): number {
  return (
    a.createdAt.getTime() - b.createdAt.getTime() ||
    a._id.toString().localeCompare(b._id.toString())
  );
}

async function findCartByKey(key: string): Promise<CartItemRecord[]> {
  const cart = await findByKey<CartRecord>(CartModel, key);
  return [...(cart?.items ?? [])].sort(byAge);
}

/** The owner's lines, oldest first. */
export function findItems(owner: CartOwner): Promise<CartItemRecord[]> {
  return findCartByKey(ownerKeyOf(owner));
}

async function saveItemsByKey(key: string, items: CartItemRecord[]): Promise<void> {
  const write = () =>
    CartModel.updateOne({ _id: key }, { $set: { items } }, { upsert: true }).exec();
  try {
    await write();
  } catch (error) {
    // Two first writes of one cart at once: the cart exists now, so the retry updates it.
    if (!isDuplicateKeyError(error)) throw error;
    await write();
  }
}

/** A new line with an id and timestamps of its own, to add with saveItems. */
export function newItem(item: NewCartItem, now = new Date()): CartItemRecord {
  return { _id: new Types.ObjectId(), ...item, createdAt: now, updatedAt: now };
}

/** Replaces the owner's lines; an empty list removes the cart. */
export async function saveItems(owner: CartOwner, items: CartItemRecord[]): Promise<void> {
  if (items.length === 0) await deleteItems(owner);
  else await saveItemsByKey(ownerKeyOf(owner), items);
}

export async function deleteItems(owner: CartOwner): Promise<void> {
  await CartModel.deleteOne({ _id: ownerKeyOf(owner) }).exec();
}

/** After sign-in the guest session's lines join the customer's (after them, by when they were added). */
export async function assignGuestItemsToCustomer(
  sessionId: string,
  customerId: string,
): Promise<void> {
  const guestKey = ownerKeyOf({ sessionId });
  const guestItems = await findCartByKey(guestKey);
  if (guestItems.length === 0) return;
  const customerKey = ownerKeyOf({ sessionId, customerId });
  const customerItems = await findCartByKey(customerKey);
  const known = new Set(customerItems.map((item) => item._id.toString()));
  const merged = [
    ...customerItems,
    ...guestItems.filter((item) => !known.has(item._id.toString())),
  ].sort(byAge);
  await saveItemsByKey(customerKey, merged);
  await CartModel.deleteOne({ _id: guestKey }).exec();
}

export function findSession(owner: CartOwner): Promise<CartSessionRecord | null> {
  return findByKey<CartSessionRecord>(CartSessionModel, ownerKeyOf(owner));
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
        $set: discount,
        $setOnInsert: { sessionId: owner.sessionId, customerId: owner.customerId ?? null },
      },
      { upsert: true, new: true },
    )
      .lean<CartSessionRecord>()
      .exec();
  try {
    return (await write())!;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
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

/**
 * Drops the code, only if it is still the one applied (a newer one applied meanwhile stays). Checked
 * after a lookup by _id rather than in the filter: any other field in a filter makes FerretDB v1 read
 * the whole collection (and its filter is read-then-write anyway).
 */
export async function dropSessionDiscount(owner: CartOwner, code: string): Promise<void> {
  const session = await findSession(owner);
  if (session?.discountCode !== code) return;
  await CartSessionModel.updateOne(
    { _id: ownerKeyOf(owner) },
    { $set: { discountCode: null, discountAmountCents: 0, discountData: null } },
  ).exec();
}

export async function clearSessionDiscount(owner: CartOwner): Promise<void> {
  await CartSessionModel.updateOne(
    { _id: ownerKeyOf(owner) },
    {
      $set: { discountCode: null, discountAmountCents: 0, discountData: null },
    },
  ).exec();
}

export async function deleteSession(owner: CartOwner): Promise<void> {
  await CartSessionModel.deleteOne({ _id: ownerKeyOf(owner) }).exec();
}
