// Data access for an order's history (model.ts, OrderEventModel): read in one query by the order,
// oldest first; an event that must happen once is inserted under an _id of its own. The payment's
// events (its move and the first proof's sending) are not stored: the paid order holds them
// (paymentEvents), as it holds its placing.
import { Types } from 'mongoose';
import { formatDollars, toDollars, type OrderStatus } from '@shop/contracts';
import { insertUnlessTaken } from '../../platform/db';
import {
  OrderEventModel,
  type OrderEventRecord,
  type OrderRecord,
  type ProofEventDetails,
} from './model';

/** The event of the order entering `to`, keyed by its state (a retry's move adds nothing). */
export function moveEvent(event: {
  orderId: string;
  at: Date;
  by: string | null;
  from: OrderStatus | null;
  to: OrderStatus;
  note: string | null;
}): OrderEventRecord {
  return {
    _id: `${event.orderId}:${event.to}`,
    kind: 'move',
    orderId: new Types.ObjectId(event.orderId),
    at: event.at,
    by: event.by,
    from: event.from,
    to: event.to,
    note: event.note,
    proof: null,
  };
}

/**
 * The order entered `to` (once per state: a move repeated by a retry adds nothing); false when the
 * event was there already.
 */
export async function insertMoveEvent(event: Parameters<typeof moveEvent>[0]): Promise<boolean> {
  return insertUnlessTaken(() => OrderEventModel.create(moveEvent(event)));
}

/** Takes back the move's event (its work failed and the order stays where it was). */
export async function deleteMoveEvent(orderId: string, to: OrderStatus): Promise<void> {
  await OrderEventModel.deleteOne({ _id: `${orderId}:${to}` }).exec();
}

/** An admin's note. */
export async function insertNoteEvent(note: {
  orderId: string;
  at: Date;
  by: string;
  text: string;
}): Promise<OrderEventRecord> {
  const event: OrderEventRecord = {
    _id: `${note.orderId}:note:${new Types.ObjectId().toString()}`,
    orderId: new Types.ObjectId(note.orderId),
    kind: 'note',
    at: note.at,
    by: note.by,
    from: null,
    to: null,
    note: note.text,
    proof: null,
  };
  await OrderEventModel.create(event);
  return event;
}

/**
 * A proof event under its own key (`{orderId}:proof:{key}`): one decision per revision, one
 * override, so two racing clicks record one; false when the key was taken.
 */
export async function insertProofEvent(event: Parameters<typeof proofEvent>[0]): Promise<boolean> {
  return insertUnlessTaken(() => OrderEventModel.create(proofEvent(event)));
}

/** Takes back a decision's event whose state the order did not take (a cancel got there first). */
export async function deleteProofEvent(orderId: string, key: string): Promise<void> {
  await OrderEventModel.deleteOne({ _id: `${orderId}:proof:${key}` }).exec();
}

/** A proof event, keyed `{orderId}:proof:{key}`. */
export function proofEvent(event: {
  orderId: string;
  key: string;
  at: Date;
  by: string | null;
  note: string;
  proof: ProofEventDetails;
}): OrderEventRecord {
  return {
    _id: `${event.orderId}:proof:${event.key}`,
    orderId: new Types.ObjectId(event.orderId),
    kind: 'proof',
    at: event.at,
    by: event.by,
    from: null,
    to: null,
    note: event.note,
    proof: event.proof,
  };
}

/** One proof event by its key (`{orderId}:proof:{key}`), or null. */
export async function findProofEvent(
  orderId: string,
  key: string,
): Promise<OrderEventRecord | null> {
  return OrderEventModel.findById(`${orderId}:proof:${key}`).lean<OrderEventRecord>().exec();
}

/** The key of a proof event (`{orderId}:proof:{key}` -> key), or null for another event. */
export function proofEventKey(event: OrderEventRecord): string | null {
  const marker = `${event.orderId.toString()}:proof:`;
  return event._id.startsWith(marker) ? event._id.slice(marker.length) : null;
}

/**
 * The events a paid order's payment made, as the order holds them: its move from pending_payment to
 * its first state (paid by the customer) and, unless the proof was skipped, revision 1's sending.
 */
function paymentEvents(order: OrderRecord): OrderEventRecord[] {
  if (order.paymentStatus !== 'paid' || !order.paidAt) return [];
  const orderId = order._id.toString();
  const skipProof = order.skipProof === true;
  const paid = `Paid ${formatDollars(toDollars(order.totalCents))}`;
  const move = moveEvent({
    orderId,
    at: order.paidAt,
    by: 'customer',
    from: 'pending_payment',
    to: skipProof ? 'processing' : 'awaiting_proof',
    note: skipProof ? `${paid}; proof skipped at checkout ("engrave as shown")` : paid,
  });
  if (skipProof) return [move];
  const sent = proofSentEvent(orderId, { revision: 1, note: null, by: null, at: order.paidAt });
  return [move, proofEvent(sent)];
}

/** The "sent" event of a proof revision (once per revision): its sending to the customer. */
export function proofSentEvent(
  orderId: string,
  {
    revision,
    note,
    by,
    at,
  }: { revision: number; note: string | null; by: string | null; at: Date },
) {
  return {
    orderId,
    key: `${revision}:sent`,
    at,
    by,
    note:
      revision === 1
        ? 'Proof (revision 1) sent to the customer'
        : `Revision ${revision} sent to the customer${note ? `: ${note}` : ''}`,
    proof: { action: 'sent' as const, revision },
  };
}

const oldestFirst = (a: OrderEventRecord, b: OrderEventRecord) =>
  a.at.getTime() - b.at.getTime() || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/** Whether the event is the move the order is still making (its refund not answered yet, say). */
function underWay(order: OrderRecord, event: OrderEventRecord): boolean {
  const move = order.pendingMove;
  return (
    !!move &&
    event.kind === 'move' &&
    event.to === move.to &&
    event.at.getTime() === new Date(move.at).getTime()
  );
}

/**
 * The order's history, oldest first: its moves, proof events and notes, the payment's among them
 * (paymentEvents; one stored under the same _id, by a version that stored them, is the one kept).
 * A move still under way is not in it until the order has made it (moves.ts writes its event first).
 */
export async function listOrderEvents(order: OrderRecord): Promise<OrderEventRecord[]> {
  const stored = (
    await OrderEventModel.find({ orderId: order._id })
      .sort({ at: 1, _id: 1 })
      .lean<OrderEventRecord[]>()
      .exec()
  ).filter((event) => !underWay(order, event));
  const ids = new Set(stored.map((event) => event._id));
  const derived = paymentEvents(order).filter((event) => !ids.has(event._id));
  return derived.length === 0 ? stored : [...derived, ...stored].sort(oldestFirst);
}
