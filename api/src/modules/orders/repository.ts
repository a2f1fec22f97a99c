// Data access for orders; plain objects out. What a shopper's request reads is found by _id (an order,
// its number's document, a customer's numbered order keys): FerretDB v1 reads a whole collection for
// any other filter, so these calls cost the same in a shop of a thousand orders or of a million.
import { Types, isValidObjectId } from 'mongoose';
import { ORDER_STATUSES, type OrderStatus } from '@shop/contracts';
import type { CartOwner } from '../../platform/auth-guards';
import {
  findByKey,
  findByKeys,
  findEachByKey,
  insertedKeyUnlessTaken,
  isDuplicateKeyError,
} from '../../platform/db';
import { readPlacesUp, takeNext } from '../../platform/sequence';
import { NUMBER_TAKEN, writeUnderOrderNumber } from './counter';
import { listNewOrder, listOrderStatus } from './search-lists';
import {
  CustomerOrderModel,
  OrderEmailKeyModel,
  CheckoutKeyModel,
  OrderEventModel,
  OrderJoinModel,
  OrderModel,
  type OrderEventRecord,
  type OrderProofState,
  type OrderRecord,
  type PaymentContact,
  type ProofEventDetails,
} from './model';

export type NewOrder = Omit<
  OrderRecord,
  | '_id'
  | 'customerId'
  | 'status'
  | 'paymentStatus'
  | 'chargingSince'
  | 'discountReserved'
  | 'paymentId'
  | 'paidAt'
  | 'paymentContact'
  | 'lastPaymentError'
  | 'shipment'
  | 'refundedCents'
  | 'refundId'
  | 'proof'
  | 'createdAt'
  | 'updatedAt'
> & { customerId: string | null };

/**
 * Writes the order under the given id and an order number (`issued`, from nextOrderNumber, first),
 * placed at `createdAt`; it joins its lists (a customer's history, its email's, the admin search's).
 * Null when an order with this id exists already (another process wrote it meanwhile).
 *
 * `listWhileWriting`: the lists are joined while the order is written, a round trip or more less
 * than after it (readers skip an entry whose order they do not find, not written yet or never). For
 * the request that holds the order's checkout key; a retry writing the order of a key another
 * request took (orders.ts, orderOfKey) joins them only once its write went in, so an order is listed
 * by one writer. Only the key holder stopped between its lists and its write leaves the order
 * listed by both, a page then showing it once (search.ts).
 */
export async function insertOrder(
  order: Omit<NewOrder, 'orderNumber'>,
  _id: Types.ObjectId,
  {
    createdAt,
    issued,
    listWhileWriting,
  }: { createdAt: Date; issued: number; listWhileWriting: boolean },
): Promise<OrderRecord | null> {
  const toWrite = { ...order, _id, status: 'pending_payment' as const, createdAt };
  if (!listWhileWriting) {
    const created = await writeOrder(toWrite, issued);
    if (created) await joinLists(toWrite);
    return created;
  }
  const [created] = await Promise.all([writeOrder(toWrite, issued), joinLists(toWrite)]);
  return created;
}

type OrderToWrite = Omit<NewOrder, 'orderNumber'> & {
  _id: Types.ObjectId;
  status: 'pending_payment';
  createdAt: Date;
};

/** The order written under an order number (counter.ts); null when its _id is taken. */
async function writeOrder(order: OrderToWrite, issued: number): Promise<OrderRecord | null> {
  // The unique orderNumber index is the guard of the numbers.
  await OrderModel.init();
  return writeUnderOrderNumber(order._id, issued, async (orderNumber) => {
    try {
      const created = await OrderModel.create({
        ...order,
        orderNumber,
        customerId: order.customerId ? new Types.ObjectId(order.customerId) : null,
        paymentStatus: 'unpaid',
      });
      return created.toObject();
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      return (await OrderModel.exists({ _id: order._id })) ? null : NUMBER_TAKEN;
    }
  });
}

/** The new order's lists: its customer's history, its email's and the admin search's. */
async function joinLists(order: OrderToWrite): Promise<void> {
  await Promise.all([
    order.customerId ? addToCustomerHistory(order.customerId, order._id) : null,
    // An email's list may be busy (a business's buyers share one address): by blocks when it is.
    addToNumberedList(OrderEmailKeyModel, order.customerInfo.email.toLowerCase(), order._id, {
      blocks: true,
    }),
    // The admin search's lists (search-lists.ts): its status, its day, its words.
    listNewOrder(order),
  ]);
}

/** The counter of a numbered list (the first guess of its next k; platform/sequence.ts). */
export function numberedListCounter(
  model: typeof OrderEmailKeyModel | typeof CustomerOrderModel,
  key: string,
): string {
  return `${model.collection.collectionName}:${key}`;
}

/**
 * Appends orderId to the list `{key}:{k}` at the first free k (taken by an insert; the counter
 * `{model}:{key}` is the first guess once the list is long, platform/sequence.ts). `blocks`: while
 * another process appends to the list too, by blocks (a few places may stay empty, which readers
 * look past).
 */
async function addToNumberedList(
  model: typeof OrderEmailKeyModel | typeof CustomerOrderModel,
  key: string,
  orderId: Types.ObjectId,
  { blocks = false }: { blocks?: boolean } = {},
): Promise<void> {
  await takeNext(
    numberedListCounter(model, key),
    1,
    (k) => insertedKeyUnlessTaken(model, { _id: `${key}:${k}`, orderId }),
    { blocks },
  );
}

const customerOrderKey = (customerId: string, k: number) => `${customerId}:${k}`;

/** The customer's order keys 1..k have no gaps: the next free k is taken by an insert. */
async function addToCustomerHistory(customerId: string, orderId: Types.ObjectId): Promise<void> {
  await addToNumberedList(CustomerOrderModel, customerId, orderId);
}

export async function findOrderById(id: string): Promise<OrderRecord | null> {
  if (!isValidObjectId(id)) return null;
  return findByKey<OrderRecord>(OrderModel, new Types.ObjectId(id));
}

function ownerKey(owner: CartOwner): string {
  return owner.customerId ? `customer:${owner.customerId}` : `guest:${owner.sessionId}`;
}

/** The key of the g-th placing of this cart by this owner (model.ts, CheckoutKeyModel). */
export function checkoutKey(owner: CartOwner, cartFingerprint: string, g: number): string {
  return `${ownerKey(owner)}:${cartFingerprint}:${g}`;
}

export async function findCheckoutKey(key: string) {
  return findByKey<{ _id: string; orderId: Types.ObjectId; createdAt: Date }>(
    CheckoutKeyModel,
    key,
  );
}

/** Claims the key for a new order id; false when another request holds it. */
export async function insertCheckoutKey(
  key: string,
  orderId: Types.ObjectId,
  now: Date,
): Promise<boolean> {
  return insertedKeyUnlessTaken(CheckoutKeyModel, { _id: key, orderId, createdAt: now });
}

/** Forgets a checkout key (the sweep, when it is a week old); 1 when this call deleted it. */
export async function deleteCheckoutKey(key: string): Promise<number> {
  const { deletedCount } = await CheckoutKeyModel.deleteOne({ _id: key });
  return deletedCount;
}

function newestFirst(a: OrderRecord, b: OrderRecord): number {
  return (
    b.createdAt.getTime() - a.createdAt.getTime() ||
    b._id.toString().localeCompare(a._id.toString())
  );
}

/** The customer's paid orders (an unpaid checkout is not an order to them), newest first: their
 * numbered keys, then each order by _id. */
export async function listOrdersOfCustomer(customerId: string): Promise<OrderRecord[]> {
  const keys = await readPlacesUp(1, (k) =>
    CustomerOrderModel.findById(customerOrderKey(customerId, k)).lean(),
  );
  const orders = await findEachByKey<OrderRecord>(
    OrderModel,
    keys.map(({ item }) => item.orderId),
  );
  return orders
    .filter((order): order is OrderRecord => order?.paymentStatus === 'paid')
    .sort(newestFirst);
}

/**
 * Payment state of an order. Only the holder of the order's payment claim (payments/claims.ts) writes
 * it, so these are plain updates: the claim, not the update, keeps two payments apart.
 */
export async function setPaymentState(
  id: string,
  state:
    | { paymentStatus: 'charging'; chargingSince: Date }
    | { paymentStatus: 'unpaid'; lastPaymentError: string }
    | {
        paymentStatus: 'paid';
        paymentId: string;
        paidAt: Date;
        paymentContact: PaymentContact;
        status: 'processing' | 'awaiting_proof';
        proof: OrderProofState | null;
      },
  /** listed: the order is on its paid status's list already (lifecycle.ts, prepareToRecordPayment). */
  { listed = false }: { listed?: boolean } = {},
): Promise<OrderRecord | null> {
  const changes =
    state.paymentStatus === 'paid'
      ? { ...state, chargingSince: null, lastPaymentError: null }
      : state.paymentStatus === 'unpaid'
        ? { ...state, chargingSince: null }
        : state;
  // On its new status's list first (search-lists.ts): an entry whose order is not (yet) in that
  // status is skipped, an order in a status it is not listed under would never be found by it.
  if (state.paymentStatus === 'paid' && !listed && isValidObjectId(id))
    await listOrderStatus(new Types.ObjectId(id), state.status);
  return OrderModel.findByIdAndUpdate(id, { $set: changes }, { new: true }).lean<OrderRecord>();
}

export async function markDiscountReserved(id: string, reserved: boolean): Promise<void> {
  await OrderModel.updateOne({ _id: id }, { $set: { discountReserved: reserved } });
}

/** Sets fields of an order whose move was already decided by its event (see OrderEventModel). */
export async function setOrderFields(
  id: string,
  changes: Partial<
    Pick<OrderRecord, 'status' | 'shipment' | 'refundedCents' | 'refundId' | 'proof'>
  >,
): Promise<OrderRecord | null> {
  // On its new status's list first, as setPaymentState; the old list's entry is skipped from now on.
  if (changes.status && isValidObjectId(id))
    await listOrderStatus(new Types.ObjectId(id), changes.status);
  return OrderModel.findByIdAndUpdate(id, { $set: changes }, { new: true }).lean<OrderRecord>();
}

/** Records the move in the order's history; false when its key was taken (see claimMove, lifecycle.ts). */
export async function insertMoveEvent(event: {
  orderId: string;
  at: Date;
  by: string | null;
  from: OrderStatus | null;
  to: OrderStatus;
  note: string | null;
}): Promise<boolean> {
  const { orderId, at, by, from, to, note } = event; // only these (a leave marker holds more)
  return insertedKeyUnlessTaken(OrderEventModel, {
    _id: `${orderId}:${to}`,
    kind: 'move',
    orderId: new Types.ObjectId(orderId),
    at,
    by,
    from,
    to,
    note,
    proof: null,
  });
}

const leaveMarkerKey = (orderId: string, from: OrderStatus) => `${orderId}:leave:${from}`;

/** An admin's move out of a state, as the order's leave marker for that state records it (model.ts). */
export interface LeaveMarker {
  orderId: string;
  from: OrderStatus;
  to: OrderStatus;
  at: Date;
  by: string | null;
  note: string | null;
  refund: { amountCents: number; reason: string } | null;
  shipment: OrderRecord['shipment'];
}

/** Takes the order's one way out of `from` for this move; false when another call took it. */
export async function insertLeaveMarker(marker: LeaveMarker): Promise<boolean> {
  return insertedKeyUnlessTaken(OrderEventModel, {
    _id: leaveMarkerKey(marker.orderId, marker.from),
    kind: 'leave',
    ...marker,
    orderId: new Types.ObjectId(marker.orderId),
    proof: null,
  });
}

/** The move that took the order's way out of `from`, if any (by _id). */
export async function findLeaveMarker(
  orderId: string,
  from: OrderStatus,
): Promise<LeaveMarker | null> {
  const found = await findByKey<OrderEventRecord>(OrderEventModel, leaveMarkerKey(orderId, from));
  if (!found?.to) return null;
  const { at, by, note, refund, shipment } = found;
  return {
    orderId,
    from,
    to: found.to,
    at,
    by,
    note,
    refund: refund ?? null,
    shipment: shipment ?? null,
  };
}

/**
 * Takes back a move whose work failed (a refused refund), so it can be tried again: its event, then
 * its marker (a call stopped in between leaves the marker, whose retry finishes the move).
 */
export async function takeBackMove(
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
): Promise<void> {
  await OrderEventModel.deleteOne({ _id: `${orderId}:${to}` });
  await OrderEventModel.deleteOne({ _id: leaveMarkerKey(orderId, from) });
}

const noteKey = (orderId: string, n: number) => `${orderId}:note:${n}`;

/** The places of an order's notes read in one lookup (an order rarely has more). */
const NOTES_PER_LOOKUP = 8;
/** Each lost place is a note another admin just added; this bounds a pathological pile-up. */
const MAX_NOTE_RACES = 100;

/**
 * The order's notes `{orderId}:note:{n}`, n = 1, 2, ... in the order they were added, read a batch of
 * places at a time up to the first empty one (a note is never deleted and takes the first free place,
 * so the places have no holes). `alongside`: other events of the order, read in the first lookup too.
 */
async function readNotes(
  orderId: string,
  alongside: string[] = [],
): Promise<{ notes: OrderEventRecord[]; alongside: Map<string, OrderEventRecord> }> {
  const notes: OrderEventRecord[] = [];
  const placesFrom = (from: number) =>
    Array.from({ length: NOTES_PER_LOOKUP }, (_, i) => noteKey(orderId, from + i));
  let places = placesFrom(1);
  const first = await findByKeys<OrderEventRecord>(OrderEventModel, [...alongside, ...places]);
  let found = first;
  for (;;) {
    for (const place of places) {
      const note = found.get(place);
      if (!note) return { notes, alongside: first };
      notes.push(note);
    }
    places = placesFrom(notes.length + 1);
    found = await findByKeys<OrderEventRecord>(OrderEventModel, places);
  }
}

interface NewNote {
  orderId: string;
  at: Date;
  by: string;
  text: string;
}

/**
 * Puts the note at the order's next place, taken by an insert under its unique _id: of two admins
 * adding a note at once, one takes the place and the other the next. `alreadyThere`: a note that
 * counts as this one (found among the notes, or at a place lost), which is answered instead.
 */
async function addNote(
  note: NewNote,
  alreadyThere?: (event: OrderEventRecord) => boolean,
): Promise<OrderEventRecord> {
  const { notes } = await readNotes(note.orderId);
  const there = alreadyThere && notes.find(alreadyThere);
  if (there) return there;
  for (let n = notes.length + 1; n <= notes.length + MAX_NOTE_RACES; n++) {
    const event = {
      _id: noteKey(note.orderId, n),
      orderId: new Types.ObjectId(note.orderId),
      kind: 'note',
      at: note.at,
      by: note.by,
      from: null,
      to: null,
      note: note.text,
      proof: null,
    } satisfies OrderEventRecord;
    if (await insertedKeyUnlessTaken(OrderEventModel, event)) return event;
    if (alreadyThere) {
      const taken = await findByKey<OrderEventRecord>(OrderEventModel, event._id);
      if (taken && alreadyThere(taken)) return taken;
    }
  }
  throw new Error(`No place for a note on order ${note.orderId}: too many notes added at once`);
}

/** An admin's note, at the order's next place (addNote). */
export async function insertNoteEvent(note: NewNote): Promise<OrderEventRecord> {
  return addNote(note);
}

/**
 * A note from before the notes were numbered (migrations/keyed-documents.ts), at the order's next
 * place unless a place holds it already: the same time, author and text, copied by an earlier run
 * that stopped or by another process starting at the same time.
 */
export async function insertNoteUnlessNumbered(note: NewNote): Promise<OrderEventRecord> {
  return addNote(
    note,
    (event) =>
      event.at.getTime() === note.at.getTime() && event.by === note.by && event.note === note.text,
  );
}

/**
 * The keys of the proof events an order's proof state can have (`insertProofEvent`'s callers): each
 * revision's sending, answer and reminder, for revisions 1 to the current one (a revision's events
 * are written after the order names it: orders/lifecycle.ts, proofs/), and the override.
 */
function proofEventKeys(proofRevision: number): string[] {
  const keys = ['override'];
  for (let revision = 1; revision <= proofRevision; revision++)
    keys.push(`${revision}:sent`, `${revision}:decision`, `${revision}:reminded`);
  return keys;
}

/** Events oldest first, then by _id as the database sorts strings, a note's place by number. */
function byTimeThenKey(a: OrderEventRecord, b: OrderEventRecord): number {
  const byTime = a.at.getTime() - b.at.getTime();
  if (byTime !== 0) return byTime;
  const places = [a, b].map((event) => (event.kind === 'note' ? noteNumber(event._id) : null));
  if (places[0] != null && places[1] != null) return places[0] - places[1];
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

/** A numbered note's place (`{orderId}:note:{n}`), or null for any other key. */
function noteNumber(id: string): number | null {
  const match = /:note:([1-9]\d{0,8})$/.exec(id);
  return match ? Number(match[1]) : null;
}

/**
 * The order's history, oldest first: its moves, proof events and notes (not the moves' leave
 * markers), each found by its _id (no scan of the shop's events): the moves `{orderId}:{status}`, the
 * proof events its proof state names (`proofRevision`: the order's proof.revision) and the first
 * notes in one lookup, then any further notes a batch at a time.
 */
export async function listOrderEvents(
  orderId: string,
  proofRevision: number,
): Promise<OrderEventRecord[]> {
  const moveKeys = ORDER_STATUSES.map((status) => `${orderId}:${status}`);
  const proofKeys = proofEventKeys(proofRevision).map((key) => `${orderId}:proof:${key}`);
  const { notes, alongside } = await readNotes(orderId, [...moveKeys, ...proofKeys]);
  const events = [...moveKeys, ...proofKeys]
    .map((key) => alongside.get(key))
    .filter((event): event is OrderEventRecord => event !== undefined);
  return [...events, ...notes].sort(byTimeThenKey);
}

/** The order's moves, each found by its _id `{orderId}:{state}` (no scan of the events), oldest first. */
export async function listOrderMoves(orderId: string): Promise<OrderEventRecord[]> {
  const moves = await findEachByKey<OrderEventRecord>(
    OrderEventModel,
    ORDER_STATUSES.map((status) => `${orderId}:${status}`),
  );
  return moves
    .filter((move): move is OrderEventRecord => move !== null)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * A proof event under its own key (`{orderId}:proof:{key}`): one decision per revision, one override,
 * so two racing clicks record one; false when the key was taken.
 */
export async function insertProofEvent(event: {
  orderId: string;
  key: string;
  at: Date;
  by: string | null;
  note: string;
  proof: ProofEventDetails;
}): Promise<boolean> {
  return insertedKeyUnlessTaken(OrderEventModel, {
    _id: `${event.orderId}:proof:${event.key}`,
    orderId: new Types.ObjectId(event.orderId),
    kind: 'proof',
    at: event.at,
    by: event.by,
    from: null,
    to: null,
    note: event.note,
    proof: event.proof,
  });
}

/** One event by its key: a shopper's proof page reads its revisions' decisions by _id. */
export async function findProofEvent(
  orderId: string,
  key: string,
): Promise<OrderEventRecord | null> {
  return OrderEventModel.findById(`${orderId}:proof:${key}`).lean<OrderEventRecord>();
}

/**
 * The paid orders placed as a guest with this (lower-cased) email and not yet in an account, oldest
 * first: the email's numbered keys (`order_email_keys`), then each order by _id, so the cost is that
 * email's orders, not the shop's (a filter on guestEmail read every order on FerretDB v1).
 */
export async function findPaidGuestOrdersByEmail(email: string): Promise<OrderRecord[]> {
  const keys = await readPlacesUp(1, (k) =>
    findByKey<{ orderId: Types.ObjectId }>(OrderEmailKeyModel, `${email}:${k}`),
  );
  const orders = await findEachByKey<OrderRecord>(
    OrderModel,
    keys.map(({ item }) => item.orderId),
  );
  return orders
    .filter(
      (order): order is OrderRecord =>
        order !== null &&
        order.guestEmail === email &&
        !order.customerId &&
        order.paymentStatus === 'paid',
    )
    .sort((a, b) => a.orderNumber - b.orderNumber);
}

/** Moves a guest order into the customer's account; false when it was joined before (or meanwhile). */
export async function joinOrderToCustomer(
  orderId: Types.ObjectId,
  customerId: string,
  now: Date,
): Promise<boolean> {
  await OrderJoinModel.init();
  try {
    await OrderJoinModel.create({
      _id: orderId.toString(),
      customerId: new Types.ObjectId(customerId),
      joinedAt: now,
    });
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
  await OrderModel.updateOne(
    { _id: orderId },
    { $set: { customerId: new Types.ObjectId(customerId), guestEmail: null } },
  );
  await addToCustomerHistory(customerId, orderId);
  return true;
}
