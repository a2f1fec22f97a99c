// A database written by an earlier version keeps working after the migrations run at start
// (src/migrations): each moves its data into today's shape, and running them again changes nothing.
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SAMPLE_PRODUCT_CONFIG } from '@shop/contracts/testing';
import { runMigrations } from '../src/migrations';
import { CartModel } from '../src/modules/cart/model';
import { findCart } from '../src/modules/cart/repository';
import { createLogger } from '../src/platform/logger';
import { startTestApp, type TestApp } from './support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

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
