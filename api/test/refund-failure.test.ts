// A refund the payment provider never answers may have been made: the order stays held for that
// cancel, whose retry refunds once. One it refuses gives the order back as it was.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OrderModel } from '../src/modules/orders/model';
import {
  UNANSWERED_REFUND_HOLD_MESSAGE,
  UNANSWERED_REFUND_MESSAGE,
} from '../src/modules/orders/moves';
import { AppError } from '../src/platform/errors';
import type { PaymentProvider } from '../src/modules/payments/provider';
import { sandboxProvider } from '../src/modules/payments/sandbox';
import { addToCart, pay, placeOrder, registerAdmin } from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

const sandbox = sandboxProvider();
let refundsFail = true;
let refundsRefused = false;
const refunds: number[] = [];
const keys: string[] = [];
/** While set, a refund waits for it (a provider slow to answer). */
let refundGate: Promise<void> | null = null;
const flakyProvider: PaymentProvider = {
  name: 'sandbox',
  charge: (request) => sandbox.charge(request),
  async refund(request) {
    keys.push(request.idempotencyKey);
    if (refundGate) await refundGate;
    if (refundsFail) throw new Error('connect ETIMEDOUT');
    if (refundsRefused) throw AppError.invalid('Square refused the refund: amount');
    refunds.push(request.amountCents);
    return sandbox.refund(request);
  },
};

let app: TestApp;
let admin: TestAgent;
beforeAll(async () => {
  app = await startTestApp({}, { paymentProvider: flakyProvider });
  admin = app.agent();
  await registerAdmin(admin);
});
afterAll(async () => {
  await app?.close();
});

/** A paid order, and the admin's cancel of it with a refund of this amount. */
async function paidOrderToCancel() {
  const shopper = app.agent();
  await addToCart(shopper);
  const order = await placeOrder(shopper);
  expect((await pay(shopper, order.orderId)).status).toBe(200);
  const cancel = (refundAmount: number, reason?: string) =>
    admin.request('POST', `/api/admin/orders/${order.orderId}/cancel`, {
      body: { refundAmount, reason },
    });
  return { order, cancel, shopper };
}

it('when the provider does not answer a refund, then 502 saying it may be made, the order held for that cancel alone, and the retry refunds once, the first amount and reason asked', async () => {
  const { order, cancel } = await paidOrderToCancel();

  const failed = await cancel(order.total, 'Lost in the post');
  expect(failed.status).toBe(502);
  expect(failed.body.message).toBe(UNANSWERED_REFUND_MESSAGE);
  expect(await OrderModel.findById(order.orderId).lean()).toMatchObject({
    status: 'processing',
    refundedCents: 0,
    pendingMove: { to: 'cancelled', unanswered: true },
  });
  // The history says nothing happened yet, and no other move may start meanwhile.
  const held = await admin.request('GET', `/api/admin/orders/${order.orderId}`);
  expect(held.body.history.map((move: { to: string }) => move.to)).toEqual(['processing']);
  // The admin reads that a refund may be on its way, and of how much.
  expect(held.body.refundPending).toEqual({ amount: order.total, askedAt: expect.any(String) });
  const ship = await admin.request('POST', `/api/admin/orders/${order.orderId}/ship`, {
    body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
  });
  expect(ship.status).toBe(409);
  expect(ship.body.message).toBe(UNANSWERED_REFUND_HOLD_MESSAGE);

  expect(held.body.refundedAt).toBeNull();

  refundsFail = false;
  const retriedAt = Date.now();
  const retried = await cancel(1);
  expect(retried.status, retried.text).toBe(200);
  expect(retried.body).toMatchObject({
    status: 'cancelled',
    refunded: order.total,
    refundPending: null,
  });
  // Dated when the provider's answer said it was made: by the retry, not the first call.
  expect(new Date(retried.body.refundedAt).getTime()).toBeGreaterThanOrEqual(retriedAt);
  expect(refunds).toEqual([Math.round(order.total * 100)]);
  // The books keep the reason the refund was asked with, which the retry (as the admin's panel
  // sends it) does not repeat.
  expect((await OrderModel.findById(order.orderId).lean())!.refundReason).toBe('Lost in the post');
  const detail = await admin.request('GET', `/api/admin/orders/${order.orderId}`);
  expect(detail.body.history.map((move: { to: string }) => move.to)).toEqual([
    'processing',
    'cancelled',
  ]);
});

it('when the provider refuses a refund, then the order is given back as it was and can be cancelled with another amount', async () => {
  const { order, cancel } = await paidOrderToCancel();
  refundsRefused = true;
  const refused = await cancel(order.total);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe('Square refused the refund: amount');
  expect(await OrderModel.findById(order.orderId).lean()).toMatchObject({
    status: 'processing',
    pendingMove: null,
  });
  refundsRefused = false;
  const cancelled = await cancel(1);
  expect(cancelled.status, cancelled.text).toBe(200);
  expect(cancelled.body).toMatchObject({ status: 'cancelled', refunded: 1 });
});

it('when a refund goes unanswered and its retry is refused, then the order is given back (nothing was refunded under its key) and a new cancel asks under a new key', async () => {
  const { order, cancel } = await paidOrderToCancel();
  refundsFail = true;
  expect((await cancel(order.total)).status).toBe(502);
  refundsFail = false;
  refundsRefused = true;
  const refused = await cancel(order.total);
  expect(refused.status).toBe(400);
  expect(await OrderModel.findById(order.orderId).lean()).toMatchObject({
    status: 'processing',
    pendingMove: null,
  });
  const held = await admin.request('GET', `/api/admin/orders/${order.orderId}`);
  expect(held.body.history.map((move: { to: string }) => move.to)).toEqual(['processing']);
  // The retry asked under the first call's key; the new cancel under its own.
  expect(keys.at(-1)).toBe(keys.at(-2));
  refundsRefused = false;
  const cancelled = await cancel(2);
  expect(cancelled.status, cancelled.text).toBe(200);
  expect(cancelled.body).toMatchObject({ status: 'cancelled', refunded: 2 });
  expect(keys.at(-1)).not.toBe(keys.at(-2));
});

it('while a refund is on its way, then neither the customer nor an admin reads the order as cancelled; once made, both do', async () => {
  const { order, cancel, shopper } = await paidOrderToCancel();
  let answer!: () => void;
  refundGate = new Promise((resolve) => (answer = resolve));
  const cancelling = cancel(order.total);
  for (let tries = 0; !(await OrderModel.findById(order.orderId).lean())?.pendingMove; tries++) {
    expect(tries).toBeLessThan(100);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const statuses = async () => [
    (await shopper.request('GET', `/api/orders/${order.orderId}`)).body.history.map(
      (step: { status: string }) => step.status,
    ),
    (await admin.request('GET', `/api/admin/orders/${order.orderId}`)).body.history.map(
      (move: { to: string }) => move.to,
    ),
  ];
  expect(await statuses()).toEqual([['pending_payment', 'processing'], ['processing']]);
  answer();
  refundGate = null;
  expect((await cancelling).status).toBe(200);
  expect(await statuses()).toEqual([
    ['pending_payment', 'processing', 'cancelled'],
    ['processing', 'cancelled'],
  ]);
});
