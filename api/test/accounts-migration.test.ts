// A database written while accounts, sessions, links, uploads and attempt limits had collections
// standing in for indexes (email keys, list positions, session lists, token uses, attempt lanes,
// upload indexes, due queues) moves over at start (src/migrations/accounts.ts) without losing a
// customer, a signed-in session, a live link, an upload's owner or a limit in force; running it
// again, or twice at once, changes nothing.
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountMessages } from '@shop/contracts';
import { runMigrations } from '../src/migrations';
import { AccountTokenModel, CustomerModel, SessionModel } from '../src/modules/accounts/model';
import { SESSION_COOKIE_NAME } from '../src/modules/accounts/sessions';
import { hashToken, issueToken } from '../src/modules/accounts/tokens';
import { findOwnedUpload, recordUpload } from '../src/modules/uploads/repository';
import { createLogger } from '../src/platform/logger';
import { RateLimitModel } from '../src/platform/rate-limit';
import { PASSWORD, register, registerAdmin } from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const STAND_INS = [
  'customer_emails',
  'customer_positions',
  'customer_sessions',
  'customer_session_heads',
  'account_token_uses',
  'limited_attempts',
  'upload_index',
];

/** The session id inside the signed cookie value (s:<id>.<signature>, URL-encoded). */
function sessionIdOf(agent: TestAgent): string {
  return decodeURIComponent(agent.cookies.get(SESSION_COOKIE_NAME)!).slice(2).split('.')[0]!;
}

it('when the stand-in collections hold a database’s sessions, used links, attempts and keys, then each moves into its document, the stand-ins go, and the shop works on the result', async () => {
  const db = mongoose.connection.db!;
  const now = new Date();
  const admin = app.agent();
  await registerAdmin(admin);
  const browser = app.agent();
  const { body: user } = await register(browser);
  const customerId = new Types.ObjectId(user.id as string);
  const customer = (await CustomerModel.findById(customerId).lean())!;

  // The customer as kept then: a list position, its email's key, its place on the admin's list,
  // and the list's index of then.
  await CustomerModel.collection.createIndex({ createdAt: -1 });
  await CustomerModel.collection.updateOne({ _id: customerId }, { $set: { listPosition: 7 } });
  await db.collection('customer_emails').insertOne({ _id: user.email, customerId } as never);
  await db.collection('customer_positions').insertOne({ _id: '7', customerId } as never);

  // Its session as connect-mongo wrote it, listed under the customer and filed in the sessions queue.
  const sessionId = sessionIdOf(browser);
  const stored = (await SessionModel.findById(sessionId).lean())!;
  const idleEnd = new Date(now.getTime() + 20 * 60 * 60 * 1000);
  await SessionModel.collection.replaceOne({ _id: sessionId as never }, {
    expires: idleEnd,
    lastModified: now,
    session: stored.session,
  } as never);
  await db.collection('customer_sessions').insertOne({ _id: `${user.id}:1`, sessionId } as never);
  await db.collection('customer_session_heads').insertOne({ _id: user.id, from: 1 } as never);

  // Two reset links without usedAt, one of them used (its use a document of its own).
  const { token: usedLink } = await issueToken(customer, 'password-reset', now);
  const { token: liveLink } = await issueToken(customer, 'password-reset', now);
  await AccountTokenModel.collection.updateMany(
    { _id: { $in: [hashToken(usedLink), hashToken(liveLink)] } } as never,
    { $unset: { usedAt: '' } },
  );
  await db.collection('account_token_uses').insertOne({
    _id: hashToken(usedLink),
    usedAt: now,
  } as never);

  // Five failed sign-ins from one address in lanes (the limit), and one an hour old that no longer counts.
  const address = '203.0.113.99';
  const key = `${user.email}|${address}`;
  const window = Math.floor(now.getTime() / (15 * 60 * 1000));
  await db.collection('limited_attempts').insertMany([
    ...Array.from({ length: 5 }, (_, lane) => ({
      _id: `sign-in:email+ip|${key}|${lane + 1}|${window}`,
      limiter: 'sign-in:email+ip',
      key,
      lane: lane + 1,
      at: new Date(now.getTime() - (lane + 1) * 60_000),
    })),
    {
      _id: `sign-in:email+ip|other|1|${window - 8}`,
      limiter: 'sign-in:email+ip',
      key: 'other',
      lane: 1,
      at: new Date(now.getTime() - 2 * 60 * 60 * 1000),
    },
  ] as never);

  // An upload of the customer's, with its index entries; the sweeps' due entries and counters.
  const file = { filename: `${'d'.repeat(64)}.png`, originalName: 'd.png', size: 4 };
  await recordUpload({ sessionId: browser.sessionId, customerId: user.id }, file);
  await db.collection('upload_index').insertMany([
    { _id: `c:${user.id}`, filenames: [file.filename] },
    { _id: `f:${file.filename}`, filenames: [`c:${user.id}:${file.filename}`] },
  ] as never);
  const minute = Math.floor(now.getTime() / 60_000);
  await db.collection('due_entries').insertMany([
    { _id: `sessions:${minute}:1`, ref: sessionId, dueAt: idleEnd, doneAt: null },
    {
      _id: `account-tokens:${minute}:1`,
      ref: `t:${hashToken(liveLink)}`,
      dueAt: now,
      doneAt: null,
    },
    { _id: `attempts:sign-in:email+ip:${minute}:s2:1`, ref: 'x', dueAt: now, doneAt: null },
    { _id: `unpaid-orders:${minute}:1`, ref: 'kept', dueAt: now, doneAt: null },
  ] as never);
  await db
    .collection('due_hours')
    .insertMany([
      { _id: `sessions:${Math.floor(minute / 60)}` },
      { _id: `unpaid-orders:${Math.floor(minute / 60)}` },
    ] as never);
  await db.collection('counters').insertMany([
    { _id: 'customerPosition', value: 8 },
    { _id: 'due:sessions', value: minute },
    { _id: `due:attempts:sign-in:email+ip:${minute}`, value: 2 },
    { _id: 'due:unpaid-orders', value: minute },
  ] as never);

  const logger = createLogger('silent');
  await Promise.all([runMigrations(logger), runMigrations(logger)]);
  await runMigrations(logger);

  for (const name of STAND_INS)
    expect(await db.listCollections({ name }).toArray(), name).toEqual([]);
  const ids = async (collection: string) =>
    (await db.collection(collection).find({}).toArray()).map(({ _id }) => String(_id));
  // The shared due queues and counters go last, once every module took what it held.
  for (const name of ['due_entries', 'due_hours', 'counters'])
    expect(await ids(name), name).toEqual([]);

  // The customer, on the admin's list, without its position.
  expect(await CustomerModel.collection.findOne({ _id: customerId })).not.toHaveProperty(
    'listPosition',
  );
  expect((await CustomerModel.collection.indexes()).map((index) => index.name)).not.toContain(
    'createdAt_-1',
  );
  const list = await admin.request('GET', '/api/admin/customers?limit=100');
  expect(list.body.map((listed: { id: string }) => listed.id)).toContain(user.id);

  // The session: its customer and expiry at the top, connect-mongo's fields gone; still signed in.
  expect(await SessionModel.findById(sessionId).lean()).toEqual({
    _id: sessionId,
    customerId,
    session: stored.session,
    expiresAt: idleEnd,
  });
  expect((await browser.request('GET', '/api/auth/me')).body).toMatchObject({ id: user.id });

  // The limit in force: the sixth sign-in from that address waits; the old attempt was left out.
  const signIn = await app.agent().request('POST', '/api/auth/login', {
    body: { email: user.email, password: PASSWORD },
    headers: { 'x-forwarded-for': address },
  });
  expect(signIn.status).toBe(429);
  expect(await RateLimitModel.exists({ _id: 'sign-in:email+ip|other' })).toBeNull();

  // The upload is still the customer's.
  expect(
    await findOwnedUpload({ sessionId: 'another-session', customerId: user.id }, file.filename),
  ).toMatchObject({ filename: file.filename, customerId: user.id });

  // The used link stays used; the live one resets the password (and signs the browser out).
  const reset = (token: string) =>
    app.agent().request('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'a new password' },
    });
  const used = await reset(usedLink);
  expect(used.status).toBe(400);
  expect(used.body.message).toBe(accountMessages.resetLinkInvalid);
  expect((await reset(liveLink)).status).toBe(200);
  expect((await browser.request('GET', '/api/auth/me')).body).toBeNull();
  expect(await SessionModel.countDocuments({ _id: sessionId })).toBe(0);
  const again = await app.agent().request('POST', '/api/auth/register', {
    body: { email: user.email, password: PASSWORD, firstName: 'A', lastName: 'B' },
  });
  expect(again.status).toBe(409);
});
