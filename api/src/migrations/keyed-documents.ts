// Backfills the keyed documents (docs: api/README.md, "Cost that does not grow") for data written
// before they existed, so an older database keeps working: email keys for customers, code keys for
// discount codes, number documents and the counter for orders, and the customers' numbered order
// keys. Idempotent (inserts ignore what is already there), run once at start; it reads each collection
// once, which is what every request did before.
import mongoose, { Types } from 'mongoose';
import {
  CustomerEmailModel,
  CustomerModel,
  CustomerPositionModel,
} from '../modules/accounts/model';
import { CUSTOMER_POSITION_COUNTER } from '../modules/accounts/repository';
import { DiscountCodeKeyModel, DiscountCodeModel } from '../modules/discounts/model';
import {
  CounterModel,
  CustomerOrderModel,
  OrderEmailKeyModel,
  OrderEventModel,
  OrderModel,
  OrderListEntryModel,
  OrderListKeyModel,
  OrderNumberModel,
  PaidOrderKeyModel,
  PaidOrderModel,
  type OrderEventRecord,
} from '../modules/orders/model';
import { ORDER_NUMBER_COUNTER, PAID_ORDER_COUNTER } from '../modules/orders/counter';
import { insertNoteUnlessNumbered } from '../modules/orders/repository';
import { counterValue } from '../platform/sequence';
import {
  FIRST_ORDER_DAY_COUNTER,
  dayList,
  dayNumber,
  entryDoc,
  listCounter,
  orderWords,
  statusKeyDoc,
  statusList,
  utcDay,
  wordList,
  wordPrefixes,
} from '../modules/orders/search-lists';
import { ORDER_STATUSES } from '@shop/contracts';
import { MAIL_DUE_CURSOR, OUTBOX_POSITION_COUNTER } from '../modules/mail/repository';
import { MailDueModel, OutboxModel, OutboxPositionModel } from '../modules/mail/model';
import type { Logger } from '../platform/logger';
import { AccountTokenModel, AccountTokenUseModel } from '../modules/accounts/model';
import {
  CustomerSessionModel,
  sessionsCollection,
  sessionsDue,
} from '../modules/accounts/session-store';
import { accountTokensDue } from '../modules/accounts/tokens';
import { mailClaimsDue } from '../modules/mail/repository';
import { MailClaimModel } from '../modules/mail/model';
import { CheckoutKeyModel } from '../modules/orders/model';
import { checkoutKeysDue, unpaidOrdersDue } from '../modules/orders/sweeps';
import { sandboxTokensDue, SANDBOX_TOKEN_COLLECTION } from '../modules/payments/sandbox';
import { UploadIndexModel, UploadModel } from '../modules/uploads/model';
import { deleteByKeys, trusted } from '../platform/db';
import { CartModel, type CartDiscountRecord } from '../modules/cart/model';
import { insertedUnlessTaken } from '../platform/sequence';
import { proofRemindersDue } from '../modules/proofs/reminder-queue';

interface KeyedCollection {
  collection: { insertMany(docs: object[], options: { ordered: boolean }): Promise<unknown> };
}

async function insertMissing(model: KeyedCollection, docs: object[]): Promise<void> {
  if (docs.length === 0) return;
  // ordered: false goes on past the duplicates (the keys already there).
  await model.collection.insertMany(docs, { ordered: false }).catch((error: unknown) => {
    const writeErrors = (error as { writeErrors?: Array<{ code?: number }> }).writeErrors;
    const onlyDuplicates =
      Array.isArray(writeErrors) && writeErrors.every((entry) => entry.code === 11000);
    if (!onlyDuplicates) throw error;
  });
}

/** The paid list (orders/model.ts, PaidOrderModel) of a database paid into before it existed. */
async function backfillPaidList(logger: Logger): Promise<void> {
  if (await CounterModel.exists({ _id: PAID_ORDER_COUNTER })) return;
  const paid = await OrderModel.find({ paymentStatus: 'paid' }, { paidAt: 1, createdAt: 1 }).lean();
  paid.sort(
    (a, b) =>
      (a.paidAt ?? a.createdAt).getTime() - (b.paidAt ?? b.createdAt).getTime() ||
      a._id.toString().localeCompare(b._id.toString()),
  );
  await insertMissing(
    PaidOrderModel,
    paid.map((order, index) => ({ _id: String(index + 1), orderId: order._id })),
  );
  await insertMissing(
    PaidOrderKeyModel,
    paid.map((order, index) => ({ _id: order._id.toString(), k: index + 1 })),
  );
  await CounterModel.updateOne(
    { _id: PAID_ORDER_COUNTER },
    { $max: { value: paid.length + 1 } },
    { upsert: true },
  );
  if (paid.length) logger.info({ paid: paid.length }, 'Backfilled the list of paid orders');
}

/**
 * The outbox of a database written before its list and due queue existed: a list position for every
 * message (oldest first) and a due entry for every message still to be sent, at the cursor.
 */
async function backfillOutbox(logger: Logger): Promise<void> {
  if (await CounterModel.exists({ _id: OUTBOX_POSITION_COUNTER })) return;
  const messages = await OutboxModel.find(
    {},
    { createdAt: 1, sentAt: 1, failedAt: 1, attempts: 1, nextAttemptAt: 1 },
  ).lean();
  if (messages.length === 0) return;
  messages.sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a._id.toString().localeCompare(b._id.toString()),
  );
  await insertMissing(
    OutboxPositionModel,
    messages.map((message, index) => ({ _id: String(index + 1), mailId: message._id })),
  );
  await Promise.all(
    messages.map((message, index) =>
      OutboxModel.updateOne({ _id: message._id }, { $set: { position: index + 1 } }),
    ),
  );
  const now = new Date();
  await CounterModel.updateOne(
    { _id: MAIL_DUE_CURSOR },
    { $setOnInsert: { value: Math.floor(now.getTime() / 1000) - 60 } },
    { upsert: true },
  );
  // Due at the cursor, so the worker's next round reads them.
  const cursor = await counterValue(MAIL_DUE_CURSOR, 0);
  const waiting = messages.filter((message) => !message.sentAt && !message.failedAt);
  await insertMissing(
    MailDueModel,
    waiting.map((message, index) => ({
      _id: `${cursor}:${index + 1}`,
      mailId: message._id,
      attempt: message.attempts,
      createdAt: now,
      doneAt: null,
    })),
  );
  await CounterModel.updateOne(
    { _id: OUTBOX_POSITION_COUNTER },
    { $max: { value: messages.length + 1 } },
    { upsert: true },
  );
  logger.info(
    { messages: messages.length, waiting: waiting.length },
    'Backfilled the outbox list and its due queue',
  );
}

/** The admin's customer list (accounts/model.ts, CustomerPositionModel), oldest first. */
async function backfillCustomerList(logger: Logger): Promise<void> {
  if (await CounterModel.exists({ _id: CUSTOMER_POSITION_COUNTER })) return;
  const customers = await CustomerModel.find({}, { createdAt: 1 }).lean();
  if (customers.length === 0) return;
  customers.sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a._id.toString().localeCompare(b._id.toString()),
  );
  await insertMissing(
    CustomerPositionModel,
    customers.map((customer, index) => ({ _id: String(index + 1), customerId: customer._id })),
  );
  await Promise.all(
    customers.map((customer, index) =>
      CustomerModel.updateOne({ _id: customer._id }, { $set: { listPosition: index + 1 } }),
    ),
  );
  await CounterModel.updateOne(
    { _id: CUSTOMER_POSITION_COUNTER },
    { $max: { value: customers.length + 1 } },
    { upsert: true },
  );
  logger.info({ customers: customers.length }, "Backfilled the admin's customer list");
}

/** The orders' email keys (orders/model.ts, OrderEmailKeyModel); the marker counter says done. */
async function backfillOrderEmailKeys(logger: Logger): Promise<void> {
  if (await CounterModel.exists({ _id: ORDER_EMAIL_KEYS_DONE })) return;
  const orders = await OrderModel.find({}, { 'customerInfo.email': 1, createdAt: 1 }).lean();
  orders.sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a._id.toString().localeCompare(b._id.toString()),
  );
  const perEmail = new Map<string, number>();
  const keys: Array<{ _id: string; orderId: Types.ObjectId }> = [];
  for (const order of orders) {
    const email = order.customerInfo?.email?.toLowerCase();
    if (!email) continue;
    const k = (perEmail.get(email) ?? 0) + 1;
    perEmail.set(email, k);
    keys.push({ _id: `${email}:${k}`, orderId: order._id });
  }
  await insertMissing(OrderEmailKeyModel, keys);
  await CounterModel.updateOne(
    { _id: ORDER_EMAIL_KEYS_DONE },
    { $max: { value: 1 } },
    { upsert: true },
  );
  if (keys.length) logger.info({ orders: keys.length }, "Backfilled the orders' email keys");
}

const ORDER_EMAIL_KEYS_DONE = 'orderEmailKeysBackfilled';
const ORDER_SEARCH_LISTS_DONE = 'orderSearchListsBackfilled';
const BACKFILL_BATCH = 20_000;

/**
 * The admin search's lists (orders/search-lists.ts) of orders placed before they existed, oldest
 * first: each order on its status's list (in the order the orders were placed), its UTC day's list
 * and its words' lists. The marker counter says done.
 */
async function backfillOrderSearchLists(logger: Logger): Promise<void> {
  if (await CounterModel.exists({ _id: ORDER_SEARCH_LISTS_DONE })) return;
  const orders = await OrderModel.find(
    {},
    {
      status: 1,
      createdAt: 1,
      'customerInfo.firstName': 1,
      'customerInfo.lastName': 1,
      'customerInfo.email': 1,
    },
  ).lean();
  orders.sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() ||
      a._id.toString().localeCompare(b._id.toString()),
  );
  // Each list's size so far; the documents go in batches (a shop's orders times ~20 words).
  const sizes = new Map<string, number>();
  let entries: object[] = [];
  let keys: object[] = [];
  const flush = async () => {
    await insertMissing(OrderListEntryModel, entries);
    await insertMissing(OrderListKeyModel, keys);
    entries = [];
    keys = [];
  };
  for (const order of orders) {
    const lists = [
      ...(ORDER_STATUSES.includes(order.status) ? [statusList(order.status)] : []),
      dayList(utcDay(order.createdAt)),
      ...wordPrefixes(orderWords(order.customerInfo ?? {})).map(wordList),
    ];
    for (const list of lists) {
      const k = (sizes.get(list) ?? 0) + 1;
      sizes.set(list, k);
      entries.push(entryDoc(list, k, order._id));
      if (list.startsWith('status:')) keys.push(statusKeyDoc(list, order._id, k));
    }
    if (entries.length >= BACKFILL_BATCH) await flush();
  }
  await flush();
  if (sizes.size)
    await CounterModel.bulkWrite(
      [...sizes].map(([list, size]) => ({
        updateOne: {
          filter: { _id: listCounter(list) },
          update: { $max: { value: size + 1 } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  const first = orders[0];
  if (first)
    await CounterModel.updateOne(
      { _id: FIRST_ORDER_DAY_COUNTER },
      { $min: { value: dayNumber(first.createdAt) } },
      { upsert: true },
    );
  await CounterModel.updateOne(
    { _id: ORDER_SEARCH_LISTS_DONE },
    { $max: { value: 1 } },
    { upsert: true },
  );
  if (orders.length)
    logger.info(
      { orders: orders.length, lists: sizes.size },
      "Backfilled the order search's lists",
    );
}

const SWEEP_QUEUES_DONE = 'sweepQueuesBackfilled';

/** The _ids of a collection (read once, at the backfill). */
async function idsOf(
  model: { find(filter: object, projection: object): { lean(): Promise<Array<{ _id: unknown }>> } },
  filter: object = {},
) {
  return (await model.find(filter, { _id: 1 }).lean()).map((doc) => String(doc._id));
}

/**
 * What the sweeps did by filters before their due queues (platform/due-queue.ts) existed: every
 * unpaid order, checkout key, mail claim, sandbox token, account token and use, and session is filed
 * from now on (each handler files again what is not due yet), a session is listed under its customer
 * and a customer's uploads under the customer. A large backlog is worked off over a few rounds.
 */
async function backfillSweepQueues(logger: Logger): Promise<void> {
  if (await CounterModel.exists({ _id: SWEEP_QUEUES_DONE })) return;
  const now = new Date();
  const unpaid = await idsOf(OrderModel, { status: 'pending_payment', paymentStatus: 'unpaid' });
  await unpaidOrdersDue.addMany(unpaid, now);
  await checkoutKeysDue.addMany(await idsOf(CheckoutKeyModel), now);
  await mailClaimsDue.addMany(await idsOf(MailClaimModel), now);
  const sandbox = await mongooseIds(SANDBOX_TOKEN_COLLECTION);
  await sandboxTokensDue.addMany(sandbox, now);
  const tokens = (await idsOf(AccountTokenModel)).map((id) => `t:${id}`);
  const uses = (await idsOf(AccountTokenUseModel)).map((id) => `u:${id}`);
  await accountTokensDue.addMany([...tokens, ...uses], now);

  const sessions = await sessionsCollection()
    .find({}, { projection: { _id: 1, 'session.passport.user': 1 } })
    .toArray();
  await sessionsDue.addMany(
    sessions.map((session) => session._id),
    now,
  );
  for (const session of sessions) {
    const customerId = (session as { session?: { passport?: { user?: unknown } } }).session
      ?.passport?.user;
    if (typeof customerId !== 'string') continue;
    for (let k = 1; ; k++) {
      const entry = await CustomerSessionModel.findById(`${customerId}:${k}`).lean();
      if (entry?.sessionId === session._id) break;
      if (entry) continue;
      const inserted = await insertedUnlessTaken(() =>
        CustomerSessionModel.create({ _id: `${customerId}:${k}`, sessionId: session._id, at: now }),
      );
      if (inserted) break;
    }
  }

  const uploads = await UploadModel.find(
    { customerId: trusted({ $ne: null }) },
    { customerId: 1, filename: 1 },
  ).lean();
  const perCustomer = new Map<string, Set<string>>();
  for (const upload of uploads) {
    if (!upload.customerId) continue;
    const files = perCustomer.get(upload.customerId) ?? new Set<string>();
    files.add(upload.filename);
    perCustomer.set(upload.customerId, files);
  }
  for (const [customerId, files] of perCustomer) {
    const index = await UploadIndexModel.findById(`c:${customerId}`).lean();
    const filenames = [...new Set([...(index?.filenames ?? []), ...files])];
    await UploadIndexModel.updateOne(
      { _id: `c:${customerId}` },
      { $set: { filenames } },
      { upsert: true },
    );
  }
  await CounterModel.updateOne(
    { _id: SWEEP_QUEUES_DONE },
    { $max: { value: 1 } },
    { upsert: true },
  );
  logger.info(
    { unpaid: unpaid.length, sessions: sessions.length, customersWithUploads: perCustomer.size },
    "Backfilled the sweeps' due queues, the customers' session lists and upload indexes",
  );
}

async function mongooseIds(collection: string): Promise<string[]> {
  const docs = await mongoose.connection
    .collection<{ _id: string }>(collection)
    .find({}, { projection: { _id: 1 } })
    .toArray();
  return docs.map((doc) => String(doc._id));
}

const ATTEMPT_LANES_DONE = 'attemptLanesMigrated';

/**
 * Attempts were once numbered per key under a unique index on {limiter, key, seq}, which would refuse
 * the lane documents (accounts/attempt-limiter.ts): the collection, a quarter of an hour of attempts,
 * is dropped once (the keys in it start their windows afresh). The marker counter says done.
 */
async function migrateAttemptLanes(logger: Logger): Promise<void> {
  if (await CounterModel.exists({ _id: ATTEMPT_LANES_DONE })) return;
  const database = mongoose.connection.db!;
  const found = await database.listCollections({ name: 'limited_attempts' }).toArray();
  if (found.length > 0) await database.dropCollection('limited_attempts');
  await CounterModel.updateOne(
    { _id: ATTEMPT_LANES_DONE },
    { $max: { value: 1 } },
    { upsert: true },
  );
  if (found.length > 0) logger.info('Dropped the numbered attempts: the limiter keeps lanes now');
}

const PROOF_REMINDERS_DONE = 'proofRemindersQueued';

/**
 * Orders already waiting for a proof's answer before sending a proof filed its reminder
 * (proofs/reminder-queue.ts): each is filed from now on (the handler files it again at its due time,
 * or reminds at once when it is past). The marker counter says done.
 */
async function backfillProofReminders(logger: Logger): Promise<void> {
  if (await CounterModel.exists({ _id: PROOF_REMINDERS_DONE })) return;
  const waiting = await OrderModel.find(
    { status: 'awaiting_proof' },
    { 'proof.revision': 1, 'proof.status': 1 },
  ).lean();
  const refs = waiting
    .filter((order) => order.proof?.status === 'awaiting_approval')
    .map((order) => `${order._id.toString()}:${order.proof!.revision}`);
  await proofRemindersDue.addMany(refs, new Date());
  await CounterModel.updateOne(
    { _id: PROOF_REMINDERS_DONE },
    { $max: { value: 1 } },
    { upsert: true },
  );
  if (refs.length > 0) logger.info({ orders: refs.length }, "Filed the waiting proofs' reminders");
}

const CART_SESSIONS_FOLDED = 'cartSessionsFolded';

/**
 * A cart's applied code was kept in a second document per owner (cart_sessions), read beside the
 * cart on every cart call; it is kept in the cart now (cart/model.ts). Each applied code moves into
 * its cart (an owner with no lines gets an empty cart holding it), then the collection goes. Read
 * once, on the first start after the change; the marker counter says done.
 */
async function foldCartSessions(logger: Logger): Promise<void> {
  if (await CounterModel.exists({ _id: CART_SESSIONS_FOLDED })) return;
  const database = mongoose.connection.db!;
  const found = await database.listCollections({ name: 'cart_sessions' }).toArray();
  if (found.length > 0) {
    const applied = await database
      .collection<{ _id: string } & Partial<CartDiscountRecord>>('cart_sessions')
      .find({ discountCode: { $ne: null } })
      .toArray();
    if (applied.length > 0)
      await CartModel.bulkWrite(
        applied.map((session) => ({
          updateOne: {
            filter: { _id: session._id },
            update: {
              $set: {
                discountCode: session.discountCode,
                discountAmountCents: session.discountAmountCents ?? 0,
                discountData: session.discountData ?? null,
              },
            },
            upsert: true,
          },
        })),
        { ordered: false },
      );
    await database.dropCollection('cart_sessions').catch((error: unknown) => {
      // Another process starting at the same time dropped it first.
      if ((error as { codeName?: string }).codeName !== 'NamespaceNotFound') throw error;
    });
    logger.info({ carts: applied.length }, "Moved the carts' applied codes into the carts");
  }
  await CounterModel.updateOne(
    { _id: CART_SESSIONS_FOLDED },
    { $max: { value: 1 } },
    { upsert: true },
  );
}

const ORDER_NOTES_NUMBERED = 'orderNotesNumbered';
/** Orders whose notes are renumbered at once. */
const NOTE_ORDERS_AT_ONCE = 20;

/**
 * Admins' notes were kept under `{orderId}:note:{ObjectId}`, which only a filter on the order finds
 * (every event of the shop, on the embedded FerretDB); they are numbered per order now
 * (`{orderId}:note:{n}`, orders/repository.ts). Each order's old notes take its next places, oldest
 * first, with their text, author and time, then the old ones go. A note copied already (by a run
 * that stopped, or by another process starting at the same time) is known by its time, author and
 * text, so each is copied once. Reads the events once, at the first
 * start after the change; the marker counter says done.
 */
async function numberOrderNotes(logger: Logger): Promise<void> {
  if (await CounterModel.exists({ _id: ORDER_NOTES_NUMBERED })) return;
  const notes = await OrderEventModel.find({ kind: 'note' }).lean<OrderEventRecord[]>();
  const unnumbered = new Map<string, OrderEventRecord[]>();
  for (const note of notes) {
    if (/:note:[1-9]\d{0,8}$/.test(note._id)) continue;
    const orderId = note.orderId.toString();
    unnumbered.set(orderId, [...(unnumbered.get(orderId) ?? []), note]);
  }
  const orders = [...unnumbered];
  for (let start = 0; start < orders.length; start += NOTE_ORDERS_AT_ONCE) {
    await Promise.all(
      orders.slice(start, start + NOTE_ORDERS_AT_ONCE).map(async ([orderId, old]) => {
        old.sort((a, b) => a.at.getTime() - b.at.getTime() || (a._id < b._id ? -1 : 1));
        for (const note of old)
          await insertNoteUnlessNumbered({
            orderId,
            at: note.at,
            by: note.by ?? '',
            text: note.note ?? '',
          });
        await deleteByKeys(
          OrderEventModel,
          old.map((note) => note._id),
        );
      }),
    );
  }
  await CounterModel.updateOne(
    { _id: ORDER_NOTES_NUMBERED },
    { $max: { value: 1 } },
    { upsert: true },
  );
  if (orders.length > 0)
    logger.info(
      { orders: orders.length, notes: orders.reduce((sum, [, old]) => sum + old.length, 0) },
      "Numbered the orders' notes",
    );
}

export async function backfillKeyedDocuments(logger: Logger): Promise<void> {
  await numberOrderNotes(logger);
  await migrateAttemptLanes(logger);
  await foldCartSessions(logger);
  await backfillProofReminders(logger);
  await backfillSweepQueues(logger);
  await backfillOrderEmailKeys(logger);
  await backfillOrderSearchLists(logger);
  await backfillPaidList(logger);
  await backfillOutbox(logger);
  await backfillCustomerList(logger);
  // Nothing to do on a database that already has its order counter (or no orders and customers).
  if (await CounterModel.exists({ _id: ORDER_NUMBER_COUNTER })) return;
  const [customers, codes, orders] = await Promise.all([
    CustomerModel.find({}, { email: 1 }).lean(),
    DiscountCodeModel.find({}, { code: 1 }).lean(),
    OrderModel.find({}, { orderNumber: 1, customerId: 1, createdAt: 1 })
      .sort({ createdAt: 1, _id: 1 })
      .lean(),
  ]);
  if (customers.length + codes.length + orders.length === 0) return;
  await insertMissing(
    CustomerEmailModel,
    customers.map((customer) => ({
      _id: customer.email,
      customerId: customer._id,
      createdAt: new Date(),
    })),
  );
  await insertMissing(
    DiscountCodeKeyModel,
    codes.map((code) => ({ _id: code.code, discountId: code._id, createdAt: new Date() })),
  );
  await insertMissing(
    OrderNumberModel,
    orders.map((order) => ({ _id: String(order.orderNumber), orderId: order._id })),
  );
  const perCustomer = new Map<string, number>();
  const customerKeys: Array<{ _id: string; orderId: Types.ObjectId }> = [];
  for (const order of orders) {
    if (!order.customerId) continue;
    const customerId = order.customerId.toString();
    const k = (perCustomer.get(customerId) ?? 0) + 1;
    perCustomer.set(customerId, k);
    customerKeys.push({ _id: `${customerId}:${k}`, orderId: order._id });
  }
  await insertMissing(CustomerOrderModel, customerKeys);
  const highest = Math.max(999, ...orders.map((order) => order.orderNumber));
  await CounterModel.updateOne(
    { _id: ORDER_NUMBER_COUNTER },
    { $max: { value: highest + 1 } },
    { upsert: true },
  );
  logger.info(
    { customers: customers.length, codes: codes.length, orders: orders.length },
    'Backfilled the keyed documents of an older database',
  );
}
