// Order numbers (orders/counter.ts): issued by one `$inc` of the counter, guarded by the orders'
// unique orderNumber index, found again through the number's document. The embedded database's
// update is atomic (scripts/lib/ferretdb.mjs), so concurrent callers are issued different numbers
// and no order's write loses its number.
import { Types } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_ORDER_NUMBER,
  NUMBER_TAKEN,
  ORDER_NUMBER_COUNTER,
  giveBackOrderNumber,
  highestOrderNumber,
  nextOrderNumber,
  orderIdsOfNumbers,
  writeUnderOrderNumber,
} from '../src/modules/orders/counter';
import { OrderModel, OrderNumberModel } from '../src/modules/orders/model';
import { isDuplicateKeyError } from '../src/platform/db';
import { CounterModel } from '../src/platform/sequence';
import { startTestApp, type TestApp } from './support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await OrderModel.init(); // the unique orderNumber index
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await Promise.all([
    OrderModel.deleteMany({}),
    OrderNumberModel.deleteMany({}),
    CounterModel.deleteMany({}),
  ]);
});

const counter = async () => (await CounterModel.findById(ORDER_NUMBER_COUNTER).lean())?.value;
const consecutiveFrom = (first: number, count: number) =>
  Array.from({ length: count }, (_, i) => first + i);

/** An order (its id and number only) written as the shop writes one: under the unique index. */
function writeOrderDoc(orderId: Types.ObjectId) {
  return async (n: number) => {
    try {
      await OrderModel.collection.insertOne({ _id: orderId, orderNumber: n } as never);
      return n;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      return (await OrderModel.exists({ _id: orderId })) ? null : NUMBER_TAKEN;
    }
  };
}

async function placeOne(orderId = new Types.ObjectId()): Promise<number | null> {
  return writeUnderOrderNumber(orderId, await nextOrderNumber(), writeOrderDoc(orderId));
}

/** Each order's number document names that order. */
async function expectNumberDocsMatchOrders() {
  const orders = await OrderModel.find({}, { orderNumber: 1 }).lean();
  const ids = await orderIdsOfNumbers(orders.map((order) => order.orderNumber));
  expect(ids.map(String)).toEqual(orders.map((order) => String(order._id)));
}

describe('the database the shop runs on', () => {
  it('when 100 callers $inc one counter at once, then each is answered a different value', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        CounterModel.findOneAndUpdate(
          { _id: 'test:atomic' },
          { $inc: { value: 1 } },
          { upsert: true, new: true },
        ).lean(),
      ),
    );
    const values = answers.map((answer) => answer!.value).sort((a, b) => a - b);
    // As released, FerretDB v1 answered about 160 different values for 200 such calls.
    expect(values).toEqual(consecutiveFrom(1, 100));
  });
});

describe('order numbers', () => {
  it('when the shop has no order yet, then the first number is 1000 and the counter names the next', async () => {
    expect(await highestOrderNumber()).toBeNull();
    expect(await placeOne()).toBe(FIRST_ORDER_NUMBER);
    expect(await counter()).toBe(FIRST_ORDER_NUMBER + 1);
    expect(await highestOrderNumber()).toBe(FIRST_ORDER_NUMBER);
  });

  it('when 60 orders are written at once, then they get 60 consecutive numbers, each written at the first try', async () => {
    const inserts = vi.spyOn(OrderModel.collection, 'insertOne');
    try {
      const taken = await Promise.all(Array.from({ length: 60 }, () => placeOne()));
      expect([...taken].sort((a, b) => a! - b!)).toEqual(consecutiveFrom(FIRST_ORDER_NUMBER, 60));
      expect(inserts).toHaveBeenCalledTimes(60);
    } finally {
      inserts.mockRestore();
    }
    expect(await counter()).toBe(FIRST_ORDER_NUMBER + 60);
    await expectNumberDocsMatchOrders();
  });

  it('when the counter is behind the orders (a database from before it), then the next number follows the highest taken', async () => {
    const old = consecutiveFrom(FIRST_ORDER_NUMBER, 40).map((n) => ({
      _id: new Types.ObjectId(),
      orderNumber: n,
    }));
    await OrderModel.collection.insertMany(old as never[]);
    await OrderNumberModel.insertMany(
      old.map((order) => ({ _id: String(order.orderNumber), orderId: order._id })),
    );
    await CounterModel.create({ _id: ORDER_NUMBER_COUNTER, value: FIRST_ORDER_NUMBER + 3 });

    const taken = await Promise.all(Array.from({ length: 5 }, () => placeOne()));
    expect([...taken].sort((a, b) => a! - b!)).toEqual(consecutiveFrom(FIRST_ORDER_NUMBER + 40, 5));
    expect(await highestOrderNumber()).toBe(FIRST_ORDER_NUMBER + 44);
    await expectNumberDocsMatchOrders();
  });

  it('when an order’s write fails, then its number goes to the next order, leaving no gap and no number naming the failed one', async () => {
    expect(await placeOne()).toBe(FIRST_ORDER_NUMBER);
    const inserts = vi
      .spyOn(OrderModel.collection, 'insertOne')
      .mockRejectedValueOnce(new Error('connection reset'));
    try {
      await expect(placeOne()).rejects.toThrow('connection reset');
    } finally {
      inserts.mockRestore();
    }
    expect(await OrderNumberModel.exists({ _id: String(FIRST_ORDER_NUMBER + 1) })).toBeNull();
    expect(await placeOne()).toBe(FIRST_ORDER_NUMBER + 1);
    expect(await placeOne()).toBe(FIRST_ORDER_NUMBER + 2);
    await expectNumberDocsMatchOrders();
  });

  it('when a number document names an order that never got its number (its process stopped), then the order written under that number takes it over', async () => {
    const n = await nextOrderNumber();
    await OrderNumberModel.create({ _id: String(n), orderId: new Types.ObjectId() });
    giveBackOrderNumber(n);
    expect(await placeOne()).toBe(n);
    await expectNumberDocsMatchOrders();
  });

  it('when the order was written by another process meanwhile, then null, and the number goes to the next order', async () => {
    const orderId = new Types.ObjectId();
    expect(await placeOne(orderId)).toBe(FIRST_ORDER_NUMBER);
    expect(await placeOne(orderId)).toBeNull();
    expect(await placeOne()).toBe(FIRST_ORDER_NUMBER + 1);
    await expectNumberDocsMatchOrders();
  });
});
