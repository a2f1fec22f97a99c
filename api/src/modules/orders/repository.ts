// Data access for orders; plain objects out.
import { Types, isValidObjectId } from 'mongoose';
import type { OrderStatus } from '@shop/contracts';
import type { CartOwner } from '../../platform/auth-guards';
import { trusted } from '../../platform/db';
import { OpenCheckoutModel, OrderModel, type OrderRecord, type PaymentContact } from './model';

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
  | 'createdAt'
  | 'updatedAt'
> & { customerId: string | null };

export async function insertOrder(order: NewOrder): Promise<OrderRecord> {
  const created = await OrderModel.create({
    ...order,
    customerId: order.customerId ? new Types.ObjectId(order.customerId) : null,
    status: 'processing',
    paymentStatus: 'unpaid',
  });
  return created.toObject();
}

export async function findOrderById(id: string): Promise<OrderRecord | null> {
  if (!isValidObjectId(id)) return null;
  return OrderModel.findById(id).lean<OrderRecord>();
}

function ownerKey(owner: CartOwner): string {
  return owner.customerId ? `customer:${owner.customerId}` : `guest:${owner.sessionId}`;
}

/** The owner's latest order if it is still unpaid and was made of the cart with this fingerprint. */
export async function findReusableOrder(
  owner: CartOwner,
  cartFingerprint: string,
): Promise<OrderRecord | null> {
  const open = await OpenCheckoutModel.findById(ownerKey(owner)).lean();
  if (!open || open.cartFingerprint !== cartFingerprint) return null;
  const order = await OrderModel.findById(open.orderId).lean<OrderRecord>();
  return order?.paymentStatus === 'unpaid' && order.cartFingerprint === cartFingerprint
    ? order
    : null;
}

/** Forgets open checkouts untouched since before: their orders stay, only the shortcut goes. */
export async function forgetOpenCheckouts(before: Date): Promise<number> {
  const { deletedCount } = await OpenCheckoutModel.deleteMany({
    updatedAt: trusted({ $lt: before }),
  });
  return deletedCount;
}

/** Remembers the owner's latest order (last writer wins; only a shortcut for reuse). */
export async function rememberOpenCheckout(owner: CartOwner, order: OrderRecord): Promise<void> {
  try {
    await OpenCheckoutModel.updateOne(
      { _id: ownerKey(owner) },
      { $set: { orderId: order._id, cartFingerprint: order.cartFingerprint } },
      { upsert: true },
    );
  } catch (error) {
    // Two checkouts of one owner creating the entry at once: one of them is remembered, which is enough.
    if ((error as { code?: unknown } | null)?.code !== 11000) throw error;
  }
}

export async function listOrdersOfCustomer(customerId: string): Promise<OrderRecord[]> {
  return OrderModel.find({ customerId: new Types.ObjectId(customerId) })
    .sort({ createdAt: -1, _id: -1 })
    .lean<OrderRecord[]>();
}

export async function listOrders({
  page,
  pageSize,
  status,
}: {
  page: number;
  pageSize: number;
  status?: OrderStatus;
}): Promise<{ orders: OrderRecord[]; total: number }> {
  const filter = status ? { status } : {};
  const [orders, total] = await Promise.all([
    OrderModel.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * pageSize)
      .limit(pageSize)
      .lean<OrderRecord[]>(),
    OrderModel.countDocuments(filter),
  ]);
  return { orders, total };
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
      },
): Promise<OrderRecord | null> {
  const changes =
    state.paymentStatus === 'paid'
      ? { ...state, chargingSince: null, lastPaymentError: null }
      : state.paymentStatus === 'unpaid'
        ? { ...state, chargingSince: null }
        : state;
  return OrderModel.findByIdAndUpdate(id, { $set: changes }, { new: true }).lean<OrderRecord>();
}

export async function markDiscountReserved(id: string, reserved: boolean): Promise<void> {
  await OrderModel.updateOne({ _id: id }, { $set: { discountReserved: reserved } });
}

/**
 * from -> to. The filter names the state it starts from; on FerretDB v1 this is read-then-write, so
 * two admins moving one order at the same moment may both succeed, which lands it in the same state.
 */
export async function moveStatus(
  id: string,
  from: OrderStatus,
  to: OrderStatus,
  extraFilter: Record<string, unknown> = {},
): Promise<OrderRecord | null> {
  return OrderModel.findOneAndUpdate(
    { _id: id, status: from, ...extraFilter },
    { $set: { status: to } },
    { new: true },
  ).lean<OrderRecord>();
}
