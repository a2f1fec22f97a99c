// Order numbers (orders/repository.ts): issued by one `$inc` of one counter, guarded by the orders'
// unique orderNumber index. The embedded database's update is atomic (tools/ferretdb), so callers at
// the same moment are issued different numbers and every order is written at its first try.
import { Types } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderCounterModel, OrderModel } from '../src/modules/orders/model';
import {
  FIRST_ORDER_NUMBER,
  findOrderByNumber,
  highestOrderNumber,
  issueOrderNumber,
} from '../src/modules/orders/repository';
import { addToCart, placeOrder } from './support/shop-flows';
import { startTestApp, type TestApp } from './support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await OrderModel.init(); // the unique indexes
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await Promise.all([OrderModel.deleteMany({}), OrderCounterModel.deleteMany({})]);
});

const consecutiveFrom = (first: number, count: number) =>
  Array.from({ length: count }, (_, i) => first + i);

/** Places `count` orders at once, each from a cart of its own shopper, through the API. */
async function placeAtOnce(count: number): Promise<number[]> {
  const shoppers = Array.from({ length: count }, () => app.agent());
  await Promise.all(shoppers.map((shopper) => addToCart(shopper)));
  const placed = await Promise.all(shoppers.map((shopper) => placeOrder(shopper)));
  return placed.map((order) => order.orderNumber).sort((a, b) => a - b);
}

describe('the database the shop runs on', () => {
  it('when 100 callers $inc one counter at once, then each is answered a different value', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        OrderCounterModel.findOneAndUpdate(
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
  it('when the shop has no order yet, then the first number is 1000', async () => {
    expect(await highestOrderNumber()).toBeNull();
    expect(await placeAtOnce(1)).toEqual([FIRST_ORDER_NUMBER]);
    expect(await highestOrderNumber()).toBe(FIRST_ORDER_NUMBER);
  });

  it('when the first numbers of a shop are issued at once, then they are consecutive from 1000', async () => {
    const issued = await Promise.all(Array.from({ length: 30 }, () => issueOrderNumber()));
    expect(issued.sort((a, b) => a - b)).toEqual(consecutiveFrom(FIRST_ORDER_NUMBER, 30));
  });

  it('when 40 orders are placed at once, then they get 40 consecutive numbers, each written at the first try', async () => {
    const inserts = vi.spyOn(OrderModel.collection, 'insertOne');
    try {
      expect(await placeAtOnce(40)).toEqual(consecutiveFrom(FIRST_ORDER_NUMBER, 40));
      expect(inserts).toHaveBeenCalledTimes(40);
    } finally {
      inserts.mockRestore();
    }
    const order = await findOrderByNumber(FIRST_ORDER_NUMBER + 39);
    expect(order?.orderNumber).toBe(FIRST_ORDER_NUMBER + 39);
  });

  it('when the counter is behind the orders (a database restored from before some of them), then the next number follows the highest taken', async () => {
    await OrderModel.collection.insertMany(
      consecutiveFrom(FIRST_ORDER_NUMBER, 40).map((orderNumber) => ({
        _id: new Types.ObjectId(),
        orderNumber,
        cartKey: `old:${orderNumber}`,
        placing: 1,
      })) as never[],
    );
    await OrderCounterModel.create({ _id: 'orders', value: FIRST_ORDER_NUMBER + 3 });
    expect(await placeAtOnce(5)).toEqual(consecutiveFrom(FIRST_ORDER_NUMBER + 40, 5));
    expect(await highestOrderNumber()).toBe(FIRST_ORDER_NUMBER + 44);
  });
});
