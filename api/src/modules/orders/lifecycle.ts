// An order's life after checkout: pending_payment -> processing (paid) -> shipped -> completed, or
// cancelled with a refund from processing or shipped, or expired when never paid. Every move is an
// event under a unique id (model.ts, OrderEventModel), so two racing calls make one move.
import {
  ORDER_MOVES,
  ORDER_STATUS_LABELS,
  formatDollars,
  toCents,
  toDollars,
  trackingUrlFor,
  type AdminOrder,
  type AdminOrderDetail,
  type Carrier,
  type OrderNote,
  type OrderStatus,
} from '@shop/contracts';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { queueMail } from '../mail/mail';
import {
  adminNewOrder,
  orderCancelled,
  orderConfirmation,
  orderShipped,
  type OrderMailData,
  type ShopContext,
} from '../mail/templates';
import type { OrderRecord, PaymentContact } from './model';
import { toAdminOrder } from './orders';
import {
  deleteMoveEvent,
  findOrderById,
  insertMoveEvent,
  insertNoteEvent,
  listOrderEvents,
  setOrderFields,
  setPaymentState,
} from './repository';

/** Gives money back on the card: the payment provider (sandbox or Square), through the app's dependencies. */
export interface Refunder {
  refund(request: {
    paymentId: string;
    amountCents: number;
    /** One refund per order, whatever the number of calls. */
    idempotencyKey: string;
    reason: string;
  }): Promise<{ refundId: string }>;
}

function shopContext(config: Config): ShopContext {
  return { shopUrl: config.shop.url, shopEmail: config.shop.email };
}

function mailData(order: OrderRecord): OrderMailData {
  return {
    orderNumber: order.orderNumber,
    customerInfo: order.customerInfo,
    items: order.items,
    subtotalCents: order.subtotalCents,
    discountCode: order.discountCode,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    notes: order.notes,
  };
}

async function loadOrder(id: string): Promise<OrderRecord> {
  const order = await findOrderById(id);
  if (!order) throw AppError.notFound('Order not found');
  return order;
}

function refuseMove(order: OrderRecord, to: OrderStatus): never {
  const message =
    to === 'shipped' && order.status === 'pending_payment'
      ? 'Only a paid order can be shipped'
      : `An order cannot be moved from ${ORDER_STATUS_LABELS[order.status].toLowerCase()} to ${ORDER_STATUS_LABELS[to].toLowerCase()}`;
  throw AppError.invalid(message, [{ path: 'status', message }]);
}

/**
 * The move's event, or a clear refusal: a move the lifecycle does not allow is a 400, a move another
 * call made first is a 409 (the order already is, or is becoming, that state).
 */
async function claimMove(
  order: OrderRecord,
  to: OrderStatus,
  by: string | null,
  note: string | null,
  now: Date,
): Promise<void> {
  if (!ORDER_MOVES[order.status].includes(to)) {
    if (order.status === to) throw AppError.conflict(`This order is already ${order.status}`);
    refuseMove(order, to);
  }
  const id = order._id.toString();
  const won = await insertMoveEvent({ orderId: id, at: now, by, from: order.status, to, note });
  if (!won) throw AppError.conflict(`This order is already ${to}`);
}

/**
 * The card was charged: the order becomes processing and the shopper's confirmation and the shop's
 * notice are queued (each once, however often this runs for the order).
 */
export async function recordPayment(
  orderId: string,
  payment: { paymentId: string; paidAt: Date; paymentContact: PaymentContact },
  config: Config,
): Promise<OrderRecord | null> {
  const paid = await setPaymentState(orderId, { paymentStatus: 'paid', ...payment });
  if (!paid) return null;
  await insertMoveEvent({
    orderId,
    at: payment.paidAt,
    by: 'customer',
    from: 'pending_payment',
    to: 'processing',
    note: `Paid ${formatDollars(toDollars(paid.totalCents))}`,
  });
  const shop = shopContext(config);
  await queueMail({
    key: `order_confirmation:${orderId}`,
    kind: 'order_confirmation',
    to: paid.customerInfo.email,
    rendered: orderConfirmation(mailData(paid), shop),
  });
  await queueMail({
    key: `admin_new_order:${orderId}`,
    kind: 'admin_new_order',
    to: config.shop.ordersEmail,
    replyTo: paid.customerInfo.email,
    rendered: adminNewOrder(mailData(paid), shop),
  });
  return paid;
}

/** The order was never paid within its time: it ends (the caller has given back any discount use). */
export async function expireOrder(orderId: string, now: Date): Promise<boolean> {
  const order = await findOrderById(orderId);
  if (!order || order.status !== 'pending_payment' || order.paymentStatus !== 'unpaid')
    return false;
  const won = await insertMoveEvent({
    orderId,
    at: now,
    by: null,
    from: 'pending_payment',
    to: 'expired',
    note: 'Not paid within 24 hours',
  });
  if (won) await setOrderFields(orderId, { status: 'expired' });
  return won;
}

export async function shipOrder(
  id: string,
  input: { carrier: Carrier; trackingNumber: string; trackingUrl?: string | null },
  { by, config, now = new Date() }: { by: string; config: Config; now?: Date },
): Promise<AdminOrder> {
  const order = await loadOrder(id);
  const trackingUrl =
    trackingUrlFor(input.carrier, input.trackingNumber) ?? input.trackingUrl ?? null;
  const shipment = {
    carrier: input.carrier,
    trackingNumber: input.trackingNumber,
    trackingUrl,
    shippedAt: now,
  };
  await claimMove(order, 'shipped', by, `${input.carrier} ${input.trackingNumber}`, now);
  const shipped = await setOrderFields(id, { status: 'shipped', shipment });
  if (!shipped) throw AppError.notFound('Order not found');
  await queueMail({
    key: `order_shipped:${id}`,
    kind: 'order_shipped',
    to: shipped.customerInfo.email,
    rendered: orderShipped(shipped, shipment, shopContext(config)),
  });
  return toAdminOrder(shipped);
}

export async function completeOrder(
  id: string,
  { by, now = new Date() }: { by: string; now?: Date },
): Promise<AdminOrder> {
  const order = await loadOrder(id);
  await claimMove(order, 'completed', by, null, now);
  const completed = await setOrderFields(id, { status: 'completed' });
  if (!completed) throw AppError.notFound('Order not found');
  return toAdminOrder(completed);
}

export const REFUND_FAILED_MESSAGE =
  'The payment provider did not make the refund; the order is unchanged. Please try again.';

/**
 * Cancels a processing or shipped order and refunds refundCents (0 up to what was charged) through the
 * payment provider, once: the cancel event is taken first (a second click finds it taken: 409), and a
 * refund the provider refuses takes the event back so the admin can try again.
 */
export async function cancelOrder(
  id: string,
  { refundAmount, reason }: { refundAmount: number; reason: string },
  {
    by,
    refunder,
    config,
    logger,
    now = new Date(),
  }: { by: string; refunder: Refunder; config: Config; logger: Logger; now?: Date },
): Promise<AdminOrder> {
  const order = await loadOrder(id);
  const refundCents = toCents(refundAmount);
  if (refundCents > order.totalCents) {
    const message = `The refund cannot be more than the ${formatDollars(toDollars(order.totalCents))} charged`;
    throw AppError.invalid(message, [{ path: 'refundAmount', message }]);
  }
  const note = [`Refund ${formatDollars(toDollars(refundCents))}`, reason]
    .filter(Boolean)
    .join(': ');
  await claimMove(order, 'cancelled', by, note, now);

  let refundId: string | null = null;
  if (refundCents > 0 && order.paymentId && !order.paymentId.startsWith('no-charge-')) {
    try {
      ({ refundId } = await refunder.refund({
        paymentId: order.paymentId,
        amountCents: refundCents,
        idempotencyKey: `refund-${id}`,
        reason: reason || `Order #${order.orderNumber} cancelled`,
      }));
    } catch (error) {
      await deleteMoveEvent(id, 'cancelled');
      if (error instanceof AppError) throw error;
      logger.error({ err: error, orderId: id }, 'Refund failed');
      throw AppError.paymentUnavailable(REFUND_FAILED_MESSAGE, error);
    }
  }
  const cancelled = await setOrderFields(id, {
    status: 'cancelled',
    refundedCents: refundCents,
    refundId,
  });
  if (!cancelled) throw AppError.notFound('Order not found');
  logger.info({ orderId: id, refundCents, refundId, by }, 'Order cancelled');
  await queueMail({
    key: `order_cancelled:${id}`,
    kind: 'order_cancelled',
    to: cancelled.customerInfo.email,
    rendered: orderCancelled(cancelled, refundCents, shopContext(config)),
  });
  return toAdminOrder(cancelled);
}

export async function addOrderNote(
  id: string,
  text: string,
  { by, now = new Date() }: { by: string; now?: Date },
): Promise<OrderNote> {
  await loadOrder(id);
  const note = await insertNoteEvent({ orderId: id, at: now, by, text });
  return { id: note._id, at: note.at.toISOString(), by, text };
}

export async function adminOrderDetail(id: string): Promise<AdminOrderDetail> {
  const order = await loadOrder(id);
  const events = await listOrderEvents(id);
  return {
    ...toAdminOrder(order),
    history: events
      .filter((event) => event.kind === 'move' && event.to)
      .map((event) => ({
        at: event.at.toISOString(),
        by: event.by,
        from: event.from,
        to: event.to as OrderStatus,
        note: event.note,
      })),
    adminNotes: events
      .filter((event) => event.kind === 'note')
      .map((event) => ({
        id: event._id,
        at: event.at.toISOString(),
        by: event.by ?? '',
        text: event.note ?? '',
      })),
  };
}
