// Data access for an order's history (model.ts, OrderEventModel): read in one query by the order,
// oldest first; an event that must happen once is inserted under an _id of its own.
import { Types } from 'mongoose';
import type { OrderStatus } from '@shop/contracts';
import { insertUnlessTaken, isDuplicateKeyError } from '../../platform/db';
import { OrderEventModel, type OrderEventRecord, type ProofEventDetails } from './model';

/**
 * Inserts events that happen together (a payment's move and its first proof's sending) with one
 * insert, each under its own _id: one already there (a retry) is kept and the others go in.
 */
export async function insertEventsOnce(events: OrderEventRecord[]): Promise<void> {
  if (events.length === 0) return;
  try {
    await OrderEventModel.insertMany(events, { ordered: false });
  } catch (error) {
    // Only duplicates (events there already) are fine: each write error's code, or the error's.
    type WriteError = { code?: number; err?: { code?: number } };
    const found = (error as { writeErrors?: WriteError | WriteError[] }).writeErrors;
    const codes =
      found === undefined ? [] : [found].flat().map((each) => each.code ?? each.err?.code);
    if (!isDuplicateKeyError(error) || codes.some((code) => code !== 11000)) throw error;
  }
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

/** The order's history, oldest first: its moves, proof events and notes. */
export async function listOrderEvents(orderId: string): Promise<OrderEventRecord[]> {
  return OrderEventModel.find({ orderId: new Types.ObjectId(orderId) })
    .sort({ at: 1, _id: 1 })
    .lean<OrderEventRecord[]>()
    .exec();
}
