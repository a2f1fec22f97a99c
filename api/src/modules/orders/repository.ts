// Data access for order documents; plain objects out. Every query runs on an index declared in
// model.ts, and every change of state is a conditional update on the order (the filter names the
// state it leaves), which is atomic on MongoDB and on the embedded engine alike.
import { Types, isValidObjectId } from 'mongoose';
import type { OrderStatus } from '@shop/contracts';
import {
  insertUnlessTaken,
  isDuplicateKeyError,
  pageByKey,
  trusted,
  type KeyPage,
} from '../../platform/db';
import { emailDomainKeyOf, nameWordKeysOf, searchKeyOf } from '../../platform/search-keys';
import {
  OrderCounterModel,
  OrderModel,
  type OrderProofState,
  type OrderRecord,
  type PaymentContact,
  type PendingMove,
} from './model';

export const FIRST_ORDER_NUMBER = 1000;
const ORDER_COUNTER = 'orders';

/** What placing writes; the rest of an order's fields start empty. */
export type NewOrder = Pick<
  OrderRecord,
  | 'cartKey'
  | 'placing'
  | 'sessionId'
  | 'guestEmail'
  | 'customerInfo'
  | 'items'
  | 'subtotalCents'
  | 'discountCode'
  | 'discountCents'
  | 'shippingCents'
  | 'taxCents'
  | 'taxRegion'
  | 'totalCents'
  | 'notes'
  | 'skipProof'
  | 'cartFingerprint'
  | 'cartRevision'
  | 'cartStartedBy'
  | 'cartStartedAt'
  | 'discountCodeId'
> & { customerId: string | null };

/** The lower-cased keys the admin's search reads (search.ts). */
export function searchKeysOf(customerInfo: OrderRecord['customerInfo']) {
  return {
    emailKey: searchKeyOf(customerInfo.email),
    emailDomainKey: emailDomainKeyOf(customerInfo.email),
    firstNameKey: searchKeyOf(customerInfo.firstName),
    lastNameKey: searchKeyOf(customerInfo.lastName),
    ...nameWordKeysOf(customerInfo.firstName, customerInfo.lastName),
  };
}

/**
 * The next order number: one `$inc` of the counter, which holds the last number issued. The first
 * order of a shop inserts the counter at FIRST_ORDER_NUMBER (two first orders at once: one insert
 * wins, the other increments).
 */
export async function issueOrderNumber(): Promise<number> {
  for (;;) {
    const counter = await OrderCounterModel.findOneAndUpdate(
      { _id: ORDER_COUNTER },
      { $inc: { value: 1 } },
      { new: true },
    )
      .lean()
      .exec();
    if (counter) return counter.value;
    const createCounter = () =>
      OrderCounterModel.create({ _id: ORDER_COUNTER, value: FIRST_ORDER_NUMBER });
    if (await insertUnlessTaken(createCounter)) return FIRST_ORDER_NUMBER;
  }
}

/** Moves the counter past a number found taken (a database restored behind its orders). */
export async function raiseOrderCounter(atLeast: number): Promise<void> {
  await OrderCounterModel.updateOne(
    { _id: ORDER_COUNTER },
    { $max: { value: atLeast } },
    { upsert: true },
  ).exec();
}

type InsertedOrder =
  { inserted: OrderRecord } | { taken: 'placing' } | { taken: 'orderNumber'; orderNumber: number };

/** Writes a new unpaid order under an order number; says which unique key refused it, if one did. */
export async function insertOrder(
  order: NewOrder,
  orderNumber: number,
  now: Date,
): Promise<InsertedOrder> {
  try {
    const created = await OrderModel.create({
      ...order,
      ...searchKeysOf(order.customerInfo),
      customerId: order.customerId ? new Types.ObjectId(order.customerId) : null,
      orderNumber,
      status: 'pending_payment',
      paymentStatus: 'unpaid',
      createdAt: now,
    });
    return { inserted: created.toObject<OrderRecord>() };
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const keyPattern = (error as { keyPattern?: Record<string, unknown> }).keyPattern ?? {};
    return 'orderNumber' in keyPattern
      ? { taken: 'orderNumber', orderNumber }
      : { taken: 'placing' };
  }
}

export async function findOrderById(id: string): Promise<OrderRecord | null> {
  if (!isValidObjectId(id)) return null;
  return OrderModel.findById(id).lean<OrderRecord>().exec();
}

export async function findOrderByNumber(orderNumber: number): Promise<OrderRecord | null> {
  return OrderModel.findOne({ orderNumber }).lean<OrderRecord>().exec();
}

/** The highest order number written, or null before the first order. */
export async function highestOrderNumber(): Promise<number | null> {
  const top = await OrderModel.findOne({}, { orderNumber: 1 })
    .sort({ orderNumber: -1 })
    .lean<Pick<OrderRecord, 'orderNumber'>>()
    .exec();
  return top?.orderNumber ?? null;
}

/** The latest placing of this cart by this owner (placing.ts), or null when it was never placed. */
export async function findLatestPlacing(cartKey: string): Promise<OrderRecord | null> {
  return OrderModel.findOne({ cartKey }).sort({ placing: -1 }).lean<OrderRecord>().exec();
}

/**
 * The checkouts placed from an owner's cart (its key, cart/cart.ts ownerKeyOf) still waiting for
 * payment, unpaid or charging: their cart keys begin with the owner's key (placing.ts), a range of
 * the cartKey index.
 */
export async function findOpenPlacingsOf(ownerKey: string): Promise<OrderRecord[]> {
  return OrderModel.find({
    cartKey: trusted({ $gte: `${ownerKey}:`, $lt: `${ownerKey};` }),
    status: 'pending_payment',
  })
    .lean<OrderRecord[]>()
    .exec();
}

/** A customer's checkouts still waiting for payment, unpaid or charging. */
export async function findOpenCheckoutsOfCustomer(customerId: string): Promise<OrderRecord[]> {
  if (!isValidObjectId(customerId)) return [];
  return OrderModel.find({
    customerId: new Types.ObjectId(customerId),
    paymentStatus: trusted({ $in: ['unpaid', 'charging'] }),
    status: 'pending_payment',
  })
    .lean<OrderRecord[]>()
    .exec();
}

/**
 * A page of the customer's paid orders (an unpaid checkout is not an order to them), newest first,
 * after the order `before` of theirs (none when it is not theirs).
 */
export async function listOrdersOfCustomer(
  customerId: string,
  page: { before?: string; limit: number },
): Promise<KeyPage<OrderRecord>> {
  if (!isValidObjectId(customerId)) return { items: [], next: null };
  const scope = { customerId: new Types.ObjectId(customerId), paymentStatus: 'paid' };
  return pageByKey<OrderRecord>(OrderModel, { scope, ...page });
}

/** The lines of the customer's paid orders, every one (deleting a customer keeps what they hold). */
export async function listPaidLinesOfCustomer(customerId: string): Promise<OrderRecord['items']> {
  if (!isValidObjectId(customerId)) return [];
  const orders = await OrderModel.find(
    { customerId: new Types.ObjectId(customerId), paymentStatus: 'paid' },
    { items: 1 },
  )
    .lean<Array<Pick<OrderRecord, 'items'>>>()
    .exec();
  return orders.flatMap((order) => order.items);
}

// --- Payment ------------------------------------------------------------------------------------

/**
 * Takes the order's payment: unpaid -> charging, only while it waits for payment (and, with
 * `ownedBy`, only an order of that owner). The order as written, or null when another call holds
 * the payment, the order is paid or it ended.
 */
export async function claimPayment(
  id: string,
  token: string,
  now: Date,
  ownedBy: object = {},
): Promise<OrderRecord | null> {
  return OrderModel.findOneAndUpdate(
    { _id: id, ...ownedBy, status: 'pending_payment', paymentStatus: 'unpaid' },
    { $set: { paymentStatus: 'charging', chargingSince: now, chargingToken: token } },
    { new: true },
  )
    .lean<OrderRecord>()
    .exec();
}

/**
 * The caller's unpaid order, its payment taken in the same write: claimPayment with the owner in the
 * filter (a signed-in customer's own order, or a guest order of the guest's session). Null when it is
 * not such an order, not payable now, or the id is no id: the caller then reads the order, which
 * decides by orders' findCallersOrder (a guest order its session's customer pays, a paid order, one
 * whose payment another call holds).
 */
export async function claimOwnPayment(
  id: string,
  owner: { customerId?: string | null; sessionId: string },
  token: string,
  now: Date,
): Promise<OrderRecord | null> {
  if (!isValidObjectId(id)) return null;
  if (owner.customerId && !isValidObjectId(owner.customerId)) return null;
  const ownedBy = owner.customerId
    ? { customerId: new Types.ObjectId(owner.customerId) }
    : { customerId: null, sessionId: owner.sessionId };
  return claimPayment(id, token, now, ownedBy);
}

/**
 * Takes over a payment whose call stopped mid-charge (charging since before `staleBefore`): the order
 * as written, or null when it moved on or another call took it over first.
 */
export async function takeOverStalePayment(
  id: string,
  chargingSince: Date,
  staleBefore: Date,
  now: Date,
): Promise<OrderRecord | null> {
  if (chargingSince.getTime() >= staleBefore.getTime()) return null;
  return OrderModel.findOneAndUpdate(
    { _id: id, status: 'pending_payment', paymentStatus: 'charging', chargingSince },
    { $set: { chargingSince: now } },
    { new: true },
  )
    .lean<OrderRecord>()
    .exec();
}

/** What became of the charge request a released payment sent, if it sent one (payments.ts). */
type ChargeOutcome =
  { refused: { declinedPayments: number; lastDeclinedAt: Date } | null } | { unanswered: string };

/**
 * The charge failed or was not made: the order waits for payment again (only the call holding the
 * payment). `charged`: the request sent was refused (a decline counted on the order, or another
 * refusal), and the next goes under a new key; or it was never answered, and its token is kept to
 * be sent again.
 */
export async function releasePayment(
  id: string,
  chargingSince: Date,
  lastPaymentError: string | null,
  charged?: ChargeOutcome,
): Promise<void> {
  const released = { paymentStatus: 'unpaid', chargingSince: null, lastPaymentError };
  await OrderModel.updateOne(
    { _id: id, paymentStatus: 'charging', chargingSince },
    !charged
      ? { $set: released }
      : 'unanswered' in charged
        ? { $set: { ...released, chargingToken: null, unansweredToken: charged.unanswered } }
        : {
            $set: { ...released, ...charged.refused, chargingToken: null, unansweredToken: null },
            $inc: { chargeAttempts: 1 },
          },
  ).exec();
}

/**
 * The card was charged: the order is paid and enters its first state. A call that lost its claim to
 * a takeover records the same charge (the provider answers the idempotency key with it), so the
 * filter needs only the charging state. Null when the order is not charging (paid already).
 */
export async function recordPaid(
  id: string,
  paid: {
    paymentId: string;
    paidAt: Date;
    paymentContact: PaymentContact;
    status: 'processing' | 'awaiting_proof';
    proof: OrderProofState | null;
    proofReminderDueAt: Date | null;
  },
): Promise<OrderRecord | null> {
  return OrderModel.findOneAndUpdate(
    { _id: id, paymentStatus: 'charging' },
    {
      $set: {
        ...paid,
        paymentStatus: 'paid',
        chargingSince: null,
        lastPaymentError: null,
        chargingToken: null,
        unansweredToken: null,
      },
    },
    { new: true },
  )
    .lean<OrderRecord>()
    .exec();
}

/** What follows the payment is done (payments.ts, settlePayment). */
export async function markSettled(id: Types.ObjectId, now: Date): Promise<void> {
  await OrderModel.updateOne({ _id: id, settledAt: null }, { $set: { settledAt: now } }).exec();
}

/** Paid orders whose paying call stopped before what follows the payment was done. */
export async function findUnsettledPaidOrders(limit: number): Promise<OrderRecord[]> {
  return OrderModel.find({ paymentStatus: 'paid', settledAt: null })
    .limit(limit)
    .lean<OrderRecord[]>()
    .exec();
}

/**
 * Marks the order as holding its code's use, or not; whether this call changed the mark, so of two
 * calls giving one use back (a payment taken over, both refused) one gives it back.
 */
export async function markDiscountReserved(
  id: string,
  reserved: { codeId: Types.ObjectId } | false,
): Promise<boolean> {
  const marked = await OrderModel.updateOne(
    { _id: id, discountReserved: !reserved },
    {
      $set: reserved
        ? { discountReserved: true, discountCodeId: reserved.codeId }
        : { discountReserved: false },
    },
  ).exec();
  return marked.modifiedCount === 1;
}

/**
 * Checkouts placed before `placedBefore` and still waiting for payment: unpaid ones oldest first (the
 * longest overdue expire first), charging ones newest first (a charge newly left in flight comes
 * before those reported already).
 */
export async function findOpenCheckoutsPlacedBefore(
  placedBefore: Date,
  paymentStatus: 'unpaid' | 'charging',
  limit: number,
): Promise<OrderRecord[]> {
  const order = paymentStatus === 'unpaid' ? 1 : -1;
  return OrderModel.find({
    status: 'pending_payment',
    paymentStatus,
    createdAt: trusted({ $lt: placedBefore }),
  })
    .sort({ createdAt: order, _id: order })
    .limit(limit)
    .lean<OrderRecord[]>()
    .exec();
}

/**
 * Ends an unpaid checkout: pending_payment -> expired, with any discount use it held given up in the
 * same write. The order as it was, or null when a payment took it (or it ended) first.
 */
export async function expireUnpaid(id: Types.ObjectId): Promise<OrderRecord | null> {
  return OrderModel.findOneAndUpdate(
    { _id: id, status: 'pending_payment', paymentStatus: 'unpaid' },
    { $set: { status: 'expired', discountReserved: false } },
    { new: false },
  )
    .lean<OrderRecord>()
    .exec();
}

/** The operator was told about the charge left in flight; false when another sweep told them. */
export async function markChargeStuckReported(id: Types.ObjectId, now: Date): Promise<boolean> {
  const marked = await OrderModel.updateOne(
    { _id: id, chargeStuckReportedAt: null },
    { $set: { chargeStuckReportedAt: now } },
  ).exec();
  return marked.modifiedCount === 1;
}

// --- Moves and the proof step ---------------------------------------------------------------------

/**
 * Takes the order's one way out of `move.from` for this move: the order as written, or null when it
 * is no longer in that state or another move holds it.
 */
export async function takeMove(id: string, move: PendingMove): Promise<OrderRecord | null> {
  return OrderModel.findOneAndUpdate(
    { _id: id, status: move.from, pendingMove: null },
    { $set: { pendingMove: move } },
    { new: true },
  )
    .lean<OrderRecord>()
    .exec();
}

/** The move's writes and the state it enters; null when the move is no longer the order's. */
export async function finishMove(
  id: string,
  move: PendingMove,
  changes: Partial<
    Pick<
      OrderRecord,
      'shipment' | 'refundedCents' | 'refundId' | 'refundedAt' | 'refundReason' | 'proof'
    >
  >,
): Promise<OrderRecord | null> {
  return OrderModel.findOneAndUpdate(
    { _id: id, status: move.from, 'pendingMove.to': move.to, 'pendingMove.at': move.at },
    { $set: { ...changes, status: move.to, pendingMove: null, proofReminderDueAt: null } },
    { new: true },
  )
    .lean<OrderRecord>()
    .exec();
}

/** The move's call ends without knowing what its refund did: a retry of it finishes it at once. */
export async function markMoveUnanswered(id: string, move: PendingMove): Promise<void> {
  await OrderModel.updateOne(
    { _id: id, 'pendingMove.to': move.to, 'pendingMove.at': move.at },
    { $set: { 'pendingMove.unanswered': true } },
  ).exec();
}

/** Gives the way out back (the move's work failed, nothing was changed). */
export async function dropMove(id: string, move: PendingMove): Promise<void> {
  await OrderModel.updateOne(
    { _id: id, 'pendingMove.to': move.to, 'pendingMove.at': move.at },
    { $set: { pendingMove: null } },
  ).exec();
}

/**
 * Writes the proof step's state while the order waits for the proof, its proof still as the caller
 * read it (the revision and the status it names in the filter, so a decision on an older revision,
 * or a revision made from a proof the customer answered since, writes nothing) and no move is under
 * way (a cancel claimed first); the order as written, or null.
 */
export async function setProofState(
  id: string,
  expected: Pick<OrderProofState, 'revision' | 'status'>,
  proof: OrderProofState,
  proofReminderDueAt: Date | null,
): Promise<OrderRecord | null> {
  return OrderModel.findOneAndUpdate(
    {
      _id: id,
      status: 'awaiting_proof',
      pendingMove: null,
      'proof.revision': expected.revision,
      'proof.status': expected.status,
    },
    { $set: { proof, proofReminderDueAt } },
    { new: true },
  )
    .lean<OrderRecord>()
    .exec();
}

/** Orders whose unanswered proof's reminder is due, earliest first. */
export async function findDueProofReminders(now: Date, limit: number): Promise<OrderRecord[]> {
  return OrderModel.find({ proofReminderDueAt: trusted({ $lte: now }) })
    .sort({ proofReminderDueAt: 1 })
    .limit(limit)
    .lean<OrderRecord[]>()
    .exec();
}

/** The reminder due at `dueAt` was sent: no other is due until the next revision. */
export async function clearProofReminder(id: Types.ObjectId, dueAt: Date): Promise<void> {
  await OrderModel.updateOne(
    { _id: id, proofReminderDueAt: dueAt },
    { $set: { proofReminderDueAt: null } },
  ).exec();
}

// --- Guest orders joining an account ----------------------------------------------------------------

/** The paid orders placed as a guest with this (lower-cased) email and not in an account, oldest first. */
export async function findPaidGuestOrdersByEmail(email: string): Promise<OrderRecord[]> {
  return OrderModel.find({ emailKey: email, customerId: null, paymentStatus: 'paid' })
    .sort({ createdAt: 1, _id: 1 })
    .lean<OrderRecord[]>()
    .exec();
}

/** Whether the customer has a paid order the shop still has to make or send. */
export async function hasPaidOrderIn(
  customerId: string,
  statuses: readonly OrderStatus[],
): Promise<boolean> {
  const found = await OrderModel.exists({
    customerId: new Types.ObjectId(customerId),
    paymentStatus: 'paid',
    status: trusted({ $in: statuses }),
  }).exec();
  return found !== null;
}

/** Marks the orders of a deleted account as such (they stay, as sold, under its id). */
export async function markAccountDeleted(customerId: string): Promise<void> {
  await OrderModel.updateMany(
    { customerId: new Types.ObjectId(customerId) },
    { $set: { accountDeleted: true } },
  ).exec();
}

/** Moves a guest order into the customer's account; false when it was joined before (or meanwhile). */
export async function joinOrderToCustomer(
  orderId: Types.ObjectId,
  customerId: string,
): Promise<boolean> {
  const joined = await OrderModel.updateOne(
    { _id: orderId, customerId: null },
    { $set: { customerId: new Types.ObjectId(customerId), guestEmail: null } },
  ).exec();
  return joined.modifiedCount === 1;
}
