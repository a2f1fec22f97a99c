// Data access for carts; plain objects out. A cart is one document per owner, its _id the owner key
// (`guest:{sessionId}` or `customer:{customerId}`), holding its lines and its discount code: a cart
// call reads one document and a change writes it whole, only if the cart is still at the revision it
// read (saveCart). Two changes to one cart at the same moment (two tabs, a payment emptying the cart
// while a line is added) are both kept: the one that finds the cart changed reads it again.
import { Types } from 'mongoose';
import { MAX_CART_LINES } from '@shop/contracts';
import type { CartOwner } from '../../platform/auth-guards';
import { isDuplicateKeyError, trusted, upsertRetryingRace } from '../../platform/db';
import {
  CartModel,
  CartStartModel,
  GUEST_CART_KEPT_DAYS,
  type CartDiscountRecord,
  type CartItemRecord,
  type CartRecord,
} from './model';

type NewCartItem = Pick<
  CartItemRecord,
  'productConfig' | 'files' | 'quantity' | 'unitPriceCents' | 'totalPriceCents'
>;

/** A cart's start (model.ts, startedBy and startedAt): the line that started it, and when. */
export interface CartStart {
  id: string;
  at: Date;
}

/** A cart as the cart module reads it: its lines oldest first, and its code (null: none applied). */
export interface StoredCart {
  items: CartItemRecord[];
  discount: CartDiscountRecord | null;
  /** The cart's revision as read (model.ts); null for no cart, or one written before revisions. */
  revision: string | null;
  /** The start the cart holds; null for no cart, an emptied one, or one written before starts. */
  start: CartStart | null;
}

/** What a cart's discount fields hold when no code is applied. */
const NO_DISCOUNT: CartDiscountRecord = {
  discountCode: null,
  discountAmountCents: 0,
  discountData: null,
};

/** The key a cart is kept under: `customer:{id}` when signed in, else `guest:{sessionId}`. */
export function ownerKeyOf(owner: CartOwner): string {
  return owner.customerId ? `customer:${owner.customerId}` : `guest:${owner.sessionId}`;
}

function byAge(a: CartItemRecord, b: CartItemRecord): number {
  return (
    a.createdAt.getTime() - b.createdAt.getTime() ||
    a._id.toString().localeCompare(b._id.toString())
  );
}

async function findCartByKey(key: string): Promise<StoredCart> {
  return storedCartOf(await CartModel.findById(key).lean<CartRecord>().exec());
}

function storedCartOf(cart: CartRecord | null): StoredCart {
  return {
    items: [...(cart?.items ?? [])].sort(byAge),
    discount: cart?.discountCode
      ? {
          discountCode: cart.discountCode,
          discountAmountCents: cart.discountAmountCents ?? 0,
          discountData: cart.discountData ?? null,
        }
      : null,
    revision: cart?.revision ?? null,
    start: cart?.startedBy && cart.startedAt ? { id: cart.startedBy, at: cart.startedAt } : null,
  };
}

/** The owner's cart: one lookup. An owner with no cart has no lines and no code. */
export function findCart(owner: CartOwner): Promise<StoredCart> {
  return findCartByKey(ownerKeyOf(owner));
}

/**
 * The owner's cart as findCart reads it, marked placed (model.ts, placed) by the same write;
 * `placedBefore`: whether an order may have been placed from it already. Only a cart made since
 * carts hold the mark is known never to have been.
 */
export async function findCartToPlace(
  owner: CartOwner,
): Promise<StoredCart & { placedBefore: boolean }> {
  const cart = await CartModel.findByIdAndUpdate(
    ownerKeyOf(owner),
    { $set: { placed: true } },
    { new: false, timestamps: false },
  )
    .lean<CartRecord>()
    .exec();
  return { ...storedCartOf(cart), placedBefore: cart?.placed !== false };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a write of the cart under this key sets besides its fields: a guest's cart lives on. */
function keptOn(key: string, now = new Date()): { abandonedAfter?: Date } {
  return key.startsWith('guest:')
    ? { abandonedAfter: new Date(now.getTime() + GUEST_CART_KEPT_DAYS * DAY_MS) }
    : {};
}

/** A cart's next revision: unique, so a cart emptied and started again never repeats one. */
function newRevision(): string {
  return new Types.ObjectId().toHexString();
}

/**
 * What a line shares with any label that would be more of it (cart.ts, isSameLabel compares these
 * and more): two lines with different keys are never the same label.
 */
export function labelKeyOf(config: {
  material: string;
  width: number;
  height: number;
  color: string;
  mounting: string;
  customText?: string | null;
}): string {
  const { material, width, height, color, mounting, customText } = config;
  return JSON.stringify([material, width, height, color, mounting, customText ?? '']);
}

/**
 * What a cart made by a write holds: no order was placed from it (model.ts, placed). Not null: the
 * embedded database's $setOnInsert leaves a null out (docs/design.md section 3).
 */
const NEVER_PLACED = { placed: false };

/**
 * Writes fields of the owner's cart, creating it if needed (a lost race to create it is retried).
 * With `atRevision`, only the cart as read: still at that revision (null: a cart that was not there,
 * or one written before revisions); false, and nothing written, when another write came first.
 */
async function writeCartByKey(
  key: string,
  fields: Partial<CartRecord>,
  atRevision?: { revision: string | null },
): Promise<boolean> {
  const labelKeys = fields.items?.map((item) => labelKeyOf(item.productConfig));
  const write = () =>
    CartModel.updateOne(
      atRevision ? { _id: key, revision: atRevision.revision } : { _id: key },
      {
        $set: {
          ...fields,
          ...(labelKeys ? { labelKeys } : {}),
          revision: newRevision(),
          ...keptOn(key),
        },
        $setOnInsert: NEVER_PLACED,
      },
      { upsert: true },
    ).exec();
  if (!atRevision) {
    await upsertRetryingRace(write);
    return true;
  }
  try {
    await write();
    return true;
  } catch (error) {
    // The cart is there at another revision: the upsert's insert found its _id taken.
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/** A new line with an id and timestamps of its own, to add with saveCart. */
export function newItem(item: NewCartItem): CartItemRecord {
  const now = new Date();
  return { _id: new Types.ObjectId(), ...item, createdAt: now, updatedAt: now };
}

/**
 * Writes the owner's whole cart, its lines and its code (null: none), in one write; a cart left with
 * no lines and no code is removed. `read`: the cart as the caller read it, which is written only if
 * it is still at that revision: false, and nothing written, when another write changed it since (the
 * caller reads it again and makes its change on what it now holds). Emptied, the cart's start is
 * kept in cart_starts first (nothing holds it any more); `started`: the start these lines make (the
 * first label added to an empty cart), written with them.
 */
export async function saveCart(
  owner: CartOwner,
  read: Pick<StoredCart, 'start' | 'revision'>,
  items: CartItemRecord[],
  discount: CartDiscountRecord | null,
  started?: CartStart,
): Promise<boolean> {
  const emptied = items.length === 0 && read.start !== null;
  if (emptied) await recordCartStart(read.start!);
  const start = started
    ? { startedBy: started.id, startedAt: started.at }
    : emptied
      ? { startedBy: null, startedAt: null }
      : {};
  const key = ownerKeyOf(owner);
  if (items.length === 0 && !discount) return deleteCartAt(key, read.revision);
  return writeCartByKey(key, { items, ...(discount ?? NO_DISCOUNT), ...start }, read);
}

/**
 * Adds a new line in one write when nothing about the cart needs a look first: it has lines, no code
 * (whose amount would follow the new subtotal), room for another line, and, unless `asNewLine`, no
 * line with the new one's label key (so none it could be more of). A cart that does not exist is
 * created, started by the line (its start written by the same write). The lines it then holds,
 * oldest first, and whether the line started the cart; null when the cart is not such a cart
 * (nothing written: the caller reads it and decides, as for any change).
 */
export async function pushNewLine(
  owner: CartOwner,
  added: CartItemRecord,
  { asNewLine }: { asNewLine: boolean },
): Promise<{ items: CartItemRecord[]; started: boolean } | null> {
  const key = labelKeyOf(added.productConfig);
  try {
    const before = await CartModel.findOneAndUpdate(
      {
        _id: ownerKeyOf(owner),
        discountCode: null,
        // None of these (inside $nor, so that a cart made by the upsert takes only the equalities):
        // a full cart, one written before label keys, a line with this key.
        $nor: [
          { [`items.${MAX_CART_LINES - 1}`]: trusted({ $exists: true }) },
          { labelKeys: trusted({ $exists: false }) },
          // An empty cart (left by a code taken off): its start is written the slower way.
          { 'items.0': trusted({ $exists: false }) },
          ...(asNewLine ? [] : [{ labelKeys: key }]),
        ],
      },
      {
        $push: { items: added, labelKeys: key },
        $set: { revision: newRevision(), ...keptOn(ownerKeyOf(owner)) },
        // A cart made by this write starts with this line.
        $setOnInsert: {
          startedBy: added._id.toString(),
          startedAt: added.createdAt,
          ...NEVER_PLACED,
        },
      },
      { upsert: true, new: false },
    )
      .lean<CartRecord>()
      .exec();
    const items = before?.items ?? [];
    return { items: [...items, added].sort(byAge), started: before === null };
  } catch (error) {
    // The cart is there but is not such a cart: the upsert's insert found its _id taken.
    if (isDuplicateKeyError(error)) return null;
    throw error;
  }
}

/** Applies a code to the owner's cart (creating an empty cart that holds it, if there is none). */
export async function saveDiscount(owner: CartOwner, discount: CartDiscountRecord): Promise<void> {
  await writeCartByKey(ownerKeyOf(owner), discount);
}

/**
 * Takes the code off the owner's cart (its lines stay); with `onlyCode`, only while the cart holds that
 * code.
 */
export async function clearDiscount(owner: CartOwner, onlyCode?: string): Promise<void> {
  const key = ownerKeyOf(owner);
  await CartModel.updateOne(
    onlyCode === undefined ? { _id: key } : { _id: key, discountCode: onlyCode },
    { $set: { ...NO_DISCOUNT, revision: newRevision(), ...keptOn(key) } },
  ).exec();
}

async function deleteCart(owner: CartOwner): Promise<void> {
  await CartModel.deleteOne({ _id: ownerKeyOf(owner) }).exec();
}

/** Removes the cart if it is at this revision; false when it is there at another one. */
async function deleteCartAt(key: string, revision: string | null): Promise<boolean> {
  const deleted = await CartModel.deleteOne({ _id: key, revision }).exec();
  return deleted.deletedCount === 1 || !(await CartModel.exists({ _id: key }).exec());
}

/** Removes the owner's cart if it is still at this revision (unchanged since it was read); false if not. */
export async function deleteCartAtRevision(owner: CartOwner, revision: string): Promise<boolean> {
  const deleted = await CartModel.deleteOne({ _id: ownerKeyOf(owner), revision }).exec();
  return deleted.deletedCount === 1;
}

/**
 * After sign-in the guest's cart joins the customer's: a guest line `join` makes one with a line of
 * theirs takes that line's place (each of their lines takes one at most), the others go after theirs
 * (by when they were added), as many as fit under MAX_CART_LINES; its code, if it has one, replaces
 * theirs. Safe to call twice: a joined line keeps the guest line's id. It runs on every sign-in: two
 * reads of the carts and at most two writes, each only of the cart as read (saveCart): false when
 * one of them changed meanwhile, and the caller calls it again.
 */
export async function assignGuestCartToCustomer(
  sessionId: string,
  customerId: string,
  join: (theirs: CartItemRecord, guests: CartItemRecord) => CartItemRecord | null,
): Promise<boolean> {
  const guestKey = ownerKeyOf({ sessionId });
  const guest = await findCartByKey(guestKey);
  if (guest.items.length === 0 && !guest.discount) return true;
  const customerKey = ownerKeyOf({ sessionId, customerId });
  const customer = await findCartByKey(customerKey);
  // Lines of a merge stopped before the guest cart went are already the customer's: not twice.
  const known = new Set(customer.items.map((item) => item._id.toString()));
  const unmerged = guest.items.filter((item) => !known.has(item._id.toString()));
  const items = [...customer.items];
  const joinedAt = new Set<number>();
  const apart: CartItemRecord[] = [];
  for (const line of unmerged) {
    const index = items.findIndex((theirs, at) => !joinedAt.has(at) && join(theirs, line));
    if (index < 0) {
      apart.push(line);
      continue;
    }
    items[index] = join(items[index]!, line)!;
    joinedAt.add(index);
  }
  // The limit holds here as it does for an added line, or one browser picking fresh x-session-ids
  // and signing in again and again grows a cart (and then an order) without bound. The guest's lines
  // join oldest first, as if added one by one to the customer's cart, and the ones a full cart would
  // have refused stay in the guest cart: nothing is dropped, and signed out the shopper finds them
  // where they left them. Dropping them, or pushing out the customer's own lines (theirs in every
  // browser) for them, would lose what someone chose without a word.
  const room = Math.max(0, MAX_CART_LINES - items.length);
  const joining = apart.slice(0, room);
  const staying = apart.slice(room);
  if (staying.length === guest.items.length && !guest.discount) return true; // nothing fits, nothing moves
  if (joinedAt.size > 0 || joining.length > 0 || guest.discount) {
    const joined = await writeCartByKey(
      customerKey,
      { items: [...items, ...joining].sort(byAge), ...(guest.discount ?? {}) },
      customer,
    );
    if (!joined) return false;
  }
  // The guest's code is the customer's now; a guest cart left with no lines is removed.
  return saveCart({ sessionId }, guest, staying, null);
}

/** Keeps a cart's start apart from its cart (keyed by its line: a retried write records it once). */
async function recordCartStart(start: CartStart): Promise<void> {
  await CartStartModel.updateOne(
    { _id: start.id },
    { $setOnInsert: { at: start.at } },
    { upsert: true },
  ).exec();
}

/** Removes the owner's cart, its start kept first in cart_starts (an account deleted). */
export async function deleteCartKeepingStart(owner: CartOwner): Promise<void> {
  const cart = await findCart(owner);
  if (cart.start) await recordCartStart(cart.start);
  await deleteCart(owner);
}

/**
 * The starts in [start, end) that carts hold or cart_starts keeps (one start may be in both: an
 * emptying stopped before its cart was written), each by its line's id. Those only placed orders
 * hold are the orders module's.
 */
export async function cartStartsBetween(start: Date, end: Date): Promise<CartStart[]> {
  const range = trusted({ $gte: start, $lt: end });
  const [kept, held] = await Promise.all([
    CartStartModel.find({ at: range }, { at: 1 }).lean<Array<{ _id: string; at: Date }>>().exec(),
    CartModel.find({ startedAt: range }, { startedBy: 1, startedAt: 1 })
      .lean<Array<{ startedBy: string; startedAt: Date }>>()
      .exec(),
  ]);
  return [
    ...kept.map((entry) => ({ id: entry._id, at: entry.at })),
    ...held.map((cart) => ({ id: cart.startedBy, at: cart.startedAt })),
  ];
}

/**
 * Removes up to `batch` guests' carts abandoned by `now` (model.ts, abandonedAfter), each with its
 * start kept first in cart_starts (the admin's funnel still counts it), and only if unchanged since
 * read: a shopper's change meanwhile keeps the cart. How many went.
 */
export async function removeAbandonedGuestCarts(now: Date, batch: number): Promise<number> {
  const due = await CartModel.find(
    { abandonedAfter: trusted({ $lte: now }) },
    { abandonedAfter: 1, startedBy: 1, startedAt: 1 },
  )
    .sort({ abandonedAfter: 1 })
    .limit(batch)
    .lean<Array<Pick<CartRecord, '_id' | 'abandonedAfter' | 'startedBy' | 'startedAt'>>>()
    .exec();
  let removed = 0;
  for (const cart of due) {
    if (cart.startedBy && cart.startedAt)
      await recordCartStart({ id: cart.startedBy, at: cart.startedAt });
    const gone = await CartModel.deleteOne({
      _id: cart._id,
      abandonedAfter: cart.abandonedAfter,
    }).exec();
    removed += gone.deletedCount;
  }
  return removed;
}

/**
 * The stored files and spreadsheets a guest's lines hold, and when the cart is abandoned (the sweeps
 * of guests' uploads and sheets keep what a cart holds until then); null when the guest has no cart.
 */
export async function findGuestCartHoldings(sessionId: string, now = new Date()) {
  const cart = await CartModel.findById(ownerKeyOf({ sessionId }), { items: 1, abandonedAfter: 1 })
    .lean<Pick<CartRecord, 'items' | 'abandonedAfter'>>()
    .exec();
  if (!cart) return null;
  return {
    files: new Set(cart.items.flatMap((item) => item.files.map((file) => file.hashedName))),
    sheets: new Set(cart.items.flatMap((item) => item.productConfig.rows?.sheetId ?? [])),
    abandonedAfter: cart.abandonedAfter ?? keptOn('guest:', now).abandonedAfter!,
  };
}

/** Guests' carts written before they had an end get one, counted from now (migrations/carts.ts). */
export async function giveGuestCartsAnEnd(now: Date): Promise<number> {
  const { modifiedCount } = await CartModel.updateMany(
    {
      _id: trusted({ $gte: 'guest:', $lt: 'guest;' }),
      abandonedAfter: trusted({ $exists: false }),
    },
    { $set: keptOn('guest:', now) },
    { timestamps: false },
  ).exec();
  return modifiedCount;
}
