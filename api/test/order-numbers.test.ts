// Order numbers (orders/counter.ts): issued by one `$inc` of the counter, taken by an insert; the
// embedded database's update is atomic (scripts/lib/ferretdb.mjs), so concurrent callers are issued
// different numbers and none loses its insert.
import { Types } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_ORDER_NUMBER,
  ORDER_NUMBER_COUNTER,
  highestOrderNumber,
  takeOrderNumber,
} from '../src/modules/orders/counter';
import { OrderNumberModel } from '../src/modules/orders/model';
import { CounterModel } from '../src/platform/sequence';
import { startTestApp, type TestApp } from './support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await Promise.all([OrderNumberModel.deleteMany({}), CounterModel.deleteMany({})]);
});

const counter = async () => (await CounterModel.findById(ORDER_NUMBER_COUNTER).lean())?.value;
const take = () => takeOrderNumber(new Types.ObjectId());
const consecutiveFrom = (first: number, count: number) =>
  Array.from({ length: count }, (_, i) => first + i);

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

describe('takeOrderNumber', () => {
  it('when the shop has no order yet, then the first number is 1000 and the counter names the next', async () => {
    expect(await highestOrderNumber()).toBeNull();
    expect(await take()).toBe(FIRST_ORDER_NUMBER);
    expect(await counter()).toBe(FIRST_ORDER_NUMBER + 1);
    expect(await highestOrderNumber()).toBe(FIRST_ORDER_NUMBER);
  });

  it('when 60 callers take numbers at once, then they get 60 consecutive numbers, each issued once and inserted at the first try', async () => {
    const inserts = vi.spyOn(OrderNumberModel.collection, 'insertOne');
    try {
      const taken = await Promise.all(Array.from({ length: 60 }, take));
      expect([...taken].sort((a, b) => a - b)).toEqual(consecutiveFrom(FIRST_ORDER_NUMBER, 60));
      expect(inserts).toHaveBeenCalledTimes(60);
    } finally {
      inserts.mockRestore();
    }
    expect(await counter()).toBe(FIRST_ORDER_NUMBER + 60);
    expect(await OrderNumberModel.countDocuments({})).toBe(60);
  });

  it('when the counter is behind the numbers taken (a database from before it), then the next number follows the highest taken', async () => {
    await OrderNumberModel.insertMany(
      consecutiveFrom(FIRST_ORDER_NUMBER, 40).map((n) => ({
        _id: String(n),
        orderId: new Types.ObjectId(),
      })),
    );
    await CounterModel.create({ _id: ORDER_NUMBER_COUNTER, value: FIRST_ORDER_NUMBER + 3 });

    const taken = await Promise.all(Array.from({ length: 5 }, take));
    expect([...taken].sort((a, b) => a - b)).toEqual(consecutiveFrom(FIRST_ORDER_NUMBER + 40, 5));
    expect(await highestOrderNumber()).toBe(FIRST_ORDER_NUMBER + 44);
  });

  it('when the database fails a number’s insert, then the next caller takes that number, leaving no gap', async () => {
    expect(await take()).toBe(FIRST_ORDER_NUMBER);
    const inserts = vi
      .spyOn(OrderNumberModel.collection, 'insertOne')
      .mockRejectedValueOnce(new Error('connection reset'));
    try {
      await expect(take()).rejects.toThrow('connection reset');
    } finally {
      inserts.mockRestore();
    }
    expect(await take()).toBe(FIRST_ORDER_NUMBER + 1);
    expect(await take()).toBe(FIRST_ORDER_NUMBER + 2);
  });
});
