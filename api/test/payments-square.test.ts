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
/** Each idempotency key's request (its card token) and what Square answered it. */
const requestsByKey = new Map<string, { source: string; status: number; body: unknown }>();
let payments = 0;
/** Answers the stand-in loses (the SDK tries a request three times after a 5xx). */
let answersToLose = 0;

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
    // Like Square: a key sent again answers what its request did, only with the same request.
    const earlier = requestsByKey.get(body.idempotency_key);
    if (earlier && earlier.source !== body.source_id) {
      return answer(res, 400, {
        errors: [
          {
            category: 'INVALID_REQUEST_ERROR',
            code: 'IDEMPOTENCY_KEY_REUSED',
            detail: 'The idempotency key can only be retried with the same request data.',
          },
        ],
      });
    }
    // A request done whose answer is lost on the way back (a gateway's 500), for each try of it.
    const lose = () => {
      answersToLose -= 1;
      answer(res, 500, {});
    };
    if (earlier) return answersToLose > 0 ? lose() : answer(res, earlier.status, earlier.body);
    const [status, answered] = squareAnswer(body);
    requestsByKey.set(body.idempotency_key, { source: body.source_id, status, body: answered });
    if (answersToLose > 0) return lose();
    return answer(res, status, answered);
  });
});

/** What Square does with a new request: a payment for the approving nonces, else its errors. */
function squareAnswer(body: SquareCall['body']): [number, unknown] {
  switch (body.source_id) {
    case 'cnon:card-nonce-ok':
    case 'cnon:card-nonce-ok-answer-lost': {
      payments += 1;
      const payment = {
        id: `sq-payment-${payments}`,
        status: 'COMPLETED',
        amount_money: body.amount_money,
        location_id: body.location_id,
      };
      return [200, { payment }];
    }
    case 'cnon:card-nonce-declined':
      return [
        402,
        {
          errors: [
            { category: 'PAYMENT_METHOD_ERROR', code: 'CARD_DECLINED', detail: 'Card declined.' },
          ],
        },
      ];
    case 'cnon:card-nonce-rejected-cvv':
      return [
        402,
        {
          errors: [
            { category: 'PAYMENT_METHOD_ERROR', code: 'CVV_FAILURE', detail: 'CVV failure.' },
          ],
        },
      ];
    default:
      return [
        400,
        {
          errors: [
            { category: 'INVALID_REQUEST_ERROR', code: 'BAD_REQUEST', detail: 'Unknown source' },
          ],
        },
      ];
  }
}

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

  it('when Square refuses the request for another reason, then a 502 saying to retry (no details), the order unpaid and payable later', async () => {
    const { agent, orderId } = await orderInCart();
    const broken = await pay(agent, orderId, 'something-square-refuses');
    expect(broken.status).toBe(502);
    expect(broken.body).toEqual({
      message: 'The card processor refused the payment request. Please try again.',
    });
    expect((await OrderModel.findById(orderId).lean())?.paymentStatus).toBe('unpaid');
    expect((await pay(agent, orderId)).status).toBe(200);
  });

  it('when a card is declined, then paying with another card sends a new request under a key of its own, and Square charges it', async () => {
    const { agent, orderId } = await orderInCart();
    expect((await pay(agent, orderId, 'cnon:card-nonce-declined')).status).toBe(402);
    expect((await pay(agent, orderId, 'cnon:card-nonce-rejected-cvv')).status).toBe(402);
    const paid = await pay(agent, orderId);
    expect(paid.status, paid.text).toBe(200);
    expect(calls.map((call) => call.body.idempotency_key)).toEqual([
      orderId,
      `${orderId}-1`,
      `${orderId}-2`,
    ]);
  });

  it('when Square charges but its answer never comes, then the retry sends that request again and the order is paid by that one payment', async () => {
    const { agent, orderId, total } = await orderInCart();
    answersToLose = 3;
    const lost = await pay(agent, orderId);
    expect(lost.status).toBe(502);
    expect(lost.body).toEqual({ message: PAYMENT_UNAVAILABLE_MESSAGE });
    const waiting = await OrderModel.findById(orderId).lean();
    expect(waiting).toMatchObject({ paymentStatus: 'unpaid', paymentId: null });

    // The shopper enters a card again: the request never answered goes again as it was.
    const retried = await pay(agent, orderId, 'cnon:card-nonce-declined');
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toMatchObject({ total });
    // Three tries of the first request, then that request again: one key, one card token, one charge.
    const sent = calls.map(({ body }) => `${body.idempotency_key} ${body.source_id}`);
    expect(sent).toEqual(Array(4).fill(`${orderId} cnon:card-nonce-ok`));
    expect(new Set([...requestsByKey.keys()].filter((key) => key.startsWith(orderId)))).toEqual(
      new Set([orderId]),
    );
    const paid = await OrderModel.findById(orderId).lean();
    expect(paid).toMatchObject({ paymentStatus: 'paid', unansweredToken: null });
    expect(paid?.paymentId).toMatch(/^sq-payment-/);
  });

  it('when the same order is paid twice, then Square is called once', async () => {
    const { agent, orderId } = await orderInCart();
    const [first, second] = await Promise.all([pay(agent, orderId), pay(agent, orderId)]);
    expect(first.body.paymentId).toBe(second.body.paymentId);
    expect(calls).toHaveLength(1);
  });
});
