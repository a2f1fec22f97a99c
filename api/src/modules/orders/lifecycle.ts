// An order's life after checkout: pending_payment -> awaiting_proof (paid) -> processing (proof
// approved, or an admin's override with its reason; straight from payment when the shopper skipped the
// proof) -> shipped -> completed, or cancelled with a refund from awaiting_proof, processing or
// shipped, or expired when never paid. Every move is an event under a unique id (model.ts,
// OrderEventModel), so two racing calls make one move.
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
import { crashAt } from '../../platform/fault-points';
import type { Logger } from '../../platform/logger';
import { queueMail, queueMails, type MailToQueue } from '../mail/mail';
import { fileProofReminder } from '../proofs/reminder-queue';
import {
  adminNewOrder,
  orderCancelled,
  orderConfirmation,
  orderShipped,
  proofRequest,
  type OrderMailData,
  type ShopContext,
} from '../mail/templates';
import { addToPaidList } from './counter';
import type { OrderProofState, OrderRecord, PaymentContact } from './model';
import { ORDER_LINK_LIFETIME_DAYS, orderLinkUrl } from './order-access';
import { toAdminOrder } from './orders';
import { listOrderStatus } from './search-lists';
import {
  deleteMoveEvent,
  findOrderById,
  insertMoveEvent,
  insertNoteEvent,
  insertProofEvent,
  deleteProofEvent,
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
 * The order page a proof email links to (docs/product.md, "Proofs"): with the order's guest link, so a
 * guest (or a customer signed out) opens it from the email.
 */
export function orderPageUrl(
  config: Config,
  order: Pick<OrderRecord, '_id' | 'orderNumber'>,
  now = new Date(),
): string {
  return orderLinkUrl(order, config, now);
}

/** The line's proof PDF, as the mail worker finds it (proofs module, proofAttachment). */
export function proofAttachmentRef(orderId: string, lineId: string, revision: number): string {
  return `proof:${orderId}:${lineId}:${revision}`;
}

interface ProofSending {
  revision: number;
  /** Each line as the revision shows it, and whether the revision changed it. */
  lines: Array<{ lineId: string; customText: string; changed: boolean }>;
  note: string | null;
  by: string | null;
  now: Date;
  config: Config;
}

/**
 * Asks the customer to approve a revision: the proof email with each line's PDF attached, once per
 * revision (its key), and the "sent" event in the order's history.
 */
export async function sendProof(order: OrderRecord, sending: ProofSending): Promise<void> {
  const { mail, before } = proofEmail(order, sending);
  await queueMail(mail, sending.now, before);
}

/**
 * A revision's proof email, and what is done before it is written (its due entry and list place
 * are taken meanwhile): the reminder is filed, so a reminder for a proof never sent finds nothing
 * waiting (proofs/reminder-queue.ts), and the sending is in the order's history before the shopper
 * reads it. `before` is awaited by the queueing, which throws its failure.
 */
function proofEmail(
  order: OrderRecord,
  { revision, lines, note, by, now, config }: ProofSending,
): { mail: MailToQueue; before: Promise<unknown> } {
  const id = order._id.toString();
  const before = Promise.all([
    fileProofReminder(id, revision, now, config.shop.timeZone),
    insertProofEvent({
      orderId: id,
      key: `${revision}:sent`,
      at: now,
      by,
      note:
        revision === 1
          ? 'Proof (revision 1) sent to the customer'
          : `Revision ${revision} sent to the customer${note ? `: ${note}` : ''}`,
      proof: { action: 'sent', revision },
    }),
  ]);
  before.catch(() => {}); // thrown where the email is queued, which awaits it
  const lineNumberOf = new Map(order.items.map((item, index) => [item.lineId, index + 1]));
  const mail: MailToQueue = {
    key: `proof_request:${id}:${revision}`,
    kind: 'proof_request',
    to: order.customerInfo.email,
    rendered: proofRequest(
      {
        orderNumber: order.orderNumber,
        customerInfo: order.customerInfo,
        revision,
        note,
        orderUrl: orderPageUrl(config, order, now),
        lines: lines.map((line) => {
          const item = order.items.find((candidate) => candidate.lineId === line.lineId)!;
          return {
            lineNumber: lineNumberOf.get(line.lineId) ?? 0,
            productConfig: { ...item.productConfig, customText: line.customText },
            changed: line.changed,
          };
        }),
      },
      shopContext(config),
    ),
    attachments: lines.map((line) => ({
      filename: `proof-${order.orderNumber}-${lineNumberOf.get(line.lineId) ?? 0}-rev${revision}.pdf`,
      ref: proofAttachmentRef(id, line.lineId, revision),
    })),
  };
  return { mail, before };
}

/** The status an order enters once paid: awaiting the proof's approval, or processing. */
function statusOncePaid(order: OrderRecord): 'processing' | 'awaiting_proof' {
  return order.skipProof === true ? 'processing' : 'awaiting_proof';
}

/**
 * While the card is charged: the order joins the list of the status it will have once paid (an
 * entry whose order is not in that status is skipped, search-lists.ts), so recording the payment
 * need not list it (recordPayment's `listed`). Safe to run twice, or for a charge that then fails.
 */
export async function prepareToRecordPayment(order: OrderRecord): Promise<void> {
  await listOrderStatus(order._id, statusOncePaid(order));
}

/**
 * The card was charged: the order waits for the proof's approval (the proof email is queued), or,
 * when the shopper chose to skip the proof, goes straight to processing. The shopper's confirmation
 * and the shop's notice are queued too (announcePayment).
 */
export async function recordPayment(
  orderId: string,
  payment: { paymentId: string; paidAt: Date; paymentContact: PaymentContact },
  config: Config,
  /**
   * The order as the caller read it under its payment claim (spares a read), and whether
   * prepareToRecordPayment put it on its paid status's list (spares a lookup).
   */
  known?: { order: OrderRecord; listed: boolean },
): Promise<OrderRecord | null> {
  const unpaid = known?.order ?? (await findOrderById(orderId));
  if (!unpaid) return null;
  const skipProof = statusOncePaid(unpaid) === 'processing';
  const proof: OrderProofState = {
    status: skipProof ? 'skipped' : 'awaiting_approval',
    revision: skipProof ? 0 : 1,
    sentAt: payment.paidAt,
    awaitingSince: payment.paidAt,
  };
  const paid = await setPaymentState(
    orderId,
    {
      paymentStatus: 'paid',
      ...payment,
      status: skipProof ? 'processing' : 'awaiting_proof',
      proof,
    },
    { listed: known?.listed ?? false },
  );
  if (!paid) return null;
  crashAt('after-paid');
  await announcePayment(paid, config);
  return paid;
}

/**
 * What follows an order's payment: the paid list, the move in its history, the proof email (unless
 * the proof was skipped), the shopper's confirmation and the shop's notice. Each is keyed, so doing
 * it again is a no-op: a payment whose process stopped before they were all done has them done by
 * the shopper's retry or by the unpaid-orders sweep (payments/payments.ts, settlePayment).
 */
export async function announcePayment(paid: OrderRecord, config: Config): Promise<void> {
  const orderId = paid._id.toString();
  const paidAt = paid.paidAt ?? new Date();
  const skipProof = statusOncePaid(paid) === 'processing';
  // The first proof, while it is still the one awaited (a late sweep finds an order moved on).
  const proofAwaited = paid.status === 'awaiting_proof' && paid.proof?.revision === 1;
  const paidNote = `Paid ${formatDollars(toDollars(paid.totalCents))}`;
  const shop = shopContext(config);
  const proof = proofAwaited
    ? proofEmail(paid, {
        revision: 1,
        lines: paid.items.map((item) => ({
          lineId: item.lineId,
          customText: item.productConfig.customText,
          changed: true,
        })),
        note: null,
        by: null,
        now: paidAt,
        config,
      })
    : null;
  const mails: MailToQueue[] = [
    ...(proof ? [proof.mail] : []),
    {
      key: `order_confirmation:${orderId}`,
      kind: 'order_confirmation',
      to: paid.customerInfo.email,
      rendered: orderConfirmation(
        mailData(paid),
        shop,
        orderLinkUrl(paid, config),
        ORDER_LINK_LIFETIME_DAYS,
      ),
    },
    {
      key: `admin_new_order:${orderId}`,
      kind: 'admin_new_order',
      to: config.shop.ordersEmail,
      replyTo: paid.customerInfo.email,
      rendered: adminNewOrder(mailData(paid), shop),
    },
  ];
  // Side by side: a paid order waits for the slowest of them, not for their sum. The messages are
  // queued together (one insert of each kind for all three).
  await Promise.all([
    addToPaidList(paid._id),
    insertMoveEvent({
      orderId,
      at: paidAt,
      by: 'customer',
      from: 'pending_payment',
      to: skipProof ? 'processing' : 'awaiting_proof',
      note: skipProof ? `${paidNote}; proof skipped at checkout ("engrave as shown")` : paidNote,
    }),
    queueMails(mails, new Date(), proof?.before),
  ]);
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

export const PROOF_NOT_APPROVED_MESSAGE =
  'The proof is not approved yet: only an approved order can move to processing (or record why it moves on without approval)';

/** awaiting_proof -> processing, only with every line's proof approved by the customer. */
export async function startProcessing(
  id: string,
  { by, now = new Date() }: { by: string; now?: Date },
): Promise<AdminOrder> {
  const order = await loadOrder(id);
  if (order.status === 'awaiting_proof' && order.proof?.status !== 'approved') {
    throw AppError.conflict(PROOF_NOT_APPROVED_MESSAGE);
  }
  await claimMove(
    order,
    'processing',
    by,
    `Proof approved (revision ${order.proof?.revision})`,
    now,
  );
  const processing = await setOrderFields(id, { status: 'processing' });
  if (!processing) throw AppError.notFound('Order not found');
  return toAdminOrder(processing);
}

/**
 * awaiting_proof -> processing without the customer's approval: only with the admin's reason, kept in
 * the order's history as an override (docs/product.md, "Proofs").
 */
export async function overrideProof(
  id: string,
  reason: string,
  { by, now = new Date() }: { by: string; now?: Date },
): Promise<AdminOrder> {
  const order = await loadOrder(id);
  if (order.status !== 'awaiting_proof' || !order.proof) {
    if (order.status === 'pending_payment') refuseMove(order, 'processing');
    throw AppError.conflict(`This order is not waiting for proof approval`);
  }
  if (order.proof.status === 'approved') {
    throw AppError.conflict('The proof is approved: move the order to processing instead');
  }
  const revision = order.proof.revision;
  const won = await insertProofEvent({
    orderId: id,
    key: 'override',
    at: now,
    by,
    note: `Moved on without the customer's approval (revision ${revision}): ${reason}`,
    proof: { action: 'overridden', revision, reason },
  });
  if (!won) throw AppError.conflict('The proof was already overridden');
  try {
    await claimMove(order, 'processing', by, `Override: ${reason}`, now);
  } catch (error) {
    await deleteProofEvent(id, 'override');
    throw error;
  }
  const moved = await setOrderFields(id, {
    status: 'processing',
    proof: { ...order.proof, status: 'overridden' },
  });
  if (!moved) throw AppError.notFound('Order not found');
  return toAdminOrder(moved);
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
    proofHistory: events
      .filter((event) => event.kind === 'proof')
      .map((event) => ({ at: event.at.toISOString(), by: event.by, text: event.note ?? '' })),
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
