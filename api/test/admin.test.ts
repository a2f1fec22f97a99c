// Admin (docs/product.md sections 5, 6, 7; docs/design.md section 6): the secret at /admin-setup with its limit,
// customers, the orders' life after payment, and the server-side guard on every admin route.
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCustomerDetailSchema,
  adminCustomerListSchema,
  adminMessages,
  adminOrderDetailSchema,
  adminOrderPageSchema,
  adminOrderSchema,
  adminStatusSchema,
  CUSTOMER_SEARCH_TOO_SHORT,
  madeAdminSchema,
} from '@shop/contracts';
import { keyCustomerSearch } from '../src/migrations/accounts';
import { createLogger } from '../src/platform/logger';
import { CustomerModel } from '../src/modules/accounts/model';
import { SESSION_COOKIE_NAME } from '../src/modules/accounts/sessions';
import { adminGrantAudit } from '../src/modules/admin/model';
import { OrderModel } from '../src/modules/orders/model';
import { recordUpload } from '../src/modules/uploads/repository';
import {
  PASSWORD,
  addToCart,
  pay,
  placeOrder,
  register,
  registerAdmin,
} from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

const SECRET = 'the-test-admin-secret';
let app: TestApp;
let admin: TestAgent;
beforeAll(async () => {
  app = await startTestApp({ ADMIN_SECRET: SECRET });
  admin = app.agent();
  await registerAdmin(admin);
});
afterAll(async () => {
  await app?.close();
});

function makeAdmin(agent: TestAgent, secret: string, bearer: string | null = secret) {
  return agent.request('POST', '/api/admin/make-admin', {
    body: { secret },
    headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` },
  });
}

async function signedInCustomer() {
  const agent = app.agent();
  const { body: user } = await register(agent);
  return { agent, user };
}

describe('GET /api/admin/status', () => {
  it('when signed out, then 401', async () => {
    expect((await app.agent().request('GET', '/api/admin/status')).status).toBe(401);
  });

  it("when signed in, then whether the customer is an admin, and to an admin the shop's time zone", async () => {
    const { agent } = await signedInCustomer();
    expect((await agent.request('GET', '/api/admin/status')).body).toEqual({ isAdmin: false });
    expect((await admin.request('GET', '/api/admin/status')).body).toEqual({
      isAdmin: true,
      timeZone: 'America/New_York',
    });
    adminStatusSchema.parse((await admin.request('GET', '/api/admin/status')).body);
  });
});

describe('POST /api/admin/make-admin', () => {
  it('when signed out, then 401', async () => {
    expect((await makeAdmin(app.agent(), SECRET)).status).toBe(401);
  });

  it('when the secret is right (body and bearer), then the customer is admin under a new session id', async () => {
    const { agent, user } = await signedInCustomer();
    const before = agent.cookies.get(SESSION_COOKIE_NAME)!;
    const response = await makeAdmin(agent, SECRET);
    expect(response.status).toBe(200);
    madeAdminSchema.parse(response.body);
    expect(response.body).toMatchObject({
      success: true,
      isAdmin: true,
      user: { id: user.id, isAdmin: true },
    });
    expect(agent.cookies.get(SESSION_COOKIE_NAME)).not.toBe(before);
    expect((await agent.request('GET', '/api/admin/status')).body).toMatchObject({ isAdmin: true });
    expect((await agent.request('GET', '/api/admin/customers')).status).toBe(200);
    // The session id from before the grant is dead.
    const replay = await app.request('GET', '/api/auth/me', {
      headers: { cookie: `${SESSION_COOKIE_NAME}=${before}` },
    });
    expect(replay.body).toBeNull();
    const logged = (await adminGrantAudit.list(user.id, { limit: 10 })).items;
    expect(logged).toEqual([
      expect.objectContaining({
        kind: 'admin_grant',
        subject: user.id,
        by: user.email,
        origin: expect.any(String),
        at: expect.any(Date),
        details: { outcome: 'granted' },
      }),
    ]);
  });

  it('when the secret is right in the body and there is no bearer header, then it is accepted', async () => {
    const { agent } = await signedInCustomer();
    expect((await makeAdmin(agent, SECRET, null)).status).toBe(200);
  });

  it('when the bearer token differs from the right body secret, then 403 and no admin', async () => {
    const { agent, user } = await signedInCustomer();
    const response = await makeAdmin(agent, SECRET, 'something else');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: adminMessages.secretInvalid });
    expect((await CustomerModel.findById(user.id).lean())?.isAdmin).toBe(false);
  });

  it('when the secret is wrong, then 403, no admin, and the attempt logged', async () => {
    const { agent, user } = await signedInCustomer();
    const response = await makeAdmin(agent, 'guess');
    expect(response.status).toBe(403);
    expect((await agent.request('GET', '/api/admin/status')).body).toEqual({ isAdmin: false });
    expect(
      (await adminGrantAudit.list(user.id, { limit: 10 })).items.map(({ details }) => details),
    ).toEqual([{ outcome: 'wrong_secret' }]);
  });

  it('when the secret is empty, then 400 with the spec’s message', async () => {
    const { agent } = await signedInCustomer();
    const response = await makeAdmin(agent, '', null);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please enter the admin secret key');
  });

  it('when 3 wrong secrets were tried, then the 4th (even right) is 429 with Retry-After, also after an API restart', async () => {
    const { agent, user } = await signedInCustomer();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await makeAdmin(agent, `wrong-${attempt}`)).status).toBe(403);
    }
    await app.restart();
    const fourth = await makeAdmin(agent, SECRET);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(fourth.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(fourth.body.message).toBe(adminMessages.tooManyAttempts);
    expect((await CustomerModel.findById(user.id).lean())?.isAdmin).toBe(false);
    // Newest first, two to a page, read by key.
    const first = await adminGrantAudit.list(user.id, { limit: 2 });
    const second = await adminGrantAudit.list(user.id, { limit: 2, before: first.next! });
    expect(second.next).toBeNull();
    expect([...first.items, ...second.items].map(({ details }) => details.outcome)).toEqual([
      'rate_limited',
      'wrong_secret',
      'wrong_secret',
      'wrong_secret',
    ]);

    // Another account is not held up.
    const other = await signedInCustomer();
    expect((await makeAdmin(other.agent, SECRET)).status).toBe(200);

    // 15 minutes later (the attempts' own timestamps say so), the account may try again.
    const sixteenMinutesAgo = new Date(Date.now() - 16 * 60 * 1000);
    await mongoose.connection
      .collection('rate_limits')
      .updateOne(
        { _id: `admin-secret|${user.id}` as never },
        { $set: { hits: [sixteenMinutesAgo, sixteenMinutesAgo, sixteenMinutesAgo] } },
      );
    expect((await makeAdmin(agent, SECRET)).status).toBe(200);
  });

  it('when 6 wrong secrets arrive at once, then exactly 3 are judged and 3 refused', async () => {
    const { agent } = await signedInCustomer();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => makeAdmin(agent, `w${index}`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([403, 403, 403, 429, 429, 429]);
  });
});

describe('customers', () => {
  it('when an admin lists customers, then no password hash is in the answer', async () => {
    const { user } = await signedInCustomer();
    const response = await admin.request('GET', '/api/admin/customers');
    expect(response.status).toBe(200);
    adminCustomerListSchema.parse(response.body);
    const detail = await admin.request('GET', `/api/admin/customers/${user.id}`);
    expect(adminCustomerDetailSchema.parse(detail.body)).toMatchObject({
      customer: { id: user.id },
      orders: [],
      nextBefore: null,
    });
    expect(response.body.find((customer: { id: string }) => customer.id === user.id)).toMatchObject(
      {
        email: user.email,
        isAdmin: false,
      },
    );
    expect(response.text).not.toMatch(/passwordHash|\$2[aby]\$/);
  });

  it('when an admin pages through customers, then newest first, by key, each once, a deleted one skipped', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await signedInCustomer()).user);
    const gone = made[2]!;
    expect((await admin.request('DELETE', `/api/admin/customers/${gone.id}`)).status).toBe(204);

    const first = await admin.request('GET', '/api/admin/customers?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.map((c: { id: string }) => c.id)).toEqual([made[4]!.id, made[3]!.id]);
    const next = first.headers.get('x-next-before');
    expect(next).toBe(made[3]!.id);
    const second = await admin.request('GET', `/api/admin/customers?limit=2&before=${next}`);
    expect(second.body.map((c: { id: string }) => c.id)).toEqual([made[1]!.id, made[0]!.id]);

    // Walking every page sees every customer once, the admin and the deleted one's absence included.
    const seen: string[] = [];
    let before: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const page = await admin.request(
        'GET',
        `/api/admin/customers?limit=3${before ? `&before=${before}` : ''}`,
      );
      seen.push(...page.body.map((c: { id: string }) => c.id));
      before = page.headers.get('x-next-before');
      if (!before) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(made.filter((c) => c !== gone).map((c) => c.id)));
    expect(seen).not.toContain(gone.id);

    const bad = await admin.request('GET', '/api/admin/customers?limit=500&before=zzz');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { message: string }) => e.message).sort()).toEqual([
      'before must be the id of a customer',
      'limit must be at most 100',
    ]);
  });

  it('when customers were made at the same moment, then paging by key still lists each once, by id', async () => {
    const at = new Date(Date.now() + 60 * 60 * 1000); // newest of the shop, all three
    const ids = [new Types.ObjectId(), new Types.ObjectId(), new Types.ObjectId()];
    await CustomerModel.collection.insertMany(
      ids.map((_id, i) => ({
        _id,
        email: `same-moment-${i}-${_id.toString()}@example.com`,
        firstName: 'Same',
        lastName: 'Moment',
        passwordHash: 'x',
        isAdmin: false,
        createdAt: at,
        updatedAt: at,
      })),
    );
    const seen: string[] = [];
    let before = '';
    for (let page = 0; page < 3; page++) {
      const answer = await admin.request(
        'GET',
        `/api/admin/customers?limit=1${before ? `&before=${before}` : ''}`,
      );
      seen.push(...answer.body.map((c: { id: string }) => c.id));
      before = answer.headers.get('x-next-before') ?? '';
    }
    expect(seen).toEqual(ids.map(String).reverse());
    await CustomerModel.collection.deleteMany({ _id: { $in: ids } });
  });

  it('when an admin searches customers, then names, emails and domains match from the start of a word, newest first, by key', async () => {
    const t = `q${Date.now().toString(36)}`; // a word no other customer of this run has
    const search = async (q: string, more = '') => {
      const answer = await admin.request(
        'GET',
        `/api/admin/customers?q=${encodeURIComponent(q)}${more}`,
      );
      expect(answer.status, answer.text).toBe(200);
      return {
        ids: adminCustomerListSchema.parse(answer.body).map((customer) => customer.id),
        next: answer.headers.get('x-next-before'),
      };
    };
    const ann = (await register(app.agent(), { firstName: `${t}ann`, email: `a.${t}@example.com` }))
      .body.id as string;
    const benAgent = app.agent();
    const ben = (await register(benAgent, { firstName: 'Ben', lastName: `${t}son` })).body
      .id as string;
    const cyEmail = `${t}cy@example.com`;
    const cy = (await register(app.agent(), { firstName: 'Cy', lastName: 'Doe', email: cyEmail }))
      .body.id as string;
    const diAgent = app.agent();
    const di = (
      await register(diAgent, { firstName: 'Di', lastName: 'Roe', email: `di@${t}.example` })
    ).body.id as string;
    // A word inside a name or an email, not at its start, finds nothing.
    await register(app.agent(), { firstName: `x${t}`, email: `ed.${t}@example.com` });

    expect((await search(t)).ids).toEqual([di, cy, ben, ann]);
    expect((await search(` ${t.toUpperCase()} `)).ids).toEqual([di, cy, ben, ann]);
    expect((await search(`${t} lee`)).ids).toEqual([ann]); // every word must match
    expect((await search(cyEmail.toUpperCase())).ids).toEqual([cy]); // a whole email
    const first = await search(t, '&limit=3');
    expect(first).toEqual({ ids: [di, cy, ben], next: ben });
    expect(await search(t, `&limit=3&before=${ben}`)).toEqual({ ids: [ann], next: null });

    // A changed name or email is searched as it is now.
    const profile = await benAgent.request('PUT', '/api/account/profile', {
      body: { firstName: 'Ben', lastName: 'Smith' },
    });
    expect(profile.status, profile.text).toBe(200);
    const moved = await diAgent.request('POST', '/api/account/email', {
      body: { email: `di.moved@elsewhere${t}.example`, currentPassword: PASSWORD },
    });
    expect(moved.status, moved.text).toBe(200);
    expect((await search(t)).ids).toEqual([cy, ann]);
    expect((await search(`elsewhere${t}`)).ids).toEqual([di]);

    // Each word of a name of several words finds it, and the name as written; after a change, as now.
    const w = `w${t}`;
    const maryAgent = app.agent();
    const mary = (await register(maryAgent, { firstName: 'Mary Ann', lastName: `de la ${w}` })).body
      .id as string;
    expect((await search(w)).ids).toEqual([mary]);
    expect((await search(`Mary Ann de la ${w}`)).ids).toEqual([mary]);
    expect((await search(`ann la ${w}`)).ids).toEqual([mary]);
    const renamed = await maryAgent.request('PUT', '/api/account/profile', {
      body: { firstName: 'Mary', lastName: `Van ${w}dyke` },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await search(`${w}dyke`)).ids).toEqual([mary]);
    expect((await search(`ann ${w}`)).ids).toEqual([]);

    const short = await admin.request('GET', '/api/admin/customers?q=a');
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([{ path: 'q', message: CUSTOMER_SEARCH_TOO_SHORT }]);
  });

  it('when customers were written before the search keys, then the start-up migration keys them', async () => {
    const t = `k${Date.now().toString(36)}`;
    const _id = new Types.ObjectId();
    await CustomerModel.collection.insertOne({
      _id,
      email: `old.customer@${t}.example`,
      firstName: 'Olde',
      lastName: `${t}Written`,
      passwordHash: 'x',
      isAdmin: false,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const find = async () =>
      (await admin.request('GET', `/api/admin/customers?q=${t}`)).body.map(
        (customer: { id: string }) => customer.id,
      );
    expect(await find()).toEqual([]);
    await keyCustomerSearch(createLogger('silent'));
    expect(await CustomerModel.findById(_id).lean()).toMatchObject({
      firstNameKey: 'olde',
      lastNameKey: `${t}written`,
      nameWord2Key: `${t}written`,
      nameWord3Key: null,
      emailDomainKey: `${t}.example`,
    });
    expect(await find()).toEqual([_id.toString()]);
    await CustomerModel.deleteOne({ _id });
  });

  it('when an admin deletes a customer, then it is gone and signed out', async () => {
    const { agent, user } = await signedInCustomer();
    const response = await admin.request('DELETE', `/api/admin/customers/${user.id}`);
    expect(response.status).toBe(204);
    expect(await CustomerModel.exists({ _id: user.id })).toBeNull();
    expect((await agent.request('GET', '/api/auth/me')).body).toBeNull();
    expect(
      (
        await app
          .agent()
          .request('POST', '/api/auth/login', { body: { email: user.email, password: PASSWORD } })
      ).status,
    ).toBe(401);
  });

  it('when an admin deletes a customer, then their sessions, cart, uploads and keys go with them, the artwork on their orders stays, and another customer keeps theirs', async () => {
    const signIns = async (email: string) => {
      const browser = app.agent();
      const answer = await browser.request('POST', '/api/auth/login', {
        body: { email, password: PASSWORD },
      });
      expect(answer.status).toBe(200);
      return browser;
    };
    const { agent, user } = await signedInCustomer();
    const other = await signedInCustomer();
    const second = await signIns(user.email);
    const owner = { sessionId: agent.sessionId, customerId: user.id as string };
    const file = (name: string) => ({ filename: `${name}.png`, originalName: 'a.png', size: 10 });
    await recordUpload(owner, file('a'.repeat(64)));
    await recordUpload(owner, file('b'.repeat(64)));
    await recordUpload(
      { sessionId: other.agent.sessionId, customerId: other.user.id },
      file('c'.repeat(64)),
    );
    // A paid order carrying one of the files; then a cart with a line and a discount left behind.
    await addToCart(agent, {
      files: [{ hashedName: `${'b'.repeat(64)}.png`, originalName: 'a.png' }],
    });
    const kept = await placeOrder(agent);
    await pay(agent, kept.orderId);
    await addToCart(agent);
    await addToCart(other.agent);
    expect((await admin.request('GET', `/api/admin/orders/${kept.orderId}`)).body).toMatchObject({
      customerId: user.id,
      accountDeleted: false,
    });
    const db = mongoose.connection.db!;
    const sessionsOf = (id: string) =>
      db.collection('sessions').countDocuments({ customerId: new Types.ObjectId(id) });
    expect(await sessionsOf(user.id)).toBe(2);
    const linksOf = (id: string) =>
      db.collection('account_tokens').countDocuments({ customerId: new Types.ObjectId(id) });
    expect(await linksOf(user.id)).toBeGreaterThan(0);
    expect(
      await db.collection('carts').findOne({ _id: `customer:${user.id}` as never }),
    ).not.toBeNull();

    expect((await admin.request('DELETE', `/api/admin/customers/${user.id}`)).status).toBe(204);
    expect(await sessionsOf(user.id)).toBe(0);
    expect((await second.request('GET', '/api/auth/me')).body).toBeNull();
    for (const [collection, id] of [
      ['carts', `customer:${user.id}`],
      ['uploads', `c:${user.id}:${'a'.repeat(64)}.png`],
    ] as const)
      expect(await db.collection(collection).findOne({ _id: id as never }), collection).toBeNull();
    expect(await linksOf(user.id)).toBe(0);
    expect(
      await db
        .collection('uploads')
        .findOne({ _id: `c:${user.id}:${'b'.repeat(64)}.png` as never }),
    ).not.toBeNull();
    // The other customer keeps everything.
    expect(await sessionsOf(other.user.id)).toBe(1);
    expect(
      await db.collection('carts').findOne({ _id: `customer:${other.user.id}` as never }),
    ).not.toBeNull();
    expect(
      await db
        .collection('uploads')
        .findOne({ _id: `c:${other.user.id}:${'c'.repeat(64)}.png` as never }),
    ).not.toBeNull();
    expect((await other.agent.request('GET', '/api/auth/me')).body?.id).toBe(other.user.id);
    // The paid order stays, as sold, and says its account is gone.
    expect((await admin.request('GET', `/api/admin/orders/${kept.orderId}`)).body).toMatchObject({
      customerId: user.id,
      accountDeleted: true,
    });
  });

  it('when an admin account is deleted, then 403 and it stays', async () => {
    const other = app.agent();
    const { body: otherAdmin } = await registerAdmin(other);
    const response = await admin.request('DELETE', `/api/admin/customers/${otherAdmin.id}`);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: adminMessages.adminNotDeletable });
    expect(await CustomerModel.exists({ _id: otherAdmin.id })).not.toBeNull();
  });

  it('when the customer does not exist or the id is malformed, then 404 or 400', async () => {
    expect(
      (await admin.request('DELETE', '/api/admin/customers/0123456789abcdef01234567')).status,
    ).toBe(404);
    expect((await admin.request('DELETE', '/api/admin/customers/nope')).status).toBe(400);
  });
});

describe('orders for the shop owner', () => {
  async function paidOrder() {
    const agent = app.agent();
    await addToCart(agent);
    const order = await placeOrder(agent);
    expect((await pay(agent, order.orderId)).status).toBe(200);
    return order;
  }

  it('when an admin lists orders, then newest first, paged by key, filtered by status', async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const page = await admin.request('GET', '/api/admin/orders?pageSize=1');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ pageSize: 1, nextBefore: expect.any(String) });
    expect(page.headers.get('x-next-before')).toBe(page.body.nextBefore);
    adminOrderPageSchema.parse(page.body);
    expect(page.body.orders).toHaveLength(1);
    expect(page.body.orders[0]).toMatchObject({
      id: second.orderId,
      paymentStatus: 'paid',
      customerInfo: { zipCode: '10001' },
    });
    const next = await admin.request(
      'GET',
      `/api/admin/orders?pageSize=1&before=${page.body.nextBefore}`,
    );
    expect(next.body.orders[0].id).toBe(first.orderId);

    const shipAnswer = await admin.request('POST', `/api/admin/orders/${first.orderId}/ship`, {
      body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(adminOrderSchema.parse(shipAnswer.body).shipment).toMatchObject({ carrier: 'UPS' });
    const detail = await admin.request('GET', `/api/admin/orders/${first.orderId}`);
    expect(adminOrderDetailSchema.parse(detail.body).history.map((move) => move.to)).toContain(
      'shipped',
    );
    const shipped = await admin.request('GET', '/api/admin/orders?status=shipped');
    expect(shipped.body.orders.map((order: { id: string }) => order.id)).toEqual([first.orderId]);

    expect((await admin.request('GET', '/api/admin/orders?pageSize=101')).status).toBe(400);
    expect((await admin.request('GET', '/api/admin/orders?status=lost')).status).toBe(400);
  });

  it('when an order moves processing -> shipped -> completed, then each step is allowed once, in order', async () => {
    const order = await paidOrder();
    const move = (status: string) =>
      admin.request('PATCH', `/api/admin/orders/${order.orderId}`, { body: { status } });
    const ship = () =>
      admin.request('POST', `/api/admin/orders/${order.orderId}/ship`, {
        body: { carrier: 'USPS', trackingNumber: '9400 1000 0000 0000 0000 00' },
      });
    const skip = await move('completed');
    expect(skip.status).toBe(400);
    expect(skip.body.message).toBe('An order cannot be moved from processing to completed');
    expect((await move('shipped')).status).toBe(400); // shipping needs its tracking number
    expect((await ship()).body).toMatchObject({ id: order.orderId, status: 'shipped' });
    expect((await ship()).status).toBe(409);
    expect((await move('processing')).status).toBe(400);
    expect((await move('completed')).body.status).toBe('completed');
    expect((await ship()).status).toBe(400);
    expect((await OrderModel.findById(order.orderId).lean())?.status).toBe('completed');
  });

  it('when an unpaid order is to be shipped, then 400', async () => {
    const agent = app.agent();
    await addToCart(agent);
    const order = await placeOrder(agent);
    const response = await admin.request('POST', `/api/admin/orders/${order.orderId}/ship`, {
      body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Only a paid order can be shipped');
  });

  it('when the order does not exist or the status is unknown, then 404 or 400', async () => {
    expect(
      (
        await admin.request('PATCH', '/api/admin/orders/0123456789abcdef01234567', {
          body: { status: 'completed' },
        })
      ).status,
    ).toBe(404);
    const order = await paidOrder();
    expect(
      (
        await admin.request('PATCH', `/api/admin/orders/${order.orderId}`, {
          body: { status: 'lost' },
        })
      ).status,
    ).toBe(400);
  });

  it('when an admin downloads an order’s artwork, then the file comes with its original name', async () => {
    const agent = app.agent();
    // A PNG's signature and header (a 1 x 1 image: uploads read an image's size), then bytes of
    // this run's own, so the file is new.
    const header = Buffer.alloc(25);
    header.writeUInt32BE(13, 0);
    header.write('IHDR', 4, 'latin1');
    header.writeUInt32BE(1, 8);
    header.writeUInt32BE(1, 12);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      header,
      Buffer.from(`artwork ${Date.now()}`),
    ]);
    const form = new FormData();
    form.append('files', new Blob([png], { type: 'image/png' }), 'Pump Label.png');
    const upload = await fetch(`${app.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { 'x-session-id': agent.sessionId },
      body: form,
    });
    const uploaded = (await upload.json()) as {
      files: Array<{ filename: string; originalName: string }>;
    };
    expect(upload.status, JSON.stringify(uploaded)).toBe(200);
    const file = uploaded.files[0]!;
    await addToCart(agent, {
      files: [{ hashedName: file.filename, originalName: file.originalName }],
    });
    const order = await placeOrder(agent);

    const download = await admin.request(
      'GET',
      `/api/admin/orders/${order.orderId}/files/${file.filename}`,
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('Pump Label.png');
    expect(download.text).toContain('artwork');

    const otherFile = `${'0'.repeat(64)}.png`;
    expect(
      (await admin.request('GET', `/api/admin/orders/${order.orderId}/files/${otherFile}`)).status,
    ).toBe(404);
    expect(
      (
        await admin.request(
          'GET',
          `/api/admin/orders/${order.orderId}/files/..%2F..%2Fetc%2Fpasswd`,
        )
      ).status,
    ).toBe(400);
    const { agent: customer } = await signedInCustomer();
    expect(
      (await customer.request('GET', `/api/admin/orders/${order.orderId}/files/${file.filename}`))
        .status,
    ).toBe(403);
  });
});

describe('every admin route is guarded on the server', () => {
  const id = '0123456789abcdef01234567';
  const adminRoutes: Array<[string, string, unknown?]> = [
    ['GET', '/api/admin/customers'],
    ['DELETE', `/api/admin/customers/${id}`],
    ['GET', '/api/admin/orders'],
    ['PATCH', `/api/admin/orders/${id}`, { status: 'shipped' }],
    ['GET', `/api/admin/orders/${id}/files/${'a'.repeat(64)}.png`],
    ['GET', '/api/admin/discount-codes'],
    ['POST', '/api/admin/discount-codes', { code: 'SNEAKY', type: 'percentage', value: 100 }],
    ['PUT', `/api/admin/discount-codes/${id}`, { value: 100 }],
    ['DELETE', `/api/admin/discount-codes/${id}`],
  ];

  it.each(adminRoutes)(
    'when a signed-in customer who is not admin calls %s %s, then 403',
    async (method, path, body) => {
      const { agent } = await signedInCustomer();
      const response = await agent.request(method, path, { body });
      expect(response.status).toBe(403);
    },
  );

  it.each([
    ...adminRoutes,
    ['GET', '/api/admin/status'] as [string, string],
    ['POST', '/api/admin/make-admin', { secret: SECRET }] as [string, string, unknown],
  ])('when a guest calls %s %s, then 401', async (method, path, body) => {
    const response = await app.agent().request(method, path, { body });
    expect(response.status).toBe(401);
  });

  it('when a customer sends isAdmin anywhere, then it is not an admin', async () => {
    const { agent, user } = await signedInCustomer();
    await agent.request('POST', '/api/auth/change-password', {
      body: { currentPassword: PASSWORD, newPassword: 'still a customer', isAdmin: true },
    });
    await agent.request('GET', '/api/admin/status?isAdmin=true');
    expect((await CustomerModel.findById(user.id).lean())?.isAdmin).toBe(false);
    expect((await agent.request('GET', '/api/admin/customers')).status).toBe(403);
  });
});
