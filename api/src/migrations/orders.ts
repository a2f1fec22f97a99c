// Orders were found through lists kept beside them (order numbers, the paid list, customers' and
// emails' numbered keys, the search's status, day and word lists, checkout keys, payment claims,
// leave markers, due queues). Each order now carries what its queries read (orders/model.ts), so
// this moves what the lists knew onto the orders, once, and drops them:
// - `cartKey`/`placing` from its checkout key (`{owner}:{fingerprint}:{g}`), or a key of its own;
// - `emailKey`, `emailDomainKey`, `firstNameKey`, `lastNameKey` from its customer info;
// - `settledAt` for a paid order whose payment claim said paid (or that had none); a claim still
//   charging leaves it for the sweep to settle;
// - `proofReminderDueAt` from the reminder still due in the proof-reminders queue;
// - `pendingMove` from an admin's leave marker whose move never finished;
// - the order counter from the highest number issued.
// An order that has its `cartKey` was moved already, so a second run or a second process changes
// nothing; the drops at the end are no error when done already.
import mongoose, { type Types } from 'mongoose';
import type { Logger } from '../platform/logger';
import { refundReasonOfCancelNote } from '../modules/orders/moves';
import { FIRST_ORDER_NUMBER, searchKeysOf } from '../modules/orders/repository';
import { emailDomainKeyOf, nameWordKeysOf } from '../platform/search-keys';
import type { OrderRecord } from '../modules/orders/model';
import { dropCollectionIfThere, hasCollection } from './collections';

const LISTS = [
  'order_numbers',
  'paid_orders',
  'paid_order_keys',
  'order_list_entries',
  'order_list_keys',
  'customer_orders',
  'order_email_keys',
  'checkout_keys',
  'order_joins',
  'payment_claims',
];

/** Orders moved at once. */
const BATCH = 500;

async function readAll<T>(collection: string, filter: object = {}): Promise<T[]> {
  if (!(await hasCollection(collection))) return [];
  return mongoose.connection
    .db!.collection(collection)
    .find(filter as never)
    .toArray() as unknown as Promise<T[]>;
}

export async function moveOrdersOffKeyedLists(logger: Logger): Promise<void> {
  const db = mongoose.connection.db!;
  const orders = db.collection<OrderRecord>('orders');
  const unmoved = await orders.countDocuments({ cartKey: { $exists: false } });
  if (unmoved > 0) {
    const placingOf = new Map<string, { cartKey: string; placing: number }>();
    for (const key of await readAll<{ _id: string; orderId: Types.ObjectId }>('checkout_keys')) {
      const cut = key._id.lastIndexOf(':');
      const placing = Number(key._id.slice(cut + 1));
      if (cut > 0 && Number.isInteger(placing) && placing > 0)
        placingOf.set(key.orderId.toString(), { cartKey: key._id.slice(0, cut), placing });
    }
    const claimOf = new Map<string, string>();
    for (const claim of await readAll<{ _id: string; state: string }>('payment_claims'))
      claimOf.set(claim._id, claim.state);
    const reminderOf = new Map<string, Date>();
    for (const entry of await readAll<{ _id: string; ref: string; dueAt: Date }>('due_entries', {
      _id: { $regex: '^proof-reminders:' },
      doneAt: null,
    }))
      reminderOf.set(entry.ref, entry.dueAt);

    let moved = 0;
    for (;;) {
      const batch = await orders
        .find({ cartKey: { $exists: false } })
        .limit(BATCH)
        .toArray();
      if (batch.length === 0) break;
      await orders.bulkWrite(
        batch.map((order) => {
          const id = order._id.toString();
          const placed = placingOf.get(id) ?? { cartKey: `order:${id}`, placing: 1 };
          const claim = claimOf.get(id);
          const settled =
            order.paymentStatus === 'paid' && (claim === undefined || claim === 'paid');
          const proof = order.proof;
          const reminder =
            order.status === 'awaiting_proof' && proof?.status === 'awaiting_approval'
              ? (reminderOf.get(`${id}:${proof.revision}`) ?? null)
              : null;
          return {
            updateOne: {
              filter: { _id: order._id, cartKey: { $exists: false } },
              update: {
                $set: {
                  ...placed,
                  ...searchKeysOf(order.customerInfo),
                  settledAt: settled ? (order.paidAt ?? order.updatedAt) : null,
                  chargeStuckReportedAt: null,
                  proofReminderDueAt: reminder,
                  pendingMove: null,
                },
              },
            },
          };
        }),
        { ordered: false },
      );
      moved += batch.length;
    }
    logger.info({ orders: moved }, 'Moved what the order lists knew onto the orders');
  }
  await finishLeftMoves();
  await seedOrderCounter();
  for (const name of LISTS) await dropCollectionIfThere(name);
}

/**
 * An admin's move took its state's leave marker (`order_events {_id: "{orderId}:leave:{from}"}`)
 * before it wrote the order; one whose order is still in that state becomes the order's pending
 * move, which a retry of the same move finishes (orders/moves.ts). The markers then go.
 */
async function finishLeftMoves(): Promise<void> {
  const events = mongoose.connection.db!.collection<{
    _id: string;
    orderId: Types.ObjectId;
    kind: string;
    from: string;
    to: string;
    at: Date;
    by: string | null;
    note: string | null;
    refund?: unknown;
    shipment?: unknown;
  }>('order_events');
  const markers = await events.find({ kind: 'leave' }).toArray();
  for (const marker of markers) {
    await mongoose.connection.db!.collection('orders').updateOne(
      { _id: marker.orderId, status: marker.from, pendingMove: null },
      {
        $set: {
          pendingMove: {
            from: marker.from,
            to: marker.to,
            at: marker.at,
            by: marker.by,
            note: marker.note,
            refund: marker.refund ?? null,
            shipment: marker.shipment ?? null,
          },
        },
      },
    );
  }
  if (markers.length > 0) await events.deleteMany({ kind: 'leave' });
}

/** The counter of issued numbers, from the older counter (the next to issue) or the orders. */
async function seedOrderCounter(): Promise<void> {
  const db = mongoose.connection.db!;
  const counters = db.collection<{ _id: string; value: number }>('order_counters');
  if (await counters.findOne({ _id: 'orders' })) return;
  const older = (await hasCollection('counters'))
    ? await db
        .collection<{ _id: string; value: number }>('counters')
        .findOne({ _id: 'orderNumber' })
    : null;
  const top = await db
    .collection<OrderRecord>('orders')
    .find({}, { projection: { orderNumber: 1 } })
    .sort({ orderNumber: -1 })
    .limit(1)
    .next();
  const issued = Math.max(older ? older.value - 1 : 0, top?.orderNumber ?? 0);
  if (issued < FIRST_ORDER_NUMBER) return; // no order yet: the first one starts the counter
  await counters.updateOne({ _id: 'orders' }, { $max: { value: issued } }, { upsert: true });
}

/** An order as written before `emailDomainKey`, or after (the migration below reads both). */
interface DomainKeyedOrder {
  _id: Types.ObjectId;
  customerInfo?: { email?: string };
  emailDomainKey?: string | null;
}

/**
 * `emailDomainKey` (the email's lower-cased part after '@', for the admin's search) on the orders
 * written before it: one read of the orders without it (their ids and emails), then one update per
 * domain and batch of ids (emailDomainKeyOf, as placing writes it): a few commands, not one per
 * order. From the second start on, the key's index answers that
 * none is left, reading no order. A second run or a second process writes the same value, and only
 * where the key is still missing.
 */
export async function keyOrderEmailDomains(logger: Logger): Promise<void> {
  const orders = mongoose.connection.db!.collection<DomainKeyedOrder>('orders');
  const unkeyed = await orders
    .find({ emailDomainKey: null }, { projection: { 'customerInfo.email': 1 } })
    .toArray();
  const idsOf = new Map<string, Types.ObjectId[]>();
  for (const order of unkeyed) {
    const domain = emailDomainKeyOf(order.customerInfo?.email ?? '');
    idsOf.set(domain, [...(idsOf.get(domain) ?? []), order._id]);
  }
  for (const [domain, ids] of idsOf)
    for (let i = 0; i < ids.length; i += BATCH)
      await orders.updateMany(
        { _id: { $in: ids.slice(i, i + BATCH) }, emailDomainKey: null },
        { $set: { emailDomainKey: domain } },
      );
  if (unkeyed.length > 0)
    logger.info({ orders: unkeyed.length }, 'Keyed the orders by their email domain');
}

/**
 * The full name's keys from its later words (nameWordKeysOf, for the admin's search) on the orders
 * written before them: one read of the orders without them (their ids and names), then their updates
 * in batches. From the second start on, the key's index answers that none is left, reading no
 * order. A second run or process writes the same values, and only where they are still missing.
 */
export async function keyOrderNameWords(logger: Logger): Promise<void> {
  const orders = mongoose.connection.db!.collection<NameKeyedOrder>('orders');
  const unkeyed = await orders
    .find(
      { nameWord2Key: null },
      { projection: { 'customerInfo.firstName': 1, 'customerInfo.lastName': 1 } },
    )
    .toArray();
  for (let i = 0; i < unkeyed.length; i += BATCH)
    await orders.bulkWrite(
      unkeyed.slice(i, i + BATCH).map(({ _id, customerInfo }) => ({
        updateOne: {
          filter: { _id, nameWord2Key: null },
          update: {
            $set: nameWordKeysOf(customerInfo?.firstName ?? '', customerInfo?.lastName ?? ''),
          },
        },
      })),
      { ordered: false },
    );
  if (unkeyed.length > 0)
    logger.info({ orders: unkeyed.length }, 'Keyed the orders by the later words of their names');
}

/** An order as written before its name's later-word keys, or after. */
interface NameKeyedOrder {
  _id: Types.ObjectId;
  customerInfo?: { firstName?: string; lastName?: string };
  nameWord2Key?: string | null;
}

/** An order as written before `refundedAt`, or after. */
interface RefundDatedOrder {
  _id: Types.ObjectId;
  refundedCents: number;
  refundedAt?: Date | null;
  updatedAt: Date;
}

/**
 * `refundedAt` (when the refund was made: the day the books and the dashboard file it under) on the
 * orders refunded before it was kept: the time of the cancel in the order's history (the move
 * `{orderId}:cancelled`, the one move that refunds), or without one the order's last write. Each is
 * written now (`updatedAt`), so the dashboard's reading of changed orders (insights/dashboard.ts)
 * reads again the hour it was placed in, which no longer holds the refund, and the hour the refund
 * is dated in. From the second start on, the index on `{refundedAt, refundedCents, _id}` answers
 * that none is left, reading no order; a second run or process writes only where the date is still
 * missing.
 */
export async function dateOrderRefunds(logger: Logger): Promise<void> {
  const db = mongoose.connection.db!;
  const orders = db.collection<RefundDatedOrder>('orders');
  const undated = await orders
    .find({ refundedAt: null, refundedCents: { $gt: 0 } }, { projection: { updatedAt: 1 } })
    .toArray();
  const events = db.collection<{ _id: string; at: Date }>('order_events');
  const now = new Date();
  for (let i = 0; i < undated.length; i += BATCH) {
    const batch = undated.slice(i, i + BATCH);
    const cancels = await events
      .find(
        { _id: { $in: batch.map((order) => `${order._id.toString()}:cancelled`) } },
        { projection: { at: 1 } },
      )
      .toArray();
    const cancelledAt = new Map(cancels.map((event) => [event._id.split(':')[0]!, event.at]));
    await orders.bulkWrite(
      batch.map((order) => ({
        updateOne: {
          filter: { _id: order._id, refundedAt: null },
          update: {
            $set: {
              refundedAt: cancelledAt.get(order._id.toString()) ?? order.updatedAt,
              updatedAt: now,
            },
          },
        },
      })),
      { ordered: false },
    );
  }
  if (undated.length > 0) logger.info({ orders: undated.length }, 'Dated the orders’ refunds');
}

/** A refunded order as written before `refundReason`, or after. */
interface RefundReasonedOrder {
  _id: Types.ObjectId;
  orderNumber: number;
  refundedAt: Date | null;
  refundReason?: string | null;
}

/**
 * `refundReason` (why the refund was made, as the payment provider was told: the payments export's
 * column) on the orders refunded before it was kept, read back from the note of the cancel in the
 * order's history (`{orderId}:cancelled`, written the same way since the first cancel: the admin's
 * reason, or without one "Order #N cancelled"), or empty without one. The refunds alone are read,
 * on the index of their dates; no `updatedAt` is written, as no figure changes. A second run or
 * process writes only where the reason is still missing.
 */
export async function giveOrderRefundsTheirReasons(logger: Logger): Promise<void> {
  const db = mongoose.connection.db!;
  const orders = db.collection<RefundReasonedOrder>('orders');
  const unreasoned = await orders
    .find(
      { refundedAt: { $gte: new Date(0) }, refundReason: null },
      { projection: { orderNumber: 1 } },
    )
    .toArray();
  const events = db.collection<{ _id: string; note: string | null }>('order_events');
  for (let i = 0; i < unreasoned.length; i += BATCH) {
    const batch = unreasoned.slice(i, i + BATCH);
    const cancels = await events
      .find(
        { _id: { $in: batch.map((order) => `${order._id.toString()}:cancelled`) } },
        { projection: { note: 1 } },
      )
      .toArray();
    const noteOf = new Map(cancels.map((event) => [event._id.split(':')[0]!, event.note ?? '']));
    await orders.bulkWrite(
      batch.map((order) => {
        const note = noteOf.get(order._id.toString());
        const reason =
          note === undefined ? null : refundReasonOfCancelNote(note, order.orderNumber);
        return {
          updateOne: {
            filter: { _id: order._id, refundReason: null },
            update: { $set: { refundReason: reason ?? '' } },
          },
        };
      }),
      { ordered: false },
    );
  }
  if (unreasoned.length > 0)
    logger.info({ orders: unreasoned.length }, 'Gave the orders’ refunds their reasons');
}
