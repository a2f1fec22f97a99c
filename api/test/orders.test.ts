// Orders (docs/product.md sections 3, 5, 7; docs/design.md sections 4 and 5a): the server turns the session's cart
// into an order from its own data, with the checkout's rules and messages and a gap-free order number.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  checkoutMessages,
  formatDollars,
  orderHistorySchema,
  priceLabel,
  totalChangedMessage,
} from '@shop/contracts';
import { CartModel } from '../src/modules/cart/model';
import { OrderModel } from '../src/modules/orders/model';
import {
  EARLIER_CHECKOUT_PAID_MESSAGE,
  EARLIER_PAYMENT_IN_PROGRESS_MESSAGE,
  REPLACED_CHECKOUT_NOTE,
} from '../src/modules/orders/placing';
import { trusted } from '../src/platform/db';
import { quoteShipping } from '../src/modules/shipping/shipping';
import { taxFor } from '../src/modules/tax/tax';
import {
  addToCart,
  customerInfo,
  pay,
  placeOrder,
  register,
  registerAdmin,
} from './support/shop-flows';
import { commandsOn, startTestApp, type TestAgent, type TestApp } from './support/test-app';

/**
 * Runs once, right after a placing next reads the owner's earlier checkouts (the repository's
 * findOpenPlacingsOf), before it goes on: what another tab does in between.
 */
const afterEarlierCheckoutsRead = vi.hoisted(() => ({ run: null as null | (() => Promise<void>) }));
vi.mock('../src/modules/orders/repository', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/modules/orders/repository')>();
  return {
    ...actual,
    async findOpenPlacingsOf(ownerKey: string) {
      const found = await actual.findOpenPlacingsOf(ownerKey);
      const run = afterEarlierCheckoutsRead.run;
      afterEarlierCheckoutsRead.run = null;
      await run?.();
      return found;
    },
  };
});

/**
 * Runs once, right after the next check of a discount code (discounts' evaluateDiscount), before the
 * caller goes on: what another tab does in between.
 */
const afterNextCodeCheck = vi.hoisted(() => ({ run: null as null | (() => Promise<void>) }));
vi.mock('../src/modules/discounts/discounts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/modules/discounts/discounts')>();
  return {
    ...actual,
    async evaluateDiscount(...args: Parameters<typeof actual.evaluateDiscount>) {
      const evaluated = await actual.evaluateDiscount(...args);
      const run = afterNextCodeCheck.run;
      afterNextCodeCheck.run = null;
      await run?.();
      return evaluated;
    },
  };
});

const NY_RATE = 0.08875;
let app: TestApp;
let admin: TestAgent;
beforeAll(async () => {
  app = await startTestApp({ TAX_RATES: JSON.stringify({ NY: NY_RATE }) });
  admin = app.agent();
  await registerAdmin(admin);
});
afterAll(async () => {
  await app?.close();
});

function checkout(agent: TestAgent, body: unknown) {
  return agent.request('POST', '/api/orders', { body });
}

async function createCode(fields: Record<string, unknown>) {
  const response = await admin.request('POST', '/api/admin/discount-codes', {
    body: { type: 'percentage', value: 10, description: 'Ten off', ...fields },
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function applyCode(agent: TestAgent, code: string) {
  const response = await agent.request('POST', '/api/cart/session', {
    body: { discountCode: code },
  });
  expect(response.status, response.text).toBe(200);
}

describe('POST /api/orders', () => {
  it('when a guest checks out, then the order is priced by the server and numbered from 1000', async () => {
    const agent = app.agent();
    await addToCart(agent); // phenolic 3x2 adhesive: $5.20
    await addToCart(agent, {
      material: 'indoor',
      width: 4,
      height: 4,
      mounting: 'no-mounting',
      quantity: 10,
    });

    const response = await checkout(agent, {
      customerInfo: customerInfo(),
      notes: 'Leave at dock 4',
    });
    expect(response.status).toBe(201);

    const lines = [
      {
        material: 'phenolic' as const,
        width: 3,
        height: 2,
        mounting: 'adhesive' as const,
        quantity: 1,
      },
      {
        material: 'indoor' as const,
        width: 4,
        height: 4,
        mounting: 'no-mounting' as const,
        quantity: 10,
      },
    ];
    const subtotalCents = lines.reduce((sum, line) => sum + priceLabel(line).subtotalCents, 0);
    const shippingCents = quoteShipping(lines, '10001').chargeCents;
    const taxCents = taxFor('10001', subtotalCents, { NY: NY_RATE }).amountCents;
    expect(taxCents).toBeGreaterThan(0);
    expect(response.body).toEqual({
      orderId: expect.stringMatching(/^[0-9a-f]{24}$/),
      orderNumber: 1000,
      total: (subtotalCents + shippingCents + taxCents) / 100,
    });

    const order = await OrderModel.findById(response.body.orderId).lean();
    expect(order).toMatchObject({
      orderNumber: 1000,
      sessionId: agent.sessionId,
      customerId: null,
      guestEmail: 'ann@example.com',
      status: 'pending_payment',
      paymentStatus: 'unpaid',
      subtotalCents,
      discountCode: null,
      discountCents: 0,
      shippingCents,
      taxCents,
      taxRegion: 'NY',
      totalCents: subtotalCents + shippingCents + taxCents,
      notes: 'Leave at dock 4',
      paymentId: null,
    });
    expect(order?.customerInfo).toMatchObject({ street: '12 Main St', zipCode: '10001' });
    expect(
      order?.items.map((item) => [item.productConfig.material, item.quantity, item.unitCents]),
    ).toEqual([
      ['phenolic', 1, 520],
      ['indoor', 10, priceLabel(lines[1]!).unitCents],
    ]);
  });

  it('when the browser sends prices, totals, a discount or a status, then they are ignored', async () => {
    const agent = app.agent();
    await addToCart(agent);
    const response = await checkout(agent, {
      customerInfo: customerInfo(),
      total: 0.01,
      subtotal: 0.01,
      discountAmount: 500,
      discountCode: 'FREE',
      shipping: 0,
      tax: 0,
      status: 'completed',
      paymentStatus: 'paid',
      orderNumber: 1,
      items: [{ productConfig: {}, quantity: 1000, totalPrice: 0 }],
    });
    expect(response.status).toBe(201);
    const order = await OrderModel.findById(response.body.orderId).lean();
    expect(order).toMatchObject({
      subtotalCents: 520,
      discountCents: 0,
      discountCode: null,
      status: 'pending_payment',
      paymentStatus: 'unpaid',
    });
    expect(order?.items).toHaveLength(1);
    expect(order?.orderNumber).toBeGreaterThanOrEqual(1000);
    expect(response.body.total).toBe(order!.totalCents / 100);
  });

  it('when the cart is empty, then 400 and no order', async () => {
    const agent = app.agent();
    const before = await OrderModel.countDocuments();
    const response = await checkout(agent, { customerInfo: customerInfo() });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Your cart is empty');
    expect(await OrderModel.countDocuments()).toBe(before);
  });

  it('when required fields are missing, then 400 "Please fill in: ..." with each field named', async () => {
    const agent = app.agent();
    await addToCart(agent);
    const response = await checkout(agent, {
      customerInfo: customerInfo({ firstName: '', phone: '  ', company: undefined, zipCode: '' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'Please fill in: First Name, Phone Number, Company, ZIP/Postal Code',
    );
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'customerInfo.firstName', message: 'First Name is required.' },
        { path: 'customerInfo.zipCode', message: checkoutMessages.zipRequired },
      ]),
    );
  });

  it('when the body has no customer info at all, then every required field is named', async () => {
    const agent = app.agent();
    await addToCart(agent);
    const response = await checkout(agent, {});
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'Please fill in: First Name, Last Name, Phone Number, Email Address, Company, Street Address, City, State, ZIP/Postal Code',
    );
    expect(response.body.errors).toContainEqual({
      path: 'customerInfo.email',
      message: checkoutMessages.emailRequired,
    });
  });

  it.each([
    [{ email: 'ann@example' }, checkoutMessages.emailInvalid, 'customerInfo.email'],
    [
      { street: '12 Main St <script>' },
      checkoutMessages.addressInvalidCharacters,
      'customerInfo.street',
    ],
    [{ street: 'Main Street' }, checkoutMessages.addressNeedsNumber, 'customerInfo.street'],
    [{ zipCode: '1000' }, checkoutMessages.zipInvalid, 'customerInfo.zipCode'],
    [{ zipCode: 'ABC 123' }, checkoutMessages.zipInvalid, 'customerInfo.zipCode'],
  ])('when %o, then 400 with the spec’s message', async (change, message, path) => {
    const agent = app.agent();
    await addToCart(agent);
    const response = await checkout(agent, { customerInfo: customerInfo(change) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message, errors: [{ path, message }] });
  });

  it('when the ZIP is Canadian, then the order is made (shipping to Canada, no NY tax)', async () => {
    const agent = app.agent();
    await addToCart(agent);
    const response = await checkout(agent, {
      customerInfo: customerInfo({
        street: '5 Rue Saint-André',
        city: 'Montréal',
        state: 'QC',
        zipCode: 'H2X 1Y4',
      }),
    });
    expect(response.status).toBe(201);
    const order = await OrderModel.findById(response.body.orderId).lean();
    expect(order?.taxCents).toBe(0);
    expect(order?.shippingCents).toBeGreaterThan(0);
  });

  it.each(['M5V 3O9', 'D1A 1A1', 'K1A 0U1', 'W1A 1A1', 'Z0A 1A1'])(
    'when the Canadian postal code is %s (a letter Canada Post never uses there), then 400 on the ZIP with the spec’s message, no quote, and nothing placed',
    async (zipCode) => {
      const agent = app.agent();
      await addToCart(agent);
      const ordersBefore = await OrderModel.countDocuments();
      const cartBefore = await agent.request('GET', '/api/cart');
      const message = checkoutMessages.zipInvalid;
      const response = await checkout(agent, {
        customerInfo: customerInfo({ city: 'Toronto', state: 'ON', zipCode }),
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        message,
        errors: [{ path: 'customerInfo.zipCode', message }],
      });
      const quote = await agent.request('POST', '/api/checkout/quote', { body: { zipCode } });
      expect(quote.status).toBe(400);
      expect(quote.body).toEqual({ message, errors: [{ path: 'zipCode', message }] });
      expect(await OrderModel.countDocuments()).toBe(ordersBefore);
      expect((await agent.request('GET', '/api/cart')).body).toEqual(cartBefore.body);
    },
  );

  it.each(['m5v-3l9', 'M5V3L9'])(
    'when the Canadian postal code is written %s, then it is kept, taxed and shipped as "M5V 3L9"',
    async (zipCode) => {
      const agent = app.agent();
      await addToCart(agent);
      const canonical = await agent.request('POST', '/api/checkout/quote', {
        body: { zipCode: 'M5V 3L9' },
      });
      expect(canonical.status, canonical.text).toBe(200);
      expect(canonical.body.taxRegion).toBe('ON');
      const quote = await agent.request('POST', '/api/checkout/quote', { body: { zipCode } });
      expect(quote.status, quote.text).toBe(200);
      expect(quote.body).toEqual(canonical.body);
      const cart = await agent.request('GET', `/api/cart?zipCode=${encodeURIComponent(zipCode)}`);
      expect(cart.body.tax.region).toBe('ON');

      const response = await checkout(agent, {
        customerInfo: customerInfo({ city: 'Toronto', state: 'ON', zipCode }),
        expectedTotal: canonical.body.total,
      });
      expect(response.status, response.text).toBe(201);
      const order = await OrderModel.findById(response.body.orderId).lean();
      expect(order?.customerInfo.zipCode).toBe('M5V 3L9');
      expect(order?.taxRegion).toBe('ON');
      expect(order?.shippingCents).toBe(Math.round(canonical.body.shipping * 100));
      expect(order?.totalCents).toBe(Math.round(canonical.body.total * 100));
    },
  );

  it.each([
    '12345',
    '555 0100 call after 5',
    '+1 312 555 0100 0100 0100',
    'x123',
    '312--555--01o0',
  ])(
    'when the phone is %j (no number to dial), then 400 on the phone and nothing placed',
    async (phone) => {
      const agent = app.agent();
      await addToCart(agent);
      const ordersBefore = await OrderModel.countDocuments();
      const cartBefore = await agent.request('GET', '/api/cart');
      const response = await checkout(agent, { customerInfo: customerInfo({ phone }) });
      expect(response.status).toBe(400);
      const message = checkoutMessages.phoneInvalid;
      expect(message).toBe('Please enter a valid phone number (e.g., 312 555 0100).');
      expect(response.body).toEqual({ message, errors: [{ path: 'customerInfo.phone', message }] });
      expect(await OrderModel.countDocuments()).toBe(ordersBefore);
      expect((await agent.request('GET', '/api/cart')).body).toEqual(cartBefore.body);
    },
  );

  it.each(['+1 (312) 555-0100', '312.555.0100 ext. 42', '+44 20 7946 0958', '555-0100 x7'])(
    'when the phone is %j, then the order is placed with it as written',
    async (phone) => {
      const agent = app.agent();
      await addToCart(agent);
      const response = await checkout(agent, { customerInfo: customerInfo({ phone }) });
      expect(response.status, response.text).toBe(201);
      const order = await OrderModel.findById(response.body.orderId).lean();
      expect(order?.customerInfo.phone).toBe(phone);
    },
  );

  it.each([
    ['312\u00a0555\u00a00100', '312 555 0100'],
    ['+1\u202f(312)\u202f555\u20130100', '+1 (312) 555-0100'],
    ['\t312\u2007555\u20140100 ext.\u00a042\t', '312 555-0100 ext. 42'],
  ])(
    'when the phone is pasted as %j (Unicode spaces and dashes), then the order is placed with %j',
    async (phone, kept) => {
      const agent = app.agent();
      await addToCart(agent);
      const response = await checkout(agent, { customerInfo: customerInfo({ phone }) });
      expect(response.status, response.text).toBe(201);
      const order = await OrderModel.findById(response.body.orderId).lean();
      expect(order?.customerInfo.phone).toBe(kept);
    },
  );

  it.each([
    ['zero-width spaces', '312\u200b555\u200b0100', '3125550100'],
    ['a word joiner and a byte order mark', '\ufeff312\u2060 555 0100', '312 555 0100'],
    [
      'bidi marks and an isolate',
      '\u2066\u200e+1 (312) 555\u20130100\u200f\u2069',
      '+1 (312) 555-0100',
    ],
  ])(
    'when the phone is pasted with %s, then the order is placed with the number without them',
    async (_what, phone, kept) => {
      const agent = app.agent();
      await addToCart(agent);
      const response = await checkout(agent, { customerInfo: customerInfo({ phone }) });
      expect(response.status, response.text).toBe(201);
      const order = await OrderModel.findById(response.body.orderId).lean();
      expect(order?.customerInfo.phone).toBe(kept);
    },
  );

  it('when the ZIP is in another state than the State, then 400 on the ZIP naming both, and nothing is placed', async () => {
    const agent = app.agent();
    await addToCart(agent);
    const ordersBefore = await OrderModel.countDocuments();
    const cartBefore = await agent.request('GET', '/api/cart');
    const message =
      'ZIP/Postal Code 10001 is in New York (NY), not Illinois (IL). Please check the State and ZIP/Postal Code.';
    for (const state of ['IL', 'Illinois']) {
      const response = await checkout(agent, {
        customerInfo: customerInfo({ city: 'Chicago', state, zipCode: '10001' }),
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        message,
        errors: [{ path: 'customerInfo.zipCode', message }],
      });
    }
    const canadian = await checkout(agent, {
      customerInfo: customerInfo({ city: 'Vancouver', state: 'ON', zipCode: 'V6B 1A1' }),
    });
    expect(canadian.status).toBe(400);
    expect(canadian.body.message).toBe(
      'ZIP/Postal Code V6B 1A1 is in British Columbia (BC), not Ontario (ON). Please check the State and ZIP/Postal Code.',
    );
    expect(await OrderModel.countDocuments()).toBe(ordersBefore);
    expect((await agent.request('GET', '/api/cart')).body).toEqual(cartBefore.body);
  });

  it.each([
    [{ city: 'Chicago', state: 'IL', zipCode: '60601' }, 'IL'],
    [{ city: 'New York', state: 'new york', zipCode: '10001-2345' }, 'NY'],
    [{ city: 'Toronto', state: 'Ontario', zipCode: 'M5V 3L9' }, 'ON'],
    // A State the shop cannot place keeps working, taxed by the ZIP as before.
    [{ city: 'New York', state: 'Manhattan', zipCode: '10001' }, 'NY'],
    // A prefix serving both sides of a state line (Fishers Island, NY 06390) takes either state.
    [{ city: 'Fishers Island', state: 'NY', zipCode: '06390' }, 'CT'],
  ])(
    'when the State and ZIP agree (%o), then the order is placed with the ZIP’s tax region',
    async (change, region) => {
      const agent = app.agent();
      await addToCart(agent);
      const response = await checkout(agent, { customerInfo: customerInfo(change) });
      expect(response.status, response.text).toBe(201);
      const order = await OrderModel.findById(response.body.orderId).lean();
      expect(order?.taxRegion).toBe(region);
    },
  );

  it('when a body field name is an operator, then 400 before anything runs', async () => {
    const agent = app.agent();
    await addToCart(agent);
    const response = await checkout(agent, { customerInfo: { ...customerInfo(), $where: '1' } });
    expect(response.status).toBe(400);
  });

  it('when the cart has a discount code, then it is checked again and tax is on the discounted subtotal', async () => {
    await createCode({ code: 'TENOFF', value: 10 });
    const agent = app.agent();
    await addToCart(agent, { quantity: 10 }); // 10 x round(520 x 0.95) = 4940
    await applyCode(agent, 'TENOFF');
    const response = await checkout(agent, {
      customerInfo: customerInfo(),
      discountAmount: 49.4 * 2,
    });
    expect(response.status).toBe(201);
    const order = await OrderModel.findById(response.body.orderId).lean();
    const shippingCents = quoteShipping(
      [{ material: 'phenolic', width: 3, height: 2, quantity: 10 }],
      '10001',
    ).chargeCents;
    const taxCents = taxFor('10001', 4940 - 494, { NY: NY_RATE }).amountCents;
    expect(order).toMatchObject({
      subtotalCents: 4940,
      discountCode: 'TENOFF',
      discountCents: 494,
      taxCents,
      totalCents: 4940 - 494 + shippingCents + taxCents,
    });
  });

  it('when the cart’s code was switched off after it was applied, then 409 with the reason and no order', async () => {
    const code = await createCode({ code: 'GONESOON', value: 15 });
    const agent = app.agent();
    await addToCart(agent);
    await applyCode(agent, 'GONESOON');
    const off = await admin.request('PUT', `/api/admin/discount-codes/${code.id}`, {
      body: { isActive: false },
    });
    expect(off.status).toBe(200);
    const before = await OrderModel.countDocuments();
    const response = await checkout(agent, { customerInfo: customerInfo() });
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(
      /^The discount code GONESOON can no longer be used: .+ Remove it from your cart to continue\.$/,
    );
    expect(await OrderModel.countDocuments()).toBe(before);
  });

  it('when a code is applied in another tab while an order drops the code gone from the cart, then the new code stays on the cart', async () => {
    const code = await createCode({ code: 'OFFRACE', value: 15 });
    await createCode({ code: 'NEWRACE', value: 5 });
    const agent = app.agent();
    await addToCart(agent);
    await applyCode(agent, 'OFFRACE');
    expect(
      (
        await admin.request('PUT', `/api/admin/discount-codes/${code.id}`, {
          body: { isActive: false },
        })
      ).status,
    ).toBe(200);
    const quote = await agent.request('POST', '/api/checkout/quote', {
      body: { zipCode: '10001' },
    });
    expect(quote.status, quote.text).toBe(200);
    // The placing has read the cart with OFFRACE and found it gone when the other tab applies NEWRACE.
    afterNextCodeCheck.run = () => applyCode(agent, 'NEWRACE');
    const placed = await checkout(agent, {
      customerInfo: customerInfo(),
      expectedTotal: quote.body.total,
    });
    expect(afterNextCodeCheck.run).toBeNull();
    expect(placed.status, placed.text).toBe(201);
    expect(await OrderModel.findById(placed.body.orderId).lean()).toMatchObject({
      discountCode: null,
      discountCents: 0,
    });
    expect((await agent.request('GET', '/api/cart/session')).body.discountCode).toBe('NEWRACE');
  });

  it('when the page shows the cart without a code switched off since (its read says so), then the quote and the order leave it out, and it leaves the cart', async () => {
    const code = await createCode({ code: 'OFFNOW', value: 15 });
    const agent = app.agent();
    await addToCart(agent);
    await applyCode(agent, 'OFFNOW');
    expect(
      (
        await admin.request('PUT', `/api/admin/discount-codes/${code.id}`, {
          body: { isActive: false },
        })
      ).status,
    ).toBe(200);
    const cart = (await agent.request('GET', '/api/cart?zipCode=10001')).body;
    expect(cart.discount).toBeNull();
    expect(cart.discountRemoved).toMatchObject({ code: 'OFFNOW' });
    // A page still showing the total with the code (read before it went) is told why, not charged.
    const stale = await checkout(agent, { customerInfo: customerInfo(), expectedTotal: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(
      /^The discount code OFFNOW can no longer be used: .+ Remove it from your cart to continue\.$/,
    );

    const quote = await agent.request('POST', '/api/checkout/quote', {
      body: { zipCode: '10001' },
    });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.body).toMatchObject({ discountCode: null, discountAmount: 0 });
    const placed = await checkout(agent, {
      customerInfo: customerInfo(),
      expectedTotal: quote.body.total,
    });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.total).toBe(quote.body.total);
    expect(await OrderModel.findById(placed.body.orderId).lean()).toMatchObject({
      discountCode: null,
      discountCents: 0,
    });
    expect((await agent.request('GET', '/api/cart/session')).body.discountCode).toBeNull();
    expect(
      (await CartModel.findById(`guest:${agent.sessionId}`).lean())?.discountCode ?? null,
    ).toBeNull();
  });

  it('when the cart changed since the page showed its total (another tab), then 409 naming the new total and no order; at that total it is placed', async () => {
    const agent = app.agent();
    const line = await addToCart(agent);
    const quoted = await agent.request('POST', '/api/checkout/quote', {
      body: { zipCode: customerInfo().zipCode },
    });
    expect(quoted.status).toBe(200);
    // Another tab makes it three labels.
    const more = await agent.request('PUT', `/api/cart/${line.body.item.id}`, {
      body: { quantity: 3 },
    });
    expect(more.status).toBe(200);
    const now = await agent.request('POST', '/api/checkout/quote', {
      body: { zipCode: customerInfo().zipCode },
    });
    const before = await OrderModel.countDocuments();
    const stale = await checkout(agent, {
      customerInfo: customerInfo(),
      expectedTotal: quoted.body.total,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(totalChangedMessage(formatDollars(now.body.total)));
    expect(await OrderModel.countDocuments()).toBe(before);
    const placed = await checkout(agent, {
      customerInfo: customerInfo(),
      expectedTotal: now.body.total,
    });
    expect(placed.status).toBe(201);
    expect(placed.body.total).toBe(now.body.total);
  });

  it('when the same unchanged cart is checked out again, then the same unpaid order answers (200)', async () => {
    const agent = app.agent();
    await addToCart(agent);
    const first = await checkout(agent, { customerInfo: customerInfo() });
    const second = await checkout(agent, { customerInfo: customerInfo() });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);

    await addToCart(agent, { quantity: 2 });
    const third = await checkout(agent, { customerInfo: customerInfo() });
    expect(third.status).toBe(201);
    expect(third.body.orderId).not.toBe(first.body.orderId);
    expect(third.body.orderNumber).toBeGreaterThan(first.body.orderNumber);
  });

  it('when a changed cart is placed again, then its earlier unpaid checkout ends, saying why, and cannot be paid: the shopper pays once', async () => {
    const agent = app.agent();
    await addToCart(agent, { quantity: 10 });
    const first = await checkout(agent, { customerInfo: customerInfo() });
    expect(first.status).toBe(201);
    // Another tab raises the quantity and pays the cart as it is now.
    await addToCart(agent, { quantity: 2 });
    const second = await checkout(agent, { customerInfo: customerInfo() });
    expect(second.status).toBe(201);
    const ended = await OrderModel.findById(first.body.orderId).lean();
    expect(ended).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' });
    const detail = await admin.request('GET', `/api/admin/orders/${first.body.orderId}`);
    expect(detail.body.history.at(-1)).toMatchObject({
      to: 'expired',
      note: REPLACED_CHECKOUT_NOTE,
    });
    expect((await pay(agent, second.body.orderId)).status).toBe(200);

    // The first tab, left on the old checkout, pays its order: refused, nothing charged.
    const stale = await pay(agent, first.body.orderId);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'This checkout has expired. Please review your cart and place your order again.',
    );
    expect(await OrderModel.findById(first.body.orderId).lean()).toMatchObject({
      status: 'expired',
      paymentStatus: 'unpaid',
    });
  });

  it('when a changed cart is placed while its earlier checkout is being charged, then 409 and nothing placed; a charge stopped long ago does not hold it', async () => {
    const agent = app.agent();
    await addToCart(agent, { quantity: 10 });
    const first = await checkout(agent, { customerInfo: customerInfo() });
    // Another tab is paying the first checkout: its charge is in flight.
    await OrderModel.updateOne(
      { _id: first.body.orderId },
      { $set: { paymentStatus: 'charging', chargingSince: new Date() } },
    );
    await addToCart(agent, { quantity: 2 });
    const before = await OrderModel.countDocuments();
    const refused = await checkout(agent, { customerInfo: customerInfo() });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: EARLIER_PAYMENT_IN_PROGRESS_MESSAGE });
    expect(await OrderModel.countDocuments()).toBe(before);

    // A charge whose call stopped (past PAYMENT_STALE_CHARGE_MS) is the sweep's to report: placed.
    await OrderModel.updateOne(
      { _id: first.body.orderId },
      { $set: { chargingSince: new Date(Date.now() - 60 * 60 * 1000) } },
    );
    const placed = await checkout(agent, { customerInfo: customerInfo() });
    expect(placed.status).toBe(201);
    expect(await OrderModel.findById(first.body.orderId).lean()).toMatchObject({
      status: 'pending_payment',
      paymentStatus: 'charging',
    });
  });

  it('when the tab left on the earlier checkout pays it while the changed cart is being placed, then the changed cart is not placed: its labels are never paid twice', async () => {
    const agent = app.agent();
    await addToCart(agent, { quantity: 10 });
    const first = await checkout(agent, { customerInfo: customerInfo() });
    expect(first.status).toBe(201);
    await addToCart(agent, { customText: 'ANOTHER' });
    // The placing has read the first checkout unpaid when the other tab's Pay goes through.
    afterEarlierCheckoutsRead.run = async () => {
      expect((await pay(agent, first.body.orderId)).status).toBe(200);
    };
    const before = await OrderModel.countDocuments();
    const refused = await checkout(agent, { customerInfo: customerInfo() });
    expect(afterEarlierCheckoutsRead.run).toBeNull();
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toEqual({ message: EARLIER_CHECKOUT_PAID_MESSAGE });
    expect(await OrderModel.countDocuments()).toBe(before);
    expect(await OrderModel.findById(first.body.orderId).lean()).toMatchObject({
      paymentStatus: 'paid',
    });
    // The paid labels left the cart: placed again, the order holds the new line alone.
    const placed = await checkout(agent, { customerInfo: customerInfo() });
    expect(placed.status, placed.text).toBe(201);
    const order = await OrderModel.findById(placed.body.orderId).lean();
    expect(order!.items.map((item) => item.productConfig.customText)).toEqual(['ANOTHER']);
  });

  it('when the tab left on the earlier checkout starts paying it while the changed cart is being placed, then 409 and nothing placed', async () => {
    const agent = app.agent();
    await addToCart(agent, { quantity: 10 });
    const first = await checkout(agent, { customerInfo: customerInfo() });
    await addToCart(agent, { customText: 'ANOTHER' });
    afterEarlierCheckoutsRead.run = async () => {
      await OrderModel.updateOne(
        { _id: first.body.orderId },
        { $set: { paymentStatus: 'charging', chargingSince: new Date() } },
      );
    };
    const before = await OrderModel.countDocuments();
    const refused = await checkout(agent, { customerInfo: customerInfo() });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toEqual({ message: EARLIER_PAYMENT_IN_PROGRESS_MESSAGE });
    expect(await OrderModel.countDocuments()).toBe(before);
  });

  it('when a guest with a checkout signs in and places the cart changed, then the guest checkout ends: what the cart became is paid once', async () => {
    const agent = app.agent();
    await addToCart(agent, { customText: 'GUEST LINE', quantity: 5 });
    const asGuest = await checkout(agent, { customerInfo: customerInfo() });
    expect(asGuest.status).toBe(201);
    await register(agent);
    // Signing in alone leaves it to be paid (payments.test.ts: "signs in before paying").
    expect(await OrderModel.findById(asGuest.body.orderId).lean()).toMatchObject({
      status: 'pending_payment',
    });
    await addToCart(agent, { customText: 'ANOTHER' });
    const asCustomer = await checkout(agent, { customerInfo: customerInfo() });
    expect(await OrderModel.findById(asGuest.body.orderId).lean()).toMatchObject({
      status: 'expired',
    });
    expect((await pay(agent, asCustomer.body.orderId)).status).toBe(200);
    expect((await pay(agent, asGuest.body.orderId)).status).toBe(409);
  });

  it('when a cart is placed for the first time, then no earlier order is looked for; placed again, it is', async () => {
    const orderCommands = (run: () => Promise<unknown>) => commandsOn('orders', run);
    const agent = app.agent();
    await addToCart(agent);
    const cartKey = { _id: `guest:${agent.sessionId}` as never };
    expect(await CartModel.collection.findOne(cartKey)).toMatchObject({ placed: false });
    let first;
    expect(
      await orderCommands(async () => {
        first = await checkout(agent, { customerInfo: customerInfo() });
      }),
    ).toEqual(['insertOne']);
    expect(first!.status).toBe(201);
    expect(await CartModel.collection.findOne(cartKey)).toMatchObject({ placed: true });
    expect(await orderCommands(() => checkout(agent, { customerInfo: customerInfo() }))).toEqual([
      'findOne',
    ]);
  });

  it('when a cart says it was never placed but was (a mark lost), then the unique placing still answers the same order and the number is not lost', async () => {
    const [agent, next] = [app.agent(), app.agent()];
    await addToCart(agent);
    await addToCart(next);
    const first = await checkout(agent, { customerInfo: customerInfo() });
    await CartModel.collection.updateOne(
      { _id: `guest:${agent.sessionId}` as never },
      {
        $set: { placed: false },
      },
    );
    const again = await checkout(agent, { customerInfo: customerInfo() });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await OrderModel.countDocuments({ sessionId: agent.sessionId })).toBe(1);
    // The number the refused write took goes to the next order.
    const placed = await checkout(next, { customerInfo: customerInfo() });
    expect(placed.body.orderNumber).toBe(first.body.orderNumber + 1);
  });

  it('when the paying process stopped while the card was charging, then the unchanged cart answers that same order, never a second one', async () => {
    const agent = app.agent();
    await addToCart(agent);
    const first = await checkout(agent, { customerInfo: customerInfo() });
    // What a process stopped mid-charge leaves (payments.ts): the order says charging.
    await OrderModel.updateOne(
      { _id: first.body.orderId },
      { $set: { paymentStatus: 'charging', chargingSince: new Date() } },
    );
    const again = await checkout(agent, { customerInfo: customerInfo() });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await OrderModel.countDocuments({ sessionId: agent.sessionId })).toBe(1);
  });

  it('when the paying process stopped after recording the payment but before emptying the cart, then the unchanged cart answers the paid order and is emptied', async () => {
    const agent = app.agent();
    await addToCart(agent);
    const first = await checkout(agent, { customerInfo: customerInfo() });
    const cartBefore = await CartModel.collection.findOne({
      _id: `guest:${agent.sessionId}` as never,
    });
    expect((await pay(agent, first.body.orderId)).status).toBe(200);
    // The cart as it was before the payment emptied it: the emptying never happened.
    await CartModel.collection.replaceOne(
      { _id: `guest:${agent.sessionId}` as never },
      cartBefore!,
      {
        upsert: true,
      },
    );
    const again = await checkout(agent, { customerInfo: customerInfo() });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await agent.request('GET', '/api/cart')).body.items).toEqual([]);
    const paidAgain = await pay(agent, first.body.orderId);
    expect(paidAgain.status).toBe(200);
    expect(await OrderModel.countDocuments({ sessionId: agent.sessionId })).toBe(1);
  });

  it('when one cart is placed 6 times at the same moment, then one order is made and every answer is that order', async () => {
    const agent = app.agent();
    await addToCart(agent);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => checkout(agent, { customerInfo: customerInfo() })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.orderId)).size).toBe(1);
    expect(await OrderModel.countDocuments({ sessionId: agent.sessionId })).toBe(1);
  });

  it('when the paid cart is filled the same way again, then a new order is made, not the paid one', async () => {
    const agent = app.agent();
    await addToCart(agent);
    const first = await checkout(agent, { customerInfo: customerInfo() });
    expect((await pay(agent, first.body.orderId)).status).toBe(200);
    await addToCart(agent);
    const second = await checkout(agent, { customerInfo: customerInfo() });
    expect(second.status).toBe(201);
    expect(second.body.orderId).not.toBe(first.body.orderId);
  });

  it('when writing the order fails, then nothing is placed and the next placing gets the next order number', async () => {
    const [agent, earlier] = [app.agent(), app.agent()];
    await addToCart(agent);
    await addToCart(earlier);
    const before = await checkout(earlier, { customerInfo: customerInfo() });
    const failing = vi
      .spyOn(OrderModel.collection, 'insertOne')
      .mockRejectedValueOnce(new Error('connection reset'));
    try {
      expect((await checkout(agent, { customerInfo: customerInfo() })).status).toBe(500);
    } finally {
      failing.mockRestore();
    }
    expect(await OrderModel.countDocuments({ sessionId: agent.sessionId })).toBe(0);
    const placed = await checkout(agent, { customerInfo: customerInfo() });
    expect(placed.status).toBe(201);
    expect(placed.body.orderNumber).toBe(before.body.orderNumber + 1);
  });

  it('when 50 shoppers check out at the same moment, then they get 50 distinct consecutive order numbers', async () => {
    const agents = Array.from({ length: 50 }, () => app.agent());
    for (const agent of agents) await addToCart(agent);
    const highestBefore =
      (await OrderModel.findOne().sort({ orderNumber: -1 }).lean())?.orderNumber ?? 999;

    const answers = await Promise.all(
      agents.map((agent) => checkout(agent, { customerInfo: customerInfo() })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201));
    const numbers = answers
      .map((answer) => answer.body.orderNumber as number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => highestBefore + 1 + index));
    expect(await OrderModel.countDocuments({ orderNumber: trusted({ $gt: highestBefore }) })).toBe(
      50,
    );
  });
});

describe('GET /api/orders', () => {
  it('when signed out, then 401', async () => {
    const response = await app.agent().request('GET', '/api/orders');
    expect(response.status).toBe(401);
  });

  it('when signed in, then only the customer’s own paid orders, newest first, in the history fields', async () => {
    const agent = app.agent();
    await register(agent);
    await addToCart(agent, { customText: 'FIRST' });
    const first = await placeOrder(agent);
    expect((await pay(agent, first.orderId)).status).toBe(200);
    await addToCart(agent, { customText: 'FIRST' });
    await addToCart(agent, { customText: 'SECOND', quantity: 2 });
    const second = await placeOrder(agent);
    expect((await pay(agent, second.orderId)).status).toBe(200);
    await addToCart(agent, { customText: 'NEVER PAID' });
    const unpaid = await placeOrder(agent);

    const someoneElse = app.agent();
    await register(someoneElse);
    await addToCart(someoneElse);
    const theirs = await placeOrder(someoneElse);
    expect((await pay(someoneElse, theirs.orderId)).status).toBe(200);

    const response = await agent.request('GET', '/api/orders');
    expect(response.status).toBe(200);
    orderHistorySchema.parse(response.body);
    expect(response.body.map((order: { id: string }) => order.id)).toEqual([
      second.orderId,
      first.orderId,
    ]);
    const [latest] = response.body;
    expect(latest).toMatchObject({
      id: second.orderId,
      orderNumber: second.orderNumber,
      status: 'processing',
      paymentStatus: 'paid',
      total: second.total,
      notes: null,
      createdAt: expect.any(String),
    });
    expect(latest).toHaveProperty('subtotal');
    expect(latest).toHaveProperty('tax');
    expect(latest.items).toHaveLength(2);
    expect(latest.items[0]).toMatchObject({
      productConfig: { material: 'phenolic', customText: 'FIRST' },
      quantity: 1,
      totalPrice: 5.2,
    });
    expect(JSON.stringify(response.body)).not.toMatch(/sessionId|cartFingerprint|Cents/);
    expect(JSON.stringify(response.body)).not.toContain(unpaid.orderId);
  });

  it('when a page is asked, then it holds `limit` orders and the next one’s place is in x-next-before; the admin pages them alike', async () => {
    const agent = app.agent();
    const account = await register(agent);
    const placed = [];
    for (const text of ['ONE', 'TWO', 'THREE']) {
      await addToCart(agent, { customText: text });
      const order = await placeOrder(agent);
      expect((await pay(agent, order.orderId)).status).toBe(200);
      placed.unshift(order.orderId);
    }
    const idsOf = (body: Array<{ id: string }>) => body.map((order) => order.id);

    const first = await agent.request('GET', '/api/orders?limit=2');
    expect(first.status).toBe(200);
    expect(idsOf(first.body)).toEqual(placed.slice(0, 2));
    expect(first.headers.get('x-next-before')).toBe(placed[1]);
    const last = await agent.request('GET', `/api/orders?limit=2&before=${placed[1]}`);
    expect(idsOf(last.body)).toEqual(placed.slice(2));
    expect(last.headers.get('x-next-before')).toBeNull();
    const whole = await agent.request('GET', '/api/orders?limit=3');
    expect(idsOf(whole.body)).toEqual(placed);
    expect(whole.headers.get('x-next-before')).toBeNull();

    // The admin's view of the customer pages the same orders by the same places.
    const detail = `/api/admin/customers/${account.body.id}`;
    const firstPage = await admin.request('GET', `${detail}?limit=2`);
    expect(idsOf(firstPage.body.orders)).toEqual(placed.slice(0, 2));
    expect(firstPage.body.nextBefore).toBe(placed[1]);
    const lastPage = await admin.request('GET', `${detail}?limit=2&before=${placed[1]}`);
    expect(idsOf(lastPage.body.orders)).toEqual(placed.slice(2));
    expect(lastPage.body.nextBefore).toBeNull();
    expect((await admin.request('GET', `${detail}?before=nope`)).status).toBe(400);

    // Another customer's order names no place in this history.
    const someoneElse = app.agent();
    await register(someoneElse);
    const theirs = await someoneElse.request('GET', `/api/orders?before=${placed[0]}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual([]);

    for (const query of ['limit=0', 'limit=101', 'limit=two', 'before=1001', 'status=paid']) {
      const refused = await agent.request('GET', `/api/orders?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.message).toEqual(expect.any(String));
    }
  });

  it('when a guest’s orders were made before signing up, then they are not in the customer’s history', async () => {
    const agent = app.agent();
    await addToCart(agent);
    await placeOrder(agent);
    await register(agent);
    const response = await agent.request('GET', '/api/orders');
    expect(response.body).toEqual([]);
  });
});
