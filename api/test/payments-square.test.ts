// The square provider through the official `square` package, against a local stand-in for Square's
// Create Payment endpoint (POST /v2/payments) that answers as Square does.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OrderModel } from '../src/modules/orders/model';
import { PAYMENT_UNAVAILABLE_MESSAGE } from '../src/modules/payments/payments';
import { addToCart, pay, placeOrder } from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

interface SquareCall {
  authorization: string | undefined;
  squareVersion: string | undefined;
  body: {
    source_id: string;
    idempotency_key: string;
    amount_money: { amount: number; currency: string };
    location_id: string;
    reference_id?: string;
    buyer_email_address?: string;
  };
}

const calls: SquareCall[] = [];
const paymentsByKey = new Map<string, object>();

function answer(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Square's Payments API as far as the shop uses it. */
const standIn = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    if (req.method !== 'POST' || req.url !== '/v2/payments') return answer(res, 404, {});
    const body = JSON.parse(raw) as SquareCall['body'];
    calls.push({
      authorization: req.headers.authorization,
      squareVersion: req.headers['square-version'] as string | undefined,
      body,
    });
    if (req.headers.authorization !== 'Bearer test-access-token') {
      return answer(res, 401, {
        errors: [{ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: 'Bad token' }],
      });
    }
    const earlier = paymentsByKey.get(body.idempotency_key);
    if (earlier) return answer(res, 200, { payment: earlier });
    switch (body.source_id) {
      case 'cnon:card-nonce-ok': {
        const payment = {
          id: `sq-payment-${paymentsByKey.size + 1}`,
          status: 'COMPLETED',
          amount_money: body.amount_money,
          location_id: body.location_id,
        };
        paymentsByKey.set(body.idempotency_key, payment);
        return answer(res, 200, { payment });
      }
      case 'cnon:card-nonce-declined':
        return answer(res, 402, {
          errors: [
            { category: 'PAYMENT_METHOD_ERROR', code: 'CARD_DECLINED', detail: 'Card declined.' },
          ],
        });
      case 'cnon:card-nonce-rejected-cvv':
        return answer(res, 402, {
          errors: [
            { category: 'PAYMENT_METHOD_ERROR', code: 'CVV_FAILURE', detail: 'CVV failure.' },
          ],
        });
      default:
        return answer(res, 400, {
          errors: [
            { category: 'INVALID_REQUEST_ERROR', code: 'BAD_REQUEST', detail: 'Unknown source' },
          ],
        });
    }
  });
});

let app: TestApp;
beforeAll(async () => {
  standIn.listen(0, '127.0.0.1');
  await new Promise((resolve) => standIn.once('listening', resolve));
  app = await startTestApp({
    PAYMENT_PROVIDER: 'square',
    SQUARE_ACCESS_TOKEN: 'test-access-token',
    SQUARE_APPLICATION_ID: 'sandbox-sq0idb-test-app',
    SQUARE_LOCATION_ID: 'L-TEST-1',
    SQUARE_BASE_URL: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  await app?.close();
  standIn.closeAllConnections();
  await new Promise((resolve) => standIn.close(resolve));
});
beforeEach(() => {
  calls.length = 0;
});

async function orderInCart(): Promise<{ agent: TestAgent; orderId: string; total: number }> {
  const agent = app.agent();
  await addToCart(agent);
  const { orderId, total } = await placeOrder(agent);
  return { agent, orderId, total };
}

describe('square provider', () => {
  it('when asked for the payment config, then Square’s ids and its sandbox script', async () => {
    const response = await app.request('GET', '/api/payment/config');
    expect(response.body).toEqual({
      applicationId: 'sandbox-sq0idb-test-app',
      locationId: 'L-TEST-1',
      provider: 'square',
      scriptUrl: 'https://sandbox.web.squarecdn.com/v1/square.js',
    });
    // The built-in sandbox's files are not served with the real provider.
    expect((await app.request('GET', '/api/payment/sandbox/payments.js')).status).toBe(404);
  });

  it('when the card is approved, then Create Payment is called with the order’s total in cents, USD, the order id as idempotency key', async () => {
    const { agent, orderId, total } = await orderInCart();
    const response = await pay(agent, orderId);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      orderId,
      paymentId: 'sq-payment-1',
      total,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.authorization).toBe('Bearer test-access-token');
    expect(calls[0]!.squareVersion).toBeTruthy();
    expect(calls[0]!.body).toMatchObject({
      source_id: 'cnon:card-nonce-ok',
      idempotency_key: orderId,
      amount_money: { amount: Math.round(total * 100), currency: 'USD' },
      location_id: 'L-TEST-1',
    });
    expect(await OrderModel.findById(orderId).lean()).toMatchObject({
      paymentStatus: 'paid',
      paymentId: 'sq-payment-1',
    });
  });

  it('when Square declines, then 402 with the reason and the order unpaid', async () => {
    const { agent, orderId } = await orderInCart();
    const declined = await pay(agent, orderId, 'cnon:card-nonce-declined');
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({
      message: 'Your card was declined. Please use a different card.',
    });
    const cvv = await pay(agent, orderId, 'cnon:card-nonce-rejected-cvv');
    expect(cvv.status).toBe(402);
    expect(cvv.body.message).toMatch(/security code/);
    expect((await OrderModel.findById(orderId).lean())?.paymentStatus).toBe('unpaid');
    expect(((await agent.request('GET', '/api/cart')).body.items as unknown[]).length).toBe(1);
  });

  it('when Square fails for another reason, then a 502 saying to retry (no details), the order unpaid and payable later', async () => {
    const { agent, orderId } = await orderInCart();
    const broken = await pay(agent, orderId, 'something-square-refuses');
    expect(broken.status).toBe(502);
    expect(broken.body).toEqual({ message: PAYMENT_UNAVAILABLE_MESSAGE });
    expect((await OrderModel.findById(orderId).lean())?.paymentStatus).toBe('unpaid');
    expect((await pay(agent, orderId)).status).toBe(200);
  });

  it('when the same order is paid twice, then Square is called once', async () => {
    const { agent, orderId } = await orderInCart();
    const [first, second] = await Promise.all([pay(agent, orderId), pay(agent, orderId)]);
    expect(first.body.paymentId).toBe(second.body.paymentId);
    expect(calls).toHaveLength(1);
  });
});
