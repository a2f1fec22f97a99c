// The cart: lines priced by the server, owned by one guest session (or customer), the cart session's
// discount checked again whenever the cart changes, tax by region from the configured table.
import { Router } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CART_FULL_MESSAGE, EMPTY_CART, MAX_CART_LINES, MAX_LINE_QUANTITY } from '@shop/contracts';
import type { SessionUser } from '../src/platform/auth-guards';
import type { RouteModule } from '../src/dependencies';
import {
  clearOrderedLines,
  giveGuestCartsAnEnd,
  listCartLines,
  mergeGuestCartIntoCustomer,
  readCartSession,
  removeAbandonedGuestCarts,
} from '../src/modules/cart/cart';
import { CartModel, CartStartModel, GUEST_CART_KEPT_DAYS } from '../src/modules/cart/model';
import { cartRoutes } from '../src/modules/cart/routes';
import { DiscountCodeModel } from '../src/modules/discounts/model';
import { insertDiscount, type NewDiscountCode } from '../src/modules/discounts/repository';
import { UploadModel } from '../src/modules/uploads/model';
import { recordUpload } from '../src/modules/uploads/repository';
import { addToCart, PASSWORD, register, uniqueEmail } from './support/shop-flows';
import { commandsOn, startTestApp, type TestAgent, type TestApp } from './support/test-app';
import { SAMPLE_PRODUCT_CONFIG } from '@shop/contracts/testing';

const ALICE = 'guest-1700000000000-alicesession';
const BOB = 'guest-1700000000001-bobsession';
const CUSTOMER: SessionUser = { id: 'customer-ann', email: 'ann@example.com', isAdmin: false };

// The cart routes as a signed-in customer sees them (passport sets req.user in the running shop).
const asCustomer: RouteModule = (dependencies) => {
  const router = Router();
  router.use(
    '/as-customer',
    (req, _res, next) => {
      req.user = CUSTOMER;
      next();
    },
    cartRoutes(dependencies),
  );
  return router;
};

let app: TestApp;
beforeAll(async () => {
  // NY is overridden and WI (in the default table) left out: TAX_RATES replaces the table.
  app = await startTestApp(
    { TAX_RATES: '{"IL":0.0625,"NY":0.08875,"ON":0.13}' },
    { extraRoutes: [asCustomer] },
  );
  await Promise.all([CartModel.init(), DiscountCodeModel.init(), UploadModel.init()]);
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  await Promise.all([
    CartModel.deleteMany({}),
    DiscountCodeModel.deleteMany({}),
    UploadModel.deleteMany({}),
  ]);
});

/** phenolic 3 x 2 adhesive: $5.20 each below 10. */
const label = {
  ...SAMPLE_PRODUCT_CONFIG,
  customText: 'VALVE 7',
  quantity: 1,
};

const add = (body: object, sessionId = ALICE) =>
  app.request('POST', '/api/cart', { body, sessionId });
const cart = async (sessionId = ALICE, query = '') => {
  const response = await app.request('GET', `/api/cart${query}`, { sessionId });
  expect(response.status).toBe(200);
  return response.body;
};

function discount(fields: Partial<NewDiscountCode> & { code: string }) {
  return insertDiscount({
    type: 'percentage',
    percentOff: null,
    amountOffCents: null,
    minimumOrderCents: 0,
    usageLimit: null,
    expiresAt: null,
    isActive: true,
    description: '',
    ...fields,
  });
}

describe('adding, reading, changing and removing items', () => {
  it('when the cart is empty, then it answers zeros', async () => {
    expect(await cart()).toEqual(EMPTY_CART);
  });

  it('when an item is added, then the server prices it, ignoring prices sent, and answers the whole cart', async () => {
    const response = await add({ ...label, quantity: 2, unitPrice: 0.01, totalPrice: 0.02 });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      item: {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        productConfig: {
          ...SAMPLE_PRODUCT_CONFIG,
          customText: 'VALVE 7',
          // A plain label: no series, code or spreadsheet rows.
          series: null,
          code: null,
          rows: null,
        },
        files: [],
        quantity: 2,
        unitPrice: 5.2,
        totalPrice: 10.4,
        createdAt: expect.any(String),
      },
    });
    const whole = {
      items: [response.body.item],
      itemCount: 2,
      subtotal: 10.4,
      discount: null,
      tax: { region: null, amount: 0 },
      total: 10.4,
    };
    expect(response.body).toEqual({ ...whole, item: response.body.item });
    expect(await cart()).toEqual(whole);
  });

  it('itemCount is the number of labels (sum of quantities), items are in the order added', async () => {
    await add({ ...label, quantity: 3 });
    await add({
      ...label,
      material: 'indoor',
      width: 1,
      height: 1,
      mounting: 'no-mounting',
      quantity: 4,
    });
    const body = await cart();
    expect(body.itemCount).toBe(7);
    expect(body.items.map((item: { quantity: number }) => item.quantity)).toEqual([3, 4]);
    // 3 x 5.20 + 4 x 2.35
    expect(body.subtotal).toBe(25);
  });

  it('when the quantity changes across a break, then the unit price is recomputed', async () => {
    const { id } = (await add({ ...label, quantity: 9 })).body.item;
    const response = await app.request('PUT', `/api/cart/${id}`, {
      body: { quantity: 10 },
      sessionId: ALICE,
    });
    expect(response.status).toBe(200);
    // 520 x 0.95 = 494
    expect(response.body.item).toMatchObject({
      id,
      quantity: 10,
      unitPrice: 4.94,
      totalPrice: 49.4,
    });
    expect((await cart()).items[0]).toMatchObject({
      quantity: 10,
      unitPrice: 4.94,
      totalPrice: 49.4,
    });
    const stored = await CartModel.findById(`guest:${ALICE}`).lean();
    expect(stored?.items.find((item) => item._id.toString() === id)).toMatchObject({
      unitPriceCents: 494,
      totalPriceCents: 4940,
    });
  });

  it('when a line is edited in the configurator, then it is replaced in place, priced by the server, and the whole cart answered', async () => {
    const first = (await add({ ...label, quantity: 2 })).body.item;
    const second = (await add({ ...label, material: 'indoor', mounting: 'no-mounting' })).body.item;
    const response = await app.request('PUT', `/api/cart/${first.id}/configuration`, {
      sessionId: ALICE,
      body: {
        ...label,
        width: 4,
        color: 'red-white',
        customText: 'VALVE 8',
        quantity: 100,
        unitPrice: 0.01,
      },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.item).toMatchObject({
      id: first.id,
      productConfig: { width: 4, color: 'red-white', customText: 'VALVE 8' },
      quantity: 100,
    });
    expect(response.body.item.unitPrice).toBeGreaterThan(0.01);
    const whole = await cart();
    expect(whole.items.map((item: { id: string }) => item.id)).toEqual([first.id, second.id]);
    expect(whole.items[0]).toEqual(response.body.item);
    expect(response.body.subtotal).toBe(whole.subtotal);

    const bad = await app.request('PUT', `/api/cart/${first.id}/configuration`, {
      sessionId: ALICE,
      body: { ...label, width: 20 },
    });
    expect(bad.status).toBe(400);
    const theirs = await app.request('PUT', `/api/cart/${first.id}/configuration`, {
      sessionId: BOB,
      body: label,
    });
    expect(theirs.status).toBe(404);
    expect((await cart()).items[0]).toEqual(response.body.item);
  });

  it('when an item is removed, then it is gone; removing it again is 404', async () => {
    const { id } = (await add(label)).body.item;
    const removed = await app.request('DELETE', `/api/cart/${id}`, { sessionId: ALICE });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id, items: [], itemCount: 0, subtotal: 0, total: 0 });
    expect((await cart()).items).toEqual([]);
    expect((await app.request('DELETE', `/api/cart/${id}`, { sessionId: ALICE })).status).toBe(404);
  });

  it('when files this session uploaded are attached, then they travel with the item', async () => {
    const hashedName = `${'a'.repeat(64)}.pdf`;
    await recordUpload(
      { sessionId: ALICE },
      { filename: hashedName, originalName: 'panel.pdf', size: 10 },
    );
    const response = await add({ ...label, files: [{ hashedName, originalName: 'panel.pdf' }] });
    expect(response.status).toBe(201);
    expect((await cart()).items[0].files).toEqual([{ hashedName, originalName: 'panel.pdf' }]);
  });

  it("when files are not this session's uploads, then 400 and nothing is added", async () => {
    const hashedName = `${'b'.repeat(64)}.pdf`;
    await recordUpload(
      { sessionId: BOB },
      { filename: hashedName, originalName: 'bob.pdf', size: 10 },
    );
    const response = await add({ ...label, files: [{ hashedName, originalName: 'bob.pdf' }] });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'files.0.hashedName', message: 'File "bob.pdf" was not uploaded in this session' },
    ]);
    expect((await cart()).items).toEqual([]);
  });

  it(`when the cart has ${MAX_CART_LINES} lines, then another is refused with 409`, async () => {
    const now = new Date();
    await CartModel.create({
      _id: `guest:${ALICE}`,
      items: Array.from({ length: MAX_CART_LINES }, () => ({
        createdAt: now,
        updatedAt: now,
        productConfig: { ...label },
        files: [],
        quantity: 1,
        unitPriceCents: 520,
        totalPriceCents: 520,
      })),
    });
    const response = await add({ ...label, customText: 'ANOTHER LABEL' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: CART_FULL_MESSAGE });
    expect((await cart()).items).toHaveLength(MAX_CART_LINES);
  });
});

describe('the same label added again', () => {
  it('when a configuration identical to a line is added, then that line holds both quantities, priced at the break they reach together', async () => {
    const first = (await add({ ...label, quantity: 25 })).body.item;
    const response = await add({ ...label, quantity: 25 });
    expect(response.status).toBe(201);
    // 50 labels: 15% off $5.20 = $4.42 each, not two lines of 25 at 10% off ($4.68).
    expect(response.body.item).toMatchObject({
      id: first.id,
      quantity: 50,
      unitPrice: 4.42,
      totalPrice: 221,
    });
    const body = await cart();
    expect(body.items).toHaveLength(1);
    expect(body).toMatchObject({ itemCount: 50, subtotal: 221 });
  });

  it('when the text, an option or the files differ, then it is a line of its own; the same files in another order are the same label', async () => {
    const files = ['c', 'd'].map((letter) => ({
      hashedName: `${letter.repeat(64)}.pdf`,
      originalName: `${letter}.pdf`,
    }));
    for (const file of files) {
      await recordUpload(
        { sessionId: ALICE },
        { filename: file.hashedName, originalName: file.originalName, size: 10 },
      );
    }
    await add({ ...label, files });
    await add({ ...label, files: [...files].reverse() });
    await add({ ...label, files: [files[0]] });
    await add({ ...label, customText: 'VALVE 8', files });
    await add({ ...label, color: 'white-black', files });
    expect((await cart()).items.map((item: { quantity: number }) => item.quantity)).toEqual([
      2, 1, 1, 1,
    ]);
  });
});

describe('adding a line in one write', () => {
  const cartCommands = (run: () => Promise<unknown>) => commandsOn('carts', run);

  it('when a label is added to no cart or to a cart without it or a code, then one write of the cart', async () => {
    expect(await cartCommands(() => add(label))).toEqual(['findOneAndUpdate']);
    expect(await cartCommands(() => add({ ...label, customText: 'VALVE 8' }))).toEqual([
      'findOneAndUpdate',
    ]);
    expect((await cart()).items.map((item: { quantity: number }) => item.quantity)).toEqual([1, 1]);
  });

  it('when a cart written before label keys holds the same label, then it is more of that line', async () => {
    const first = (await add({ ...label, quantity: 2 })).body.item;
    await CartModel.collection.updateOne({ _id: `guest:${ALICE}` } as never, {
      $unset: { labelKeys: '' },
    });
    const again = await add({ ...label, quantity: 3 });
    expect(again.status).toBe(201);
    expect(again.body.item).toMatchObject({ id: first.id, quantity: 5 });
    expect((await cart()).items).toHaveLength(1);
    // The change wrote the keys again: the next different label takes the one write.
    expect(await cartCommands(() => add({ ...label, customText: 'VALVE 9' }))).toEqual([
      'findOneAndUpdate',
    ]);
  });

  it('when the cart holds a code, then the code follows the new subtotal as before', async () => {
    await discount({ code: 'FIVE', type: 'fixed', amountOffCents: 500, minimumOrderCents: 1000 });
    await add({ ...label, quantity: 2 });
    const applied = await app.request('POST', '/api/cart/session', {
      body: { discountCode: 'FIVE' },
      sessionId: ALICE,
    });
    expect(applied.status, applied.text).toBe(200);
    const added = await add({ ...label, customText: 'VALVE 8', quantity: 1 });
    expect(added.status).toBe(201);
    expect(added.body.discount).toMatchObject({ code: 'FIVE', amount: 5 });
  });
});

describe('two tabs changing one cart at once', () => {
  const texts = async () =>
    (await cart()).items.map(
      (item: { productConfig: { customText: string } }) => item.productConfig.customText,
    );

  it('when labels are added in several tabs at once to a cart with a code, then every one is kept and the code too', async () => {
    await discount({ code: 'TEN', percentOff: 10 });
    await add(label);
    const applied = await app.request('POST', '/api/cart/session', {
      body: { discountCode: 'TEN' },
      sessionId: ALICE,
    });
    expect(applied.status, applied.text).toBe(200);
    const added = await Promise.all(
      ['VALVE 8', 'VALVE 9', 'VALVE 10'].map((customText) => add({ ...label, customText })),
    );
    expect(added.map((response) => response.status)).toEqual([201, 201, 201]);
    expect((await texts()).sort()).toEqual(['VALVE 10', 'VALVE 7', 'VALVE 8', 'VALVE 9']);
    expect((await cart()).discount).toMatchObject({ code: 'TEN' });
  });

  it('when a line is removed in one tab while another tab adds a label, then the added label stays', async () => {
    const first = (await add(label)).body.item;
    await add({ ...label, customText: 'VALVE 8' });
    const [removed, added] = await Promise.all([
      app.request('DELETE', `/api/cart/${first.id}`, { sessionId: ALICE }),
      add({ ...label, customText: 'VALVE 9' }),
    ]);
    expect([removed.status, added.status]).toEqual([200, 201]);
    expect((await texts()).sort()).toEqual(['VALVE 8', 'VALVE 9']);
  });

  it('when two lines get new quantities in two tabs at once, then both quantities are kept', async () => {
    const first = (await add(label)).body.item;
    const second = (await add({ ...label, customText: 'VALVE 8' })).body.item;
    const changed = await Promise.all([
      app.request('PUT', `/api/cart/${first.id}`, { body: { quantity: 3 }, sessionId: ALICE }),
      app.request('PUT', `/api/cart/${second.id}`, { body: { quantity: 5 }, sessionId: ALICE }),
    ]);
    expect(changed.map((response) => response.status)).toEqual([200, 200]);
    expect((await cart()).items.map((item: { quantity: number }) => item.quantity)).toEqual([3, 5]);
  });

  it('when an order’s lines leave the cart while another tab adds a label, then the added label stays', async () => {
    const ordered = (await add(label)).body.item;
    await add({ ...label, customText: 'VALVE 8' }); // after the order was placed: the cart changed
    const order = {
      items: [{ lineId: ordered.id, quantity: 1, productConfig: ordered.productConfig, files: [] }],
      discountCode: null,
    };
    await Promise.all([
      clearOrderedLines({ sessionId: ALICE }, order),
      add({ ...label, customText: 'VALVE 9' }),
    ]);
    expect((await texts()).sort()).toEqual(['VALVE 8', 'VALVE 9']);
  });
});

describe('how many labels a line holds', () => {
  it('when a line would hold more than 10,000 labels, then 400 on quantity pointing to a quote, and the cart is unchanged', async () => {
    const message = 'A line holds at most 10,000 labels. For more, ask us for a quote.';
    const most = await add({ ...label, quantity: 10_000 });
    expect(most.status).toBe(201);
    expect(most.body.item.totalPrice).toBe(41_600);

    const tooMany = await add({ ...label, customText: 'OTHER', quantity: 10_001 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ message, errors: [{ path: 'quantity', message }] });

    const merged = await add({ ...label, quantity: 1 });
    expect(merged.status).toBe(400);
    const mergedMessage = `Your cart already has 10,000 of this label. ${message}`;
    expect(merged.body).toEqual({
      message: mergedMessage,
      errors: [{ path: 'quantity', message: mergedMessage }],
    });

    const changed = await app.request('PUT', `/api/cart/${most.body.item.id}`, {
      body: { quantity: 10_001 },
      sessionId: ALICE,
    });
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toEqual([{ path: 'quantity', message }]);
    expect((await cart()).items.map((item: { quantity: number }) => item.quantity)).toEqual([
      10_000,
    ]);
  });
});

describe('two sessions', () => {
  it("cannot see or change each other's carts", async () => {
    const alices = (await add({ ...label, quantity: 2 })).body.item;
    await add({ ...label, material: 'indoor' }, BOB);

    expect((await cart(ALICE)).items.map((item: { id: string }) => item.id)).toEqual([alices.id]);
    expect((await cart(BOB)).items.map((item: { id: string }) => item.id)).not.toContain(alices.id);

    const put = await app.request('PUT', `/api/cart/${alices.id}`, {
      body: { quantity: 50 },
      sessionId: BOB,
    });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ message: 'Cart item not found' });
    const del = await app.request('DELETE', `/api/cart/${alices.id}`, { sessionId: BOB });
    expect(del.status).toBe(404);

    expect((await cart(ALICE)).items).toEqual([alices]);
  });
});

describe('bad input', () => {
  it('when x-session-id is missing or malformed, then 400 and nothing is read or written', async () => {
    const missing = await app.request('GET', '/api/cart', { sessionId: null });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      message: 'x-session-id header is required',
      errors: [{ path: 'x-session-id', message: 'x-session-id header is required' }],
    });
    const malformed = await add(label, 'guest-1-x');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('x-session-id header is malformed');
    expect(await CartModel.countDocuments()).toBe(0);
  });

  it('when the configuration is invalid, then 400 naming the field and the cart is unchanged', async () => {
    const response = await add({ ...label, width: 12 });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'width', message: 'Width must be at most 9 inches' },
    ]);
    expect((await cart()).items).toEqual([]);
  });

  it.each([
    [{ quantity: 0 }, 'Quantity must be at least 1'],
    [{ quantity: 2.5 }, 'Quantity must be a whole number'],
    [{ quantity: '3' }, 'Quantity must be a number'],
    [{}, 'Quantity must be a number'],
  ])(
    'when the new quantity is %j, then 400 and the item keeps its quantity',
    async (body, message) => {
      const { id } = (await add(label)).body.item;
      const response = await app.request('PUT', `/api/cart/${id}`, { body, sessionId: ALICE });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([{ path: 'quantity', message }]);
      expect((await cart()).items[0].quantity).toBe(1);
    },
  );

  it('when the id is not an ObjectId (or an operator), then 400, not 500', async () => {
    await add(label);
    for (const id of ['123', 'zzzzzzzzzzzzzzzzzzzzzzzz', encodeURIComponent('{"$gt":""}')]) {
      const put = await app.request('PUT', `/api/cart/${id}`, {
        body: { quantity: 2 },
        sessionId: ALICE,
      });
      expect(put.status).toBe(400);
      expect(put.body.errors).toEqual([{ path: 'id', message: 'Invalid id' }]);
      expect((await app.request('DELETE', `/api/cart/${id}`, { sessionId: ALICE })).status).toBe(
        400,
      );
    }
    expect((await cart()).items).toHaveLength(1);
  });

  it('when the body is malformed JSON, too large or carries operators, then 4xx and nothing is added', async () => {
    expect((await add('{"material":' as unknown as object)).status).toBe(400);
    expect((await add({ ...label, customText: 'x'.repeat(150_000) })).status).toBe(413);
    const injected = await add({ ...label, customText: { $gt: '' } });
    expect(injected.status).toBe(400);
    expect((await add({ ...label, customText: 'x'.repeat(501) })).body.errors).toEqual([
      { path: 'customText', message: 'Custom text must be at most 500 characters' },
    ]);
    expect(await CartModel.countDocuments()).toBe(0);
  });

  it('when zipCode is given twice (an array), then 400', async () => {
    const response = await app.request('GET', '/api/cart?zipCode=60601&zipCode=10001', {
      sessionId: ALICE,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ path: 'zipCode', message: 'ZIP code must be text' }]);
  });
});

describe('tax in the cart answer', () => {
  // phenolic 3 x 2 adhesive x 10 = 10 x 4.94 = $49.40
  beforeEach(async () => {
    await add({ ...label, quantity: 10 });
  });

  it.each([
    ['60601', 'IL', 3.09, 52.49], // 4940 x 0.0625 = 308.75 -> 309
    ['10001-1234', 'NY', 4.38, 53.78], // 4940 x 0.08875 = 438.425 -> 438 (TAX_RATES replaced the default 4%)
    ['M5V 2T6', 'ON', 6.42, 55.82], // 4940 x 0.13 = 642.2 -> 642
    ['m5v2t6', 'ON', 6.42, 55.82],
    ['53703', 'WI', 0, 49.4], // in the default table, not in TAX_RATES: named, not collected
    ['75001', 'TX', 0, 49.4],
    ['V6B 1A1', 'BC', 0, 49.4],
    ['abc', null, 0, 49.4],
    ['', null, 0, 49.4],
  ])('zipCode %s: region %s, tax %s, total %s', async (zipCode, region, amount, total) => {
    const body = await cart(ALICE, `?zipCode=${encodeURIComponent(zipCode)}`);
    expect(body.tax).toEqual({ region, amount });
    expect(body.total).toBe(total);
  });

  it('tax applies to the subtotal after the discount', async () => {
    await discount({ code: 'SAVE5', type: 'fixed', amountOffCents: 500 });
    await app.request('POST', '/api/cart/session', {
      body: { discountCode: 'SAVE5' },
      sessionId: ALICE,
    });
    const body = await cart(ALICE, '?zipCode=60601');
    // (4940 - 500) x 0.0625 = 277.5 -> 278
    expect(body).toMatchObject({
      subtotal: 49.4,
      discount: { code: 'SAVE5', amount: 5 },
      tax: { region: 'IL', amount: 2.78 },
      total: 47.18,
    });
  });
});

describe('the cart session and its discount', () => {
  it('when nothing was applied, then GET answers nulls', async () => {
    const response = await app.request('GET', '/api/cart/session', { sessionId: ALICE });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ discountCode: null, discountAmount: null, discountData: null });
  });

  it('when a code is saved, then the server works out amount and data (what the browser sent is ignored)', async () => {
    await discount({ code: 'WELCOME10', percentOff: 10, description: '10% off your order' });
    await add({ ...label, quantity: 5 }); // $26.00
    const saved = await app.request('POST', '/api/cart/session', {
      sessionId: ALICE,
      body: { discountCode: 'welcome10', discountAmount: 999, discountData: { hacked: true } },
    });
    expect(saved.status).toBe(200);
    const expected = {
      discountCode: 'WELCOME10',
      discountAmount: 2.6,
      discountData: {
        code: 'WELCOME10',
        description: '10% off your order',
        type: 'percentage',
        value: 10,
      },
    };
    expect(saved.body).toEqual(expected);
    expect((await app.request('GET', '/api/cart/session', { sessionId: ALICE })).body).toEqual(
      expected,
    );
    expect(await cart()).toMatchObject({
      subtotal: 26,
      discount: { code: 'WELCOME10', description: '10% off your order', amount: 2.6 },
      total: 23.4,
    });
  });

  it('when nulls are posted, then the discount is cleared', async () => {
    await discount({ code: 'WELCOME10', percentOff: 10 });
    await add(label);
    await app.request('POST', '/api/cart/session', {
      sessionId: ALICE,
      body: { discountCode: 'WELCOME10' },
    });
    const cleared = await app.request('POST', '/api/cart/session', {
      sessionId: ALICE,
      body: { discountCode: null, discountAmount: null, discountData: null },
    });
    expect(cleared.body).toEqual({ discountCode: null, discountAmount: null, discountData: null });
    expect((await cart()).discount).toBeNull();
  });

  it('when the code cannot be used on this cart, then 400 with the reason and the session is unchanged', async () => {
    await discount({ code: 'SAVE5', type: 'fixed', amountOffCents: 500, minimumOrderCents: 2500 });
    await add(label); // $5.20
    const cartBefore = await CartModel.findOne({}).lean().exec();
    const response = await app.request('POST', '/api/cart/session', {
      sessionId: ALICE,
      body: { discountCode: 'SAVE5' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'discountCode', message: 'This discount code needs an order of at least $25.00' },
    ]);
    expect(await CartModel.find({}).lean().exec()).toEqual([cartBefore]);
    // A code that does not exist, or has ended, is refused without reading the cart.
    await discount({
      code: 'GONE',
      type: 'fixed',
      amountOffCents: 100,
      expiresAt: new Date(Date.now() - 60_000),
    });
    for (const [code, message] of [
      ['NOPE', 'This discount code is not valid'],
      ['GONE', 'This discount code has expired'],
    ]) {
      let refused: Awaited<ReturnType<typeof app.request>> | undefined;
      const cartCommands = await commandsOn('carts', async () => {
        refused = await app.request('POST', '/api/cart/session', {
          sessionId: ALICE,
          body: { discountCode: code },
        });
      });
      expect(cartCommands).toEqual([]);
      expect(refused!.body.message).toBe(message);
    }
  });

  it('when a removal takes the subtotal under the minimum, then the discount goes and the DELETE answer says so', async () => {
    await discount({ code: 'SAVE5', type: 'fixed', amountOffCents: 500, minimumOrderCents: 2500 });
    const big = (await add({ ...label, quantity: 5 })).body.item; // $26.00
    await add({ ...label, material: 'indoor', width: 1, height: 1, mounting: 'no-mounting' }); // $2.35
    await app.request('POST', '/api/cart/session', {
      sessionId: ALICE,
      body: { discountCode: 'SAVE5' },
    });
    expect((await cart()).discount).toEqual({ code: 'SAVE5', description: '$5.00 off', amount: 5 });

    const removed = await app.request('DELETE', `/api/cart/${big.id}`, { sessionId: ALICE });
    const notice = {
      code: 'SAVE5',
      message: 'This discount code needs an order of at least $25.00',
    };
    expect(removed.body).toMatchObject({
      id: big.id,
      subtotal: 2.35,
      discount: null,
      total: 2.35,
      discountRemoved: notice,
    });

    // The code is gone from the session: reads show no discount and name nothing.
    const after = await cart();
    expect(after).toMatchObject({ subtotal: 2.35, discount: null, total: 2.35 });
    expect(after.discountRemoved).toBeUndefined();
    expect(
      (await app.request('GET', '/api/cart/session', { sessionId: ALICE })).body.discountCode,
    ).toBeNull();
  });

  it('when a quantity change drops the subtotal under the minimum, then the PUT answer says so', async () => {
    await discount({ code: 'SAVE5', type: 'fixed', amountOffCents: 500, minimumOrderCents: 2500 });
    const { id } = (await add({ ...label, quantity: 5 })).body.item;
    await app.request('POST', '/api/cart/session', {
      sessionId: ALICE,
      body: { discountCode: 'SAVE5' },
    });
    const put = await app.request('PUT', `/api/cart/${id}`, {
      sessionId: ALICE,
      body: { quantity: 1 },
    });
    expect(put.body.discountRemoved).toEqual({
      code: 'SAVE5',
      message: 'This discount code needs an order of at least $25.00',
    });
  });

  it('when the code is switched off after it was applied, then cart reads name it and write nothing, until the shopper clears it', async () => {
    await discount({ code: 'WELCOME10', percentOff: 10 });
    await add(label);
    await app.request('POST', '/api/cart/session', {
      sessionId: ALICE,
      body: { discountCode: 'WELCOME10' },
    });
    await DiscountCodeModel.updateOne({ code: 'WELCOME10' }, { isActive: false });
    const cartBefore = await CartModel.findOne({}).lean().exec();
    const notice = { code: 'WELCOME10', message: 'This discount code is no longer active' };
    for (let read = 0; read < 2; read += 1) {
      const body = await cart();
      expect(body.discount).toBeNull();
      expect(body.total).toBe(5.2);
      expect(body.discountRemoved).toEqual(notice);
    }
    expect(
      (await app.request('GET', '/api/cart/session', { sessionId: ALICE })).body.discountCode,
    ).toBeNull();
    // A read changes nothing stored: the cart document is as it was, to the updatedAt.
    expect(await CartModel.findOne({}).lean().exec()).toEqual(cartBefore);

    await app.request('POST', '/api/cart/session', {
      sessionId: ALICE,
      body: { discountCode: null },
    });
    expect((await cart()).discountRemoved).toBeUndefined();
  });

  it('when a percentage code is applied, then its amount follows the subtotal as the cart changes', async () => {
    await discount({ code: 'WELCOME10', percentOff: 10 });
    const { id } = (await add(label)).body.item;
    await app.request('POST', '/api/cart/session', {
      sessionId: ALICE,
      body: { discountCode: 'WELCOME10' },
    });
    await app.request('PUT', `/api/cart/${id}`, { sessionId: ALICE, body: { quantity: 2 } });
    expect((await cart()).discount.amount).toBe(1.04);
    expect(
      (await app.request('GET', '/api/cart/session', { sessionId: ALICE })).body.discountAmount,
    ).toBe(1.04);
  });

  it('when a fixed discount is bigger than the subtotal, then the total is 0, not negative', async () => {
    await discount({ code: 'TENOFF', type: 'fixed', amountOffCents: 1000 });
    await add(label); // $5.20
    await app.request('POST', '/api/cart/session', {
      sessionId: ALICE,
      body: { discountCode: 'TENOFF' },
    });
    expect(await cart(ALICE, '?zipCode=60601')).toMatchObject({
      subtotal: 5.2,
      discount: { code: 'TENOFF', amount: 5.2 },
      tax: { region: 'IL', amount: 0 },
      total: 0,
    });
  });

  it("one session's discount is not another's", async () => {
    await discount({ code: 'WELCOME10', percentOff: 10 });
    await add(label);
    await add(label, BOB);
    await app.request('POST', '/api/cart/session', {
      sessionId: ALICE,
      body: { discountCode: 'WELCOME10' },
    });
    expect((await cart(BOB)).discount).toBeNull();
  });

  it('when the session body has wrong types, then 400', async () => {
    const response = await app.request('POST', '/api/cart/session', {
      sessionId: ALICE,
      body: { discountCode: 5 },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'discountCode', message: 'Discount code must be text' },
    ]);
  });
});

describe('what the order and account modules use', () => {
  it('mergeGuestCartIntoCustomer moves items and discount to the customer, seen from any of their sessions', async () => {
    await discount({ code: 'WELCOME10', percentOff: 10 });
    await add({ ...label, quantity: 2 });
    await app.request('POST', '/api/cart/session', {
      sessionId: ALICE,
      body: { discountCode: 'WELCOME10' },
    });

    await mergeGuestCartIntoCustomer(ALICE, CUSTOMER.id);
    await mergeGuestCartIntoCustomer(ALICE, CUSTOMER.id); // twice is harmless

    const lines = await listCartLines({ sessionId: BOB, customerId: CUSTOMER.id });
    expect(lines).toEqual([
      {
        id: expect.any(String),
        productConfig: {
          ...SAMPLE_PRODUCT_CONFIG,
          customText: 'VALVE 7',
          // A plain label: no series, code or spreadsheet rows.
          series: null,
          code: null,
          rows: null,
        },
        files: [],
        quantity: 2,
        unitCents: 520,
        totalCents: 1040,
        createdAt: expect.any(Date),
      },
    ]);
    expect(await readCartSession({ sessionId: BOB, customerId: CUSTOMER.id })).toEqual({
      discountCode: 'WELCOME10',
      discountAmount: 1.04,
      discountData: { code: 'WELCOME10', description: '10% off', type: 'percentage', value: 10 },
    });
    // The guest session no longer has them.
    expect(await cart(ALICE)).toMatchObject({ items: [], discount: null });
    expect(await CartModel.findById(`guest:${ALICE}`).lean().exec()).toBeNull();

    // Over HTTP as the signed-in customer, from any session.
    const response = await app.request('GET', '/api/as-customer/cart', { sessionId: BOB });
    expect(response.body).toMatchObject({
      itemCount: 2,
      subtotal: 10.4,
      discount: { code: 'WELCOME10', amount: 1.04 },
    });

    const ordered = await listCartLines({ sessionId: BOB, customerId: CUSTOMER.id });
    await clearOrderedLines(
      { sessionId: BOB, customerId: CUSTOMER.id },
      {
        // As an order item stores its line, its configuration's keys in an order of their own: the
        // same values are the same line.
        items: ordered.map(({ id, quantity, files, productConfig }) => ({
          lineId: id,
          quantity,
          files,
          productConfig: {
            customText: productConfig.customText,
            mounting: productConfig.mounting,
            color: productConfig.color,
            height: productConfig.height,
            width: productConfig.width,
            material: productConfig.material,
          },
        })),
        discountCode: 'WELCOME10',
      },
    );
    expect(await listCartLines({ sessionId: ALICE, customerId: CUSTOMER.id })).toEqual([]);
    // Nothing left in the cart: no lines, no code, no document.
    expect(await CartModel.findById(`customer:${CUSTOMER.id}`).lean().exec()).toBeNull();
  });

  it("a customer's items added while signed in are theirs, and not the guest session's after sign-out", async () => {
    const added = await app.request('POST', '/api/as-customer/cart', {
      sessionId: ALICE,
      body: label,
    });
    expect(added.status).toBe(201);
    expect(
      (await app.request('GET', '/api/as-customer/cart', { sessionId: BOB })).body.itemCount,
    ).toBe(1);
    expect((await cart(ALICE)).items).toEqual([]);
    expect(
      (await app.request('DELETE', `/api/cart/${added.body.item.id}`, { sessionId: ALICE })).status,
    ).toBe(404);
  });
});

describe('signing in with a guest cart', () => {
  const texts = (items: Array<{ productConfig: { customText: string } }>) =>
    items.map((item) => item.productConfig.customText);
  const numbered = (prefix: string, from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, n) => `${prefix} ${from + n}`);
  async function fill(agent: TestAgent, prefix: string, count: number) {
    for (const customText of numbered(prefix, 1, count)) await addToCart(agent, { customText });
  }
  const signIn = async (agent: TestAgent, email: string) => {
    const response = await agent.request('POST', '/api/auth/login', {
      body: { email, password: PASSWORD },
    });
    expect(response.status, response.text).toBe(200);
  };
  /** The browser's guest cart, as it reads signed out (x-session-id alone, no session cookie). */
  const guestCart = async (agent: TestAgent) => cart(agent.sessionId);

  it(`when the customer's cart and the guest's each hold ${MAX_CART_LINES} lines, then sign-in keeps the customer's at ${MAX_CART_LINES}, the guest's stay in the guest cart, and one more is refused`, async () => {
    const email = uniqueEmail('full-cart');
    const customer = app.agent();
    await register(customer, { email });
    await fill(customer, 'CUSTOMER', MAX_CART_LINES);
    const browser = app.agent();
    await fill(browser, 'GUEST', MAX_CART_LINES);

    await signIn(browser, email);
    const signedIn = (await browser.request('GET', '/api/cart')).body;
    expect(texts(signedIn.items)).toEqual(numbered('CUSTOMER', 1, MAX_CART_LINES));
    const more = await browser.request('POST', '/api/cart', { body: label });
    expect(more.status).toBe(409);
    expect(more.body).toEqual({ message: CART_FULL_MESSAGE });
    expect(texts((await guestCart(browser)).items)).toEqual(numbered('GUEST', 1, MAX_CART_LINES));

    // Signing in again, from this browser or with a fresh guest cart, adds nothing past the limit.
    await signIn(browser, email);
    const another = app.agent();
    await fill(another, 'ANOTHER', 3);
    await signIn(another, email);
    expect((await browser.request('GET', '/api/cart')).body.items).toHaveLength(MAX_CART_LINES);
    expect((await guestCart(browser)).items).toHaveLength(MAX_CART_LINES);
    expect(texts((await guestCart(another)).items)).toEqual(numbered('ANOTHER', 1, 3));
  });

  it("when the guest cart holds a label the customer's cart holds, then sign-in makes one line of both quantities priced at the break they reach, once; other labels, and quantities past a line's limit, stay lines of their own", async () => {
    const email = uniqueEmail('same-label');
    const customer = app.agent();
    await register(customer, { email });
    await addToCart(customer, { customText: 'VALVE 7', quantity: 6 });
    await addToCart(customer, { customText: 'PUMP 2', quantity: MAX_LINE_QUANTITY - 1 });
    const browser = app.agent();
    await addToCart(browser, { customText: 'VALVE 7', quantity: 5 });
    await addToCart(browser, { customText: 'PUMP 2', quantity: 2 });
    await addToCart(browser, { customText: 'TANK 1', quantity: 1 });
    const guestCartBefore = await CartModel.findById(`guest:${browser.sessionId}`).lean().exec();

    await signIn(browser, email);
    type Line = { productConfig: { customText: string } } & Record<
      'quantity' | 'unitPrice' | 'totalPrice',
      number
    >;
    const lines = (body: { items: Line[] }) =>
      body.items.map(({ productConfig, quantity, unitPrice, totalPrice }) => ({
        text: productConfig.customText,
        quantity,
        unitPrice,
        totalPrice,
      }));
    const expected = [
      // 11 labels reach the 10-label break: $5.20 less 5%.
      { text: 'VALVE 7', quantity: 11, unitPrice: 4.94, totalPrice: 54.34 },
      { text: 'PUMP 2', quantity: MAX_LINE_QUANTITY - 1, unitPrice: 4.16, totalPrice: 41_595.84 },
      { text: 'PUMP 2', quantity: 2, unitPrice: 5.2, totalPrice: 10.4 },
      { text: 'TANK 1', quantity: 1, unitPrice: 5.2, totalPrice: 5.2 },
    ];
    expect(lines((await browser.request('GET', '/api/cart')).body)).toEqual(expected);

    // A merge stopped after the customer's cart was written and before the guest's went, run again:
    // the joined label is not added twice.
    await CartModel.create(guestCartBefore!);
    const { id } = (await customer.request('GET', '/api/auth/me')).body;
    await mergeGuestCartIntoCustomer(browser.sessionId, id);
    expect(lines((await browser.request('GET', '/api/cart')).body)).toEqual(expected);
    expect(await CartModel.findById(`guest:${browser.sessionId}`).lean().exec()).toBeNull();
  });

  it('when only some guest lines fit, then the oldest join the customer and the rest are in the guest cart after signing out', async () => {
    const email = uniqueEmail('nearly-full');
    const customer = app.agent();
    await register(customer, { email });
    await fill(customer, 'CUSTOMER', MAX_CART_LINES - 2);
    const browser = app.agent();
    await fill(browser, 'GUEST', 5);

    await signIn(browser, email);
    const signedIn = (await browser.request('GET', '/api/cart')).body;
    expect(texts(signedIn.items)).toEqual([
      ...numbered('CUSTOMER', 1, MAX_CART_LINES - 2),
      ...numbered('GUEST', 1, 2),
    ]);
    expect(texts((await guestCart(browser)).items)).toEqual(numbered('GUEST', 3, 5));

    expect((await browser.request('POST', '/api/auth/logout')).status).toBe(204);
    expect(texts((await browser.request('GET', '/api/cart')).body.items)).toEqual(
      numbered('GUEST', 3, 5),
    );
  });
});

describe("a guest's abandoned cart", () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const abandonedAfterOf = async (key: string) =>
    (await CartModel.findById(key).lean())?.abandonedAfter ?? null;

  it(`is removed ${GUEST_CART_KEPT_DAYS} days after its last change, its start kept for the funnel; a customer's cart and a guest's changed since stay`, async () => {
    const before = Date.now();
    expect((await add(label)).status).toBe(201);
    const ends = await abandonedAfterOf(`guest:${ALICE}`);
    expect(ends!.getTime()).toBeGreaterThanOrEqual(before + GUEST_CART_KEPT_DAYS * DAY_MS);
    const started = (await CartModel.findById(`guest:${ALICE}`).lean())!.startedBy!;
    expect(
      (await app.request('POST', '/api/as-customer/cart', { body: label, sessionId: BOB })).status,
    ).toBe(201);
    expect(await abandonedAfterOf(`customer:${CUSTOMER.id}`)).toBeNull();

    // Bob's guest cart is changed a day later: it lives on from then.
    expect((await add(label, BOB)).status).toBe(201);
    await CartModel.updateOne(
      { _id: `guest:${BOB}` },
      { $set: { abandonedAfter: new Date(ends!.getTime() + DAY_MS) } },
    );

    expect(await removeAbandonedGuestCarts(new Date(ends!.getTime() - 1), 100)).toBe(0);
    expect(await removeAbandonedGuestCarts(ends!, 100)).toBe(1);
    expect(await CartModel.findById(`guest:${ALICE}`).lean()).toBeNull();
    expect(await CartModel.findById(`guest:${BOB}`).lean()).not.toBeNull();
    expect(await CartModel.findById(`customer:${CUSTOMER.id}`).lean()).not.toBeNull();
    expect(await CartStartModel.findById(started).lean()).not.toBeNull();
    expect(await cart()).toMatchObject({ items: [], itemCount: 0 });
  });

  it('written before carts had an end, gets one counted from the next start, once', async () => {
    expect((await add(label)).status).toBe(201);
    await CartModel.updateOne({ _id: `guest:${ALICE}` }, { $unset: { abandonedAfter: 1 } });
    const now = new Date();
    expect(await giveGuestCartsAnEnd(now)).toBe(1);
    expect(await abandonedAfterOf(`guest:${ALICE}`)).toEqual(
      new Date(now.getTime() + GUEST_CART_KEPT_DAYS * DAY_MS),
    );
    expect(await giveGuestCartsAnEnd(now)).toBe(0);
  });
});
