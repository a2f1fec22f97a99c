// Accounts and sessions (docs/product.md sections 3, 5, 6; docs/design.md section 6): sign-up, sign-in with its
// limits, sign-out, password change, and sessions that live in the database.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, currentUserAnswerSchema, shopUserSchema } from '@shop/contracts';
import { createApp } from '../src/app';
import { CustomerModel, SessionModel } from '../src/modules/accounts/model';
import { SESSION_COOKIE_NAME } from '../src/modules/accounts/sessions';
import { deleteExpired } from '../src/platform/expiry';
import { RateLimitModel, attemptLimiter } from '../src/platform/rate-limit';
import { PASSWORD, addToCart, register, uniqueEmail } from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const sessions = () =>
  mongoose.connection.collection<{ _id: string }>(SessionModel.collection.name);

function login(
  agent: TestAgent,
  email: string,
  password: string,
  headers?: Record<string, string>,
) {
  return agent.request('POST', '/api/auth/login', { body: { email, password }, headers });
}

async function me(agent: TestAgent) {
  const response = await agent.request('GET', '/api/auth/me');
  expect(response.status).toBe(200);
  return response.body;
}

/** The session id inside the signed cookie value (s:<id>.<signature>, URL-encoded). */
function sessionIdOf(agent: TestAgent): string | undefined {
  const cookie = agent.cookies.get(SESSION_COOKIE_NAME);
  return cookie ? decodeURIComponent(cookie).slice(2).split('.')[0] : undefined;
}

describe('POST /api/auth/register', () => {
  it('when the fields are valid, then the customer is created, signed in, and the hash never shown', async () => {
    const agent = app.agent();
    const email = uniqueEmail('New.Customer').replace('new', 'NEW');
    const response = await agent.request('POST', '/api/auth/register', {
      body: {
        email: `  ${email.toUpperCase()} `,
        password: PASSWORD,
        firstName: 'Ann',
        lastName: 'Lee',
        company: 'Acme Pumps',
        address: '12 Main St',
        zipCode: '10001',
      },
    });
    expect(response.status).toBe(201);
    shopUserSchema.parse(response.body);
    expect(response.body).toMatchObject({
      email: email.toLowerCase(),
      firstName: 'Ann',
      lastName: 'Lee',
      phone: null,
      company: 'Acme Pumps',
      isAdmin: false,
    });
    expect(response.body).not.toHaveProperty('passwordHash');
    expect(response.text).not.toMatch(/\$2[aby]\$/);
    const setCookie = response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE_NAME.replace('.', '\\.')}=`, 'm'));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    expect(await me(agent)).toMatchObject({ id: response.body.id, email: email.toLowerCase() });

    const stored = await CustomerModel.findById(response.body.id).lean();
    expect(stored?.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(stored?.passwordHash).not.toContain(PASSWORD);
  });

  it('when the client sends isAdmin (or other unknown fields), then they are ignored', async () => {
    const agent = app.agent();
    const response = await register(agent, { isAdmin: true, timesUsed: 3, _id: 'x' });
    expect(response.body.isAdmin).toBe(false);
    expect((await CustomerModel.findById(response.body.id).lean())?.isAdmin).toBe(false);
  });

  it('when the email is taken (in any letter case), then 409 and no second account', async () => {
    const email = uniqueEmail('taken');
    await register(app.agent(), { email });
    const again = await app.agent().request('POST', '/api/auth/register', {
      body: { email: email.toUpperCase(), password: PASSWORD, firstName: 'B', lastName: 'C' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: accountMessages.emailTaken,
      errors: [{ path: 'email', message: accountMessages.emailTaken }],
    });
    expect(await CustomerModel.countDocuments({ email })).toBe(1);
  });

  it('when two sign-ups race for one email, then exactly one account is made', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.agent().request('POST', '/api/auth/register', {
          body: { email, password: PASSWORD, firstName: 'R', lastName: 'C' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await CustomerModel.countDocuments({ email })).toBe(1);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', accountMessages.emailInvalid],
    [{ password: '12345' }, 'password', accountMessages.passwordTooShort],
    [{ firstName: '' }, 'firstName', 'First name is required'],
  ])('when %o, then 400 naming the field', async (change, path, message) => {
    const response = await app.agent().request('POST', '/api/auth/register', {
      body: {
        email: uniqueEmail(),
        password: PASSWORD,
        firstName: 'Ann',
        lastName: 'Lee',
        ...change,
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ path, message });
  });

  it('when a guest with items in the cart signs up, then the cart becomes the customer’s', async () => {
    const agent = app.agent();
    await addToCart(agent);
    await addToCart(agent, { customText: 'PUMP 2', quantity: 3 });
    await register(agent);
    const cart = await agent.request('GET', '/api/cart');
    expect(cart.body.items).toHaveLength(2);
    // The same customer from another browser sees the same cart.
    const elsewhere = app.agent();
    const { email } = await me(agent);
    await login(elsewhere, email, PASSWORD);
    expect((await elsewhere.request('GET', '/api/cart')).body.items).toHaveLength(2);
  });
});

describe('POST /api/auth/login', () => {
  it('when the password is right, then the customer is signed in under a new session cookie', async () => {
    const email = uniqueEmail('login');
    await register(app.agent(), { email });
    const agent = app.agent();
    const response = await login(agent, email.toUpperCase(), PASSWORD);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email, isAdmin: false });
    expect(response.body).not.toHaveProperty('passwordHash');
    expect(sessionIdOf(agent)).toBeTruthy();
    expect(await me(agent)).toMatchObject({ email });
  });

  it('when the email is unknown or the password wrong, then the same 401 message, taking as long', async () => {
    const email = uniqueEmail('same-answer');
    await register(app.agent(), { email });
    const timed = async (address: string) => {
      const started = performance.now();
      const response = await login(app.agent(), address, 'wrong password', {
        'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1`,
      });
      return { response, ms: performance.now() - started };
    };
    const wrongPassword = await timed(email);
    const unknownEmail = await timed(uniqueEmail('nobody'));
    for (const { response } of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid email or password' });
    }
    // bcrypt runs for an unknown email too, so it is not answered noticeably faster.
    expect(unknownEmail.ms).toBeGreaterThan(wrongPassword.ms * 0.4);
  });

  it('when an email and address fail 5 times in 15 minutes, then the 6th is 429 even with the right password', async () => {
    const email = uniqueEmail('limited');
    await register(app.agent(), { email });
    const fromAddress = { 'x-forwarded-for': '203.0.113.7' };
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(app.agent(), email, 'wrong', fromAddress)).status).toBe(401);
    }
    const refused = await login(app.agent(), email, PASSWORD, fromAddress);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(refused.body.message).toMatch(/Too many sign-in attempts/);
    // Another address is not held up by it.
    const other = await login(app.agent(), email, PASSWORD, { 'x-forwarded-for': '198.51.100.9' });
    expect(other.status).toBe(200);
  });

  it('when parallel guesses arrive at once, then no more than 5 are judged', async () => {
    const email = uniqueEmail('parallel');
    await register(app.agent(), { email });
    const fromAddress = { 'x-forwarded-for': '203.0.113.50' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login(app.agent(), email, 'wrong', fromAddress)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('when a sign-in succeeds, then the failures before it are forgotten', async () => {
    const email = uniqueEmail('forgiven');
    await register(app.agent(), { email });
    const fromAddress = { 'x-forwarded-for': '203.0.113.80' };
    for (let attempt = 0; attempt < 4; attempt++)
      await login(app.agent(), email, 'wrong', fromAddress);
    expect((await login(app.agent(), email, PASSWORD, fromAddress)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await login(app.agent(), email, 'wrong', fromAddress)).status).toBe(401);
    }
  });

  it('when one email is guessed at from many addresses, then the owner still signs in from their own', async () => {
    const email = uniqueEmail('spread');
    await register(app.agent(), { email });
    for (let attempt = 0; attempt < 25; attempt++) {
      const response = await login(app.agent(), email, 'wrong', {
        'x-forwarded-for': `192.0.2.${attempt + 1}`,
      });
      expect(response.status).toBe(401);
    }
    const owner = await login(app.agent(), email, PASSWORD, { 'x-forwarded-for': '198.51.100.77' });
    expect(owner.status).toBe(200);
  });

  it('when fields are missing, then 400 naming them', async () => {
    const response = await app.agent().request('POST', '/api/auth/login', { body: {} });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      'email',
      'password',
    ]);
  });
});

describe('attempt limits in the database', () => {
  it('when attempts are past their window, then they count no more, and the key is forgotten a window after its last', async () => {
    const limiter = attemptLimiter('test-window', 3, 60_000);
    const longAgo = new Date(Date.now() - 120_000);
    expect((await limiter.claim('key', longAgo)).allowed).toBe(true);
    expect((await limiter.claim('key', longAgo)).allowed).toBe(true);
    expect((await limiter.claim('key', longAgo)).allowed).toBe(true);
    // Three old attempts do not hold up a new one: the window is judged by their timestamps.
    const now = new Date();
    expect((await limiter.claim('key', now)).allowed).toBe(true);
    expect((await limiter.claim('key', now)).allowed).toBe(true);
    expect((await limiter.claim('key', now)).allowed).toBe(true);
    expect(await limiter.claim('key', now)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    // The document holds the attempts that count, and ends when the last of them stops counting.
    const stored = await RateLimitModel.findById('test-window|key').lean();
    expect(stored?.hits.map((hit) => hit.getTime())).toEqual([now, now, now].map(Number));
    expect(stored?.expiresAt.getTime()).toBe(now.getTime() + 60_000);
    await deleteExpired(new Date(now.getTime() + 59_000));
    expect(await RateLimitModel.exists({ _id: 'test-window|key' })).not.toBeNull();
    await deleteExpired(new Date(now.getTime() + 60_000));
    expect(await RateLimitModel.exists({ _id: 'test-window|key' })).toBeNull();
  });

  it('when many other keys have attempts, then a key is judged by its own document alone', async () => {
    const limiter = attemptLimiter('test-lookups', 5, 60_000);
    /** The limits collection's operations made while `run` runs, each with its filter. */
    async function operations(run: () => Promise<unknown>) {
      const seen: Array<{ method: string; filter: unknown }> = [];
      mongoose.set('debug', (collection: string, method: string, filter: unknown) => {
        if (collection === RateLimitModel.collection.collectionName) seen.push({ method, filter });
      });
      try {
        await run();
      } finally {
        mongoose.set('debug', false);
      }
      return seen;
    }
    // Five attempts and a refusal on a key, then the same with 60 other keys full of attempts.
    const judge = (key: string) =>
      operations(async () => {
        for (let attempt = 0; attempt < 6; attempt++) await limiter.claim(key);
      });
    const alone = await judge('first');
    for (let other = 0; other < 60; other++) {
      await Promise.all(Array.from({ length: 5 }, () => limiter.claim(`other-${other}`)));
    }
    const crowded = await judge('second');
    expect(crowded.map((op) => op.method)).toEqual(alone.map((op) => op.method));
    // One upsert per claim that inserts the first attempt or answers the document, then a
    // compare-and-swap for the next four; the refusal only reads.
    expect(crowded.map((op) => op.method)).toEqual([
      'findOneAndUpdate',
      ...Array.from({ length: 4 }, () => ['findOneAndUpdate', 'updateOne']).flat(),
      'findOneAndUpdate',
    ]);
    for (const { method, filter } of crowded) {
      expect(filter).toEqual(
        method === 'findOneAndUpdate'
          ? { _id: 'test-lookups|second' }
          : expect.objectContaining({ _id: 'test-lookups|second' }),
      );
    }
  });

  it('when claims on one key arrive at once, then exactly the limit is admitted, counting an earlier attempt that still counts', async () => {
    const limiter = attemptLimiter('test-at-once', 3, 60_000);
    const now = Date.now();
    const admitted = async (key: string, at: Date) =>
      (await Promise.all(Array.from({ length: 10 }, () => limiter.claim(key, at)))).filter(
        (claim) => claim.allowed,
      ).length;
    expect(await admitted('fresh', new Date(now))).toBe(3);
    expect((await RateLimitModel.findById('test-at-once|fresh').lean())?.hits).toHaveLength(3);
    // One attempt 50 s ago still counts when ten arrive now.
    expect((await limiter.claim('busy', new Date(now - 50_000))).allowed).toBe(true);
    expect(await admitted('busy', new Date(now))).toBe(2);
    expect(await limiter.claim('busy', new Date(now + 1_000))).toEqual({
      allowed: false,
      retryAfterSeconds: 9,
    });
  });

  it('when the window slides, then an attempt frees up windowMs after it was made, and one given back no longer counts', async () => {
    const limiter = attemptLimiter('test-sliding', 2, 60_000);
    const start = Date.now() - 120_000;
    expect((await limiter.claim('key', new Date(start + 50_000))).allowed).toBe(true);
    expect((await limiter.claim('key', new Date(start + 55_000))).allowed).toBe(true);
    expect(await limiter.claim('key', new Date(start + 65_000))).toEqual({
      allowed: false,
      retryAfterSeconds: 45,
    });
    expect((await limiter.claim('key', new Date(start + 110_000))).allowed).toBe(true);
    expect((await limiter.claim('key', new Date(start + 111_000))).allowed).toBe(false);
    const given = await limiter.claim('key', new Date(start + 115_000));
    expect(given.allowed).toBe(true);
    if (given.allowed) await given.release();
    expect((await limiter.claim('key', new Date(start + 116_000))).allowed).toBe(true);
    expect((await limiter.claim('key', new Date(start + 117_000))).allowed).toBe(false);
  });

  it('when a key is reset, then its attempts are forgotten', async () => {
    const limiter = attemptLimiter('test-reset', 1, 60_000);
    expect((await limiter.claim('key')).allowed).toBe(true);
    expect((await limiter.claim('key')).allowed).toBe(false);
    await limiter.reset('key');
    expect((await limiter.claim('key')).allowed).toBe(true);
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('when signed out, then /me answers 200 null', async () => {
    const response = await app.agent().request('GET', '/api/auth/me');
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
  });

  it('when signing out, then the session is deleted from the database and the cookie cleared', async () => {
    const agent = app.agent();
    await register(agent);
    const sessionId = sessionIdOf(agent)!;
    expect(await sessions().countDocuments({ _id: sessionId })).toBe(1);
    const oldCookie = agent.cookies.get(SESSION_COOKIE_NAME)!;

    const response = await agent.request('POST', '/api/auth/logout');
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().join('\n')).toMatch(
      /shop\.sid=;.*Expires=Thu, 01 Jan 1970/i,
    );
    expect(agent.cookies.has(SESSION_COOKIE_NAME)).toBe(false);
    expect(await sessions().countDocuments({ _id: sessionId })).toBe(0);
    // The old cookie, replayed, is nobody.
    const replay = await app.request('GET', '/api/auth/me', {
      headers: { cookie: `${SESSION_COOKIE_NAME}=${oldCookie}` },
    });
    expect(replay.body).toBeNull();
  });
});

describe('POST /api/auth/change-password', () => {
  it('when signed out, then 401', async () => {
    const response = await app.agent().request('POST', '/api/auth/change-password', {
      body: { currentPassword: PASSWORD, newPassword: 'new password' },
    });
    expect(response.status).toBe(401);
  });

  it('when the current password is wrong, then 400 with a message and nothing changes', async () => {
    const agent = app.agent();
    const { body: user } = await register(agent);
    const response = await agent.request('POST', '/api/auth/change-password', {
      body: { currentPassword: 'not it', newPassword: 'new password' },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(accountMessages.currentPasswordWrong);
    expect((await login(app.agent(), user.email, PASSWORD)).status).toBe(200);
  });

  it('when the new password is too short, then 400 with the spec’s message', async () => {
    const agent = app.agent();
    await register(agent);
    const response = await agent.request('POST', '/api/auth/change-password', {
      body: { currentPassword: PASSWORD, newPassword: '12345' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({
      path: 'newPassword',
      message: 'Password must be at least 6 characters long',
    });
  });

  it('when it succeeds, then the new password works, the old does not, and other sessions are signed out', async () => {
    const agent = app.agent();
    const { body: user } = await register(agent);
    const otherBrowser = app.agent();
    await login(otherBrowser, user.email, PASSWORD);
    expect(await me(otherBrowser)).toMatchObject({ id: user.id });

    const response = await agent.request('POST', '/api/auth/change-password', {
      body: { currentPassword: PASSWORD, newPassword: 'a brand new one' },
    });
    expect(response.status).toBe(200);
    expect(await me(agent)).toMatchObject({ id: user.id });
    expect(await me(otherBrowser)).toBeNull();
    expect((await login(app.agent(), user.email, PASSWORD)).status).toBe(401);
    expect((await login(app.agent(), user.email, 'a brand new one')).status).toBe(200);
  });

  it('when the password is changed from two places at once with the same old password, then one change is made and the other is refused: the password is the one its owner was told', async () => {
    const owner = app.agent();
    const { body: user } = await register(owner);
    const other = app.agent();
    await login(other, user.email, PASSWORD);
    const [first, second] = await Promise.all(
      [
        [owner, 'the owner’s new one'],
        [other, 'someone else’s one'],
      ].map(([agent, newPassword]) =>
        (agent as typeof owner).request('POST', '/api/auth/change-password', {
          body: { currentPassword: PASSWORD, newPassword },
        }),
      ),
    );
    const statuses = [first!.status, second!.status].sort();
    expect(statuses).toEqual([200, 400]);
    const refused = first!.status === 400 ? first! : second!;
    expect(refused.body.message).toBe(accountMessages.currentPasswordWrong);
    // The password is the one the successful change set, and only that one.
    const set = first!.status === 200 ? 'the owner’s new one' : 'someone else’s one';
    const lost = first!.status === 200 ? 'someone else’s one' : 'the owner’s new one';
    expect((await login(app.agent(), user.email, set)).status).toBe(200);
    expect((await login(app.agent(), user.email, lost)).status).toBe(401);
  });
});

describe('sessions (docs/design.md section 6)', () => {
  it('when a session id is planted before sign-in, then sign-in answers with another one and the planted one is dead', async () => {
    const attacker = app.agent();
    await register(attacker);
    const planted = attacker.cookies.get(SESSION_COOKIE_NAME)!;

    const victim = app.agent();
    victim.cookies.set(SESSION_COOKIE_NAME, planted);
    const email = uniqueEmail('victim');
    await register(app.agent(), { email });
    expect((await login(victim, email, PASSWORD)).status).toBe(200);
    expect(victim.cookies.get(SESSION_COOKIE_NAME)).not.toBe(planted);
    expect(await me(victim)).toMatchObject({ email });
    // The planted cookie does not lead into the victim's session.
    const withPlanted = await app.request('GET', '/api/auth/me', {
      headers: { cookie: `${SESSION_COOKIE_NAME}=${planted}` },
    });
    expect(withPlanted.body).toBeNull();
  });

  it('when a guest makes calls, then no session is stored and no cookie is set', async () => {
    const agent = app.agent();
    const before = await sessions().countDocuments();
    const response = await agent.request('GET', '/api/auth/me');
    expect(currentUserAnswerSchema.parse(response.body)).toBeNull();
    await addToCart(agent);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(agent.cookies.size).toBe(0);
    expect(await sessions().countDocuments()).toBe(before);
  });

  it('when a signed-in customer makes a call, then the cookie is sent again (idle expiry rolls)', async () => {
    const agent = app.agent();
    await register(agent);
    const response = await agent.request('GET', '/api/auth/me');
    expect(currentUserAnswerSchema.parse(response.body)).toMatchObject({ isAdmin: false });
    const cookie = response.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/shop\.sid=/);
    const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)?.[1] ?? '');
    expect(expires - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000 + 5_000);
  });

  it('when a signed-in customer calls again, then the stored session names the customer and its expiry rolls on, written at most once a minute', async () => {
    const agent = app.agent();
    const { body: user } = await register(agent);
    const sessionId = sessionIdOf(agent)!;
    const stored = async () => (await SessionModel.findById(sessionId).lean())!;
    const DAY_MS = 24 * 60 * 60 * 1000;
    expect((await stored()).customerId?.toString()).toBe(user.id);
    expect((await stored()).expiresAt.getTime() - Date.now()).toBeGreaterThan(DAY_MS - 60_000);
    // An hour idle: the next call writes the new expiry.
    const usedAnHourAgo = new Date(Date.now() + DAY_MS - 60 * 60 * 1000);
    await sessions().updateOne({ _id: sessionId }, { $set: { expiresAt: usedAnHourAgo } });
    await me(agent);
    expect((await stored()).expiresAt.getTime() - Date.now()).toBeGreaterThan(DAY_MS - 60_000);
    // Half a minute idle: nothing to write.
    const usedHalfAMinuteAgo = new Date(Date.now() + DAY_MS - 30_000);
    await sessions().updateOne({ _id: sessionId }, { $set: { expiresAt: usedHalfAMinuteAgo } });
    await me(agent);
    expect((await stored()).expiresAt).toEqual(usedHalfAMinuteAgo);
  });

  it('when the idle expiry has passed, then the session is no longer signed in', async () => {
    const agent = app.agent();
    await register(agent);
    await sessions().updateOne(
      { _id: sessionIdOf(agent)! },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    expect(await me(agent)).toBeNull();
  });

  it('when the sign-in is older than 7 days, then the session ends however active it was', async () => {
    const agent = app.agent();
    await register(agent);
    const sessionId = sessionIdOf(agent)!;
    await sessions().updateOne(
      { _id: sessionId },
      { $set: { 'session.signedInAt': Date.now() - 7 * 24 * 60 * 60 * 1000 - 60_000 } },
    );
    expect(await me(agent)).toBeNull();
    expect(await sessions().countDocuments({ _id: sessionId })).toBe(0);
  });

  it('when the account is deleted, then its sessions are signed out at once', async () => {
    const agent = app.agent();
    const { body: user } = await register(agent);
    await CustomerModel.deleteOne({ _id: user.id });
    expect(await me(agent)).toBeNull();
    const change = await agent.request('POST', '/api/auth/change-password', {
      body: { currentPassword: PASSWORD, newPassword: 'new password' },
    });
    expect(change.status).toBe(401);
  });

  it('when the API restarts, then signed-in sessions survive', async () => {
    const agent = app.agent();
    const { body: user } = await register(agent);
    const before = app.baseUrl;
    await app.restart();
    expect(app.baseUrl).not.toBe(before);
    expect(await me(agent)).toMatchObject({ id: user.id });
  });
});

describe('cross-site requests (CSRF)', () => {
  it('when a call with the session cookie comes from another origin, then it is refused and nothing changes', async () => {
    const agent = app.agent();
    const { body: user } = await register(agent);
    const foreign = { origin: 'https://evil.example' };

    const change = await agent.request('POST', '/api/auth/change-password', {
      body: { currentPassword: PASSWORD, newPassword: 'owned by evil' },
      headers: foreign,
    });
    expect(change.status).toBe(403);
    expect(change.body).toEqual({ message: 'Cross-site request refused' });
    const logout = await agent.request('POST', '/api/auth/logout', { headers: foreign });
    expect(logout.status).toBe(403);

    expect(await me(agent)).toMatchObject({ id: user.id });
    expect((await login(app.agent(), user.email, PASSWORD)).status).toBe(200);
  });

  it('when a call with the session cookie lacks the x-session-id header (a plain form post), then it is refused', async () => {
    const agent = app.agent();
    await register(agent);
    const response = await agent.request('POST', '/api/auth/logout', { sessionId: null });
    expect(response.status).toBe(403);
    expect(await me(agent)).not.toBeNull();
  });
});

describe('production cookies', () => {
  it('when running in production behind a TLS proxy, then the session cookie is Secure', async () => {
    const production = { ...app.config, isProduction: true, nodeEnv: 'production' as const };
    const server: Server = createApp({ config: production }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const email = uniqueEmail('secure');
      await register(app.agent(), { email });
      const response = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/login`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-session-id': 'guest-1700000000000-secure',
            'x-forwarded-proto': 'https',
          },
          body: JSON.stringify({ email, password: PASSWORD }),
        },
      );
      expect(response.status).toBe(200);
      const cookie = response.headers.getSetCookie().join('\n');
      expect(cookie).toMatch(/shop\.sid=.*;\s*Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
