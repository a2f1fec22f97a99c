// An order's life after checkout: pending_payment -> awaiting_proof (paid) -> processing (the
// customer's approval of the proof moves it at once; or an admin's override with its reason; straight
// from payment when the shopper skipped the proof) -> shipped -> completed, or cancelled with a refund from awaiting_proof, processing or
// shipped, or expired when never paid. Every move is an event in the order's history, and an admin's
// move first takes its state's one way out, a marker under a unique id (model.ts, OrderEventModel),
// so of any calls racing out of one state one moves the order (claimMove).
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
  proofApproved,
  proofRequest,
  type OrderMailData,
  type ShopContext,
} from '../mail/templates';
import { addToPaidList } from './counter';
import type { OrderEventRecord, OrderProofState, OrderRecord, PaymentContact } from './model';
import { ORDER_LINK_LIFETIME_DAYS, orderLinkUrl } from './order-access';
import { toAdminOrder } from './orders';
import { listOrderStatus } from './search-lists';
import {
  findLeaveMarker,
  findOrderById,
  insertLeaveMarker,
  insertMoveEvent,
  insertNoteEvent,
  insertProofEvent,
  listOrderEvents,
  setOrderFields,
  setPaymentState,
  takeBackMove,
  type LeaveMarker,
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
  return config.shop;
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
    skipProof: order.skipProof === true,
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
 * How long a move may stay half made (its marker in, the order still in the state it leaves) before
 * a retry of the same move finishes it: longer than a move's call takes, whose slowest step is a
 * cancel's refund (at most 30 s a request to Square, payments/square.ts, which its package tries
 * again twice after a 5xx, a second or two apart). A retry sooner is a second click while the first
 * call still works, answered 409.
 */
export const MOVE_SETTLE_MS = 2 * 60 * 1000;

/** An admin's move as asked, with what it writes that a retry finishing it must write the same. */
interface MoveAsked {
  to: OrderStatus;
  by: string | null;
  note: string | null;
  /** A cancel's refund as the provider is asked for it. */
  refund?: LeaveMarker['refund'];
  shipment?: LeaveMarker['shipment'];
}

/** The move this call makes: its own, or the one a retry finishes (`resumed`) as first recorded. */
type ClaimedMove = LeaveMarker & { resumed: boolean };

/**
 * An admin's move out of the order's state, or a clear refusal: a move the lifecycle does not allow
 * is a 400, a move another call made first is a 409 naming it (the order already is, or is becoming,
 * that state). The state's leave marker goes in first, then the move's event: of two different moves
 * out of one state (a cancel waiting for its refund and a ship) one wins; the event alone, keyed by
 * the state entered, keeps out only a second call making the same move. A marker of the same move,
 * older than MOVE_SETTLE_MS, on an order still in that state is a move whose call stopped before its
 * status write (the process died, the database went away): this call finishes it as recorded.
 *
 * An unpaid order is moved only by its payment or by the expiry sweep, each holding the order's
 * payment claim (payments/claims.ts), so pending_payment needs no marker; an admin cannot move it.
 */
async function claimMove(order: OrderRecord, asked: MoveAsked, now: Date): Promise<ClaimedMove> {
  const from = order.status;
  if (from === 'pending_payment' || !ORDER_MOVES[from].includes(asked.to)) {
    if (from === asked.to) throw AppError.conflict(`This order is already ${from}`);
    refuseMove(order, asked.to);
  }
  const move: LeaveMarker = {
    orderId: order._id.toString(),
    from,
    to: asked.to,
    at: now,
    by: asked.by,
    note: asked.note,
    refund: asked.refund ?? null,
    shipment: asked.shipment ?? null,
  };
  // A marker taken back meanwhile (its refund failed) frees the way out: try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await insertLeaveMarker(move)) {
      // Its key was taken only by a move made before markers existed: the marker decides.
      await insertMoveEvent(move);
      return { ...move, resumed: false };
    }
    const held = await findLeaveMarker(move.orderId, from);
    if (!held) continue;
    if (held.to !== asked.to || now.getTime() - held.at.getTime() < MOVE_SETTLE_MS)
      throw AppError.conflict(`This order is already ${held.to}`);
    await insertMoveEvent(held); // in case its call stopped before the event too
    return { ...held, resumed: true };
  }
  throw AppError.conflict('This order is being changed by another call; please try again');
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
  // queued together (one insert of each kind for all three). The move takes no leave marker
  // (claimMove): the payment's claim kept the expiry out, and the status is written already.
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

/**
 * The order was never paid within its time: it ends (the caller has given back any discount use).
 * The caller holds the order's payment claim (payments/expiry.ts), so nothing else moves it
 * meanwhile: an expired event already there is an earlier round's whose status write was lost,
 * and this one writes it.
 */
export async function expireOrder(orderId: string, now: Date): Promise<boolean> {
  const order = await findOrderById(orderId);
  if (!order || order.status !== 'pending_payment' || order.paymentStatus !== 'unpaid')
    return false;
  await insertMoveEvent({
    orderId,
    at: now,
    by: null,
    from: 'pending_payment',
    to: 'expired',
    note: 'Not paid within 24 hours',
  });
  await setOrderFields(orderId, { status: 'expired' });
  return true;
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
  const move = await claimMove(
    order,
    { to: 'shipped', by, note: `${input.carrier} ${input.trackingNumber}`, shipment },
    now,
  );
  // The parcel its event names: this call's, or the first call's when this one finishes its move.
  const parcel = move.shipment ?? shipment;
  const shipped = await setOrderFields(id, { status: 'shipped', shipment: parcel });
  if (!shipped) throw AppError.notFound('Order not found');
  await queueMail({
    key: `order_shipped:${id}`,
    kind: 'order_shipped',
    to: shipped.customerInfo.email,
    rendered: orderShipped(shipped, parcel, shopContext(config)),
  });
  return toAdminOrder(shipped);
}

/**
 * The customer approved the proof: the approval is the go-ahead (docs/product.md, "Proofs"), so the
 * order enters processing at once, as the customer's move, and the customer is told it is in
 * production. The move takes the state's one way out like an admin's (claimMove): a cancel that took
 * it first wins and the order stays cancelled; a second call for the same approval finds the move
 * made and changes nothing. Answers the order as it now is.
 */
export async function startProductionOnApproval(
  id: string,
  {
    revision,
    name,
    config,
    now = new Date(),
  }: {
    revision: number;
    name: string;
    config: Config;
    now?: Date;
  },
): Promise<OrderRecord> {
  const order = await loadOrder(id);
  if (order.status !== 'awaiting_proof' || !order.proof) return order;
  try {
    await claimMove(
      order,
      {
        to: 'processing',
        by: 'customer',
        note: `Proof (revision ${revision}) approved by ${name}`,
      },
      now,
    );
  } catch (error) {
    // Another call moved the order first (a cancel, or this approval's double click).
    if (error instanceof AppError && error.kind === 'conflict') return loadOrder(id);
    throw error;
  }
  const processing = await setOrderFields(id, {
    status: 'processing',
    proof: { ...order.proof, status: 'approved' },
  });
  if (!processing) throw AppError.notFound('Order not found');
  await queueMail({
    key: `proof_approved:${id}`,
    kind: 'proof_approved',
    to: processing.customerInfo.email,
    rendered: proofApproved(
      { orderNumber: processing.orderNumber, customerInfo: processing.customerInfo, name },
      orderLinkUrl(processing, config, now),
      shopContext(config),
    ),
  });
  return processing;
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
    { to: 'processing', by, note: `Proof approved (revision ${order.proof?.revision})` },
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
  // The move first, so only the override that moves the order records its reason; keyed, so a
  // retry finishing the move adds nothing when the first call recorded it.
  await claimMove(order, { to: 'processing', by, note: `Override: ${reason}` }, now);
  await insertProofEvent({
    orderId: id,
    key: 'override',
    at: now,
    by,
    note: `Moved on without the customer's approval (revision ${revision}): ${reason}`,
    proof: { action: 'overridden', revision, reason },
  });
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
  await claimMove(order, { to: 'completed', by, note: null }, now);
  const completed = await setOrderFields(id, { status: 'completed' });
  if (!completed) throw AppError.notFound('Order not found');
  return toAdminOrder(completed);
}

export const REFUND_FAILED_MESSAGE =
  'The payment provider did not make the refund; the order is unchanged. Please try again.';

/**
 * Cancels a processing or shipped order and refunds refundCents (0 up to what was charged) through the
 * payment provider, once: the cancel's marker is taken first (a second click finds it taken: 409), and
 * a refund the provider refuses takes the move back so the admin can try again. A cancel whose call
 * stopped after it (maybe after the refund) is finished by a retry once settled (claimMove).
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
  const asked = {
    amountCents: refundCents,
    reason: reason || `Order #${order.orderNumber} cancelled`,
  };
  const move = await claimMove(order, { to: 'cancelled', by, note, refund: asked }, now);
  // The refund as first asked: the provider answers a repeated idempotency key with its earlier
  // refund, and Square only when the request is the same.
  const refund = move.refund ?? asked;

  let refundId: string | null = null;
  if (refund.amountCents > 0 && order.paymentId && !order.paymentId.startsWith('no-charge-')) {
    try {
      ({ refundId } = await refunder.refund({
        paymentId: order.paymentId,
        amountCents: refund.amountCents,
        idempotencyKey: `refund-${id}`,
        reason: refund.reason,
      }));
    } catch (error) {
      // A move being finished keeps its marker: its first call may have refunded, so the order
      // must stay out of any other move until a retry gets the refund's answer.
      if (!move.resumed) await takeBackMove(id, move.from, move.to);
      if (error instanceof AppError) throw error;
      logger.error({ err: error, orderId: id }, 'Refund failed');
      throw AppError.paymentUnavailable(REFUND_FAILED_MESSAGE, error);
    }
  }
  const cancelled = await setOrderFields(id, {
    status: 'cancelled',
    refundedCents: refund.amountCents,
    refundId,
  });
  if (!cancelled) throw AppError.notFound('Order not found');
  logger.info(
    { orderId: id, refundCents: refund.amountCents, refundId, by, resumed: move.resumed },
    'Order cancelled',
  );
  await queueMail({
    key: `order_cancelled:${id}`,
    kind: 'order_cancelled',
    to: cancelled.customerInfo.email,
    rendered: orderCancelled(cancelled, refund.amountCents, shopContext(config)),
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
  // By key: the moves, the proof events the order's proof state names, the numbered notes.
  const events = await listOrderEvents(id, order.proof?.revision ?? 0);
  return { ...toAdminOrder(order), ...historyOfEvents(events) };
}

/** The admin's history, proof history and notes out of the order's events, oldest first. */
export function historyOfEvents(
  events: OrderEventRecord[],
): Pick<AdminOrderDetail, 'history' | 'proofHistory' | 'adminNotes'> {
  return {
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
