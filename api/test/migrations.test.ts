// A database written by an earlier version keeps working after the migrations run at start
// (src/migrations): each moves its data into today's shape, and running them again changes nothing.
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dayIn, nextDay, type InsightsDashboard } from '@shop/contracts';
import { SAMPLE_PRODUCT_CONFIG } from '@shop/contracts/testing';
import { runMigrations } from '../src/migrations';
import { CartModel } from '../src/modules/cart/model';
import { findCart } from '../src/modules/cart/repository';
import { slicesOfDay } from '../src/modules/insights/figures';
import { reserveDiscountUse } from '../src/modules/discounts/discounts';
import { findDiscountByCode } from '../src/modules/discounts/repository';
import { OrderEventModel, OrderModel } from '../src/modules/orders/model';
import { ProofPdfModel } from '../src/modules/proofs/model';
import { issueOrderNumber, listOrdersOfCustomer } from '../src/modules/orders/repository';
import { searchOrders } from '../src/modules/orders/search';
import { createLogger } from '../src/platform/logger';
import { registerAdmin } from './support/shop-flows';
import { startTestApp, type TestApp } from './support/test-app';

/** A customer's details as an order keeps them. */
const customerInfoOf = (firstName: string) => ({
  firstName,
  lastName: 'Buyer',
  email: `${firstName.toLowerCase()}@example.com`,
  phone: '555-0100',
  company: 'Old Co',
  street: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

it("when the database is already in today's shape, then the migrations change nothing and report nothing", async () => {
  const lines: string[] = [];
  await runMigrations(createLogger('info', { write: (line: string) => lines.push(line) }));
  expect(lines).toEqual([]);
});

it('when proof PDFs were kept with no end, then each is given one, 90 days from the start, once', async () => {
  const kept = {
    _id: 'old-order:old-line:1',
    pdf: Buffer.from('%PDF-1.4'),
    createdAt: new Date(0),
  };
  await ProofPdfModel.collection.insertOne(kept as never);
  const before = Date.now();
  await runMigrations(createLogger('silent'));
  const ended = await ProofPdfModel.findById(kept._id).lean();
  const days = (ended!.expiresAt.getTime() - before) / (24 * 60 * 60 * 1000);
  expect(days).toBeGreaterThanOrEqual(90);
  expect(days).toBeLessThan(90.01);
  await runMigrations(createLogger('silent'));
  expect((await ProofPdfModel.findById(kept._id).lean())!.expiresAt).toEqual(ended!.expiresAt);
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
  await runMigrations(createLogger('silent'));
  await runMigrations(createLogger('silent'));

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

it('when discount codes counted their uses as numbered documents, then each code holds its count and the numbered documents go', async () => {
  const database = mongoose.connection.db!;
  const now = new Date();
  const oldCode = (code: string) => ({
    _id: new Types.ObjectId(),
    code,
    type: 'percentage',
    percentOff: 10,
    amountOffCents: null,
    minimumOrderCents: 0,
    usageLimit: 5,
    expiresAt: null,
    isActive: true,
    description: '',
    createdAt: now,
    updatedAt: now,
  });
  const [used, unused] = [oldCode('OLDUSED'), oldCode('OLDUNUSED')];
  await database.collection('discount_codes').insertMany([used, unused]);
  await database
    .collection<{ _id: string; discountId: Types.ObjectId }>('discount_uses')
    .insertMany(
      ['t:1', 't:2', 't:3', 'r:1'].map((n) => ({
        _id: `${used._id.toString()}:${n}`,
        discountId: used._id,
      })),
    );
  await database
    .collection<{ _id: string; discountId: Types.ObjectId }>('discount_code_keys')
    .insertMany([
      { _id: 'OLDUSED', discountId: used._id },
      { _id: 'OLDUNUSED', discountId: unused._id },
    ]);
  await runMigrations(createLogger('silent'));
  await runMigrations(createLogger('silent'));

  expect(await findDiscountByCode('OLDUSED')).toMatchObject({ timesUsed: 2 });
  expect(await findDiscountByCode('OLDUNUSED')).toMatchObject({ timesUsed: 0 });
  for (const name of ['discount_uses', 'discount_use_heads', 'discount_code_keys'])
    expect(await database.listCollections({ name }).toArray()).toEqual([]);
  // The limit goes on from the count: 3 more of 5.
  const answers = await Promise.all(Array.from({ length: 5 }, () => reserveDiscountUse('OLDUSED')));
  expect(answers.filter(Boolean)).toHaveLength(3);
});

it('when orders were found through keyed lists, then each order carries what its queries read, the lists go, and the shop works on them', async () => {
  const db = mongoose.connection.db!;
  const now = new Date();
  const customerId = new Types.ObjectId();
  const base = (orderNumber: number, fields: object) => ({
    _id: new Types.ObjectId(),
    orderNumber,
    sessionId: 'old-session',
    customerId,
    guestEmail: null,
    customerInfo: { ...customerInfoOf('Old'), email: 'Old.Buyer@Example.com' },
    items: [],
    subtotalCents: 1000,
    discountCode: null,
    discountCents: 0,
    shippingCents: 0,
    taxCents: 0,
    taxRegion: null,
    totalCents: 1000,
    notes: null,
    chargingSince: null,
    discountReserved: false,
    paymentId: 'pay',
    paymentContact: null,
    lastPaymentError: null,
    cartFingerprint: 'f',
    shipment: null,
    refundedCents: 0,
    refundId: null,
    skipProof: false,
    createdAt: new Date(now.getTime() - (2000 - orderNumber) * 1000),
    updatedAt: now,
    ...fields,
  });
  const paidAt = new Date(now.getTime() - 60_000);
  const settled = base(1000, { status: 'processing', paymentStatus: 'paid', paidAt, proof: null });
  const charging = base(1001, {
    status: 'awaiting_proof',
    paymentStatus: 'paid',
    paidAt,
    proof: { status: 'awaiting_approval', revision: 1, sentAt: paidAt, awaitingSince: paidAt },
  });
  const unpaid = base(1002, {
    status: 'pending_payment',
    paymentStatus: 'unpaid',
    paidAt: null,
    proof: null,
  });
  // That version had no {cartKey, placing} index (the start makes it after the migrations, which
  // give every order its key: prepareDatabase); as on MongoDB, two orders without it would collide.
  await db.collection('orders').dropIndex('cartKey_1_placing_-1');
  await db.collection('orders').insertMany([settled, charging, unpaid]);
  await db
    .collection<{ _id: string }>('payment_claims')
    .insertMany([
      { _id: settled._id.toString(), state: 'paid' } as never,
      { _id: charging._id.toString(), state: 'charging' } as never,
    ]);
  const reminderDue = new Date(now.getTime() + 86_400_000);
  await db.collection<{ _id: string }>('due_entries').insertOne({
    _id: 'proof-reminders:1:1',
    ref: `${charging._id.toString()}:1`,
    dueAt: reminderDue,
    doneAt: null,
  } as never);
  await db.collection<{ _id: string }>('checkout_keys').insertOne({
    _id: `guest:old-session:${'a'.repeat(64)}:2`,
    orderId: unpaid._id,
    createdAt: now,
  } as never);
  await db.collection<{ _id: string }>('order_events').insertOne({
    _id: `${settled._id.toString()}:leave:processing`,
    orderId: settled._id,
    kind: 'leave',
    from: 'processing',
    to: 'shipped',
    at: now,
    by: 'admin@example.com',
    note: 'UPS 1Z',
    refund: null,
    shipment: { carrier: 'UPS', trackingNumber: '1Z', trackingUrl: null, shippedAt: now },
  } as never);
  await db
    .collection<{ _id: string }>('counters')
    .insertOne({ _id: 'orderNumber', value: 1010 } as never);
  for (const name of ['order_numbers', 'paid_orders', 'customer_orders'])
    await db
      .collection<{ _id: string }>(name)
      .insertOne({ _id: 'x', orderId: settled._id } as never);

  await runMigrations(createLogger('silent'));
  await runMigrations(createLogger('silent'));
  await OrderModel.syncIndexes();

  const stored = async (id: Types.ObjectId) => (await OrderModel.findById(id).lean())!;
  expect(await stored(settled._id)).toMatchObject({
    cartKey: `order:${settled._id.toString()}`,
    placing: 1,
    emailKey: 'old.buyer@example.com',
    firstNameKey: 'old',
    settledAt: paidAt,
    pendingMove: { from: 'processing', to: 'shipped', note: 'UPS 1Z' },
  });
  expect(await stored(charging._id)).toMatchObject({
    settledAt: null,
    proofReminderDueAt: reminderDue,
  });
  expect(await stored(unpaid._id)).toMatchObject({
    cartKey: `guest:old-session:${'a'.repeat(64)}`,
    placing: 2,
  });
  for (const name of [
    'order_numbers',
    'paid_orders',
    'customer_orders',
    'checkout_keys',
    'payment_claims',
  ])
    expect(await db.listCollections({ name }).toArray()).toEqual([]);
  expect(await OrderEventModel.exists({ kind: 'leave' })).toBeNull();
  // Numbering goes on after the highest number the older counter issued.
  expect(await issueOrderNumber()).toBe(1010);
  // The customer's history and the admin's search read the moved orders.
  expect(
    (await listOrdersOfCustomer(customerId.toString(), { limit: 20 })).items.map(
      (order) => order.orderNumber,
    ),
  ).toEqual([1001, 1000]);
  expect(
    (await searchOrders({ pageSize: 10, q: 'old.buyer@example.com' }, 'UTC')).orders,
  ).toHaveLength(2);
});

it("when orders were written before they kept their email's domain, then each gets its key, the rest of the order unchanged, and the admin's search finds it by the domain", async () => {
  const db = mongoose.connection.db!;
  const [first, second] = [
    await OrderModel.findOne({ orderNumber: 1000 }).lean(),
    await OrderModel.findOne({ orderNumber: 1001 }).lean(),
  ];
  // Orders of today's shape but from before the key, one of them of an older shop's domain.
  const older = { ...first!, _id: new Types.ObjectId(), orderNumber: 1100, cartKey: 'older:1' };
  const oldest = {
    ...second!,
    _id: new Types.ObjectId(),
    orderNumber: 1101,
    cartKey: 'older:2',
    customerInfo: { ...second!.customerInfo, email: ' Sales@Novak-Tools.COM ' },
  };
  // More than a batch (500) of them.
  const many = Array.from({ length: 600 }, (_, n) => ({
    ...older,
    _id: new Types.ObjectId(),
    orderNumber: 2000 + n,
    cartKey: `older:many:${n}`,
  }));
  for (const order of [older, oldest, ...many])
    delete (order as Partial<typeof order>).emailDomainKey;
  await db.collection('orders').insertMany([older, oldest, ...many]);
  expect(await db.collection('orders').findOne({ _id: older._id })).not.toHaveProperty(
    'emailDomainKey',
  );

  await runMigrations(createLogger('silent'));
  await runMigrations(createLogger('silent'));

  const stored = async (id: Types.ObjectId) => (await OrderModel.findById(id).lean())!;
  expect(await stored(older._id)).toEqual({ ...older, emailDomainKey: 'example.com' });
  expect(await stored(oldest._id)).toEqual({ ...oldest, emailDomainKey: 'novak-tools.com' });
  // The three orders moved off the keyed lists got it with their other keys (Old.Buyer@Example.com).
  expect(await stored(first!._id)).toMatchObject({ emailDomainKey: 'example.com' });
  expect(await OrderModel.countDocuments({ emailDomainKey: 'example.com' })).toBe(3 + 1 + 600);
  expect(await OrderModel.exists({ emailDomainKey: null })).toBeNull();
  const found = await searchOrders({ pageSize: 10, q: 'novak' }, 'UTC');
  expect(found.orders.map((order) => order.orderNumber)).toEqual([1101]);
});

it("when orders were written before they kept their name's later words, then each gets those keys, the rest unchanged, and the admin's search finds it by any word of the name", async () => {
  const db = mongoose.connection.db!;
  // A paid order (the admin's list without a status is the paid orders).
  const first = await OrderModel.findOne({ orderNumber: 1001 }).lean();
  const older = {
    ...first!,
    _id: new Types.ObjectId(),
    orderNumber: 1200,
    cartKey: 'older:names',
    customerInfo: { ...first!.customerInfo, firstName: 'Mary Ann', lastName: 'de la Zuzarte' },
    firstNameKey: 'mary ann',
    lastNameKey: 'de la zuzarte',
  };
  for (const key of ['nameWord2Key', 'nameWord3Key', 'nameWord4Key', 'nameWord5Key'])
    delete (older as Record<string, unknown>)[key];
  await db.collection('orders').insertOne(older);
  expect((await searchOrders({ pageSize: 10, q: 'zuzarte' }, 'UTC')).orders).toEqual([]);

  await runMigrations(createLogger('silent'));
  await runMigrations(createLogger('silent'));

  expect(await OrderModel.findById(older._id).lean()).toEqual({
    ...older,
    nameWord2Key: 'ann de la zuzarte',
    nameWord3Key: 'de la zuzarte',
    nameWord4Key: 'la zuzarte',
    nameWord5Key: 'zuzarte',
  });
  expect(await OrderModel.exists({ nameWord2Key: null })).toBeNull();
  for (const q of ['zuzarte', 'mary ann de la zuzarte', 'ann la'])
    expect(
      (await searchOrders({ pageSize: 10, q }, 'UTC')).orders.map((order) => order.orderNumber),
    ).toEqual([1200]);
});

it('when orders were refunded before they kept when, then each refunded one is dated by the cancel in its history (without one, by its last write) and written again for the dashboard, once', async () => {
  const db = mongoose.connection.db!;
  const first = await OrderModel.findOne({ orderNumber: 1001 }).lean();
  const lastWritten = new Date(Date.now() - 5 * 86_400_000);
  const cancelledAt = new Date(Date.now() - 9 * 86_400_000);
  const cancelled = (orderNumber: number, refundedCents: number) => {
    const order: Record<string, unknown> = {
      ...first!,
      _id: new Types.ObjectId(),
      orderNumber,
      cartKey: `older:refund:${orderNumber}`,
      status: 'cancelled',
      refundedCents,
      refundId: refundedCents > 0 ? `sbxrefund_${orderNumber}` : null,
      updatedAt: lastWritten,
    };
    delete order.refundedAt;
    return order as typeof first & { _id: Types.ObjectId };
  };
  const withEvent = cancelled(1300, 500);
  const withoutEvent = cancelled(1301, 1000);
  const nothingRefunded = cancelled(1302, 0);
  await db.collection('orders').insertMany([withEvent, withoutEvent, nothingRefunded]);
  await OrderEventModel.create({
    _id: `${withEvent._id.toString()}:cancelled`,
    orderId: withEvent._id,
    kind: 'move',
    at: cancelledAt,
    by: 'admin@example.com',
    from: 'processing',
    to: 'cancelled',
    note: 'Refund $5.00',
  });

  const started = Date.now();
  const lines: string[] = [];
  await runMigrations(createLogger('info', { write: (line: string) => lines.push(line) }));
  expect(lines.join('')).toContain('Dated the orders’ refunds');
  expect(lines.join('')).toContain('"orders":2');
  const stored = async (id: Types.ObjectId) =>
    (await db.collection('orders').findOne({ _id: id }))!;
  expect((await stored(withEvent._id)).refundedAt).toEqual(cancelledAt);
  expect((await stored(withoutEvent._id)).refundedAt).toEqual(lastWritten);
  // Written now, so the dashboard's reading of changed orders files each refund again.
  for (const id of [withEvent._id, withoutEvent._id])
    expect((await stored(id)).updatedAt.getTime()).toBeGreaterThanOrEqual(started);
  expect(await stored(nothingRefunded._id)).toEqual(nothingRefunded);

  // Once: a second run finds nothing left and writes nothing.
  const after = await Promise.all([withEvent, withoutEvent].map((order) => stored(order._id)));
  lines.length = 0;
  await runMigrations(createLogger('info', { write: (line: string) => lines.push(line) }));
  expect(lines).toEqual([]);
  expect(await Promise.all([withEvent, withoutEvent].map((order) => stored(order._id)))).toEqual(
    after,
  );
});

it("when orders were refunded before they kept the refund's reason, then each gets the one its cancel's note holds (the payment provider's default when the note has none, empty without a cancel), the rest unchanged, once", async () => {
  const db = mongoose.connection.db!;
  const first = await OrderModel.findOne({ orderNumber: 1001 }).lean();
  const refundedAt = new Date(Date.now() - 3 * 86_400_000);
  const older = (orderNumber: number, refundedCents: number) => {
    const order: Record<string, unknown> = {
      ...first!,
      _id: new Types.ObjectId(),
      orderNumber,
      cartKey: `older:reason:${orderNumber}`,
      status: 'cancelled',
      refundedCents,
      refundId: refundedCents > 0 ? `sbxrefund_${orderNumber}` : null,
      refundedAt: refundedCents > 0 ? refundedAt : null,
    };
    delete order.refundReason;
    return order as typeof first & { _id: Types.ObjectId; orderNumber: number };
  };
  const withReason = older(1310, 500);
  const withoutReason = older(1311, 123_450);
  const reasonWithColons = older(1312, 200);
  const withoutCancel = older(1313, 100);
  const nothingRefunded = older(1314, 0);
  const keptAlready = { ...older(1315, 300), refundReason: 'Already kept' };
  const all = [withReason, withoutReason, reasonWithColons, withoutCancel, nothingRefunded];
  await db.collection('orders').insertMany([...all, keptAlready]);
  const cancelOf = (order: { _id: Types.ObjectId }, note: string) => ({
    _id: `${order._id.toString()}:cancelled`,
    orderId: order._id,
    kind: 'move',
    at: refundedAt,
    by: 'admin@example.com',
    from: 'processing',
    to: 'cancelled',
    note,
  });
  await OrderEventModel.create([
    cancelOf(withReason, 'Refund $5.00: Damaged in transit'),
    cancelOf(withoutReason, 'Refund $1,234.50'),
    cancelOf(reasonWithColons, 'Refund $2.00: Wrong size: 2" wide,\nnot 3"'),
    cancelOf(nothingRefunded, 'Refund $0.00: Changed their mind'),
    cancelOf(keptAlready, 'Refund $3.00: Something else'),
  ]);

  const lines: string[] = [];
  await runMigrations(createLogger('info', { write: (line: string) => lines.push(line) }));
  expect(lines.join('')).toContain('Gave the orders’ refunds their reasons');
  expect(lines.join('')).toContain('"orders":4');
  const stored = async (order: { _id: Types.ObjectId }) =>
    (await db.collection('orders').findOne({ _id: order._id }))!;
  expect(await stored(withReason)).toEqual({ ...withReason, refundReason: 'Damaged in transit' });
  expect((await stored(withoutReason)).refundReason).toBe('Order #1311 cancelled');
  expect((await stored(reasonWithColons)).refundReason).toBe('Wrong size: 2" wide,\nnot 3"');
  expect((await stored(withoutCancel)).refundReason).toBe('');
  expect(await stored(nothingRefunded)).toEqual(nothingRefunded);
  expect(await stored(keptAlready)).toEqual(keptAlready);

  // Once: a second run finds nothing left and writes nothing.
  const after = await Promise.all(all.map(stored));
  lines.length = 0;
  await runMigrations(createLogger('info', { write: (line: string) => lines.push(line) }));
  expect(lines).toEqual([]);
  expect(await Promise.all(all.map(stored))).toEqual(after);
});

it('when the insights kept their hours and days in two collections, then both move into one with their readings, the dashboard shows what they held, and the feed goes on from where it was', async () => {
  const db = mongoose.connection.db!;
  const zone = app.config.shop.timeZone;
  const now = Date.now();
  const [closed, open] = [3, 2].map((ago) => dayIn(zone, new Date(now - ago * 86_400_000)));
  const read = new Date(now - 60 * 60_000);
  const through = new Date(now - 60_000);
  const figures = (paid: number, chargedCents: number) => ({
    placed: paid,
    paid,
    charges: paid,
    cancelled: 0,
    chargedCents,
    refundedCents: 0,
    cartsStarted: paid,
    byStatus: [{ status: 'processing', orders: paid }],
    materials: [],
    sizes: [],
    codes: [],
    approvals: '7:1',
  });
  // Figures no order of this database adds up to: the dashboard shows them only if they were moved.
  const day = { _id: closed, day: closed, computedAt: read, ...figures(2, 4321) };
  const hour = slicesOfDay(open!, zone)[5]!;
  const slice = {
    _id: hour.key,
    day: open,
    index: hour.index,
    start: hour.start,
    end: hour.end,
    computedAt: read,
    ...figures(1, 1000),
  };
  await db.collection('insight_days').insertOne(day as never);
  await db.collection('insight_slices').insertOne(slice as never);
  await db.collection('insight_feed').insertOne({ _id: 'orders' as never, through });

  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => lines.push(line) });
  // Two processes starting at once, then a third start.
  await Promise.all([runMigrations(logger), runMigrations(logger)]);
  expect(lines.join('')).toContain('into insight_figures');
  lines.length = 0;
  await runMigrations(logger);
  expect(lines).toEqual([]);

  const names = (await db.listCollections().toArray()).map((collection) => collection.name);
  expect(names).not.toContain('insight_days');
  expect(names).not.toContain('insight_slices');
  expect(await db.collection('insight_figures').find().sort({ _id: 1 }).toArray()).toEqual([
    { ...day, grain: 'day' },
    { ...slice, grain: 'hour' },
  ]);
  expect(await db.collection('insight_feed').find().toArray()).toEqual([
    { _id: 'figures', through },
  ]);

  const admin = app.agent();
  await registerAdmin(admin);
  const week = await admin.request('GET', '/api/admin/insights?period=7d');
  expect(week.status, week.text).toBe(200);
  const points = (week.body as InsightsDashboard).revenueSeries.points;
  expect(points.find((point) => point.key === closed)).toEqual({
    key: closed,
    revenue: 43.21,
    orders: 2,
  });
  expect(points.find((point) => point.key === open)).toEqual({ key: open, revenue: 10, orders: 1 });
});

it('when the insights kept each charge under the hour its order was placed, then each hour kept gets the charges paid in it, keeping its reading and the rest, an old day is summed again from its hours, and the dashboard reads no order again', async () => {
  const db = mongoose.connection.db!;
  const zone = app.config.shop.timeZone;
  const first = dayIn(zone, new Date(Date.now() - 12 * 86_400_000));
  const second = nextDay(first);
  const midnight = slicesOfDay(second, zone)[0]!.start.getTime();
  const template = await OrderModel.findOne({ orderNumber: 1001 }).lean();
  const order = (orderNumber: number, placed: number, paid: number, totalCents: number) => ({
    ...template!,
    _id: new Types.ObjectId(),
    orderNumber,
    cartKey: `older:charges:${orderNumber}`,
    status: 'processing',
    paymentStatus: 'paid',
    totalCents,
    refundedCents: 0,
    refundedAt: null,
    createdAt: new Date(placed),
    paidAt: new Date(paid),
    updatedAt: new Date(paid),
  });
  // Placed at 23:20 and paid at 23:25; placed at 23:50 and paid at 00:10 the next day.
  await db
    .collection('orders')
    .insertMany([
      order(1400, midnight - 40 * 60_000, midnight - 35 * 60_000, 1000),
      order(1401, midnight - 10 * 60_000, midnight + 10 * 60_000, 2500),
    ]);

  // Both days kept the old way, each hour read after it had settled: the evening's last hour with
  // both charges, the next day's first with none.
  const read = new Date(midnight + 2 * 86_400_000);
  const old = (paid: number, chargedCents: number) => ({
    placed: paid,
    paid,
    cancelled: 0,
    chargedCents,
    refundedCents: 0,
    cartsStarted: 0,
    byStatus: paid > 0 ? [{ status: 'processing', orders: paid }] : [],
    materials: [],
    sizes: [],
    codes: [],
    approvals: '',
  });
  const hours = [first, second].flatMap((day) =>
    slicesOfDay(day, zone).map((slice) => ({
      _id: slice.key,
      grain: 'hour',
      day,
      index: slice.index,
      start: slice.start,
      end: slice.end,
      computedAt: read,
      ...(slice.end.getTime() === midnight ? old(2, 3500) : old(0, 0)),
    })),
  );
  const days = [first, second].map((day) => ({
    _id: day,
    grain: 'day',
    day,
    computedAt: read,
    ...(day === first ? old(2, 3500) : old(0, 0)),
  }));
  await db.collection('insight_figures').insertMany([...hours, ...days] as never[]);

  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => lines.push(line) });
  // Two processes starting at once, then a third start.
  await Promise.all([runMigrations(logger), runMigrations(logger)]);
  expect(lines.join('')).toContain('charges by the hour paid');
  lines.length = 0;
  await runMigrations(logger);
  expect(lines).toEqual([]);

  const kept = db.collection<{ _id: string }>('insight_figures');
  const evening = hours.find((hour) => hour.end.getTime() === midnight)!;
  const morning = hours.find((hour) => hour.start.getTime() === midnight)!;
  // The placings (and the funnel's paid) stay the evening's; the money is each hour's it was paid in.
  expect(await kept.findOne({ _id: evening._id })).toEqual({
    ...evening,
    charges: 1,
    chargedCents: 1000,
  });
  expect(await kept.findOne({ _id: morning._id })).toEqual({
    ...morning,
    charges: 1,
    chargedCents: 2500,
  });
  expect(await kept.countDocuments({ grain: 'hour', day: first, charges: 0 })).toBe(23);
  expect(await kept.countDocuments({ grain: 'day', day: { $in: [first, second] } })).toBe(0);

  const admin = app.agent();
  await registerAdmin(admin);
  const month = await admin.request('GET', '/api/admin/insights?period=30d');
  expect(month.status, month.text).toBe(200);
  const points = (month.body as InsightsDashboard).revenueSeries.points;
  expect(points.find((point) => point.key === first)).toEqual({
    key: first,
    revenue: 10,
    orders: 1,
  });
  expect(points.find((point) => point.key === second)).toEqual({
    key: second,
    revenue: 25,
    orders: 1,
  });
  // Summed again from its hours, none of which was read again from the orders.
  expect(await kept.findOne({ _id: first })).toMatchObject({ charges: 1, chargedCents: 1000 });
  expect(
    await kept.countDocuments({ grain: 'hour', day: { $in: [first, second] }, computedAt: read }),
  ).toBe(hours.length);
});
