// An order's history, kept in the order itself (model.ts, OrderRecord.events): read with the order,
// oldest first; an event that must happen once is pushed under its key only while the order holds
// no event with that key (one conditional update of the order, so two racing calls add it once).
// The payment's events are pushed by the very update that records the payment (repository.ts,
// recordPaid).
import { Types } from 'mongoose';
import type { OrderStatus } from '@shop/contracts';
import {
  OrderModel,
  type OrderEventRecord,
  type OrderRecord,
  type ProofEventDetails,
} from './model';

/**
 * Adds the event to the order unless it holds one with the same key already; false when it does (a
 * retry, a racing click) or the order is not there.
 */
async function insertOnce(orderId: string, event: OrderEventRecord): Promise<boolean> {
  // $nor of the key, not $ne: the embedded engine matches `$ne` on an array's field when any one
  // element differs.
  const { modifiedCount } = await OrderModel.updateOne(
    { _id: orderId, $nor: [{ 'events._id': event._id }] },
    { $push: { events: event } },
  ).exec();
  return modifiedCount === 1;
}

/** The events among these the order does not hold yet (by key). */
export function eventsMissingFrom(
  order: Pick<OrderRecord, 'events'>,
  events: OrderEventRecord[],
): OrderEventRecord[] {
  const held = new Set((order.events ?? []).map((event) => event._id));
  return events.filter((event) => !held.has(event._id));
}

/**
 * Adds events that happen together (a payment's move and its first proof's sending), each once:
 * one already there (a retry) is kept and the others go in. The payment itself pushes them with its
 * own update; this is for an order paid before that (payments' settlePayment).
 */
export async function insertEventsOnce(orderId: string, events: OrderEventRecord[]): Promise<void> {
  for (const event of events) await insertOnce(orderId, event);
}

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
    at: event.at,
    by: event.by,
    from: event.from,
    to: event.to,
    note: event.note,
    proof: null,
  };
}

/** The order entered `to` (once per state: a move repeated by a retry adds nothing). */
export async function insertMoveEvent(event: Parameters<typeof moveEvent>[0]): Promise<boolean> {
  return insertOnce(event.orderId, moveEvent(event));
}

/** Takes back the move's event (its work failed and the order stays where it was). */
export async function deleteMoveEvent(orderId: string, to: OrderStatus): Promise<void> {
  const key = `${orderId}:${to}`;
  const event = (await listOrderEvents(orderId)).find((candidate) => candidate._id === key);
  if (!event) return;
  // The event as stored, whole: the embedded engine pulls an element equal to the value given.
  await OrderModel.collection.updateOne(
    { _id: new Types.ObjectId(orderId) },
    { $pull: { events: event as never } },
  );
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
    kind: 'note',
    at: note.at,
    by: note.by,
    from: null,
    to: null,
    note: note.text,
    proof: null,
  };
  await OrderModel.updateOne({ _id: note.orderId }, { $push: { events: event } }).exec();
  return event;
}

/**
 * A proof event under its own key (`{orderId}:proof:{key}`): one decision per revision, one
 * override, so two racing clicks record one; false when the key was taken.
 */
export async function insertProofEvent(event: Parameters<typeof proofEvent>[0]): Promise<boolean> {
  return insertOnce(event.orderId, proofEvent(event));
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
  const id = `${orderId}:proof:${key}`;
  return (await listOrderEvents(orderId)).find((event) => event._id === id) ?? null;
}

const PROOF_MARKER = ':proof:';

/** The key of a proof event (`{orderId}:proof:{key}` -> key), or null for another event. */
export function proofEventKey(event: OrderEventRecord): string | null {
  const at = event._id.indexOf(PROOF_MARKER);
  return at < 0 ? null : event._id.slice(at + PROOF_MARKER.length);
}

/** The order's history as the order holds it, oldest first: its moves, proof events and notes. */
export function eventsOf(order: Pick<OrderRecord, 'events'>): OrderEventRecord[] {
  return [...(order.events ?? [])].sort(
    (a, b) =>
      new Date(a.at).getTime() - new Date(b.at).getTime() ||
      (a._id < b._id ? -1 : a._id > b._id ? 1 : 0),
  );
}

/** The order's history, oldest first (read with the order's events alone); none for no order. */
export async function listOrderEvents(orderId: string): Promise<OrderEventRecord[]> {
  const order = await OrderModel.findById(orderId, { events: 1 })
    .lean<Pick<OrderRecord, 'events'>>()
    .exec();
  return order ? eventsOf(order) : [];
}
