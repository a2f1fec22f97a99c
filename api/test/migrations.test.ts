// A database written by an earlier version keeps working after the migrations run at start
// (src/migrations): each moves its data into today's shape, and running them again changes nothing.
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SAMPLE_PRODUCT_CONFIG } from '@shop/contracts/testing';
import { runMigrations } from '../src/migrations';
import { CartModel } from '../src/modules/cart/model';
import { findCart } from '../src/modules/cart/repository';
import { reserveDiscountUse } from '../src/modules/discounts/discounts';
import { findDiscountByCode } from '../src/modules/discounts/repository';
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
