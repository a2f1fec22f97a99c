// A refund the payment provider fails to make leaves the order as it was (502, the cancel can be tried
// again), and the retry refunds once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OrderModel } from '../src/modules/orders/model';
import type { PaymentProvider } from '../src/modules/payments/provider';
import { sandboxProvider } from '../src/modules/payments/sandbox';
import { addToCart, pay, placeOrder, registerAdmin } from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

const sandbox = sandboxProvider();
let refundsFail = true;
const refunds: number[] = [];
const flakyProvider: PaymentProvider = {
  name: 'sandbox',
  charge: (request) => sandbox.charge(request),
  async refund(request) {
    if (refundsFail) throw new Error('connect ETIMEDOUT');
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

it('when the provider fails to refund, then 502, the order is unchanged, and a retry refunds once', async () => {
  const shopper = app.agent();
  await addToCart(shopper);
  const order = await placeOrder(shopper);
  expect((await pay(shopper, order.orderId)).status).toBe(200);
  const cancel = () =>
    admin.request('POST', `/api/admin/orders/${order.orderId}/cancel`, {
      body: { refundAmount: order.total },
    });

  const failed = await cancel();
  expect(failed.status).toBe(502);
  expect(failed.body.message).toBe(
    'The payment provider did not make the refund; the order is unchanged. Please try again.',
  );
  expect(await OrderModel.findById(order.orderId).lean()).toMatchObject({
    status: 'processing',
    refundedCents: 0,
  });

  refundsFail = false;
  const retried = await cancel();
  expect(retried.status, retried.text).toBe(200);
  expect(retried.body).toMatchObject({ status: 'cancelled', refunded: order.total });
  expect(refunds).toEqual([Math.round(order.total * 100)]);
  const detail = await admin.request('GET', `/api/admin/orders/${order.orderId}`);
  expect(detail.body.history.map((move: { to: string }) => move.to)).toEqual([
    'processing',
    'cancelled',
  ]);
});
