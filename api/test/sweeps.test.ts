// The jobs' sweeps find what is due with indexed queries: each does what is due and nothing else,
// two workers at once do each thing once, and what is not due yet is left for a later round. Times
// are injected (`now`), as the jobs pass them.
import mongoose, { Schema } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveDiscountUse } from '../src/modules/discounts/discounts';
import { OrderModel } from '../src/modules/orders/model';
import { markDiscountReserved } from '../src/modules/orders/repository';
import { LEFT_CHARGING_MESSAGE, expireUnpaidOrders } from '../src/modules/payments/expiry';
import { deleteExpired, expiringAt, sweepWhenExpired } from '../src/platform/expiry';
import { createLogger } from '../src/platform/logger';
import { addToCart, pay, placeOrder, registerAdmin } from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

let app: TestApp;
let admin: TestAgent;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.agent();
  await registerAdmin(admin);
});
afterAll(async () => {
  await app?.close();
});

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const at = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** n guest checkouts placed now, unpaid; the latest one's placing time. */
async function unpaidOrders(n: number) {
  const placed = await Promise.all(
    Array.from({ length: n }, async () => {
      const shopper = app.agent();
      await addToCart(shopper);
      return { shopper, ...(await placeOrder(shopper)) };
    }),
  );
  const orders = await Promise.all(placed.map((p) => OrderModel.findById(p.orderId).lean()));
  const placedAt = new Date(Math.max(...orders.map((order) => order!.createdAt.getTime())));
  return { placed, placedAt };
}

const statusOf = async (orderId: string) => (await OrderModel.findById(orderId).lean())?.status;

describe('the unpaid-orders sweep', () => {
  it('expires the checkouts unpaid after 24 hours and nothing else: not a paid one, not one a day old less an hour', async () => {
    const { placed, placedAt } = await unpaidOrders(3);
    const [first, second, paid] = placed;
    expect((await pay(paid!.shopper, paid!.orderId)).status).toBe(200);

    expect(await expireUnpaidOrders(at(placedAt, 23 * HOUR_MS))).toBe(0);
    expect(await statusOf(first!.orderId)).toBe('pending_payment');

    expect(await expireUnpaidOrders(at(placedAt, DAY_MS + 1000))).toBe(2);
    expect(await statusOf(first!.orderId)).toBe('expired');
    expect(await statusOf(second!.orderId)).toBe('expired');
    expect(await statusOf(paid!.orderId)).toBe('processing');
    // A second round finds nothing more to do.
    expect(await expireUnpaidOrders(at(placedAt, DAY_MS + 2000))).toBe(0);
  });

  it('reports an order still charging a day later (its card may have been charged) and leaves it as it is', async () => {
    const { placed, placedAt } = await unpaidOrders(1);
    const orderId = placed[0]!.orderId;
    await OrderModel.updateOne(
      { _id: orderId },
      { $set: { paymentStatus: 'charging', chargingSince: placedAt } },
    );
    const lines: string[] = [];
    const logger = createLogger('error', { write: (line: string) => void lines.push(line) });
    const followUp = { config: app.config, logger };
    expect(await expireUnpaidOrders(at(placedAt, DAY_MS + 1000), { followUp })).toBe(0);
    const order = await OrderModel.findById(orderId).lean();
    expect([order?.status, order?.paymentStatus]).toEqual(['pending_payment', 'charging']);
    const reported = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(reported).toEqual([
      expect.objectContaining({
        level: 'error',
        orderId,
        orderNumber: order?.orderNumber,
        msg: LEFT_CHARGING_MESSAGE,
      }),
    ]);
    // Reported once: the next rounds leave it to the operator.
    expect(await expireUnpaidOrders(at(placedAt, DAY_MS + 60_000), { followUp })).toBe(0);
    expect(lines).toHaveLength(1);
  });

  it('when two workers sweep at once, then each order is expired once and its discount use given back once', async () => {
    const code = `TWICE${Date.now()}`.slice(0, 20);
    const created = await admin.request('POST', '/api/admin/discount-codes', {
      body: { code, type: 'percentage', value: 10, usageLimit: 20 },
    });
    expect(created.status, created.text).toBe(201);
    const { placed, placedAt } = await unpaidOrders(6);
    // Each order holds one use of the code (a payment stopped mid-way); one more use is held elsewhere.
    for (const { orderId } of placed) {
      const codeId = await reserveDiscountUse(code);
      expect(codeId).not.toBeNull();
      await OrderModel.updateOne({ _id: orderId }, { $set: { discountCode: code } });
      await markDiscountReserved(orderId, { codeId: codeId! });
    }
    expect(await reserveDiscountUse(code)).not.toBeNull();

    const now = at(placedAt, DAY_MS + 1000);
    const rounds = await Promise.all([expireUnpaidOrders(now), expireUnpaidOrders(now)]);
    expect(rounds[0]! + rounds[1]!).toBe(6);
    for (const { orderId } of placed) expect(await statusOf(orderId)).toBe('expired');
    const codes = await admin.request('GET', '/api/admin/discount-codes');
    expect(codes.body.find((c: { code: string }) => c.code === code).timesUsed).toBe(1);
  });
});

describe('documents that expire (platform/expiry.ts)', () => {
  const ExpiringModel = sweepWhenExpired(
    mongoose.model(
      'ExpiringSweepTest',
      new Schema({ name: String, expiresAt: expiringAt() }),
      'expiring_sweep_tests',
    ),
  );

  it('deletes what is past its expiresAt, and nothing before its time', async () => {
    const now = new Date();
    await ExpiringModel.create([
      { name: 'gone', expiresAt: at(now, -1000) },
      { name: 'at the edge', expiresAt: now },
      { name: 'kept', expiresAt: at(now, 1000) },
    ]);
    expect(await deleteExpired(now)).toBeGreaterThanOrEqual(2);
    expect((await ExpiringModel.find().lean()).map((doc) => doc.name)).toEqual(['kept']);
  });

  it('declares expiresAt as a TTL index, for MongoDB to delete by itself, which the engine builds and lists as declared', async () => {
    expect(ExpiringModel.schema.indexes()).toContainEqual([
      { expiresAt: 1 },
      expect.objectContaining({ expireAfterSeconds: 0 }),
    ]);
    const indexes = await ExpiringModel.collection.indexes();
    expect(indexes.find((index) => index.name === 'expiresAt_1')).toMatchObject({
      key: { expiresAt: 1 },
      expireAfterSeconds: 0,
    });
    // So the next start's syncIndexes finds it as the schema has it, and leaves it.
    expect(await ExpiringModel.diffIndexes()).toEqual({ toDrop: [], toCreate: [] });
  });
});
