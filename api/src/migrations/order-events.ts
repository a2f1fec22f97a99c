// An order's history was kept beside it, one document per event in `order_events` ({orderId, at}
// indexed); it is kept in the order now (orders/model.ts, OrderRecord.events), so a change of state
// and the event it causes are one write. Each event moves into its order under the same key (its
// _id), pushed only where the order holds none with that key, then leaves `order_events`; once
// that is empty the collection goes. Safe to run twice and in two processes at once: a second push
// of a key finds it there, and a delete or a drop done already is no error. An event whose order is
// not there is left where it is (and the collection with it), logged.
import mongoose, { type Types } from 'mongoose';
import type { OrderEventRecord } from '../modules/orders/model';
import type { Logger } from '../platform/logger';
import { dropCollectionIfThere, hasCollection } from './collections';

/** Events moved at once. */
const BATCH = 1000;

type StoredEvent = OrderEventRecord & { orderId: Types.ObjectId };

export async function moveOrderEventsIntoOrders(logger: Logger): Promise<void> {
  if (!(await hasCollection('order_events'))) return;
  const db = mongoose.connection.db!;
  const events = db.collection<StoredEvent>('order_events');
  const orders = db.collection<{ _id: Types.ObjectId; events?: OrderEventRecord[] }>('orders');
  let moved = 0;
  const left = new Set<string>();
  for (;;) {
    const batch = await events
      .find(left.size > 0 ? { _id: { $nin: [...left] } } : {})
      .limit(BATCH)
      .toArray();
    if (batch.length === 0) break;
    const byOrder = new Map<string, StoredEvent[]>();
    for (const event of batch) {
      const key = event.orderId.toString();
      byOrder.set(key, [...(byOrder.get(key) ?? []), event]);
    }
    const done: string[] = [];
    for (const held of byOrder.values()) {
      const orderId = held[0]!.orderId;
      const pushed = held.map(({ orderId: _order, ...event }) => ({
        ...event,
        proof: event.proof ?? null,
      }));
      // All of them in one write when the order holds none of their keys (the usual case).
      const all = await orders.updateOne(
        { _id: orderId, $nor: pushed.map((event) => ({ 'events._id': event._id })) },
        { $push: { events: { $each: pushed } } },
      );
      if (all.matchedCount === 0) {
        if (!(await orders.findOne({ _id: orderId }, { projection: { _id: 1 } }))) {
          for (const event of held) left.add(event._id);
          continue;
        }
        // Some are there already (a run stopped midway, or another process): each one once.
        for (const event of pushed)
          await orders.updateOne(
            { _id: orderId, $nor: [{ 'events._id': event._id }] },
            { $push: { events: event } },
          );
      }
      done.push(...held.map((event) => event._id));
    }
    if (done.length > 0) await events.deleteMany({ _id: { $in: done } });
    moved += done.length;
  }
  if (left.size > 0) {
    logger.warn(
      { events: left.size },
      'Order events whose order is not there stay in order_events',
    );
  } else {
    await dropCollectionIfThere('order_events');
  }
  if (moved > 0) logger.info({ events: moved }, 'Moved the order events into their orders');
}
