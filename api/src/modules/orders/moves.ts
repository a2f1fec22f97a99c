// The moves of a paid order: awaiting_proof -> processing (the customer's approval of the proof moves
// it at once; or an admin's override with its reason) -> shipped -> completed, or cancelled with a refund from awaiting_proof,
// processing or shipped. A move first takes the order's one way out of its state with a conditional
// update (`pendingMove`, set only while the order is in that state and no move holds it), so of two
// calls racing out of one state (two Cancel clicks, a cancel and a ship) one moves the order.
import {
  ORDER_MOVES,
  ORDER_STATUS_LABELS,
  SHOP_PROOF_STATUS_LABELS,
  formatDollars,
  toCents,
  toDollars,
  trackingUrlFor,
  type AdminOrder,
  type Carrier,
  type OrderStatus,
} from '@shop/contracts';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import {
  orderCancelled,
  orderShipped,
  proofApproved,
  proofOverridden,
  queueMail,
  type MailToQueue,
} from '../mail/mail';
import { toAdminOrder } from './answers';
import { deleteMoveEvent, insertMoveEvent, insertProofEvent } from './events';
import type { OrderRecord, PendingMove } from './model';
import { loadOrder, orderLinkUrl } from './order-access';
import { dropMove, finishMove, markMoveUnanswered, takeMove } from './repository';

/** Gives money back on the card: the payment provider (sandbox or Square), through the app's dependencies. */
export interface Refunder {
  refund(request: {
    paymentId: string;
    amountCents: number;
    /** One refund per cancel, whatever the number of calls (its retries ask under its key). */
    idempotencyKey: string;
    reason: string;
  }): Promise<{ refundId: string }>;
}

/** A 409 for a move another call made first: the state it is in, as the admin reads it. */
function alreadyIn(status: OrderStatus): AppError {
  return AppError.conflict(`This order is already ${ORDER_STATUS_LABELS[status].toLowerCase()}`);
}

function refuseMove(order: OrderRecord, to: OrderStatus): never {
  const message =
    to === 'shipped' && order.status === 'pending_payment'
      ? 'Only a paid order can be shipped'
      : `An order cannot be moved from ${ORDER_STATUS_LABELS[order.status].toLowerCase()} to ${ORDER_STATUS_LABELS[to].toLowerCase()}`;
  throw AppError.invalidField('status', message);
}

/**
 * How long a move may stay half made (its way out taken, the order still in the state it leaves)
 * before a retry of the same move finishes it: longer than a move's call takes, whose slowest step
 * is a cancel's refund (at most 30 s a request to Square, payments/square.ts, which its package
 * tries again twice after a 5xx). A retry sooner is a second click while the first call still works,
 * answered 409.
 */
export const MOVE_SETTLE_MS = 2 * 60 * 1000;

/** A cancel's refund the payment provider never answered: what the admin reads, then on other moves. */
export const UNANSWERED_REFUND_MESSAGE =
  'The payment provider did not answer, so the refund may have been made. Cancel the order again to finish: the same refund is asked for again and made at most once.';
export const UNANSWERED_REFUND_HOLD_MESSAGE =
  'This order is being cancelled, and the payment provider has not confirmed its refund yet. Cancel it again to finish.';

/** An admin's move as asked, with what it writes that a retry finishing it must write the same. */
type MoveAsked = Pick<PendingMove, 'to' | 'by' | 'note'> &
  Partial<Pick<PendingMove, 'refund' | 'shipment'>>;

/** The move this call makes: its own, or the one a retry finishes (`resumed`) as first recorded. */
type ClaimedMove = PendingMove & { resumed: boolean };

/**
 * An admin's move out of the order's state, or a clear refusal: a move the lifecycle does not allow
 * is a 400, a move another call made first is a 409 naming it. A move of the same kind held longer
 * than MOVE_SETTLE_MS by an order still in that state is one whose call stopped before its status
 * write (the process died, the database went away): this call finishes it as recorded.
 *
 * An unpaid order is moved only by its payment or by the expiry sweep (payments/), never by an admin.
 */
async function claimMove(order: OrderRecord, asked: MoveAsked, now: Date): Promise<ClaimedMove> {
  const id = order._id.toString();
  const from = order.status;
  if (from === 'pending_payment' || !ORDER_MOVES[from].includes(asked.to)) {
    if (from === asked.to) throw alreadyIn(from);
    refuseMove(order, asked.to);
  }
  const move: PendingMove = {
    from,
    to: asked.to,
    at: now,
    by: asked.by,
    note: asked.note,
    refund: asked.refund ?? null,
    shipment: asked.shipment ?? null,
  };
  // A move given back meanwhile (its refund failed) frees the way out: try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await takeMove(id, move)) {
      await insertMoveEvent({ orderId: id, ...move });
      return { ...move, resumed: false };
    }
    const current = await loadOrder(id);
    const held = current.pendingMove;
    if (!held) {
      if (current.status !== from) throw alreadyIn(current.status);
      continue;
    }
    if (held.unanswered && held.to !== asked.to)
      throw AppError.conflict(UNANSWERED_REFUND_HOLD_MESSAGE);
    const settled =
      held.unanswered || now.getTime() - new Date(held.at).getTime() >= MOVE_SETTLE_MS;
    if (held.to !== asked.to || !settled) throw alreadyIn(held.to);
    await insertMoveEvent({ orderId: id, ...held }); // in case its call stopped before the event too
    return { ...held, resumed: true };
  }
  throw AppError.conflict('This order is being changed by another call; please try again');
}

/** The move's writes and its new state; 404 when the order is gone. */
async function finish(
  id: string,
  move: PendingMove,
  changes: Parameters<typeof finishMove>[2] = {},
): Promise<OrderRecord> {
  const moved = await finishMove(id, move, changes);
  if (moved) return moved;
  // Finished meanwhile by a retry of the same move: the order as it is now.
  const current = await loadOrder(id);
  if (current.status === move.to) return current;
  throw alreadyIn(current.status);
}

/**
 * A made move's email, queued again by a call that finds the move made (a retry, a second click):
 * keyed, so it is queued once, and a call that stopped between its move and its email loses no email.
 */
async function queueMoveMail(order: OrderRecord, config: Config): Promise<void> {
  const mail = moveMail(order, config);
  if (mail) await queueMail(mail);
}

/** The email a made move sends, from the order as the move left it: shipped and cancelled. */
function moveMail(order: OrderRecord, config: Config): MailToQueue | null {
  const id = order._id.toString();
  const to = order.customerInfo.email;
  if (order.status === 'shipped' && order.shipment) {
    const rendered = orderShipped(order, order.shipment, config.shop);
    return { key: `order_shipped:${id}`, kind: 'order_shipped', to, rendered };
  }
  if (order.status === 'cancelled') {
    const rendered = orderCancelled(order, order.refundedCents, config.shop);
    return { key: `order_cancelled:${id}`, kind: 'order_cancelled', to, rendered };
  }
  return null;
}

export async function shipOrder(
  id: string,
  input: { carrier: Carrier; trackingNumber: string; trackingUrl?: string | null },
  { by, config, now = new Date() }: { by: string; config: Config; now?: Date },
): Promise<AdminOrder> {
  const order = await loadOrder(id);
  if (order.status === 'shipped') await queueMoveMail(order, config);
  const shipment = {
    carrier: input.carrier,
    trackingNumber: input.trackingNumber,
    trackingUrl: trackingUrlFor(input.carrier, input.trackingNumber) ?? input.trackingUrl ?? null,
    shippedAt: now,
  };
  const move = await claimMove(
    order,
    {
      to: 'shipped',
      by,
      // "UPS 1Z…"; another carrier's is named by its tracking link, not by the word "other".
      note: `${input.carrier === 'other' ? 'Tracking' : input.carrier} ${input.trackingNumber}`,
      shipment,
    },
    now,
  );
  // The parcel its move names: this call's, or the first call's when this one finishes its move.
  const parcel = move.shipment ?? shipment;
  const shipped = await finish(id, move, { shipment: parcel });
  await queueMoveMail(shipped, config);
  return toAdminOrder(shipped);
}

/**
 * The customer approved the proof: the approval is the go-ahead (docs/product.md, "Proofs"), so the
 * order enters processing at once, as the customer's move, and the customer is told it is in
 * production. The move takes the state's way out like an admin's (claimMove): a cancel that took it
 * first wins and the order stays cancelled; a second call for the same approval finds the move made
 * and changes nothing. Answers the order as it now is.
 */
export async function startProductionOnApproval(
  id: string,
  {
    revision,
    name,
    config,
    now = new Date(),
  }: { revision: number; name: string; config: Config; now?: Date },
): Promise<OrderRecord> {
  const order = await loadOrder(id);
  // Only the revision approved: one sent after it waits for its own answer.
  const proof = order.proof;
  if (proof?.revision !== revision || proof.status !== 'approved') return order;
  // Moved by an approval whose call stopped before its email: the email now (keyed: once).
  if (order.status === 'processing') {
    await queueMail(productionMail(order, { name }, config, now));
    return order;
  }
  if (order.status !== 'awaiting_proof') return order;
  let move: ClaimedMove;
  try {
    move = await claimMove(
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
  const processing = await finish(id, move, { proof });
  await queueMail(productionMail(processing, { name }, config, now));
  return processing;
}

/**
 * The customer's email of an order moved into production: by their approval (`name`, who approved),
 * or by an admin's override of the proof (`revision`, the one it goes ahead with).
 */
function productionMail(
  order: OrderRecord,
  by: { name: string } | { revision: number },
  config: Config,
  now: Date,
): MailToQueue {
  const { orderNumber, customerInfo } = order;
  const url = orderLinkUrl(order, config, now);
  const approved = 'name' in by;
  return {
    key: `${approved ? 'proof_approved' : 'proof_overridden'}:${order._id.toString()}`,
    kind: approved ? 'proof_approved' : 'proof_overridden',
    to: customerInfo.email,
    rendered: approved
      ? proofApproved({ orderNumber, customerInfo, name: by.name }, url, config.shop)
      : proofOverridden({ orderNumber, customerInfo, revision: by.revision }, url, config.shop),
  };
}

/** awaiting_proof -> processing, only with every line's proof approved by the customer. */
export async function startProcessing(id: string, { by }: { by: string }): Promise<AdminOrder> {
  const order = await loadOrder(id);
  if (order.status === 'awaiting_proof' && order.proof?.status !== 'approved') {
    throw AppError.conflict(
      'The proof is not approved yet: only an approved order can move to processing (or record why it moves on without approval)',
    );
  }
  const move = await claimMove(
    order,
    { to: 'processing', by, note: `Proof approved (revision ${order.proof?.revision})` },
    new Date(),
  );
  return toAdminOrder(await finish(id, move));
}

/**
 * awaiting_proof -> processing without the customer's approval: only with the admin's reason, kept in
 * the order's history as an override (docs/product.md, "Proofs").
 */
export async function overrideProof(
  id: string,
  reason: string,
  { by, config }: { by: string; config: Config },
): Promise<AdminOrder> {
  const now = new Date();
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
  const move = await claimMove(order, { to: 'processing', by, note: `Override: ${reason}` }, now);
  // The proof read may have changed before the move took the order (from then on no revision or
  // answer is written: repository's setProofState): another admin's revision sent meanwhile, or
  // the customer's approval, is what the admin must see first, so the move is given back.
  const proof = (await loadOrder(id)).proof ?? order.proof;
  if (proof.revision !== revision || proof.status !== order.proof.status) {
    await deleteMoveEvent(id, move.to);
    await dropMove(id, move);
    throw AppError.conflict(
      proof.status === 'approved'
        ? 'The proof is approved: move the order to processing instead'
        : proof.revision !== revision
          ? `Revision ${proof.revision} of the proof was sent meanwhile: reload the order`
          : `${SHOP_PROOF_STATUS_LABELS[proof.status]} meanwhile: reload the order`,
    );
  }
  await insertProofEvent({
    orderId: id,
    key: 'override',
    at: now,
    by,
    note: `Moved on without the customer's approval (revision ${revision}): ${reason}`,
    proof: { action: 'overridden', revision, reason },
  });
  // The customer is told, as an approval tells them (not why: the reason is the shop's).
  await queueMail(productionMail(order, { revision }, config, now));
  return toAdminOrder(await finish(id, move, { proof: { ...proof, status: 'overridden' } }));
}

export async function completeOrder(id: string, { by }: { by: string }): Promise<AdminOrder> {
  const order = await loadOrder(id);
  const move = await claimMove(order, { to: 'completed', by, note: null }, new Date());
  return toAdminOrder(await finish(id, move));
}

/** A cancel's move in the order's history: "Refund $12.50", then the admin's reason if any. */
function cancelNote(refundCents: number, reason: string): string {
  return [`Refund ${formatDollars(toDollars(refundCents))}`, reason].filter(Boolean).join(': ');
}

/** The refund's reason the payment provider is told when the admin gives none. */
const cancelledWithoutReason = (orderNumber: number) => `Order #${orderNumber} cancelled`;

/**
 * The refund's reason as the payment provider was told it, read back from its cancel's note
 * (cancelNote: the same since the first cancel); null for a note not written by a cancel.
 */
export function refundReasonOfCancelNote(note: string, orderNumber: number): string | null {
  const match = /^Refund \$[\d,]+\.\d\d(?:: ([\s\S]+))?$/.exec(note);
  if (!match) return null;
  return match[1] ?? cancelledWithoutReason(orderNumber);
}

/**
 * Cancels a paid order and refunds refundCents (0 up to what was charged) through the payment
 * provider, once: the cancel takes the order's way out first (a second click finds it taken: 409),
 * and a refund the provider refuses gives it back so the admin can try again. A cancel whose call
 * stopped after it (maybe after the refund) is finished by a retry once settled, and one whose
 * refund was never answered by a retry at once (claimMove).
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
  if (order.status === 'cancelled') await queueMoveMail(order, config);
  const refundCents = toCents(refundAmount);
  if (refundCents > order.totalCents) {
    const message = `The refund cannot be more than the ${formatDollars(toDollars(order.totalCents))} charged`;
    throw AppError.invalidField('refundAmount', message);
  }
  const note = cancelNote(refundCents, reason);
  const asked = {
    amountCents: refundCents,
    reason: reason || cancelledWithoutReason(order.orderNumber),
    idempotencyKey: `refund-${id}-${now.getTime()}`,
  };
  const move = await claimMove(order, { to: 'cancelled', by, note, refund: asked }, now);
  // The refund as first asked, under its key: the provider answers a repeated idempotency key with
  // its earlier refund, and Square only when the request is the same.
  const refund = move.refund ?? asked;

  let refundId: string | null = null;
  if (refund.amountCents > 0 && order.paymentId && !order.paymentId.startsWith('no-charge-')) {
    try {
      ({ refundId } = await refunder.refund({
        paymentId: order.paymentId,
        amountCents: refund.amountCents,
        idempotencyKey: refund.idempotencyKey ?? `refund-${id}`,
        reason: refund.reason,
      }));
    } catch (error) {
      // Refused: nothing was refunded under this key (a refund its first call made would be
      // answered again, not refused), so the order is given back, a move being finished too.
      if (error instanceof AppError) {
        await deleteMoveEvent(id, move.to);
        await dropMove(id, move);
        throw error;
      }
      // No answer: the refund may have been made, so the order stays held for this cancel alone,
      // and its retry asks for the same refund (the provider makes it once) and finishes it.
      await deleteMoveEvent(id, move.to);
      await markMoveUnanswered(id, move);
      logger.error({ err: error, orderId: id }, 'Refund not answered');
      throw AppError.paymentUnavailable(UNANSWERED_REFUND_MESSAGE, error);
    }
  }
  const refunded = refund.amountCents > 0;
  const cancelled = await finish(id, move, {
    refundedCents: refund.amountCents,
    refundId,
    // Dated by the server's clock when the provider's answer said it was made (not the move's
    // `at`, when it was asked for): the day and hour the books and the dashboard file it under.
    refundedAt: refunded ? new Date() : null,
    // As first asked, as the provider was told it (a retry may send none): the books' reason.
    refundReason: refunded ? refund.reason : null,
  });
  logger.info(
    { orderId: id, refundCents: refund.amountCents, refundId, by, resumed: move.resumed },
    'Order cancelled',
  );
  await queueMoveMail(cancelled, config);
  return toAdminOrder(cancelled);
}
