// One order's page, reorder, invoice and guest link (docs/product.md, "Order page"): its owner or the
// holder of its guest link reads it; anyone else gets the same 404 as for an order that does not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetailSchema } from '@shop/contracts';
import { signOrderLink } from '../src/modules/orders/order-access';
import { addToCart, pay, placeOrder, register, registerAdmin } from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

let app: TestApp;
let owner: TestAgent;
let ownerOrder: { orderId: string; orderNumber: number; total: number };

beforeAll(async () => {
  app = await startTestApp({ TAX_RATES: JSON.stringify({ NY: 0.08875 }) });
  owner = app.agent();
  await register(owner);
  await addToCart(owner, { customText: 'PUMP 3', quantity: 2 });
  ownerOrder = await placeOrder(owner);
  expect((await pay(owner, ownerOrder.orderId)).status).toBe(200);
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/orders/{id} and /api/orders/by-number/{n}', () => {
  it('when its customer asks, then the order comes with its address and dated steps', async () => {
    const byId = await owner.request('GET', `/api/orders/${ownerOrder.orderId}`);
    expect(byId.status, byId.text).toBe(200);
    const detail = orderDetailSchema.parse(byId.body);
    expect(detail.orderNumber).toBe(ownerOrder.orderNumber);
    expect(detail.total).toBe(ownerOrder.total);
    expect(detail.customerInfo.zipCode).toBe('10001');
    expect(detail.items[0]?.productConfig.customText).toBe('PUMP 3');
    expect(detail.history.map((step) => step.status)).toEqual(['pending_payment', 'processing']);
    expect(byId.headers.get('cache-control')).toBe('no-store');

    const byNumber = await owner.request('GET', `/api/orders/by-number/${ownerOrder.orderNumber}`);
    expect(byNumber.status, byNumber.text).toBe(200);
    expect(byNumber.body).toEqual(byId.body);
  });

  it('when another customer, a guest or an admin on the customer route asks, then 404 as for no order', async () => {
    const other = app.agent();
    await register(other);
    const guest = app.agent();
    const admin = app.agent();
    await registerAdmin(admin);
    for (const agent of [other, guest, admin]) {
      for (const path of [
        `/api/orders/${ownerOrder.orderId}`,
        `/api/orders/by-number/${ownerOrder.orderNumber}`,
      ]) {
        const response = await agent.request('GET', path);
        expect(response.status, path).toBe(404);
        expect(response.body).toEqual({ message: 'Order not found' });
      }
    }
    const missing = await owner.request('GET', '/api/orders/by-number/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Order not found' });
  });

  it('when a guest placed the order, then its session reads it and another session does not', async () => {
    const guest = app.agent();
    await addToCart(guest);
    const order = await placeOrder(guest);
    expect((await guest.request('GET', `/api/orders/${order.orderId}`)).status).toBe(200);
    expect((await app.agent().request('GET', `/api/orders/${order.orderId}`)).status).toBe(404);
  });

  it('when a guest link is given, then it opens its own order only, until it expires', async () => {
    const stranger = app.agent();
    const secret = app.config.orderLinkSecret;
    const link = signOrderLink(ownerOrder.orderId, secret);
    const opened = await stranger.request(
      'GET',
      `/api/orders/by-number/${ownerOrder.orderNumber}?access=${link}`,
    );
    expect(opened.status, opened.text).toBe(200);

    const otherCustomer = app.agent();
    await addToCart(otherCustomer);
    const otherOrder = await placeOrder(otherCustomer);
    const wrongOrder = await stranger.request(
      'GET',
      `/api/orders/${otherOrder.orderId}?access=${link}`,
    );
    expect(wrongOrder.status).toBe(404);

    // Signed 30 days and a minute ago: expired a minute ago. 30 days less a minute: still open.
    const day = 24 * 60 * 60 * 1000;
    const expired = signOrderLink(
      ownerOrder.orderId,
      secret,
      new Date(Date.now() - 30 * day - 60_000),
    );
    const fresh = signOrderLink(
      ownerOrder.orderId,
      secret,
      new Date(Date.now() - 30 * day + 60_000),
    );
    expect(
      (await stranger.request('GET', `/api/orders/${ownerOrder.orderId}?access=${expired}`)).status,
    ).toBe(404);
    expect(
      (await stranger.request('GET', `/api/orders/${ownerOrder.orderId}?access=${fresh}`)).status,
    ).toBe(200);

    const forged = signOrderLink(ownerOrder.orderId, 'not-the-shops-secret-at-all-123456');
    expect(
      (await stranger.request('GET', `/api/orders/${ownerOrder.orderId}?access=${forged}`)).status,
    ).toBe(404);
  });
});
