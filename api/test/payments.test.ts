// Payment with the built-in sandbox provider (docs/design.md sections 5 and 5a): the order's own total is
// charged at most once, the discount use is counted within its limit, a decline leaves everything as
// it was. Charges are counted by a provider wrapped around the real sandbox.
import mongoose from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS, SANDBOX_TEST_NONCES, checkoutMessages } from '@shop/contracts';
import { OrderModel } from '../src/modules/orders/model';
import { markDiscountReserved } from '../src/modules/orders/orders';
import type { ChargeRequest, PaymentProvider } from '../src/modules/payments/provider';
import { DECLINES_PER_ORDER, PAYMENT_UNAVAILABLE_MESSAGE } from '../src/modules/payments/payments';
import { SandboxPaymentModel, sandboxProvider } from '../src/modules/payments/sandbox';
import { deleteExpired } from '../src/platform/expiry';
import {
  addToCart,
  customerInfo,
  label,
  pay,
  placeOrder,
  register,
  registerAdmin,
} from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

const charges: ChargeRequest[] = [];
const sandbox = sandboxProvider();
/** The real sandbox, counting every charge that reaches it and slow enough to let calls overlap. */
/** Set to make the next charge time out (the processor never answers in time). */
let timeOutNextCharge = false;
/** Set to make the next charge go through at the processor while its answer never arrives. */
let loseNextAnswer = false;
const countingProvider: PaymentProvider = {
  name: 'sandbox',
  async charge(request) {
    if (loseNextAnswer) {
      loseNextAnswer = false;
      charges.push(request);
      await sandbox.charge(request);
      throw Object.assign(new Error('Timeout awaiting the card processor'), { code: 'ETIMEDOUT' });
    }
    if (timeOutNextCharge) {
      timeOutNextCharge = false;
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw Object.assign(new Error('Timeout awaiting the card processor'), { code: 'ETIMEDOUT' });
    }
    charges.push(request);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return sandbox.charge(request);
  },
  refund: (request) => sandbox.refund(request),
};

let app: TestApp;
let admin: TestAgent;
beforeAll(async () => {
  // A second call's wait for the first shortened from its 15 s, to test it in a few seconds.
  app = await startTestApp(
    { PAYMENT_WAIT_FOR_OTHER_CALL_MS: '2000' },
    { paymentProvider: countingProvider },
  );
  admin = app.agent();
  await registerAdmin(admin);
});
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  charges.length = 0;
});

/** An order placed with a new $1 code of one use applied to its cart. */
async function orderWithOneUseCode(code: string) {
  await admin.request('POST', '/api/admin/discount-codes', {
    body: { code, type: 'fixed', value: 1, usageLimit: 1 },
  });
  const agent = app.agent();
  await addToCart(agent);
  await agent.request('POST', '/api/cart/session', { body: { discountCode: code } });
  return { agent, order: await placeOrder(agent) };
}

async function cartWithOrder(agent: TestAgent = app.agent()) {
  await addToCart(agent);
  const order = await placeOrder(agent);
  return { agent, order };
}

async function mint(
  card: Partial<Record<'cardNumber' | 'expiry' | 'cvv' | 'postalCode', string>> = {},
) {
  const response = await app.request('POST', '/api/payment/sandbox/tokenize', {
    sessionId: 'sandbox-card-frame',
    body: {
      cardNumber: SANDBOX_TEST_CARDS.approved,
      expiry: '12/34',
      cvv: '123',
      postalCode: '10001',
      ...card,
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.token as string;
}

async function cartItems(agent: TestAgent) {
  return (await agent.request('GET', '/api/cart')).body.items as unknown[];
}

async function timesUsed(code: string): Promise<number> {
  const list = await admin.request('GET', '/api/admin/discount-codes');
  return list.body.find((item: { code: string }) => item.code === code).timesUsed;
}

describe('GET /api/payment/config', () => {
  it('when the provider is the sandbox, then it names the built-in script', async () => {
    const response = await app.request('GET', '/api/payment/config');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      applicationId: expect.stringMatching(/^sandbox-/),
      locationId: expect.any(String),
      provider: 'sandbox',
      scriptUrl: '/api/payment/sandbox/payments.js',
    });
  });
});

describe('POST /api/payment/complete', () => {
  it('when the card is approved, then the order’s own total is charged once, recorded, and the cart emptied', async () => {
    const { agent, order } = await cartWithOrder();
    const response = await agent.request('POST', '/api/payment/complete', {
      body: {
        orderId: order.orderId,
        paymentId: SANDBOX_TEST_NONCES.approved,
        amount: 0.01,
        total: 0.01,
        customerName: 'Ann Lee',
        customerEmail: 'ann@example.com',
        customerZipCode: '10001',
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      total: order.total,
      paymentId: expect.stringMatching(/^sbxpay_/),
    });
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      amountCents: Math.round(order.total * 100),
      idempotencyKey: order.orderId,
      token: SANDBOX_TEST_NONCES.approved,
    });

    const stored = await OrderModel.findById(order.orderId).lean();
    expect(stored).toMatchObject({
      paymentStatus: 'paid',
      status: 'processing',
      paymentId: response.body.paymentId,
      paymentContact: { customerName: 'Ann Lee', customerZipCode: '10001' },
    });
    expect(stored?.paidAt).toBeInstanceOf(Date);
    expect(await cartItems(agent)).toEqual([]);
  });

  it('when the card processor times out, then a clear 502, the order unpaid, and a retry charges once', async () => {
    const { agent, order } = await cartWithOrder();
    timeOutNextCharge = true;
    const failed = await pay(agent, order.orderId);
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ message: PAYMENT_UNAVAILABLE_MESSAGE });
    const stored = await OrderModel.findById(order.orderId).lean();
    expect(stored?.paymentStatus).toBe('unpaid');
    expect(stored?.lastPaymentError).toBe(PAYMENT_UNAVAILABLE_MESSAGE);
    expect(charges).toHaveLength(0);

    const retried = await pay(agent, order.orderId);
    expect(retried.status).toBe(200);
    expect(charges).toHaveLength(1);
    expect((await OrderModel.findById(order.orderId).lean())?.paymentStatus).toBe('paid');
    expect((await pay(agent, order.orderId)).status).toBe(200);
    expect(charges).toHaveLength(1);
  });

  it('when the processor charged but its answer timed out, then a 502 with the discount use held, and the retry sends that request again: the same one charge', async () => {
    const { agent, order } = await orderWithOneUseCode('LOSTANSWER');
    const firstCard = await mint();
    loseNextAnswer = true;
    const failed = await pay(agent, order.orderId, firstCard);
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ message: PAYMENT_UNAVAILABLE_MESSAGE });
    expect(await OrderModel.findById(order.orderId).lean()).toMatchObject({
      paymentStatus: 'unpaid',
      discountReserved: true,
      unansweredToken: firstCard,
    });
    // The card may have been charged: the code's one use stays with this order.
    expect(await timesUsed('LOSTANSWER')).toBe(1);

    // The shopper enters a card again; the request never answered is what goes.
    const retried = await pay(agent, order.orderId, await mint());
    expect(retried.status, retried.text).toBe(200);
    expect(charges.map(({ token, idempotencyKey }) => [token, idempotencyKey])).toEqual([
      [firstCard, order.orderId],
      [firstCard, order.orderId],
    ]);
    const stored = await OrderModel.findById(order.orderId).lean();
    expect(stored).toMatchObject({ paymentStatus: 'paid', unansweredToken: null });
    const recorded = await mongoose.connection
      .db!.collection<{ _id: string; paymentId: string }>('sandbox_payments')
      .find({ _id: order.orderId })
      .toArray();
    expect(recorded).toHaveLength(1);
    expect(stored?.paymentId).toBe(recorded[0]!.paymentId);
    expect(await timesUsed('LOSTANSWER')).toBe(1);
  });

  it('when a card is declined, then the next card is a new request under a key of its own', async () => {
    const { agent, order } = await cartWithOrder();
    const declined = await mint({ cardNumber: SANDBOX_TEST_CARDS.declined });
    expect((await pay(agent, order.orderId, declined)).status).toBe(402);
    // The same card entry again is a new request too, refused as a token already used.
    expect((await pay(agent, order.orderId, declined)).status).toBe(402);
    const paid = await pay(agent, order.orderId, await mint());
    expect(paid.status, paid.text).toBe(200);
    expect(charges.map(({ idempotencyKey }) => idempotencyKey)).toEqual([
      order.orderId,
      `${order.orderId}-1`,
      `${order.orderId}-2`,
    ]);
  });

  it('when the order is already paid, then the same success again and nothing charged', async () => {
    const { agent, order } = await cartWithOrder();
    const first = await pay(agent, order.orderId);
    const second = await pay(agent, order.orderId, SANDBOX_TEST_NONCES.declined);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(charges).toHaveLength(1);
  });

  it('when a process stopped while charging (longer ago than a charge can take), then a retry takes the payment over and the card is charged once', async () => {
    const { agent, order } = await cartWithOrder();
    // What a call stopped mid-charge leaves: the order charging since long ago, nothing charged.
    await OrderModel.updateOne(
      { _id: order.orderId },
      {
        $set: {
          paymentStatus: 'charging',
          chargingSince: new Date(Date.now() - app.config.payment.staleChargeMs - 1000),
        },
      },
    );
    const paid = await pay(agent, order.orderId);
    expect(paid.status, paid.text).toBe(200);
    expect(charges).toHaveLength(1);
    expect((await OrderModel.findById(order.orderId).lean())?.paymentStatus).toBe('paid');
  });

  it('when another call is charging the order right now, then a second call waits for it and, if it does not finish, answers 409 without charging', async () => {
    const { agent, order } = await cartWithOrder();
    await OrderModel.updateOne(
      { _id: order.orderId },
      { $set: { paymentStatus: 'charging', chargingSince: new Date() } },
    );
    const started = Date.now();
    const second = await pay(agent, order.orderId);
    expect(second.status).toBe(409);
    expect(Date.now() - started).toBeGreaterThanOrEqual(app.config.payment.waitForOtherCallMs);
    expect(charges).toHaveLength(0);
  });

  it('when payment is completed twice at the same moment, then the card is charged once and both answer the same', async () => {
    const { agent, order } = await cartWithOrder();
    const answers = await Promise.all(Array.from({ length: 4 }, () => pay(agent, order.orderId)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.paymentId)).size).toBe(1);
    expect(charges).toHaveLength(1);
  });

  it.each([
    [SANDBOX_TEST_NONCES.declined, 'Your card was declined. Please use a different card.'],
    [
      SANDBOX_TEST_NONCES.cvvRejected,
      "The card's security code (CVV) was not accepted. Please check it and try again.",
    ],
    [
      SANDBOX_TEST_NONCES.postalCodeRejected,
      "The card's postal code was not accepted. Please check it and try again.",
    ],
    [
      SANDBOX_TEST_NONCES.expirationRejected,
      "The card's expiration date was not accepted. Please check it and try again.",
    ],
  ])(
    'when the token is %s, then 402 with the reason, the order unpaid and the cart kept',
    async (token, reason) => {
      const { agent, order } = await cartWithOrder();
      const response = await pay(agent, order.orderId, token);
      expect(response.status).toBe(402);
      expect(response.body).toEqual({ message: reason });
      const stored = await OrderModel.findById(order.orderId).lean();
      expect(stored).toMatchObject({
        paymentStatus: 'unpaid',
        paymentId: null,
        lastPaymentError: reason,
      });
      expect(await cartItems(agent)).toHaveLength(1);

      // Another card then pays the same order.
      const retry = await pay(agent, order.orderId);
      expect(retry.status).toBe(200);
      expect((await OrderModel.findById(order.orderId).lean())?.paymentStatus).toBe('paid');
    },
  );

  it('when one order has five cards declined within the hour, then a sixth attempt is refused with 429 before any charge, and it pays again an hour after the last decline', async () => {
    const { agent, order } = await cartWithOrder();
    for (let i = 0; i < DECLINES_PER_ORDER; i++)
      expect((await pay(agent, order.orderId, SANDBOX_TEST_NONCES.declined)).status).toBe(402);
    const declined = charges.length;

    const refused = await pay(agent, order.orderId);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many declined cards for this order\. Please try again in (59|60) minutes\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(charges).toHaveLength(declined);
    expect(await OrderModel.findById(order.orderId).lean()).toMatchObject({
      paymentStatus: 'unpaid',
      chargingSince: null,
      declinedPayments: DECLINES_PER_ORDER,
      lastPaymentError: 'Your card was declined. Please use a different card.',
    });

    // An hour after the last decline the order may be paid.
    await OrderModel.updateOne(
      { _id: order.orderId },
      { $set: { lastDeclinedAt: new Date(Date.now() - 60 * 60 * 1000 - 1000) } },
    );
    expect((await pay(agent, order.orderId)).status).toBe(200);
    expect(charges).toHaveLength(declined + 1);
  });

  it('when cards keep being declined from one address, then paying again after a decline takes one of its 10 attempts in 15 minutes; a first payment takes none', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.140' };
    const payFrom = (agent: TestAgent, orderId: string, token: string) =>
      agent.request('POST', '/api/payment/complete', {
        headers,
        body: { orderId, paymentId: token },
      });
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const { agent, order } = await cartWithOrder();
      // Each order: a first attempt (not counted) and four retries after its decline (counted).
      for (let attempt = 0; attempt < 5; attempt++)
        statuses.push((await payFrom(agent, order.orderId, SANDBOX_TEST_NONCES.declined)).status);
    }
    // 3 first attempts and 10 retries declined; the 11th and 12th retries refused before a charge.
    expect(statuses.filter((status) => status === 402)).toHaveLength(13);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(charges).toHaveLength(13);

    // A first payment from that address is not a retry: it is charged.
    const { agent, order } = await cartWithOrder();
    expect((await payFrom(agent, order.orderId, SANDBOX_TEST_NONCES.approved)).status).toBe(200);
  });

  it('when the order belongs to another guest session, then 404 and nothing charged', async () => {
    const { order } = await cartWithOrder();
    const stranger = app.agent();
    const response = await pay(stranger, order.orderId);
    expect(response.status).toBe(404);
    expect(charges).toHaveLength(0);
    expect((await OrderModel.findById(order.orderId).lean())?.paymentStatus).toBe('unpaid');
  });

  it('when the order belongs to another customer, then 404, even from the same browser signed out', async () => {
    const owner = app.agent();
    await register(owner);
    const { order } = await cartWithOrder(owner);

    const otherCustomer = app.agent();
    await register(otherCustomer);
    expect((await pay(otherCustomer, order.orderId)).status).toBe(404);

    await owner.request('POST', '/api/auth/logout');
    expect((await pay(owner, order.orderId)).status).toBe(404);
    expect(charges).toHaveLength(0);
  });

  it.each(['call me', '12345', '312 555 0100 ask for Bo', '<script>alert(1)</script>'])(
    'when customerPhone is %j (no number to dial), then 400 on it with checkout’s message, nothing charged',
    async (customerPhone) => {
      const { agent, order } = await cartWithOrder();
      const cartBefore = await cartItems(agent);
      const response = await agent.request('POST', '/api/payment/complete', {
        body: { orderId: order.orderId, paymentId: SANDBOX_TEST_NONCES.approved, customerPhone },
      });
      expect(response.status).toBe(400);
      const message = checkoutMessages.phoneInvalid;
      expect(message).toBe('Please enter a valid phone number (e.g., 312 555 0100).');
      expect(response.body).toEqual({ message, errors: [{ path: 'customerPhone', message }] });
      expect(charges).toHaveLength(0);
      const stored = await OrderModel.findById(order.orderId).lean();
      expect(stored).toMatchObject({ paymentStatus: 'unpaid', paymentContact: null });
      expect(await cartItems(agent)).toEqual(cartBefore);
    },
  );

  it('when customerPhone is pasted with no-break spaces and an en dash, then it is paid and kept normalized', async () => {
    const { agent, order } = await cartWithOrder();
    const response = await agent.request('POST', '/api/payment/complete', {
      body: {
        orderId: order.orderId,
        paymentId: SANDBOX_TEST_NONCES.approved,
        customerPhone: '\t+1\u00a0312\u202f555\u20130100 ',
      },
    });
    expect(response.status, response.text).toBe(200);
    const stored = await OrderModel.findById(order.orderId).lean();
    expect(stored?.paymentContact).toMatchObject({ customerPhone: '+1 312 555-0100' });
  });

  it('when the order id is unknown or malformed, then 404 or 400', async () => {
    const agent = app.agent();
    expect((await pay(agent, '0123456789abcdef01234567')).status).toBe(404);
    expect((await pay(agent, 'not-an-id')).status).toBe(400);
    const noToken = await agent.request('POST', '/api/payment/complete', {
      body: { orderId: '0123456789abcdef01234567' },
    });
    expect(noToken.status).toBe(400);
  });

  it('when a code with usageLimit 5 is on 20 orders paid at once, then 5 are paid, 15 refused, and timesUsed is 5', async () => {
    const create = await admin.request('POST', '/api/admin/discount-codes', {
      body: { code: 'FIVEONLY', type: 'percentage', value: 20, usageLimit: 5 },
    });
    expect(create.status, create.text).toBe(201);
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const agent = app.agent();
        await addToCart(agent);
        const applied = await agent.request('POST', '/api/cart/session', {
          body: { discountCode: 'FIVEONLY' },
        });
        expect(applied.status, applied.text).toBe(200);
        const order = await placeOrder(agent);
        return { agent, order };
      }),
    );
    const answers = await Promise.all(
      shoppers.map(({ agent, order }) => pay(agent, order.orderId)),
    );
    const paid = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(paid).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.body).toEqual({ message: 'This discount code is no longer available' });
    }
    expect(charges).toHaveLength(5);
    expect(await timesUsed('FIVEONLY')).toBe(5);
    const orders = await OrderModel.find({ discountCode: 'FIVEONLY' }).lean();
    expect(orders.filter((order) => order.paymentStatus === 'paid')).toHaveLength(5);
    expect(orders.filter((order) => order.paymentStatus === 'unpaid')).toHaveLength(15);
    // A refused shopper still has the cart.
    const refusedShopper = shoppers[answers.findIndex((answer) => answer.status === 409)]!;
    expect(await cartItems(refusedShopper.agent)).toHaveLength(1);
  });

  it('when a card with a discount is declined, then the use is given back', async () => {
    const { agent, order } = await orderWithOneUseCode('ONEUSE');
    expect((await pay(agent, order.orderId, SANDBOX_TEST_NONCES.declined)).status).toBe(402);
    expect(await timesUsed('ONEUSE')).toBe(0);
    // A second call giving the same use back (one whose payment was taken over) finds it given.
    expect(await markDiscountReserved(order.orderId, false)).toBe(false);
    expect((await pay(agent, order.orderId)).status).toBe(200);
    expect(await timesUsed('ONEUSE')).toBe(1);
    // The applied code went with the cart.
    const session = await agent.request('GET', '/api/cart/session');
    expect(session.body.discountCode).toBeNull();
  });

  it('when the code is deleted and another made under its name between placing and paying, then the payment is refused, nothing is charged, the new code keeps its uses, and the order placed again takes the new code', async () => {
    const first = await admin.request('POST', '/api/admin/discount-codes', {
      body: { code: 'SWAP', type: 'percentage', value: 50, usageLimit: 1 },
    });
    const agent = app.agent();
    await addToCart(agent, { quantity: 10 });
    await agent.request('POST', '/api/cart/session', { body: { discountCode: 'SWAP' } });
    const order = await placeOrder(agent);
    expect(
      (await admin.request('DELETE', `/api/admin/discount-codes/${first.body.id}`)).status,
    ).toBe(200);
    await admin.request('POST', '/api/admin/discount-codes', {
      body: { code: 'SWAP', type: 'fixed', value: 1, usageLimit: 1 },
    });
    const charged = charges.length;

    const refused = await pay(agent, order.orderId);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'This discount code is no longer available' });
    expect(charges).toHaveLength(charged);
    expect(await timesUsed('SWAP')).toBe(0);

    const again = await placeOrder(agent);
    expect(again.orderId).not.toBe(order.orderId);
    expect(again.total).toBeGreaterThan(order.total);
    expect((await OrderModel.findById(again.orderId).lean())!.discountCents).toBe(100);
    expect((await pay(agent, again.orderId)).status).toBe(200);
    expect(await timesUsed('SWAP')).toBe(1);
  });

  it('when a code is applied after an order without one was placed, then paying that order leaves the code and the new line', async () => {
    await admin.request('POST', '/api/admin/discount-codes', {
      body: { code: 'LATER5', type: 'percentage', value: 5 },
    });
    const { agent, order } = await cartWithOrder();
    await addToCart(agent, { customText: 'Added after ordering' });
    await agent.request('POST', '/api/cart/session', { body: { discountCode: 'LATER5' } });
    expect((await pay(agent, order.orderId)).status).toBe(200);
    const cart = (await agent.request('GET', '/api/cart')).body;
    expect(cart.items).toHaveLength(1);
    expect(cart.discount).toMatchObject({ code: 'LATER5' });
  });

  it('when a line is edited after its order was placed, then paying that order leaves the edited line and clears the unchanged one', async () => {
    const agent = app.agent();
    const edited = (await addToCart(agent, { customText: 'PUMP 1' })).body.item;
    const unchanged = (await addToCart(agent, { customText: 'PUMP 2' })).body.item;
    const order = await placeOrder(agent);
    // The same id and quantity, another text: a line the order never held.
    const edit = await agent.request('PUT', `/api/cart/${edited.id}/configuration`, {
      body: label({ customText: 'PUMP 1 REV B' }),
    });
    expect(edit.status, edit.text).toBe(200);

    expect((await pay(agent, order.orderId)).status).toBe(200);
    const cart = (await agent.request('GET', '/api/cart')).body;
    expect(cart.items).toEqual([edit.body.item]);
    expect(cart.items[0]).toMatchObject({
      id: edited.id,
      quantity: 1,
      productConfig: { customText: 'PUMP 1 REV B' },
    });
    expect(cart.items.map((item: { id: string }) => item.id)).not.toContain(unchanged.id);
  });

  it('when the cart is emptied and filled again after its order was placed, then paying that order leaves the new lines', async () => {
    const { agent, order } = await cartWithOrder();
    const [placed] = (await cartItems(agent)) as Array<{ id: string }>;
    expect((await agent.request('DELETE', `/api/cart/${placed!.id}`)).status).toBe(200);
    const again = (await addToCart(agent, { customText: 'A new cart' })).body.item;
    expect((await pay(agent, order.orderId)).status).toBe(200);
    expect(await cartItems(agent)).toEqual([again]);
  });

  it('when the cart is unchanged since its order was placed, then paying takes the cart away whole', async () => {
    const { agent, order } = await cartWithOrder();
    expect((await pay(agent, order.orderId)).status).toBe(200);
    const carts = mongoose.connection.db!.collection('carts');
    expect(await carts.countDocuments({ _id: `guest:${agent.sessionId}` } as never)).toBe(0);
    expect(await cartItems(agent)).toEqual([]);
  });

  it('when a guest places an order and signs in before paying, then the customer pays it and the cart is emptied', async () => {
    const agent = app.agent();
    await addToCart(agent);
    const order = await placeOrder(agent);
    await register(agent);
    expect(await cartItems(agent)).toHaveLength(1);
    const paid = await pay(agent, order.orderId);
    expect(paid.status, paid.text).toBe(200);
    expect(charges).toHaveLength(1);
    expect(await cartItems(agent)).toEqual([]);
  });

  it('when the customer info is sent, then it is stored, but never changes what is charged', async () => {
    const { agent, order } = await cartWithOrder();
    const response = await agent.request('POST', '/api/payment/complete', {
      body: {
        orderId: order.orderId,
        paymentId: SANDBOX_TEST_NONCES.approved,
        customerName: 'X'.repeat(201),
      },
    });
    expect(response.status).toBe(400);
    expect(charges).toHaveLength(0);
  });
});

describe('sandbox refunds', () => {
  const charged = async (amountCents: number) => {
    const key = `refunds:${Date.now()}:${Math.random()}`;
    const { paymentId } = await sandbox.charge({
      orderId: key,
      amountCents,
      token: SANDBOX_TEST_NONCES.approved,
      idempotencyKey: key,
    });
    return paymentId;
  };
  const refund = (paymentId: string, amountCents: number, idempotencyKey: string) =>
    sandbox.refund({ paymentId, amountCents, idempotencyKey, reason: 'test' });

  it('when refunds of one payment are asked at once, then only those within the payment are made', async () => {
    const paymentId = await charged(1000);
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) => refund(paymentId, 400, `${paymentId}:r${i}`)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    for (const result of results.filter((each) => each.status === 'rejected'))
      expect((result as PromiseRejectedResult).reason.message).toBe(
        'The refund is more than what is left of the payment',
      );
    const made = (await SandboxPaymentModel.findOne({ paymentId }).lean())!.refunds;
    expect(made.reduce((sum, each) => sum + each.amountCents, 0)).toBe(800);
    await expect(refund(paymentId, 201, `${paymentId}:over`)).rejects.toThrow(
      'The refund is more than what is left of the payment',
    );
    expect((await refund(paymentId, 200, `${paymentId}:rest`)).refundId).toMatch(/^sbxrefund_/);
    await expect(refund('sbxpay_unknown', 1, 'unknown')).rejects.toThrow(
      'The payment to refund was not found',
    );
  });

  it('when refunds of the whole payment are asked at once under different keys, then one is made and the payment carries it alone, with nothing left', async () => {
    const paymentId = await charged(1000);
    const results = await Promise.allSettled(
      Array.from({ length: 3 }, (_, i) => refund(paymentId, 1000, `${paymentId}:all${i}`)),
    );
    const made = results.filter((result) => result.status === 'fulfilled');
    expect(made).toHaveLength(1);
    expect(await SandboxPaymentModel.findOne({ paymentId }).lean()).toMatchObject({
      refundableCents: 0,
      refunds: [
        {
          refundId: (made[0] as PromiseFulfilledResult<{ refundId: string }>).value.refundId,
          amountCents: 1000,
          reason: 'test',
          status: 'COMPLETED',
        },
      ],
    });
  });

  it('when one refund is asked several times at once (one key), then it is made once and each answer names it, with enough left for all of them', async () => {
    const paymentId = await charged(1000);
    const first = await refund(paymentId, 100, `${paymentId}:first`);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => refund(paymentId, 200, `${paymentId}:once`)),
    );
    expect(new Set(answers.map((answer) => answer.refundId)).size).toBe(1);
    expect(answers[0]!.refundId).not.toBe(first.refundId);
    expect(await SandboxPaymentModel.findOne({ paymentId }).lean()).toMatchObject({
      refundableCents: 700,
      refunds: [
        { key: `${paymentId}:first`, amountCents: 100 },
        { key: `${paymentId}:once`, amountCents: 200 },
      ],
    });
    expect(await refund(paymentId, 200, `${paymentId}:once`)).toEqual(answers[0]);
    expect((await refund(paymentId, 400, `${paymentId}:second`)).refundId).not.toBe(
      answers[0]!.refundId,
    );
  });
});

describe('sandbox card tokens', () => {
  it('when the approved test card is tokenized, then its token pays once and only once', async () => {
    const token = await mint();
    expect(token).toMatch(/^sbx:/);
    const { agent, order } = await cartWithOrder();
    expect((await pay(agent, order.orderId, token)).status).toBe(200);

    const next = await cartWithOrder();
    const reused = await pay(next.agent, next.order.orderId, token);
    expect(reused.status).toBe(402);
    expect(reused.body.message).toBe(
      'The card entry was already used. Please enter your card again.',
    );
  });

  it('when a token is past its 30 minutes, then paying with it is declined and the expiry sweep deletes it', async () => {
    const tokens = mongoose.connection.collection<{
      _id: string;
      createdAt: Date;
      expiresAt: Date;
    }>('sandbox_card_tokens');
    const fresh = await mint();
    const stale = await mint();
    const stored = await tokens.findOne({ _id: fresh });
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(30 * 60 * 1000);
    // Half an hour on for the stale one: its expiresAt is behind the clock.
    await tokens.updateOne(
      { _id: stale },
      {
        $set: { expiresAt: new Date(Date.now() - 1), createdAt: new Date(Date.now() - 1_800_001) },
      },
    );
    const { agent, order } = await cartWithOrder();
    const refused = await pay(agent, order.orderId, stale);
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(
      'The card entry was already used. Please enter your card again.',
    );

    expect(await deleteExpired(new Date())).toBeGreaterThanOrEqual(1);
    expect(await tokens.findOne({ _id: stale })).toBeNull();
    expect(await tokens.findOne({ _id: fresh })).not.toBeNull();
    expect((await pay(agent, order.orderId, fresh)).status).toBe(200);
    expect(await tokens.findOne({ _id: fresh })).toBeNull(); // used up
  });

  it.each([
    [
      { cardNumber: SANDBOX_TEST_CARDS.declined },
      'Your card was declined. Please use a different card.',
    ],
    [
      { cvv: SANDBOX_TEST_CARDS.cvvRejected },
      "The card's security code (CVV) was not accepted. Please check it and try again.",
    ],
    [
      { postalCode: SANDBOX_TEST_CARDS.postalCodeRejected },
      "The card's postal code was not accepted. Please check it and try again.",
    ],
    [
      { expiry: SANDBOX_TEST_CARDS.expirationRejected },
      "The card's expiration date was not accepted. Please check it and try again.",
    ],
  ])(
    'when the test card has %o, then paying with its token is declined: %s',
    async (card, reason) => {
      const token = await mint(card);
      const { agent, order } = await cartWithOrder();
      const response = await pay(agent, order.orderId, token);
      expect(response.status).toBe(402);
      expect(response.body.message).toBe(reason);
    },
  );

  it.each([
    [{ cardNumber: '4111 1111 1111 1112' }, 'cardNumber', 'Card number is not valid.'],
    [{ expiry: '13/30' }, 'expiry', 'Expiration date must be MM/YY.'],
    [{ expiry: '01/20' }, 'expiry', 'The card has expired.'],
    [{ cvv: '12' }, 'cvv', 'Security code (CVV) must be 3 or 4 digits.'],
    [{ postalCode: '' }, 'postalCode', 'Postal code is not valid.'],
  ])(
    'when the card has %o, then tokenize answers 400 naming the field',
    async (card, path, message) => {
      const response = await app.request('POST', '/api/payment/sandbox/tokenize', {
        sessionId: 'sandbox-card-frame',
        body: {
          cardNumber: SANDBOX_TEST_CARDS.approved,
          expiry: '12/34',
          cvv: '123',
          postalCode: '10001',
          ...card,
        },
      });
      expect(response.status).toBe(400);
      expect(response.body.errors).toContainEqual({ path, message });
    },
  );

  it('when tokenize is called from another site, then it is refused', async () => {
    const response = await app.request('POST', '/api/payment/sandbox/tokenize', {
      sessionId: 'sandbox-card-frame',
      headers: { origin: 'https://evil.example' },
      body: {
        cardNumber: SANDBOX_TEST_CARDS.approved,
        expiry: '12/34',
        cvv: '123',
        postalCode: '10001',
      },
    });
    expect(response.status).toBe(403);
  });
});

describe('sandbox browser files', () => {
  it('when the checkout loads the script, then it is JavaScript exposing Square.payments', async () => {
    const response = await app.request('GET', '/api/payment/sandbox/payments.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.text).toContain('window.Square');
    expect(response.text).toContain('tokenize');
    // The script never reads card fields: they live in the frame.
    expect(response.text).not.toMatch(/cardNumber|cvv/);
    // Its own cache rule, not the API's no-store.
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('when the card frame is asked for by an allowed page, then it is served with its own strict CSP', async () => {
    const origin = 'http://localhost:3000';
    const response = await app.request(
      'GET',
      `/api/payment/sandbox/card-frame?origin=${encodeURIComponent(origin)}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`frame-ancestors 'self' ${origin}`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.text).toContain(`data-parent-origin="${origin}"`);
    expect(response.text).toMatch(/name="cardNumber"[^>]*autocomplete="cc-number"/);
    expect(response.text).not.toMatch(/<script>(?!<)/);

    const frameScript = await app.request('GET', '/api/payment/sandbox/card-frame.js');
    expect(frameScript.status).toBe(200);
    expect(frameScript.text).toContain("fetch('tokenize'");
    expect(frameScript.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it("when the card frame is asked for by the shell's own page on another host or port (ALLOWED_ORIGINS unset), then it is served for that page alone", async () => {
    // The shell forwards /api under the API's own Host and names the host the browser asked for in
    // X-Forwarded-Host (scripts/lib/static-server.mjs), as the CSRF check reads it.
    const frameFor = (origin: string) =>
      app.request('GET', `/api/payment/sandbox/card-frame?origin=${encodeURIComponent(origin)}`, {
        headers: { 'x-forwarded-host': 'shop.example:3500' },
      });
    const own = await frameFor('http://shop.example:3500');
    expect(own.status, own.text).toBe(200);
    expect(own.headers.get('content-security-policy')).toContain(
      "frame-ancestors 'self' http://shop.example:3500",
    );
    expect((await frameFor('https://evil.example')).status).toBe(400);
  });

  it('when the card frame is asked for by an unknown page, then 400 and no frame', async () => {
    const response = await app.request(
      'GET',
      `/api/payment/sandbox/card-frame?origin=${encodeURIComponent('https://evil.example')}`,
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('when any other API answer is framed, then the default headers forbid it', async () => {
    const response = await app.request('GET', '/api/payment/config');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('checkout from the customer’s side', () => {
  it('when a signed-in customer checks out and pays, then the order shows in the history as paid', async () => {
    const agent = app.agent();
    await register(agent);
    await addToCart(agent);
    const order = await placeOrder(agent, customerInfo());
    expect((await pay(agent, order.orderId)).status).toBe(200);
    const history = await agent.request('GET', '/api/orders');
    expect(history.body[0]).toMatchObject({
      id: order.orderId,
      paymentStatus: 'paid',
      status: 'processing',
    });
  });
});
