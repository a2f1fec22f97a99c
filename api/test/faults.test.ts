// Faults (npm run test:faults; also in npm test): the database stopped during traffic, and an API
// process killed during checkout. Its own file and its own FerretDB (this file stops and starts it);
// the killed API is a real `src/server.ts` process. The payment provider timing out is in
// payments.test.ts, the mail server down in mail.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_NONCES, formatDollars } from '@shop/contracts';
import { startFerret } from '../../scripts/lib/ferretdb.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/platform/db';
import { deliverDueMail } from '../src/modules/mail/mail';
import { listOrderEvents, type OrderRecord } from '../src/modules/orders/orders';
import { overrideProof } from '../src/modules/orders/moves';
import { UNPAID_ORDER_LIFETIME_MS, expireUnpaidOrders } from '../src/modules/payments/expiry';
import { createLogger } from '../src/platform/logger';
import { PASSWORD, customerInfo, label, registerAdmin, uniqueEmail } from './support/shop-flows';
import { newGuestSessionId, startTestApp, type TestApp } from './support/test-app';

const apiDir = path.resolve(import.meta.dirname, '..');
let port: number;
let dataDir: string;
let ferret: Awaited<ReturnType<typeof startFerret>>;
let app: TestApp;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-api-faults-'));
  ferret = await startFerret({ dataDir, dbName: 'faults', log: () => {} });
  port = ferret.port; // where it is started again, for the API to find it at the same address
  // A charge left charging by a killed process is taken over after 2 s here (5 min by default), so
  // a shopper's retry pays that same order within the test (config.ts, PAYMENT_STALE_CHARGE_MS).
  app = await startTestApp({ MONGODB_URI: ferret.uri, PAYMENT_STALE_CHARGE_MS: '2000' });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await ferret?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A shopper calling some API (the in-process app or a server process) with its own session. */
function shopper(base: () => string, sessionId = newGuestSessionId()) {
  return {
    sessionId,
    async call(method: string, route: string, body?: unknown) {
      try {
        const response = await fetch(`${base()}${route}`, {
          method,
          headers: {
            'x-session-id': sessionId,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        return {
          status: response.status,
          headers: response.headers,
          body: text ? JSON.parse(text) : undefined,
        };
      } catch {
        return { status: 0, headers: new Headers(), body: undefined }; // no answer: the process is gone
      }
    },
  };
}
type Shopper = ReturnType<typeof shopper>;

const placeOrder = (s: Shopper) => s.call('POST', '/api/orders', { customerInfo: customerInfo() });
const pay = (s: Shopper, orderId: string) =>
  s.call('POST', '/api/payment/complete', {
    orderId,
    paymentId: SANDBOX_TEST_NONCES.approved,
    customerName: 'Ann Lee',
    customerEmail: 'ann@example.com',
  });

/** Places the order (again) and pays it, as a shopper retrying after an error would. */
async function checkOut(s: Shopper) {
  const order = await placeOrder(s);
  // 201 a new order; 200 the same unpaid order of the unchanged cart, answered again.
  expect([200, 201], JSON.stringify(order.body)).toContain(order.status);
  const paid = await pay(s, order.body.orderId);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return order.body.orderId as string;
}

async function until<T>(what: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** What the database holds for these shoppers' sessions: their orders and the sandbox's charges. */
async function ledger(sessionIds: string[]) {
  const db = mongoose.connection.db!;
  const orders = await db
    .collection('orders')
    .find({ sessionId: { $in: sessionIds } })
    .toArray();
  const charges = await db
    .collection('sandbox_payments')
    .find({ _id: { $in: orders.map((order) => order._id.toString()) } as never })
    .toArray();
  return { orders, paid: orders.filter((order) => order.paymentStatus === 'paid'), charges };
}

function expectOnePaidOrderAndChargeEach(
  sessionIds: string[],
  { paid, charges }: Awaited<ReturnType<typeof ledger>>,
) {
  expect(paid.map((order) => order.sessionId).sort()).toEqual([...sessionIds].sort());
  expect(charges).toHaveLength(paid.length);
  const paidNumbers = paid.map((order) => order.orderNumber);
  expect(new Set(paidNumbers).size).toBe(paidNumbers.length);
}

describe('the database stopped during traffic', () => {
  it('answers 503 with a clear message at once, health says so, no crash, and recovers by itself with no order lost or doubled', async () => {
    const shoppers = Array.from({ length: 6 }, () => shopper(() => app.baseUrl));
    for (const s of shoppers) expect((await s.call('POST', '/api/cart', label())).status).toBe(201);

    // Half of them are checking out when the database stops.
    const inFlight = shoppers.slice(0, 3).map((s) => placeOrder(s));
    await ferret.stop();
    const answers = await Promise.all(inFlight);
    for (const answer of answers) expect([201, 503]).toContain(answer.status);

    const health = await until(
      () => app.request('GET', '/api/health'),
      (r) => r.status === 503,
      10_000,
    );
    expect(health.body).toEqual({
      message: 'The database is unavailable',
      status: 'degraded',
      database: 'down',
    });
    for (const s of shoppers) {
      const refused = await placeOrder(s);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
      expect(refused.headers.get('retry-after')).toBe('2');
      expect((await s.call('GET', '/api/cart')).status).toBe(503);
    }

    ferret = await startFerret({ port, dataDir, dbName: 'faults', log: () => {} });
    // No restart of the app: the next calls find the database again.
    const back = await until(
      () => shoppers[0]!.call('GET', '/api/cart'),
      (r) => r.status === 200,
      30_000,
    );
    expect(back.status).toBe(200);
    expect((await app.request('GET', '/api/health')).status).toBe(200);

    // Every shopper retries the checkout: one paid order and one charge each.
    for (const s of shoppers) await checkOut(s);
    const sessionIds = shoppers.map((s) => s.sessionId);
    const held = await ledger(sessionIds);
    expectOnePaidOrderAndChargeEach(sessionIds, held);
    // An order placed just as the database stopped is answered again, not placed a second time.
    expect(held.orders.length).toBe(shoppers.length);
  }, 90_000);
});

/**
 * An API process of its own on a free port. A process that exits before it answers is started
 * again on another port, twice at most: the port may have been taken between freePort() and its
 * listening (the run's other files start servers all the time).
 */
async function startApiProcess(
  env: Record<string, string> = {},
): Promise<{ base: string; child: ChildProcess }> {
  for (let attempt = 1; ; attempt++) {
    const started = await launchApiProcess(env);
    if (started) return started;
    if (attempt === 3) throw new Error('The API process did not start');
  }
}

async function launchApiProcess(
  env: Record<string, string>,
): Promise<{ base: string; child: ChildProcess } | null> {
  const apiPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      API_HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      MONGODB_URI: ferret.uri,
      SESSION_SECRET: 'faults-session-secret-0123456789',
      PAYMENT_PROVIDER: 'sandbox',
      ...env,
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${apiPort}`;
  const up = await until(
    () =>
      fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => child.exitCode !== null,
      ),
    (ok) => ok,
    60_000,
  );
  if (up && child.exitCode === null) return { base, child };
  if (child.exitCode !== null) return null; // exited: its port may have been taken
  child.kill('SIGKILL');
  throw new Error('The API process did not answer within 60 s');
}

describe('an API process killed during checkout', () => {
  it('leaves nothing half done: the retry on another process makes one paid order and one charge per cart', async () => {
    const doomed = await startApiProcess();
    try {
      const shoppers = Array.from({ length: 8 }, () => shopper(() => doomed.base));
      for (const s of shoppers)
        expect((await s.call('POST', '/api/cart', label())).status).toBe(201);
      const orders = await Promise.all(shoppers.map((s) => placeOrder(s)));
      for (const order of orders) expect(order.status).toBe(201);

      // Everyone pays at once and the process dies under them: some charges are done, some not,
      // some done but not yet recorded.
      const paying = shoppers.map((s, i) => pay(s, orders[i]!.body.orderId));
      await new Promise((resolve) => setTimeout(resolve, 15));
      doomed.child.kill('SIGKILL');
      const answers = await Promise.all(paying);
      for (const answer of answers) expect([0, 200]).toContain(answer.status);

      // The shoppers retry through another process (the in-process app on the same database). A
      // cart whose payment the kill left charging answers that same order, paid now under the same
      // idempotency key once its charge counts as abandoned.
      const retried = shoppers.map((s) => shopper(() => app.baseUrl, s.sessionId));
      for (const s of retried) await checkOut(s);
      const sessionIds = shoppers.map((s) => s.sessionId);
      const held = await ledger(sessionIds);
      expectOnePaidOrderAndChargeEach(sessionIds, held);
      expect(held.orders.length).toBe(shoppers.length);
    } finally {
      if (doomed.child.exitCode === null) doomed.child.kill('SIGKILL');
    }
  }, 120_000);

  it('killed while placing orders: the retry answers the same order when it was made, and each cart is paid once', async () => {
    const doomed = await startApiProcess();
    try {
      const shoppers = Array.from({ length: 8 }, () => shopper(() => doomed.base));
      for (const s of shoppers)
        expect((await s.call('POST', '/api/cart', label())).status).toBe(201);
      const placing = shoppers.map((s) => placeOrder(s));
      await new Promise((resolve) => setTimeout(resolve, 15));
      doomed.child.kill('SIGKILL');
      for (const answer of await Promise.all(placing)) expect([0, 201]).toContain(answer.status);

      const retried = shoppers.map((s) => shopper(() => app.baseUrl, s.sessionId));
      for (const s of retried) await checkOut(s);
      const sessionIds = shoppers.map((s) => s.sessionId);
      const held = await ledger(sessionIds);
      expectOnePaidOrderAndChargeEach(sessionIds, held);
      // An order is written under its cart's placing, so no retry makes a second order.
      expect(held.orders.length).toBe(shoppers.length);
    } finally {
      if (doomed.child.exitCode === null) doomed.child.kill('SIGKILL');
    }
  }, 120_000);

  it('killed right after writing the order: the retry on another process finds that order, one order and one charge', async () => {
    const doomed = await startApiProcess({ SHOP_FAULT_POINT: 'after-order-write' });
    try {
      const s = shopper(() => doomed.base);
      expect((await s.call('POST', '/api/cart', label())).status).toBe(201);
      const placing = await placeOrder(s);
      expect(placing.status).toBe(0); // the process died before answering
      await until(
        async () => doomed.child.exitCode ?? doomed.child.signalCode,
        (code) => code !== null,
        10_000,
      );
      const before = await ledger([s.sessionId]);
      expect(before.orders).toHaveLength(1);

      const retried = shopper(() => app.baseUrl, s.sessionId);
      const again = await placeOrder(retried);
      // 200: the order the dead process wrote.
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.orderId).toBe(before.orders[0]!._id.toString());
      expect((await pay(retried, again.body.orderId)).status).toBe(200);
      // Placing and paying again change nothing: the paid order is answered as paid.
      const twice = await pay(retried, again.body.orderId);
      expect(twice.status).toBe(200);
      const held = await ledger([s.sessionId]);
      expect(held.orders).toHaveLength(1);
      expectOnePaidOrderAndChargeEach([s.sessionId], held);
    } finally {
      if (doomed.child.exitCode === null) doomed.child.kill('SIGKILL');
    }
  }, 120_000);
});

describe('an API process killed right after the order says paid', () => {
  /** The messages a paid order is announced with, by kind, as the outbox holds them. */
  async function announced(orderId: string) {
    const db = mongoose.connection.db!;
    const keys = [
      `order_confirmation:${orderId}`,
      `admin_new_order:${orderId}`,
      `proof_request:${orderId}:1`,
    ];
    const messages = await db
      .collection('outbox')
      .find({ key: { $in: keys } })
      .toArray();
    const order = await db
      .collection<OrderRecord>('orders')
      .findOne({ _id: new mongoose.Types.ObjectId(orderId) });
    const history = order ? await listOrderEvents(order) : [];
    return {
      kinds: messages.map((message) => message.kind as string).sort(),
      settled: Boolean(order?.settledAt),
      // The history's move of the payment and the first proof's sending, as its readers see them.
      history: history.map((event) => event.note),
    };
  }

  /** A cart paid through a process that dies once the order says paid, before anything follows. */
  async function paidThenKilled() {
    const doomed = await startApiProcess({ SHOP_FAULT_POINT: 'after-paid' });
    try {
      const s = shopper(() => doomed.base);
      expect((await s.call('POST', '/api/cart', label())).status).toBe(201);
      const placed = await placeOrder(s);
      expect(placed.status).toBe(201);
      expect((await pay(s, placed.body.orderId)).status).toBe(0); // died before answering
      await until(
        async () => doomed.child.exitCode ?? doomed.child.signalCode,
        (code) => code !== null,
        10_000,
      );
      const orderId = placed.body.orderId as string;
      const { paid } = await ledger([s.sessionId]);
      expect(paid.map((order) => order._id.toString())).toEqual([orderId]);
      // The order says paid, and so does its history: it is the paid order's own.
      const paidNote = `Paid ${formatDollars(placed.body.total as number)}`;
      const history = [paidNote, 'Proof (revision 1) sent to the customer'];
      expect(await announced(orderId)).toEqual({ kinds: [], settled: false, history });
      return {
        sessionId: s.sessionId,
        orderId,
        paidNote,
        allAnnounced: { ...announcedOnce, history },
      };
    } finally {
      if (doomed.child.exitCode === null) doomed.child.kill('SIGKILL');
    }
  }

  const silent = createLogger('silent');
  const announcedOnce = {
    kinds: ['admin_new_order', 'order_confirmation', 'proof_request'],
    settled: true,
  };

  it("the shopper's retry answers the payment and queues the confirmation, the shop's notice and the proof once each", async () => {
    const { sessionId, orderId, allAnnounced } = await paidThenKilled();
    const retried = shopper(() => app.baseUrl, sessionId);
    const again = await pay(retried, orderId);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.orderId).toBe(orderId);
    expect(await announced(orderId)).toEqual(allAnnounced);
    // The paid line left the cart, as the paying call would have taken it out.
    expect((await retried.call('GET', '/api/cart')).body.items).toEqual([]);
    expect((await pay(retried, orderId)).status).toBe(200);
    expect(await announced(orderId)).toEqual(allAnnounced);
    const held = await ledger([sessionId]);
    expectOnePaidOrderAndChargeEach([sessionId], held);
  }, 120_000);

  it('with no retry, the unpaid-orders sweep queues them a day later, once, and takes the paid line out of the cart', async () => {
    const { sessionId, orderId, allAnnounced } = await paidThenKilled();
    const dayLater = new Date(Date.now() + UNPAID_ORDER_LIFETIME_MS + 60_000);
    await expireUnpaidOrders(dayLater, { followUp: { config: app.config, logger: silent } });
    expect(await announced(orderId)).toEqual(allAnnounced);
    await expireUnpaidOrders(dayLater, { followUp: { config: app.config, logger: silent } });
    expect(await announced(orderId)).toEqual(allAnnounced);
    // The shopper comes back: the paid line is not in the cart to be checked out and paid again.
    const back = shopper(() => app.baseUrl, sessionId);
    expect((await back.call('GET', '/api/cart')).body.items).toEqual([]);
    expect((await pay(back, orderId)).status).toBe(200);
    expectOnePaidOrderAndChargeEach([sessionId], await ledger([sessionId]));
  }, 120_000);

  it('an order an admin moved on before the sweep gets no first proof, and its history says so', async () => {
    const { orderId, paidNote } = await paidThenKilled();
    await overrideProof(orderId, 'Approved by phone', {
      by: 'admin@example.com',
      config: app.config,
    });
    const dayLater = new Date(Date.now() + UNPAID_ORDER_LIFETIME_MS + 60_000);
    await expireUnpaidOrders(dayLater, { followUp: { config: app.config, logger: silent } });
    const after = await announced(orderId);
    expect(after.kinds).toEqual(['admin_new_order', 'order_confirmation']);
    expect(after.settled).toBe(true);
    expect(after.history.slice(0, 2)).toEqual([
      paidNote,
      'Proof (revision 1) not emailed: the order had moved on when its payment was settled',
    ]);
  }, 120_000);
  it('an order an admin cancelled before the sweep is not confirmed: the cancel said what happened', async () => {
    const { sessionId, orderId } = await paidThenKilled();
    const admin = app.agent();
    await registerAdmin(admin);
    const cancelled = await admin.request('POST', `/api/admin/orders/${orderId}/cancel`, {
      body: { refundAmount: 0, reason: 'Customer phoned to cancel' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const dayLater = new Date(Date.now() + UNPAID_ORDER_LIFETIME_MS + 60_000);
    await expireUnpaidOrders(dayLater, { followUp: { config: app.config, logger: silent } });
    const after = await announced(orderId);
    expect(after.kinds).toEqual([]);
    expect(after.settled).toBe(true);
    const cancelMail = await mongoose.connection
      .db!.collection('outbox')
      .countDocuments({ key: `order_cancelled:${orderId}` });
    expect(cancelMail).toBe(1);
    // The paid line still leaves the cart it was placed from.
    const back = shopper(() => app.baseUrl, sessionId);
    expect((await back.call('GET', '/api/cart')).body.items).toEqual([]);
  }, 120_000);
});

describe('an API process killed right after writing a mail message', () => {
  it("leaves the message both sent by the worker and on the admin's outbox list", async () => {
    const doomed = await startApiProcess({ SHOP_FAULT_POINT: 'after-mail-write' });
    try {
      const email = uniqueEmail('crash');
      // Signing up queues the confirmation email; the process dies once the message is written.
      const signUp = await shopper(() => doomed.base).call('POST', '/api/auth/register', {
        email,
        password: PASSWORD,
        firstName: 'Ann',
        lastName: 'Lee',
      });
      expect(signUp.status).toBe(0);
      await until(
        async () => doomed.child.exitCode ?? doomed.child.signalCode,
        (code) => code !== null,
        10_000,
      );

      // Another process's worker sends it (after the mail the earlier tests here left queued, a
      // batch a round), and the admin finds it on the outbox list.
      const admin = app.agent();
      await registerAdmin(admin);
      const listedFor = async () => {
        const outbox = await admin.request('GET', '/api/admin/outbox?limit=100');
        expect(outbox.status).toBe(200);
        return (outbox.body.messages as Array<{ to: string; sentAt: string | null }>).filter(
          (message) => message.to === email,
        );
      };
      for (let round = 0; round < 20; round++) {
        const { sent } = await deliverDueMail({
          sender: null,
          from: 'shop@example.com',
          logger: createLogger('silent'),
        });
        if (sent === 0) break;
      }
      const listed = await listedFor();
      expect(listed).toHaveLength(1);
      expect(listed[0]!.sentAt).not.toBeNull();
    } finally {
      if (doomed.child.exitCode === null) doomed.child.kill('SIGKILL');
    }
  }, 120_000);
});

describe('an API process stopped (SIGTERM) while a request and a mail round are under way', () => {
  it('stops its mail worker at once, so the round ends with its sends recorded within the grace, while the request still finishes', async () => {
    const { request: httpRequest } = await import('node:http');
    const { OutboxModel } = await import('../src/modules/mail/model');
    const { startSlowMailServer } = await import('./support/slow-mail');
    // A mail server that takes 4 s to accept each message.
    const slowServer = await startSlowMailServer(4_000);
    await OutboxModel.updateMany(
      { status: 'queued' },
      { $set: { status: 'sent', sentAt: new Date() } },
    );
    try {
      const api = await startApiProcess({ MAIL_URL: slowServer.url });
      const keys: string[] = [];
      for (let index = 0; index < 3; index++) {
        const response = await fetch(`${api.base}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-session-id': newGuestSessionId() },
          body: JSON.stringify({
            name: `Grace ${index}`,
            email: `grace-${index}@example.com`,
            message: 'Do you make brass labels?',
          }),
        });
        expect(response.status).toBe(201);
        keys.push(((await response.json()) as { id: string }).id);
      }
      // A request still under way: its body arrives over 8 s.
      const body = JSON.stringify({
        name: 'Slow',
        email: 'slow@example.com',
        message: 'Do you make brass labels?',
      });
      const slow = httpRequest(`${api.base}/api/contact`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-session-id': newGuestSessionId(),
          'content-length': String(Buffer.byteLength(body)),
        },
      });
      const slowStatus = new Promise<number>((resolve, reject) => {
        slow.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        slow.on('error', reject);
      });
      slow.write(body.slice(0, 10));
      await until(
        async () => slowServer.begun(),
        (count) => count >= 1,
        15_000,
      );
      api.child.kill('SIGTERM');
      setTimeout(() => slow.end(body.slice(10)), 8_000);
      const exitCode = await new Promise<number | null>((resolve) =>
        api.child.once('exit', (code) => resolve(code)),
      );
      expect(await slowStatus).toBe(201);
      expect(exitCode).toBe(0);
      const messages = await OutboxModel.find({ key: new RegExp(keys.join('|')) }).lean();
      expect(messages.filter((mail) => mail.status === 'sent')).toHaveLength(slowServer.accepted());
      expect(messages.filter((mail) => mail.status === 'sending')).toHaveLength(0);
    } finally {
      await slowServer.close();
    }
  }, 60_000);
});

describe('an API process stopped (SIGTERM) with kept-alive connections', () => {
  it('answers a POST sent after the signal on a connection kept from before it (a shell forwarding an order as a replica stops), with Connection: close, then exits', async () => {
    const http = await import('node:http');
    const api = await startApiProcess();
    // The shell's forwarding keeps its connections to a replica, one here.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, pathname: string, body?: string) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const request = http.request(`${api.base}${pathname}`, {
          method,
          agent,
          headers: {
            'content-type': 'application/json',
            'x-session-id': newGuestSessionId(),
          },
        });
        request.on('response', (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
          );
        });
        request.on('error', reject);
        request.end(body);
      });
    try {
      expect((await send('GET', '/api/health')).status).toBe(200);
      const exited = new Promise<number | null>((resolve) =>
        api.child.once('exit', (code) => resolve(code)),
      );
      api.child.kill('SIGTERM');
      // The signal is taken in well before this; the connection is still the agent's.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const posted = await send(
        'POST',
        '/api/contact',
        JSON.stringify({
          name: 'Late',
          email: 'late@example.com',
          message: 'Do you make brass labels?',
        }),
      );
      expect(posted).toEqual({ status: 201, connection: 'close' });
      expect(await exited).toBe(0);
    } finally {
      agent.destroy();
      if (api.child.exitCode === null) api.child.kill('SIGKILL');
    }
  }, 60_000);
});
