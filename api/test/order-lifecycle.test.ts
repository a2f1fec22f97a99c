// An honest order lifecycle: unpaid checkouts are not orders to the customer and expire after 24 hours
// (time injected) giving back their discount use; paid orders move processing -> shipped -> completed
// or are cancelled with a refund, once, never above the charge; every move is in the order's history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOrderSchema,
  checkoutQuoteAnswerSchema,
  orderNoteAnswerSchema,
  type AdminOrder,
} from '@shop/contracts';
import { OutboxModel } from '../src/modules/mail/model';
import { OrderModel } from '../src/modules/orders/model';
import { expireUnpaidOrders } from '../src/modules/payments/expiry';
import { SandboxPaymentModel } from '../src/modules/payments/sandbox';
import { markDiscountReserved } from '../src/modules/orders/repository';
import { reserveDiscountUse } from '../src/modules/discounts/discounts';
import {
  addToCart,
  pay,
  placeOrder,
  register,
  registerAdmin,
  uniqueEmail,
} from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

let app: TestApp;
let admin: TestAgent;
let adminEmail: string;
beforeAll(async () => {
  app = await startTestApp({ TAX_RATES: JSON.stringify({ NY: 0.08875 }) });
  admin = app.agent();
  adminEmail = (await registerAdmin(admin)).body.email;
});
afterAll(async () => {
  await app?.close();
});

async function paidOrder(agent = app.agent(), info: Record<string, string> = {}) {
  await addToCart(agent, { quantity: 10 });
  const order = await placeOrder(agent, info);
  const paid = await pay(agent, order.orderId);
  expect(paid.status, paid.text).toBe(200);
  return { agent, ...order };
}

describe('unpaid checkouts', () => {
  it('when a checkout is not paid, then it never appears in GET /api/orders and admins see it only under its own filter', async () => {
    const shopper = app.agent();
    await register(shopper);
    await addToCart(shopper);
    const unpaid = await placeOrder(shopper);
    await pay(shopper, unpaid.orderId, 'cnon:card-nonce-declined');

    expect((await shopper.request('GET', '/api/orders')).body).toEqual([]);
    const all = await admin.request('GET', '/api/admin/orders?pageSize=100');
    expect(all.body.orders.map((order: { id: string }) => order.id)).not.toContain(unpaid.orderId);
    const pending = await admin.request(
      'GET',
      '/api/admin/orders?status=pending_payment&pageSize=100',
    );
    expect(pending.body.orders.map((order: { id: string }) => order.id)).toContain(unpaid.orderId);
    expect(
      pending.body.orders.every((order: { status: string }) => order.status === 'pending_payment'),
    ).toBe(true);
  });

  it('when an unpaid order is 24 hours old, then the sweep expires it, gives its discount use back, and it can no longer be paid', async () => {
    const created = await admin.request('POST', '/api/admin/discount-codes', {
      body: {
        code: `ONCE${Date.now()}`.slice(0, 20),
        type: 'percentage',
        value: 10,
        usageLimit: 1,
      },
    });
    expect(created.status, created.text).toBe(201);
    const code = created.body.code as string;
    const shopper = app.agent();
    await addToCart(shopper);
    expect(
      (await shopper.request('POST', '/api/cart/session', { body: { discountCode: code } })).status,
    ).toBe(200);
    const order = await placeOrder(shopper);
    // A payment that stopped mid-way left the code's one use held by this order.
    const codeId = await reserveDiscountUse(code);
    expect(codeId).not.toBeNull();
    await markDiscountReserved(order.orderId, { codeId: codeId! });
    const codeAfterReserve = await admin.request('GET', '/api/admin/discount-codes');
    expect(codeAfterReserve.body.find((c: { code: string }) => c.code === code).timesUsed).toBe(1);

    const placedAt = (await OrderModel.findById(order.orderId).lean())!.createdAt;
    expect(await expireUnpaidOrders(new Date(placedAt.getTime() + 23 * 60 * 60 * 1000))).toBe(0);
    expect((await OrderModel.findById(order.orderId).lean())?.status).toBe('pending_payment');

    const expired = await expireUnpaidOrders(
      new Date(placedAt.getTime() + 24 * 60 * 60 * 1000 + 1),
    );
    expect(expired).toBeGreaterThanOrEqual(1);
    const after = await OrderModel.findById(order.orderId).lean();
    expect(after).toMatchObject({
      status: 'expired',
      paymentStatus: 'unpaid',
      discountReserved: false,
    });
    const codes = await admin.request('GET', '/api/admin/discount-codes');
    expect(codes.body.find((c: { code: string }) => c.code === code).timesUsed).toBe(0);

    const late = await pay(shopper, order.orderId);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'This checkout has expired. Please review your cart and place your order again.',
    );
    const detail = await admin.request('GET', `/api/admin/orders/${order.orderId}`);
    expect(
      detail.body.history.map((move: { from: string; to: string }) => [move.from, move.to]),
    ).toEqual([['pending_payment', 'expired']]);
    // The cart is still there: placing it again makes a new order, which takes the one use given back.
    const again = await placeOrder(shopper);
    expect(again.orderId).not.toBe(order.orderId);
    expect((await pay(shopper, again.orderId)).status).toBe(200);
    const final = await admin.request('GET', '/api/admin/discount-codes');
    expect(final.body.find((c: { code: string }) => c.code === code).timesUsed).toBe(1);
  });
});

describe('shipping, cancelling and refunding', () => {
  it('when an admin marks an order shipped with a tracking number, then the shopper sees it with a tracking link and gets the shipped email', async () => {
    const shopper = app.agent();
    await register(shopper);
    const order = await paidOrder(shopper);
    const shipped = await admin.request('POST', `/api/admin/orders/${order.orderId}/ship`, {
      body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(shipped.status, shipped.text).toBe(200);
    const history = await shopper.request('GET', '/api/orders');
    expect(history.body[0]).toMatchObject({
      id: order.orderId,
      status: 'shipped',
      shipment: {
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      },
    });
    const mail = await OutboxModel.findOne({ key: `order_shipped:${order.orderId}` }).lean();
    expect(mail?.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(mail?.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');

    const bad = await admin.request('POST', `/api/admin/orders/${order.orderId}/ship`, {
      body: { carrier: 'FedEx', trackingNumber: '' },
    });
    expect(bad.status).toBe(400);
  });

  it('when two refund clicks arrive at once, then the order is cancelled and refunded once', async () => {
    const order = await paidOrder();
    const cancel = () =>
      admin.request('POST', `/api/admin/orders/${order.orderId}/cancel`, {
        body: { refundAmount: order.total, reason: 'Customer changed their mind' },
      });
    const answers = await Promise.all([cancel(), cancel(), cancel()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const stored = await OrderModel.findById(order.orderId).lean();
    expect(stored).toMatchObject({
      status: 'cancelled',
      refundedCents: Math.round(order.total * 100),
    });
    const { refunds } = (await SandboxPaymentModel.findOne({
      paymentId: stored!.paymentId,
    }).lean())!;
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amountCents).toBe(Math.round(order.total * 100));
    const mails = await OutboxModel.find({ key: `order_cancelled:${order.orderId}` }).lean();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`$${order.total.toFixed(2)}`);
    // Cancelled is final.
    expect((await cancel()).status).toBe(409);
  });

  it('when a refund is more than was charged, then 400 and nothing changes; a partial refund is recorded as such', async () => {
    const order = await paidOrder();
    const tooMuch = await admin.request('POST', `/api/admin/orders/${order.orderId}/cancel`, {
      body: { refundAmount: order.total + 0.01 },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe(
      `The refund cannot be more than the $${order.total.toFixed(2)} charged`,
    );
    expect((await OrderModel.findById(order.orderId).lean())?.status).toBe('processing');
    expect(
      (
        await admin.request('POST', `/api/admin/orders/${order.orderId}/cancel`, {
          body: { refundAmount: 1.005 },
        })
      ).status,
    ).toBe(400);

    const partial = await admin.request('POST', `/api/admin/orders/${order.orderId}/cancel`, {
      body: { refundAmount: 5 },
    });
    expect(partial.status, partial.text).toBe(200);
    adminOrderSchema.parse(partial.body);
    expect(partial.body).toMatchObject({ status: 'cancelled', refunded: 5 });
    const { refunds } = (await SandboxPaymentModel.findOne({
      paymentId: (await OrderModel.findById(order.orderId).lean())!.paymentId,
    }).lean())!;
    expect(refunds.map((refund) => refund.amountCents)).toEqual([500]);
  });

  it('when an admin cancels with a refund, then the admin’s order says the refund’s reason as the payment provider was told it (the one given, or the order’s own), and one cancelled with nothing refunded has none', async () => {
    const cancel = async (refundAmount: number, reason: string) => {
      const order = await paidOrder();
      const answer = await admin.request('POST', `/api/admin/orders/${order.orderId}/cancel`, {
        body: { refundAmount, reason },
      });
      expect(answer.status, answer.text).toBe(200);
      return { order, answer: adminOrderSchema.parse(answer.body) };
    };
    const reasoned = await cancel(5, 'Customer asked to cancel');
    const unreasoned = await cancel(3, '');
    const unrefunded = await cancel(0, 'Duplicate order');
    expect(reasoned.answer.refundReason).toBe('Customer asked to cancel');
    expect(unreasoned.answer.refundReason).toBe(`Order #${unreasoned.order.orderNumber} cancelled`);
    expect(unrefunded.answer.refundReason).toBeNull();

    // The order's own page and the list say it too.
    const detail = await admin.request('GET', `/api/admin/orders/${reasoned.order.orderId}`);
    expect(adminOrderSchema.parse(detail.body).refundReason).toBe('Customer asked to cancel');
    const list = await admin.request(
      'GET',
      `/api/admin/orders?pageSize=5&q=${reasoned.order.orderNumber}`,
    );
    expect(list.body.orders.map((order: AdminOrder) => order.refundReason)).toEqual([
      'Customer asked to cancel',
    ]);
  });

  it('when an order is paid, then cancelled with part of it refunded or all of it, then its emails say the tax’s region and what was refunded and what stays paid, as its page and invoice do', async () => {
    const partly = await paidOrder(); // 10 labels to New York: NY tax
    const page = (await partly.agent.request('GET', `/api/orders/${partly.orderId}`)).body;
    const confirmation = await OutboxModel.findOne({
      key: `order_confirmation:${partly.orderId}`,
    }).lean();
    expect(confirmation!.text).toContain(`Tax (NY): $${page.tax.toFixed(2)}`);
    expect(confirmation!.html).toContain('Tax (NY)');

    const cancelled = await admin.request('POST', `/api/admin/orders/${partly.orderId}/cancel`, {
      body: { refundAmount: 5, reason: 'One label damaged' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const kept = `$${(partly.total - 5).toFixed(2)}`;
    const partMail = await OutboxModel.findOne({ key: `order_cancelled:${partly.orderId}` }).lean();
    for (const part of [partMail!.text, partMail!.html]) {
      expect(part).toContain(
        `We have refunded $5.00 of the $${partly.total.toFixed(2)} you paid to your card; the other ${kept} stays paid, as your invoice shows.`,
      );
    }

    const fully = await paidOrder();
    await admin.request('POST', `/api/admin/orders/${fully.orderId}/cancel`, {
      body: { refundAmount: fully.total, reason: '' },
    });
    const fullMail = await OutboxModel.findOne({ key: `order_cancelled:${fully.orderId}` }).lean();
    expect(fullMail!.text).toContain(
      `We have refunded the $${fully.total.toFixed(2)} you paid, in full, to your card.`,
    );
    expect(fullMail!.text).not.toContain(' of the ');
  });

  it('when an order is paid, shipped, completed and noted, then every move is in its history with who, when, from and to', async () => {
    const order = await paidOrder();
    await admin.request('POST', `/api/admin/orders/${order.orderId}/ship`, {
      body: {
        carrier: 'other',
        trackingNumber: 'AB-123',
        trackingUrl: 'https://track.example.com/AB-123',
      },
    });
    await admin.request('PATCH', `/api/admin/orders/${order.orderId}`, {
      body: { status: 'completed' },
    });
    const note = await admin.request('POST', `/api/admin/orders/${order.orderId}/notes`, {
      body: { text: 'Called the customer <about> the mounting' },
    });
    expect(note.status).toBe(201);
    orderNoteAnswerSchema.parse(note.body);
    expect(
      (
        await admin.request('POST', `/api/admin/orders/${order.orderId}/notes`, {
          body: { text: ' ' },
        })
      ).status,
    ).toBe(400);

    const detail = await admin.request('GET', `/api/admin/orders/${order.orderId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.history).toEqual([
      {
        at: expect.any(String),
        by: 'customer',
        from: 'pending_payment',
        to: 'processing',
        note: expect.stringMatching(/^Paid \$/),
      },
      {
        at: expect.any(String),
        by: adminEmail,
        from: 'processing',
        to: 'shipped',
        note: 'Tracking AB-123',
      },
      { at: expect.any(String), by: adminEmail, from: 'shipped', to: 'completed', note: null },
    ]);
    expect(detail.body.shipment).toMatchObject({ trackingUrl: 'https://track.example.com/AB-123' });
    expect(detail.body.adminNotes).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        by: adminEmail,
        text: 'Called the customer <about> the mounting',
      },
    ]);
    // Internal notes never reach the customer's view.
    const cancelCompleted = await admin.request(
      'POST',
      `/api/admin/orders/${order.orderId}/cancel`,
      {
        body: { refundAmount: 0 },
      },
    );
    expect(cancelCompleted.status).toBe(400);
  });
});

describe('finding orders and customers', () => {
  it('when an admin searches by order number, email or name and filters by date, then only matching orders come back', async () => {
    const email = uniqueEmail('findme');
    const order = await paidOrder(app.agent(), { email, firstName: 'Zelda', lastName: 'Quartz' });
    const ids = async (query: string) =>
      (await admin.request('GET', `/api/admin/orders?pageSize=100&${query}`)).body.orders.map(
        (found: { id: string }) => found.id,
      );
    expect(await ids(`q=${order.orderNumber}`)).toEqual([order.orderId]);
    expect(await ids(`q=%23${order.orderNumber}`)).toEqual([order.orderId]);
    expect(await ids(`q=${encodeURIComponent(email.toUpperCase())}`)).toEqual([order.orderId]);
    expect(await ids('q=zelda%20quartz')).toEqual([order.orderId]);
    expect(await ids('q=quar')).toEqual([order.orderId]); // the beginning of a word
    expect(await ids('q=uartz')).toEqual([]); // not any part of one
    expect((await admin.request('GET', '/api/admin/orders?q=.*')).status).toBe(400);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`q=quartz&from=2000-01-01&to=2000-01-02`)).toEqual([]);
    const wide = await ids(`q=quartz&from=2000-01-01&to=2100-01-01`);
    expect(wide).toEqual([order.orderId]);
    expect((await admin.request('GET', `/api/admin/orders?from=${today}x`)).status).toBe(400);
  });

  it('when an admin searches by a whole email or a number, then the orders come from their keys, with the status and date filters applied', async () => {
    const email = uniqueEmail('keyed');
    const shopper = app.agent();
    const first = await paidOrder(shopper, { email });
    const second = await paidOrder(shopper, { email });
    await addToCart(shopper);
    const unpaid = (await placeOrder(shopper, { email })).orderId;
    const ids = async (query: string) =>
      (await admin.request('GET', `/api/admin/orders?pageSize=100&${query}`)).body.orders.map(
        (found: { id: string }) => found.id,
      );
    const q = `q=${encodeURIComponent(email)}`;
    expect(await ids(q)).toEqual([second.orderId, first.orderId]); // paid ones, newest first
    expect(await ids(`${q}&status=pending_payment`)).toEqual([unpaid]);
    expect(await ids(`${q}&from=2000-01-01&to=2000-01-02`)).toEqual([]);
    const page = await admin.request('GET', `/api/admin/orders?pageSize=1&${q}`);
    expect(page.body.orders.map((o: { id: string }) => o.id)).toEqual([second.orderId]);
    const next = await admin.request(
      'GET',
      `/api/admin/orders?pageSize=1&before=${page.body.nextBefore}&${q}`,
    );
    expect(next.body.orders.map((o: { id: string }) => o.id)).toEqual([first.orderId]);
    expect(await ids(`q=${second.orderNumber}&status=pending_payment`)).toEqual([]);
  });

  it('when an admin opens a customer, then their paid orders are listed', async () => {
    const shopper = app.agent();
    const customer = (await register(shopper)).body;
    const order = await paidOrder(shopper);
    await addToCart(shopper);
    await placeOrder(shopper); // unpaid: not listed
    const detail = await admin.request('GET', `/api/admin/customers/${customer.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.customer).toMatchObject({ id: customer.id, email: customer.email });
    expect(detail.body.customer).not.toHaveProperty('passwordHash');
    expect(detail.body.orders.map((found: { id: string }) => found.id)).toEqual([order.orderId]);
    expect(
      (await admin.request('GET', '/api/admin/customers/0123456789abcdef01234567')).status,
    ).toBe(404);
    expect((await shopper.request('GET', `/api/admin/customers/${customer.id}`)).status).toBe(403);
  });
});

describe('the exact amount before the card is charged', () => {
  it('when a shopper asks for the total for a US or Canadian address, then paying charges exactly that, to the cent', async () => {
    for (const [zipCode, city, state] of [
      ['10001', 'New York', 'NY'],
      ['M5V 2T6', 'Toronto', 'ON'],
      ['60601', 'Chicago', 'IL'],
    ] as const) {
      const shopper = app.agent();
      await addToCart(shopper, { quantity: 7 });
      const quote = await shopper.request('POST', '/api/checkout/quote', { body: { zipCode } });
      expect(quote.status, quote.text).toBe(200);
      checkoutQuoteAnswerSchema.parse(quote.body);
      // The rate charged is a carrier's: named for a Canadian postal code too.
      expect(['usps', 'ups'], zipCode).toContain(quote.body.shippingCarrier);
      expect(quote.body.total).toBeCloseTo(
        quote.body.subtotal - quote.body.discountAmount + quote.body.shipping + quote.body.tax,
        10,
      );
      const order = await placeOrder(shopper, { zipCode, city, state });
      expect(order.total).toBe(quote.body.total);
      await pay(shopper, order.orderId);
      const stored = await OrderModel.findById(order.orderId).lean();
      expect(stored!.totalCents).toBe(Math.round(quote.body.total * 100));
    }
    const bad = await app
      .agent()
      .request('POST', '/api/checkout/quote', { body: { zipCode: '1234' } });
    expect(bad.status).toBe(400);
  });
});
