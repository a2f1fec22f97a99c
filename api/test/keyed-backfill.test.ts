// An older database (written before the keyed documents) keeps working after the backfill at start.
import { Types } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backfillKeyedDocuments } from '../src/migrations/keyed-documents';
import { CustomerModel } from '../src/modules/accounts/model';
import { findCustomerByEmail } from '../src/modules/accounts/repository';
import { DiscountCodeModel } from '../src/modules/discounts/model';
import { findDiscountByCode } from '../src/modules/discounts/repository';
import { highestOrderNumber, nextOrderNumber } from '../src/modules/orders/counter';
import {
  CheckoutKeyModel,
  CounterModel,
  OrderEventModel,
  OrderModel,
} from '../src/modules/orders/model';
import { insertNoteEvent, listOrderEvents } from '../src/modules/orders/repository';
import { searchOrders } from '../src/modules/orders/search';
import { listOrderStatus } from '../src/modules/orders/search-lists';
import { deliverDueMail, outboxPage } from '../src/modules/mail/mail';
import { OutboxModel } from '../src/modules/mail/model';
import { trusted } from '../src/platform/db';
import { createLogger } from '../src/platform/logger';
import { DueEntryModel } from '../src/platform/due-queue';
import mongoose from 'mongoose';
import { signOutEverywhere } from '../src/modules/accounts/session-store';
import { sweepOpenCheckouts } from '../src/modules/orders/sweeps';
import { expireUnpaidOrders } from '../src/modules/payments/expiry';
import { UploadIndexModel, UploadModel } from '../src/modules/uploads/model';
import { CartModel } from '../src/modules/cart/model';
import { findCart } from '../src/modules/cart/repository';
import { SAMPLE_PRODUCT_CONFIG } from '@shop/contracts/testing';
import { startTestApp, type TestApp } from './support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

it('when customers, codes and orders have no keyed documents, then the backfill makes them findable and numbering goes on', async () => {
  const customerId = new Types.ObjectId();
  const now = new Date();
  await CustomerModel.collection.insertOne({
    _id: customerId,
    email: 'old@example.com',
    firstName: 'Old',
    lastName: 'Customer',
    passwordHash: 'x',
    isAdmin: false,
    createdAt: now,
    updatedAt: now,
  });
  await DiscountCodeModel.collection.insertOne({
    _id: new Types.ObjectId(),
    code: 'OLDCODE',
    type: 'percentage',
    percentOff: 10,
    amountOffCents: null,
    minimumOrderCents: 0,
    usageLimit: null,
    expiresAt: null,
    isActive: true,
    description: '',
    createdAt: now,
    updatedAt: now,
  });
  await OrderModel.collection.insertOne({
    _id: new Types.ObjectId(),
    orderNumber: 1041,
    customerId,
    createdAt: now,
  });
  expect(await findCustomerByEmail('old@example.com')).toBeNull();

  await backfillKeyedDocuments(createLogger('silent'));
  await backfillKeyedDocuments(createLogger('silent')); // a second start changes nothing

  expect((await findCustomerByEmail('old@example.com'))?._id.toString()).toBe(
    customerId.toString(),
  );
  expect((await findDiscountByCode('OLDCODE'))?.timesUsed).toBe(0);
  expect(await highestOrderNumber()).toBe(1041);
  expect(await nextOrderNumber()).toBe(1042);
});

it('when the outbox has messages from before its list and due queue, then the backfill lists them and the worker sends the unsent one', async () => {
  const now = new Date(Date.now() - 60_000);
  const message = (key: string, sentAt: Date | null) => ({
    _id: new Types.ObjectId(),
    key,
    kind: 'enquiry_received',
    to: 'old@example.com',
    replyTo: null,
    subject: key,
    text: 't',
    html: 'h',
    createdAt: now,
    sentAt,
    error: null,
    attempts: sentAt ? 1 : 0,
    nextAttemptAt: now,
    failedAt: null,
    attachments: [],
  });
  await OutboxModel.collection.insertMany([message('old-sent', now), message('old-waiting', null)]);
  await backfillKeyedDocuments(createLogger('silent'));
  await backfillKeyedDocuments(createLogger('silent')); // twice is harmless

  const page = await outboxPage({ limit: 10 });
  expect(page.messages.map((m) => m.subject)).toEqual(['old-waiting', 'old-sent']);
  const sent: string[] = [];
  await deliverDueMail({
    sender: { send: async (mail) => void sent.push(mail.subject), close() {} },
    from: 'shop@example.com',
    logger: createLogger('silent'),
  });
  expect(sent).toEqual(['old-waiting']);
});

it("when orders are older than the search's lists, then the backfill lists them by status, day and words, and new moves go on from there", async () => {
  const day = (iso: string) => new Date(`${iso}T15:00:00Z`);
  const old = (status: string, createdAt: Date, lastName: string) => ({
    _id: new Types.ObjectId(),
    orderNumber: 5000 + Math.floor(Math.random() * 1e6),
    status,
    paymentStatus: status === 'pending_payment' ? 'unpaid' : 'paid',
    customerInfo: { firstName: 'Olde', lastName, email: `${lastName}@example.com` },
    createdAt,
  });
  const orders = [
    old('processing', day('2020-03-01'), 'Backfillson'),
    old('shipped', day('2020-03-01'), 'Backfillson'),
    old('processing', day('2020-03-02'), 'Backfillson'),
    old('pending_payment', day('2020-03-02'), 'Elsewhere'),
  ];
  await OrderModel.collection.insertMany(orders);
  // An older database has no marker: the start of this test app set it on an empty one.
  await CounterModel.deleteOne({ _id: 'orderSearchListsBackfilled' });
  await backfillKeyedDocuments(createLogger('silent'));
  await backfillKeyedDocuments(createLogger('silent')); // twice is harmless

  const [first, shipped, third, unpaid] = orders.map((order) => order._id.toString());
  const ids = async (search: Parameters<typeof searchOrders>[0]) =>
    (await searchOrders(search)).orders.map((order) => order._id.toString());
  expect(await ids({ pageSize: 10, status: 'processing' })).toEqual([third, first]);
  expect(await ids({ pageSize: 10, status: 'pending_payment' })).toEqual([unpaid]);
  expect(await ids({ pageSize: 10, q: 'backfills' })).toEqual([third, shipped, first]);
  expect(await ids({ pageSize: 10, q: 'olde else', status: 'pending_payment' })).toEqual([unpaid]);
  expect(
    await ids({
      pageSize: 10,
      createdFrom: new Date('2020-03-01T00:00:00Z'),
      createdBefore: new Date('2020-03-02T00:00:00Z'),
    }),
  ).toEqual([shipped, first]);
  expect(await ids({ pageSize: 10, createdBefore: new Date('2020-03-03T00:00:00Z') })).toEqual([
    third,
    shipped,
    first,
  ]);
  // The lists' counters go on after the backfilled places.
  await OrderModel.updateOne({ _id: orders[1]?._id }, { $set: { status: 'processing' } });
  await listOrderStatus(orders[1]!._id, 'processing');
  expect(await ids({ pageSize: 10, status: 'processing' })).toEqual([shipped, third, first]);
  // Gone again, so the next test's sweeps meet only its own unpaid order.
  await OrderModel.deleteMany({ _id: trusted({ $in: orders.map((order) => order._id) }) });
});

it('when unpaid orders, checkout keys, sessions and uploads come from before the due queues and keys, then the backfill files them: the sweeps and a sign-out everywhere find them', async () => {
  const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
  const orderId = new Types.ObjectId();
  await OrderModel.collection.insertOne({
    _id: orderId,
    orderNumber: 2041,
    customerId: null,
    status: 'pending_payment',
    paymentStatus: 'unpaid',
    createdAt: dayAgo,
  });
  await CheckoutKeyModel.collection.insertOne({
    _id: `guest:old:fp:1` as never,
    orderId,
    createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000),
  });
  const customerId = new Types.ObjectId().toString();
  const sessions = mongoose.connection.collection<{ _id: string }>('sessions');
  await sessions.insertOne({
    _id: 'old-session',
    expires: new Date(Date.now() + 60 * 60 * 1000),
    session: { passport: { user: customerId } },
  } as never);
  await UploadModel.collection.insertOne({
    _id: `c:${customerId}:old.png` as never,
    filename: 'old.png',
    originalName: 'old.png',
    size: 1,
    sessionId: 'old',
    customerId,
    createdAt: dayAgo,
  });
  // The marker of an earlier run is not there: this database predates the queues.
  await CounterModel.deleteOne({ _id: 'sweepQueuesBackfilled' });
  await backfillKeyedDocuments(createLogger('silent'));
  await backfillKeyedDocuments(createLogger('silent'));

  const soon = new Date(Date.now() + 5 * 60 * 1000);
  expect(await expireUnpaidOrders(soon)).toBe(1);
  expect((await OrderModel.findById(orderId).lean())?.status).toBe('expired');
  expect(await sweepOpenCheckouts(soon)).toBe(1);
  expect(await signOutEverywhere(customerId)).toBe(1);
  expect(await sessions.findOne({ _id: 'old-session' })).toBeNull();
  expect((await UploadIndexModel.findById(`c:${customerId}`).lean())?.filenames).toEqual([
    'old.png',
  ]);
});

it('when orders wait for a proof from before the reminders were filed, then the backfill files each once', async () => {
  const orderId = new Types.ObjectId();
  await OrderModel.collection.insertOne({
    _id: orderId,
    orderNumber: 3041,
    customerId: null,
    status: 'awaiting_proof',
    paymentStatus: 'paid',
    proof: {
      status: 'awaiting_approval',
      revision: 2,
      sentAt: new Date(Date.now() - 5 * 86_400_000),
      awaitingSince: new Date(Date.now() - 6 * 86_400_000),
    },
    createdAt: new Date(Date.now() - 6 * 86_400_000),
  });
  const answered = new Types.ObjectId();
  await OrderModel.collection.insertOne({
    _id: answered,
    orderNumber: 3042,
    customerId: null,
    status: 'processing',
    paymentStatus: 'paid',
    proof: { status: 'approved', revision: 1, sentAt: new Date(), awaitingSince: new Date() },
    createdAt: new Date(),
  });
  // The marker of an earlier run is not there: this database predates the reminders' queue.
  await CounterModel.deleteOne({ _id: 'proofRemindersQueued' });
  await backfillKeyedDocuments(createLogger('silent'));
  await backfillKeyedDocuments(createLogger('silent'));
  // Filters here only to look (the job reads the queue by _id).
  expect(await DueEntryModel.countDocuments({ ref: `${orderId.toString()}:2` })).toBe(1);
  expect(
    await DueEntryModel.countDocuments({ ref: trusted({ $regex: `^${answered.toString()}:` }) }),
  ).toBe(0);
  const entry = await DueEntryModel.findOne({ ref: `${orderId.toString()}:2` }).lean();
  expect(entry!._id.startsWith('proof-reminders:')).toBe(true);
});

it("when carts' codes are kept in cart sessions from before they moved into the carts, then each code joins its cart and the sessions go", async () => {
  const database = mongoose.connection.db!;
  const now = new Date();
  const lineId = new Types.ObjectId();
  await CartModel.collection.insertOne({
    _id: 'guest:old-session-with-lines' as never,
    items: [
      {
        _id: lineId,
        productConfig: { ...SAMPLE_PRODUCT_CONFIG, customText: 'OLD' },
        files: [],
        quantity: 2,
        unitPriceCents: 520,
        totalPriceCents: 1040,
        createdAt: now,
        updatedAt: now,
      },
    ],
    createdAt: now,
    updatedAt: now,
  });
  const applied = (owner: string, code: string | null) => ({
    _id: owner,
    sessionId: 'old-session',
    customerId: null,
    discountCode: code,
    discountAmountCents: code ? 104 : 0,
    discountData: code ? { code, description: '10% off', type: 'percentage', value: 10 } : null,
    createdAt: now,
    updatedAt: now,
  });
  await database
    .collection<{ _id: string }>('cart_sessions')
    .insertMany([
      applied('guest:old-session-with-lines', 'OLD10'),
      applied('guest:old-session-without-lines', 'OLD10'),
      applied('guest:old-session-cleared', null),
    ]);
  // The marker of an earlier run is not there: this database predates the move.
  await CounterModel.deleteOne({ _id: 'cartSessionsFolded' });
  await backfillKeyedDocuments(createLogger('silent'));
  await backfillKeyedDocuments(createLogger('silent'));

  const withLines = await findCart({ sessionId: 'old-session-with-lines' });
  expect(withLines.items.map((item) => item._id.toString())).toEqual([lineId.toString()]);
  expect(withLines.discount).toEqual({
    discountCode: 'OLD10',
    discountAmountCents: 104,
    discountData: { code: 'OLD10', description: '10% off', type: 'percentage', value: 10 },
  });
  const withoutLines = await findCart({ sessionId: 'old-session-without-lines' });
  expect(withoutLines).toMatchObject({ items: [], discount: { discountCode: 'OLD10' } });
  expect(await CartModel.exists({ _id: 'guest:old-session-cleared' })).toBeNull();
  expect(await database.listCollections({ name: 'cart_sessions' }).toArray()).toEqual([]);
});

it("when orders' notes are keyed by ObjectIds from before they were numbered, then each order's notes take numbers oldest first, with their text, author and time, and new notes go on from there", async () => {
  const at = (minute: number) => new Date(Date.UTC(2024, 0, 2, 12, minute));
  const oldNote = (orderId: Types.ObjectId, minute: number, by: string, text: string) => ({
    _id: `${orderId.toString()}:note:${new Types.ObjectId().toString()}`,
    orderId,
    kind: 'note',
    at: at(minute),
    by,
    from: null,
    to: null,
    note: text,
    proof: null,
  });
  const orderId = new Types.ObjectId();
  const id = orderId.toString();
  const first = oldNote(orderId, 10, 'ann@example.com', 'Called the customer');
  const second = oldNote(orderId, 20, 'bob@example.com', 'Customer will collect');
  const third = oldNote(orderId, 30, 'ann@example.com', 'Collected');
  const otherOrderId = new Types.ObjectId();
  const other = oldNote(otherOrderId, 5, 'bob@example.com', 'Gift wrap');
  await OrderEventModel.collection.insertMany([third, first, other, second] as never);
  // A run stopped after copying the first note to place 1, before its old key went.
  await OrderEventModel.collection.insertOne({ ...first, _id: `${id}:note:1` } as never);
  await OrderEventModel.collection.insertOne({
    _id: `${id}:processing`,
    orderId,
    kind: 'move',
    at: at(0),
    by: 'customer',
    from: 'pending_payment',
    to: 'processing',
    note: 'Paid $10.00',
    proof: null,
  } as never);
  // The marker of an earlier run is not there: this database predates the numbered notes. Two
  // processes start at once, then one again.
  await CounterModel.deleteOne({ _id: 'orderNotesNumbered' });
  await Promise.all([
    backfillKeyedDocuments(createLogger('silent')),
    backfillKeyedDocuments(createLogger('silent')),
  ]);
  await backfillKeyedDocuments(createLogger('silent'));

  /** The order's notes as its history reads them (by key). */
  const notesOf = async (orderId: string) =>
    (await listOrderEvents(orderId, 0)).filter((event) => event.kind === 'note');
  const notes = (await notesOf(id)).map((note) => [
    note._id,
    note.at.toISOString(),
    note.by,
    note.note,
  ]);
  expect(notes).toEqual([
    [`${id}:note:1`, at(10).toISOString(), 'ann@example.com', 'Called the customer'],
    [`${id}:note:2`, at(20).toISOString(), 'bob@example.com', 'Customer will collect'],
    [`${id}:note:3`, at(30).toISOString(), 'ann@example.com', 'Collected'],
  ]);
  expect((await notesOf(otherOrderId.toString())).map((note) => note.note)).toEqual(['Gift wrap']);
  // The old keys are gone (a filter here only to look), the move stays, and the order's history
  // (the admin's detail) reads the notes by key.
  const left = await OrderEventModel.find({ orderId }).lean();
  expect(left.map((event) => event._id).sort()).toEqual(
    [`${id}:note:1`, `${id}:note:2`, `${id}:note:3`, `${id}:processing`].sort(),
  );
  expect((await listOrderEvents(id, 0)).map((event) => event._id)).toEqual([
    `${id}:processing`,
    `${id}:note:1`,
    `${id}:note:2`,
    `${id}:note:3`,
  ]);
  const next = await insertNoteEvent({
    orderId: id,
    at: new Date(),
    by: 'ann@example.com',
    text: 'Refund asked',
  });
  expect(next._id).toBe(`${id}:note:4`);
});
