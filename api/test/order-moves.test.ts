// An order leaves each state once: of two admins' moves racing out of one state (a cancel waiting for
// its refund and a ship, or an override) one moves the order and the other is told which (409). A
// move whose call stopped before the order's status was written is finished by a retry once it has
// settled, as first recorded (a cancel's refund asked again for the same amount), never by a
// different move. Time is injected where the settle time matters.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OutboxModel } from '../src/modules/mail/model';
import { OrderModel } from '../src/modules/orders/model';
import { insertMoveEvent } from '../src/modules/orders/events';
import { MOVE_SETTLE_MS, cancelOrder, shipOrder, type Refunder } from '../src/modules/orders/moves';
import type { PaymentProvider } from '../src/modules/payments/provider';
import { SandboxPaymentModel, sandboxProvider } from '../src/modules/payments/sandbox';
import { trusted } from '../src/platform/db';
import { AppError } from '../src/platform/errors';
import { createLogger } from '../src/platform/logger';
import { addToCart, cookieOf, pay, placeOrder, registerAdmin } from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

const sandbox = sandboxProvider();
const logger = createLogger('silent');

/**
 * Runs once, right after the next read of an order by its id (order-access's loadOrder), before the
 * caller goes on: what another admin's call does in between.
 */
const afterNextOrderRead = vi.hoisted(() => ({ run: null as null | (() => Promise<void>) }));
vi.mock('../src/modules/orders/order-access', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/modules/orders/order-access')>();
  return {
    ...actual,
    async loadOrder(id: string) {
      const order = await actual.loadOrder(id);
      const run = afterNextOrderRead.run;
      afterNextOrderRead.run = null;
      await run?.();
      return order;
    },
  };
});

/**
 * A refund that waits, as Square's takes seconds: `reached` once asked, made when `release` is called
 * (or, `refused`, declined by the provider then).
 */
function slowRefund({ refused = false }: { refused?: boolean } = {}) {
  let reached!: () => void;
  let release!: () => void;
  const asked = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return { asked, released, refused, reached: () => reached(), release: () => release() };
}

let heldRefund: ReturnType<typeof slowRefund> | null = null;
const provider: PaymentProvider = {
  name: 'sandbox',
  charge: (request) => sandbox.charge(request),
  async refund(request) {
    const held = heldRefund;
    if (held) {
      held.reached();
      await held.released;
      if (held.refused) throw AppError.paymentDeclined('The refund was declined');
    }
    return sandbox.refund(request);
  },
};

let app: TestApp;
let admin: TestAgent;
let adminEmail: string;
beforeAll(async () => {
  app = await startTestApp({}, { paymentProvider: provider });
  admin = app.agent();
  adminEmail = (await registerAdmin(admin)).body.email;
});
afterAll(async () => {
  await app?.close();
});

async function paidOrder({ skipProof = true }: { skipProof?: boolean } = {}) {
  const shopper = app.agent();
  await addToCart(shopper, { quantity: 10 });
  const order = await placeOrder(shopper, {}, { skipProof });
  expect((await pay(shopper, order.orderId)).status).toBe(200);
  return { ...order, shopper };
}

/** What the order's history, its mails and the provider's refunds say about it. */
async function recordOf(orderId: string) {
  const stored = await OrderModel.findById(orderId).lean();
  const detail = await admin.request('GET', `/api/admin/orders/${orderId}`);
  const mails = await OutboxModel.find({
    key: trusted({ $in: [`order_shipped:${orderId}`, `order_cancelled:${orderId}`] }),
  }).lean();
  const refunds =
    (await SandboxPaymentModel.findOne({ paymentId: stored!.paymentId }).lean())?.refunds ?? [];
  return {
    stored: stored!,
    moves: detail.body.history.map((move: { to: string }) => move.to) as string[],
    proofHistory: detail.body.proofHistory.map((entry: { text: string }) => entry.text) as string[],
    mails: mails.map((mail) => mail.kind).sort(),
    refunds: refunds.map((refund) => refund.amountCents),
  };
}

describe('two moves out of one state', () => {
  it('when an admin ships a processing order while another cancels it and the refund is under way, then the ship is refused 409 and the order is only cancelled: refunded, not shipped, one email', async () => {
    const order = await paidOrder();
    heldRefund = slowRefund();
    const cancelling = admin.request('POST', `/api/admin/orders/${order.orderId}/cancel`, {
      body: { refundAmount: order.total, reason: 'Customer changed their mind' },
    });
    await heldRefund.asked;

    const shipped = await admin.request('POST', `/api/admin/orders/${order.orderId}/ship`, {
      body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(shipped.status).toBe(409);
    expect(shipped.body.message).toBe('This order is already cancelled');

    heldRefund.release();
    const cancelled = await cancelling;
    heldRefund = null;
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', refunded: order.total });
    const record = await recordOf(order.orderId);
    expect(record.stored).toMatchObject({
      status: 'cancelled',
      shipment: null,
      refundedCents: Math.round(order.total * 100),
    });
    expect(record.moves).toEqual(['processing', 'cancelled']);
    expect(record.mails).toEqual(['order_cancelled']);
    expect(record.refunds).toEqual([Math.round(order.total * 100)]);
  });

  it('when an admin overrides the proof while another cancels the order and the refund is under way, then the override is refused 409 and leaves nothing in the proof history', async () => {
    const order = await paidOrder({ skipProof: false });
    heldRefund = slowRefund();
    const cancelling = admin.request('POST', `/api/admin/orders/${order.orderId}/cancel`, {
      body: { refundAmount: order.total },
    });
    await heldRefund.asked;

    const overridden = await admin.request(
      'POST',
      `/api/admin/orders/${order.orderId}/proof/override`,
      { body: { reason: 'Customer approved by phone' } },
    );
    expect(overridden.status).toBe(409);
    expect(overridden.body.message).toBe('This order is already cancelled');

    heldRefund.release();
    expect((await cancelling).status).toBe(200);
    heldRefund = null;
    const record = await recordOf(order.orderId);
    expect(record.stored.status).toBe('cancelled');
    expect(record.stored.proof?.status).toBe('awaiting_approval');
    expect(record.moves).toEqual(['awaiting_proof', 'cancelled']);
    expect(record.proofHistory.some((text) => text.includes('without the customer'))).toBe(false);
  });

  it('when an admin overrides the proof while another sends a new revision of it, then the override is refused 409 and the order waits for the new revision', async () => {
    const order = await paidOrder({ skipProof: false });
    const lineId = (await OrderModel.findById(order.orderId).lean())!.items[0]!.lineId;
    // The revision is sent after the override's call read the order, before its move takes it.
    afterNextOrderRead.run = async () => {
      const form = new FormData();
      form.append('lineId', lineId);
      form.append('customText', 'MAIN PUMP 2');
      const response = await fetch(
        `${app.baseUrl}/api/admin/orders/${order.orderId}/proof/revisions`,
        {
          method: 'POST',
          headers: { 'x-session-id': admin.sessionId, cookie: cookieOf(admin) },
          body: form,
        },
      );
      expect(response.status, await response.text()).toBe(201);
    };
    const overridden = await admin.request(
      'POST',
      `/api/admin/orders/${order.orderId}/proof/override`,
      { body: { reason: 'Customer approved by phone' } },
    );
    expect(afterNextOrderRead.run).toBeNull();
    expect(overridden.status, overridden.text).toBe(409);
    expect(overridden.body.message).toBe(
      'Revision 2 of the proof was sent meanwhile: reload the order',
    );
    const record = await recordOf(order.orderId);
    expect(record.stored).toMatchObject({
      status: 'awaiting_proof',
      pendingMove: null,
      proof: { revision: 2, status: 'awaiting_approval' },
    });
    expect(record.moves).toEqual(['awaiting_proof']);
    expect(record.proofHistory.some((text) => text.includes('without the customer'))).toBe(false);
    expect(await OutboxModel.exists({ key: `proof_overridden:${order.orderId}` })).toBeNull();
    // Read again, the override goes ahead with revision 2.
    const again = await admin.request('POST', `/api/admin/orders/${order.orderId}/proof/override`, {
      body: { reason: 'Customer approved by phone' },
    });
    expect(again.status, again.text).toBe(200);
    expect((await OrderModel.findById(order.orderId).lean())!.proof).toMatchObject({
      revision: 2,
      status: 'overridden',
    });
  });

  it('when an admin makes a proof revision while another cancels the order and the refund is under way, then the revision is refused 409 naming the cancel, and once the refund is refused the next revision is made and sent', async () => {
    const order = await paidOrder({ skipProof: false });
    const shopper = order.shopper;
    const lineId = (await admin.request('GET', `/api/admin/orders/${order.orderId}`)).body.items[0]
      .id as string;
    const revise = async (customText: string) => {
      const form = new FormData();
      form.append('lineId', lineId);
      form.append('customText', customText);
      const response = await fetch(
        `${app.baseUrl}/api/admin/orders/${order.orderId}/proof/revisions`,
        {
          method: 'POST',
          headers: {
            'x-session-id': admin.sessionId,
            cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          },
          body: form,
        },
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    heldRefund = slowRefund({ refused: true });
    const cancelling = admin.request('POST', `/api/admin/orders/${order.orderId}/cancel`, {
      body: { refundAmount: order.total },
    });
    await heldRefund.asked;

    const during = await revise('PUMP 2');
    expect(during.status).toBe(409);
    expect(during.body.message).toBe(
      'This order is being moved to cancelled: make the revision once that is done, if it still waits for approval',
    );

    heldRefund.release();
    expect((await cancelling).status).toBe(402);
    heldRefund = null;
    const after = await revise('PUMP 2');
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    expect(after.body).toMatchObject({ revision: 2, status: 'awaiting_approval' });
    const proof = await shopper.request('GET', `/api/orders/${order.orderId}/proof`);
    expect(proof.body.revisions.at(-1).lines[0].customText).toBe('PUMP 2');
  });

  it('when an admin moves an unpaid order to processing, then 400: only its payment moves it, and it can still be paid', async () => {
    const shopper = app.agent();
    await addToCart(shopper);
    const order = await placeOrder(shopper);
    const moved = await admin.request('PATCH', `/api/admin/orders/${order.orderId}`, {
      body: { status: 'processing' },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe('An order cannot be moved from awaiting payment to processing');
    expect((await OrderModel.findById(order.orderId).lean())?.status).toBe('pending_payment');
    expect((await pay(shopper, order.orderId)).status).toBe(200);
    expect((await recordOf(order.orderId)).moves).toEqual(['processing']);
  });
});

describe('a move whose status write was lost', () => {
  it('when a cancel stopped after the refund and before the order said cancelled, then the order cannot be shipped, a retry is 409 until the move has settled, and then it finishes the cancel with the refund first asked, refunded once', async () => {
    const order = await paidOrder();
    const id = order.orderId;
    const stoppedAt = new Date();
    // The first call's process stops once the provider has refunded: it never answers.
    let stopped!: () => void;
    const refundMade = new Promise<void>((resolve) => (stopped = resolve));
    const stopsAfterRefund: Refunder = {
      async refund(request) {
        await sandbox.refund(request);
        stopped();
        return new Promise(() => {});
      },
    };
    const context = { by: adminEmail, config: app.config, logger };
    void cancelOrder(
      id,
      { refundAmount: 5, reason: 'Wrong size' },
      { ...context, refunder: stopsAfterRefund, now: stoppedAt },
    );
    await refundMade;
    expect((await OrderModel.findById(id).lean())?.status).toBe('processing');

    const ship = await admin.request('POST', `/api/admin/orders/${id}/ship`, {
      body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(ship.status).toBe(409);
    expect(ship.body.message).toBe('This order is already cancelled');

    const asked: number[] = [];
    const refunder: Refunder = {
      refund(request) {
        asked.push(request.amountCents);
        return sandbox.refund(request);
      },
    };
    const retry = (after: number) =>
      cancelOrder(
        id,
        { refundAmount: order.total, reason: 'Another reason' },
        { ...context, refunder, now: new Date(stoppedAt.getTime() + after) },
      );
    await expect(retry(MOVE_SETTLE_MS - 1_000)).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This order is already cancelled',
    });
    expect(asked).toEqual([]);

    const finished = await retry(MOVE_SETTLE_MS + 1_000);
    expect(finished).toMatchObject({ status: 'cancelled', refunded: 5 });
    expect(asked).toEqual([500]);
    const record = await recordOf(id);
    expect(record.stored).toMatchObject({ status: 'cancelled', refundedCents: 500 });
    expect(record.stored.refundId).toMatch(/^sbxrefund_/);
    expect(record.refunds).toEqual([500]);
    expect(record.moves).toEqual(['processing', 'cancelled']);
    expect(record.mails).toEqual(['order_cancelled']);
    const mail = await OutboxModel.findOne({ key: `order_cancelled:${id}` }).lean();
    expect(mail?.text).toContain('$5.00');
    // Done: a later retry is the plain 409.
    await expect(retry(MOVE_SETTLE_MS * 2)).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('when a ship stopped before the order said shipped, then a retry after the move has settled ships the parcel first recorded and queues the shipped email once', async () => {
    const order = await paidOrder();
    const id = order.orderId;
    const stoppedAt = new Date();
    const parcel = {
      carrier: 'UPS' as const,
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      shippedAt: stoppedAt,
    };
    // What the first call wrote before it stopped: its way out of processing and its event.
    const move = {
      from: 'processing' as const,
      to: 'shipped' as const,
      at: stoppedAt,
      by: adminEmail,
      note: 'UPS 1Z999AA10123456784',
    };
    await OrderModel.updateOne(
      { _id: id },
      { $set: { pendingMove: { ...move, refund: null, shipment: parcel } } },
    );
    await insertMoveEvent({ orderId: id, ...move });

    const retry = (after: number) =>
      shipOrder(
        id,
        { carrier: 'USPS', trackingNumber: '9400100000000000000000' },
        { by: adminEmail, config: app.config, now: new Date(stoppedAt.getTime() + after) },
      );
    await expect(retry(1_000)).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This order is already shipped',
    });
    const shipped = await retry(MOVE_SETTLE_MS + 1_000);
    expect(shipped).toMatchObject({
      status: 'shipped',
      shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    const record = await recordOf(id);
    expect(record.moves).toEqual(['processing', 'shipped']);
    expect(record.mails).toEqual(['order_shipped']);
    const mail = await OutboxModel.findOne({ key: `order_shipped:${id}` }).lean();
    expect(mail?.text).toContain('1Z999AA10123456784');
  });
  it('when a ship or a cancel stopped after the order moved and before its email was queued, then the retry is 409 and queues the email, once, with what the move recorded', async () => {
    const shippedOne = await paidOrder();
    const shipBody = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    const ship = () =>
      admin.request('POST', `/api/admin/orders/${shippedOne.orderId}/ship`, { body: shipBody });
    expect((await ship()).status).toBe(200);
    const cancelledOne = await paidOrder();
    const cancel = () =>
      admin.request('POST', `/api/admin/orders/${cancelledOne.orderId}/cancel`, {
        body: { refundAmount: 1.5, reason: 'Customer asked' },
      });
    expect((await cancel()).status).toBe(200);
    // What such a call leaves: the order moved, no email.
    const keys = [`order_shipped:${shippedOne.orderId}`, `order_cancelled:${cancelledOne.orderId}`];
    await OutboxModel.deleteMany({ key: trusted({ $in: keys }) });

    const shipAgain = await ship();
    expect(shipAgain.status).toBe(409);
    expect(shipAgain.body.message).toBe('This order is already shipped');
    const cancelAgain = await cancel();
    expect(cancelAgain.status).toBe(409);
    expect((await ship()).status).toBe(409);
    expect((await recordOf(shippedOne.orderId)).mails).toEqual(['order_shipped']);
    expect((await recordOf(cancelledOne.orderId)).mails).toEqual(['order_cancelled']);
    const shippedMail = await OutboxModel.findOne({ key: keys[0] }).lean();
    expect(shippedMail?.text).toContain('1Z999AA10123456784');
    const cancelledMail = await OutboxModel.findOne({ key: keys[1] }).lean();
    expect(cancelledMail?.text).toContain('$1.50');
    expect((await recordOf(cancelledOne.orderId)).refunds).toEqual([150]);
  });
});
