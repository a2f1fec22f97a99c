// What the admin's insights read of the orders (modules/insights): the orders placed in a stretch of
// time, the charges and the refunds made in one, the orders changed since an instant, the work in
// progress, the times of the go-aheads, and cursors over the orders of an export and over the charges
// and refunds made in a stretch of time. Each is one query on an index declared in model.ts.
import type { Cursor } from 'mongoose';
import { PAYMENT_STATUSES, type OrderStatus } from '@shop/contracts';
import { trusted } from '../../platform/db';
import { OrderEventModel, OrderModel, type OrderRecord } from './model';

/**
 * The fields an order's figures by the hour it was placed are made of (its charge and its refund are
 * counted apart, by the hour each was made: chargesMadeBetween, refundsMadeBetween).
 */
const FIGURE_FIELDS = {
  createdAt: 1,
  status: 1,
  paymentStatus: 1,
  discountCode: 1,
  discountCents: 1,
  items: 1,
  proof: 1,
  paidAt: 1,
} as const;

export type OrderForFigures = Pick<OrderRecord, '_id' | keyof typeof FIGURE_FIELDS>;

/** Every order placed in [start, end), paid or not. */
export async function ordersPlacedBetween(start: Date, end: Date): Promise<OrderForFigures[]> {
  return OrderModel.find(
    {
      paymentStatus: trusted({ $in: [...PAYMENT_STATUSES] }),
      createdAt: trusted({ $gte: start, $lt: end }),
    },
    FIGURE_FIELDS,
  )
    .lean<OrderForFigures[]>()
    .exec();
}

/** A charge as the figures count it: how much, when it was made, and whether its order was cancelled since. */
export type ChargeForFigures = Pick<OrderRecord, '_id' | 'status' | 'totalCents'> & {
  paidAt: Date;
};

/** Every charge made in [start, end) (the orders paid in it), whenever its order was placed. */
export async function chargesMadeBetween(start: Date, end: Date): Promise<ChargeForFigures[]> {
  return OrderModel.find(
    { paidAt: trusted({ $gte: start, $lt: end }) },
    { paidAt: 1, status: 1, totalCents: 1 },
  )
    .lean<ChargeForFigures[]>()
    .exec();
}

/** A refund as the figures count it: how much, and when it was made. */
export type RefundForFigures = { _id: OrderRecord['_id']; refundedAt: Date; refundedCents: number };

/** Every refund made in [start, end), whenever its order was placed. */
export async function refundsMadeBetween(start: Date, end: Date): Promise<RefundForFigures[]> {
  return OrderModel.find(
    { refundedAt: trusted({ $gte: start, $lt: end }) },
    { refundedAt: 1, refundedCents: 1 },
  )
    .lean<RefundForFigures[]>()
    .exec();
}

/** An order written since an instant: when it was placed and, if paid or refunded, when. */
export type ChangedOrder = Pick<
  OrderRecord,
  '_id' | 'createdAt' | 'updatedAt' | 'paidAt' | 'refundedAt'
>;

/**
 * Orders written at or after `since`, oldest change first, a page at a time: `after` is the last
 * order of the previous page (its updatedAt and _id).
 */
export async function ordersChangedSince(
  since: Date,
  after: ChangedOrder | null,
  limit: number,
): Promise<ChangedOrder[]> {
  const filter = after
    ? {
        updatedAt: trusted({ $gte: after.updatedAt }),
        $or: [
          { updatedAt: trusted({ $gt: after.updatedAt }) },
          { updatedAt: after.updatedAt, _id: trusted({ $gt: after._id }) },
        ],
      }
    : { updatedAt: trusted({ $gte: since }) };
  return OrderModel.find(filter, { createdAt: 1, updatedAt: 1, paidAt: 1, refundedAt: 1 })
    .sort({ updatedAt: 1, _id: 1 })
    .limit(limit)
    .lean<ChangedOrder[]>()
    .exec();
}

const IN_PROGRESS_FIELDS = {
  orderNumber: 1,
  customerInfo: 1,
  createdAt: 1,
  paidAt: 1,
  proof: 1,
  skipProof: 1,
} as const;

type OrderInProgress = Pick<OrderRecord, '_id' | keyof typeof IN_PROGRESS_FIELDS>;

/**
 * Orders in a state now, placed before `placedBefore` (when given), oldest first, at most `limit`:
 * the proofs waiting, the orders in production.
 */
export async function ordersInState(
  status: OrderStatus,
  limit: number,
  placedBefore?: Date,
): Promise<OrderInProgress[]> {
  return OrderModel.find(
    placedBefore ? { status, createdAt: trusted({ $lt: placedBefore }) } : { status },
    IN_PROGRESS_FIELDS,
  )
    .sort({ createdAt: 1, _id: 1 })
    .limit(limit)
    .lean<OrderInProgress[]>()
    .exec();
}

/**
 * The cart starts in [start, end) that orders keep (the carts they were placed from, which paying
 * took away), each by its line's id: several placings of one cart keep the same one.
 */
export async function orderCartStartsBetween(
  start: Date,
  end: Date,
): Promise<Array<{ id: string; at: Date }>> {
  const found = await OrderModel.find(
    { cartStartedAt: trusted({ $gte: start, $lt: end }) },
    { cartStartedBy: 1, cartStartedAt: 1 },
  )
    .lean<Array<{ cartStartedBy: string; cartStartedAt: Date }>>()
    .exec();
  return found.map((order) => ({ id: order.cartStartedBy, at: order.cartStartedAt }));
}

/**
 * When each order's proof was approved by the customer (the decision on its current revision), for
 * the orders whose proof is approved; by order id.
 */
export async function approvalTimes(
  orders: Array<Pick<OrderRecord, '_id' | 'proof'>>,
): Promise<Map<string, Date>> {
  const keys = orders
    .filter((order) => order.proof?.status === 'approved')
    .map((order) => `${order._id.toString()}:proof:${order.proof!.revision}:decision`);
  const times = new Map<string, Date>();
  if (keys.length === 0) return times;
  const events = await OrderEventModel.find({ _id: trusted({ $in: keys }) }, { at: 1, proof: 1 })
    .lean<Array<{ _id: string; at: Date; proof: { action: string } | null }>>()
    .exec();
  for (const event of events)
    if (event.proof?.action === 'approved') times.set(event._id.split(':')[0]!, event.at);
  return times;
}

/** When each order entered processing (its go-ahead), by order id. */
export async function processingSince(
  orders: Array<Pick<OrderRecord, '_id'>>,
): Promise<Map<string, Date>> {
  const times = new Map<string, Date>();
  if (orders.length === 0) return times;
  const events = await OrderEventModel.find(
    { _id: trusted({ $in: orders.map((order) => `${order._id.toString()}:processing`) }) },
    { at: 1 },
  )
    .lean<Array<{ _id: string; at: Date }>>()
    .exec();
  for (const event of events) times.set(event._id.split(':')[0]!, event.at);
  return times;
}

/**
 * The orders of an export, oldest first, read as the response is written: placed in [start, end),
 * of the status or, without one, every paid order (as the admin's order list).
 */
export function orderCursor(
  start: Date,
  end: Date,
  status: OrderStatus | null,
): Cursor<OrderRecord, never> {
  return OrderModel.find({
    ...(status ? { status } : { paymentStatus: 'paid' }),
    createdAt: trusted({ $gte: start, $lt: end }),
  })
    .sort({ createdAt: 1, _id: 1 })
    .lean<OrderRecord[]>()
    .cursor() as unknown as Cursor<OrderRecord, never>;
}

const CHARGE_FIELDS = {
  orderNumber: 1,
  customerInfo: 1,
  paidAt: 1,
  subtotalCents: 1,
  discountCode: 1,
  discountCents: 1,
  shippingCents: 1,
  taxCents: 1,
  totalCents: 1,
  paymentId: 1,
} as const;

/** An order's charge as the books read it: when it was paid, what and what for. */
export type ChargeForBooks = Pick<OrderRecord, '_id' | keyof typeof CHARGE_FIELDS> & {
  paidAt: Date;
};

/**
 * The charges made in [start, end) (the orders paid in it), oldest first and those of the same
 * instant by order (its id), read as they are used.
 */
export function chargeCursor(start: Date, end: Date): Cursor<ChargeForBooks, never> {
  return OrderModel.find({ paidAt: trusted({ $gte: start, $lt: end }) }, CHARGE_FIELDS)
    .sort({ paidAt: 1, _id: 1 })
    .lean<ChargeForBooks[]>()
    .cursor() as unknown as Cursor<ChargeForBooks, never>;
}

const REFUND_FIELDS = {
  orderNumber: 1,
  customerInfo: 1,
  refundedAt: 1,
  refundedCents: 1,
  paymentId: 1,
  refundId: 1,
  refundReason: 1,
} as const;

/** An order's refund as the books read it: when it was made, how much, of which payment, why. */
export type RefundForBooks = Pick<OrderRecord, '_id' | keyof typeof REFUND_FIELDS> & {
  refundedAt: Date;
};

/**
 * The refunds made in [start, end), whenever their orders were placed or paid, oldest first, read
 * as they are used. Refunds of the same instant come the smaller first, then by order (its id): one
 * order every time, walked along the index refundsMadeBetween reads (docs/product.md section 11).
 */
export function refundCursor(start: Date, end: Date): Cursor<RefundForBooks, never> {
  return OrderModel.find({ refundedAt: trusted({ $gte: start, $lt: end }) }, REFUND_FIELDS)
    .sort({ refundedAt: 1, refundedCents: 1, _id: 1 })
    .lean<RefundForBooks[]>()
    .cursor() as unknown as Cursor<RefundForBooks, never>;
}
