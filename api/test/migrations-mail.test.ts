// An outbox written by the version that kept it with stand-ins (a list by position, a due queue by
// second, claim documents per attempt) moves over at start (src/migrations/mail.ts): nothing is lost
// or sent twice, and the stand-ins go (the shared counters and due entries last of all). So do the
// payment sandbox's card tokens, which were deleted through a due queue.
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runMigrations } from '../src/migrations';
import { CLAIM_LEASE_MS, deliverDueMail, type MailSender } from '../src/modules/mail/mail';
import { OutboxModel } from '../src/modules/mail/model';
import { SANDBOX_TOKEN_LIFETIME_MS, sandboxProvider } from '../src/modules/payments/sandbox';
import { deleteExpired } from '../src/platform/expiry';
import { createLogger } from '../src/platform/logger';
import { registerAdmin } from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

const logger = createLogger('silent');
let app: TestApp;
let admin: TestAgent;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.agent();
  await registerAdmin(admin);
});
afterAll(() => app?.close());

const MINUTE_MS = 60_000;
/** A collection of documents keyed by string, written with the driver. */
const keyed = (name: string) =>
  mongoose.connection.db!.collection<{ _id: string } & Record<string, unknown>>(name);

it('when the outbox was kept with positions, a due queue and claims, then every message keeps its place and state, is sent once, and the stand-ins go', async () => {
  const db = mongoose.connection.db!;
  const now = new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const names = ['sent', 'refused', 'retrying', 'later', 'held', 'finished', 'abandoned'] as const;
  const ids = Object.fromEntries(names.map((name) => [name, new Types.ObjectId()])) as Record<
    (typeof names)[number],
    Types.ObjectId
  >;
  // As the earlier version wrote them: every field, `position` on the list, no status.
  const old = (
    name: (typeof names)[number],
    position: number,
    fields: Record<string, unknown> = {},
  ) => ({
    _id: ids[name],
    key: `old:${name}`,
    kind: 'enquiry_received',
    to: `${name}@example.com`,
    replyTo: null,
    subject: `old ${name}`,
    text: 't',
    html: 'h',
    attachments: [],
    createdAt: ago((10 - position) * MINUTE_MS),
    sentAt: null,
    error: null,
    attempts: 0,
    nextAttemptAt: ago((10 - position) * MINUTE_MS),
    failedAt: null,
    position,
    ...fields,
  });
  await OutboxModel.collection.insertMany([
    old('sent', 1, { sentAt: ago(8 * MINUTE_MS), attempts: 1 }),
    old('refused', 2, { failedAt: ago(7 * MINUTE_MS), attempts: 1, error: '550 No such user' }),
    old('retrying', 3, { attempts: 2, error: 'timeout', nextAttemptAt: ago(MINUTE_MS) }),
    old('later', 4, {
      attempts: 1,
      error: 'timeout',
      nextAttemptAt: new Date(now.getTime() + 20 * MINUTE_MS),
    }),
    // A worker of the earlier version is sending these (claims a minute old): one finishes after
    // the migration, the other stopped; a claim 20 minutes old was abandoned long ago.
    old('held', 5),
    old('finished', 6),
    old('abandoned', 7),
  ] as never[]);
  await db.collection('outbox').createIndex({ sentAt: 1, nextAttemptAt: 1 });
  await db
    .collection<{ _id: string }>('outbox_positions')
    .insertMany(names.map((name, index) => ({ _id: String(index + 1), mailId: ids[name] })));
  const second = Math.floor(now.getTime() / 1000);
  await keyed('mail_due').insertMany([
    { _id: `${second}:1`, mailId: ids.retrying, attempt: 2, createdAt: now, doneAt: null },
    { _id: `${second}:s3:1`, mailId: ids.later, attempt: 1, createdAt: now, doneAt: null },
  ]);
  await keyed('mail_claims').insertMany([
    { _id: `${ids.held.toString()}:0`, claimedAt: ago(MINUTE_MS) },
    { _id: `${ids.finished.toString()}:0`, claimedAt: ago(MINUTE_MS) },
    { _id: `${ids.abandoned.toString()}:0`, claimedAt: ago(20 * MINUTE_MS) },
    { _id: `${ids.sent.toString()}:0`, claimedAt: ago(8 * MINUTE_MS) },
  ]);
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  await keyed('counters').insertMany([
    { _id: 'outboxPosition', value: 8 },
    { _id: 'mailDue', value: second - 30 },
    { _id: 'due:mail-claims', value: minute - 2 },
    { _id: `due:mail-claims:${minute + 1440}`, value: 2 },
    { _id: 'due:another-queue', value: minute - 2 },
    { _id: 'anotherCounter', value: 1001 },
  ]);
  await keyed('due_entries').insertMany([
    { _id: `mail-claims:${minute + 1440}:1`, ref: 'x', dueAt: now, doneAt: null },
    { _id: `another-queue:${minute + 1440}:1`, ref: 'y', dueAt: now, doneAt: null },
  ]);
  await db
    .collection<{ _id: string }>('due_hours')
    .insertMany([
      { _id: `mail-claims:${Math.floor(minute / 60) + 24}` },
      { _id: `another-queue:${Math.floor(minute / 60) + 24}` },
    ]);

  await runMigrations(logger);
  await runMigrations(logger);

  const stored = new Map(
    (await OutboxModel.find({ key: /^old:/ }).lean()).map((mail) => [
      mail.key.slice(4),
      mail as typeof mail & { position?: number },
    ]),
  );
  expect(Object.fromEntries([...stored].map(([name, mail]) => [name, mail.status]))).toEqual({
    sent: 'sent',
    refused: 'failed',
    retrying: 'queued',
    later: 'queued',
    held: 'sending',
    finished: 'sending',
    abandoned: 'queued',
  });
  expect(stored.get('retrying')).toMatchObject({ attempts: 2, claimedUntil: null });
  expect(stored.get('held')?.claimedUntil).toEqual(
    new Date(ago(MINUTE_MS).getTime() + 10 * MINUTE_MS),
  );
  expect([...stored.values()].every((mail) => mail.position === undefined)).toBe(true);

  const collections = (await db.listCollections({}, { nameOnly: true }).toArray()).map(
    (c) => c.name,
  );
  for (const gone of ['outbox_positions', 'mail_due', 'mail_claims'])
    expect(collections).not.toContain(gone);
  // Of the shared collections, only the stand-ins' documents went.
  const idsIn = async (name: string) =>
    (
      await keyed(name)
        .find({}, { projection: { _id: 1 } })
        .toArray()
    ).map((doc) => doc._id);
  // The shared due queues and counters go last, once every module took what it held.
  for (const name of ['due_entries', 'due_hours', 'counters'])
    expect(await idsIn(name), name).toEqual([]);
  const indexes = (await db.collection('outbox').indexes()).map((index) => index.name);
  expect(indexes).not.toContain('sentAt_1_nextAttemptAt_1');

  // The admin's list keeps its order (newest first), the sent and refused ones included.
  const page = await admin.request('GET', '/api/admin/outbox?limit=20');
  expect(page.status).toBe(200);
  const listed = (page.body.messages as Array<{ subject: string }>)
    .map((message) => message.subject)
    .filter((subject) => subject.startsWith('old '));
  expect(listed).toEqual([...names].reverse().map((name) => `old ${name}`));

  // The worker sends what is due, once; the earlier version's worker finishes its send meanwhile.
  const sent: string[] = [];
  const ours = new Set(names.map((name) => `${name}@example.com`));
  const counting: MailSender = {
    send: async (mail) => void (ours.has(mail.to) && sent.push(mail.to)),
    close() {},
  };
  const round = (at: Date) =>
    deliverDueMail({ sender: counting, from: 'shop@example.com', logger, now: at });
  await Promise.all([round(now), round(now)]);
  expect(sent.sort()).toEqual(['abandoned@example.com', 'retrying@example.com']);
  await OutboxModel.collection.updateOne(
    { _id: ids.finished },
    { $set: { sentAt: new Date(), error: null, attempts: 1 } },
  );
  await round(new Date(now.getTime() + CLAIM_LEASE_MS));
  await round(new Date(now.getTime() + 21 * MINUTE_MS));
  expect(sent.sort()).toEqual([
    'abandoned@example.com',
    'held@example.com',
    'later@example.com',
    'retrying@example.com',
  ]);
  const after = await OutboxModel.find({ key: /^old:/ }).lean();
  expect(
    Object.fromEntries(after.map((mail) => [mail.key.slice(4), [mail.status, mail.attempts]])),
  ).toEqual({
    sent: ['sent', 1],
    refused: ['failed', 1],
    retrying: ['sent', 3],
    later: ['sent', 2],
    held: ['sent', 1],
    finished: ['sent', 1],
    abandoned: ['sent', 1],
  });
});

it('when sandbox card tokens were kept with a due queue, then each gets its end 30 minutes after it was made: one in force still pays once, a stale one is refused and swept; payments keep what is left to refund', async () => {
  const now = Date.now();
  const tokens = keyed('sandbox_card_tokens');
  await tokens.insertMany([
    {
      _id: 'sbx:old-in-force',
      outcome: 'approved',
      last4: '4242',
      createdAt: new Date(now - 10 * MINUTE_MS),
    },
    {
      _id: 'sbx:old-stale',
      outcome: 'approved',
      last4: '4242',
      createdAt: new Date(now - 40 * MINUTE_MS),
    },
  ]);
  const minute = Math.floor(now / MINUTE_MS);
  await keyed('due_entries').insertMany([
    {
      _id: `sandbox-tokens:${minute + 20}:1`,
      ref: 'sbx:old-in-force',
      dueAt: new Date(),
      doneAt: null,
    },
  ]);
  await keyed('due_hours').insertOne({ _id: `sandbox-tokens:${Math.floor(minute / 60)}` });
  // A payment of 10.00 refunded 3.00 before refunds were taken off the payment.
  await keyed('sandbox_payments').insertOne({
    _id: 'old-charge-key',
    paymentId: 'sbxpay_old',
    amountCents: 1000,
    createdAt: new Date(now - 60 * MINUTE_MS),
  });
  await keyed('sandbox_refunds').insertOne({
    _id: 'old-refund-key',
    refundId: 'sbxrefund_old',
    paymentId: 'sbxpay_old',
    amountCents: 300,
    reason: '',
    status: 'COMPLETED',
    createdAt: new Date(now - 30 * MINUTE_MS),
  });
  await keyed('counters').insertMany([
    { _id: 'due:sandbox-tokens', value: minute - 2 },
    { _id: `due:sandbox-tokens:${minute + 20}`, value: 2 },
  ]);

  await runMigrations(logger);
  await runMigrations(logger);

  expect((await tokens.findOne({ _id: 'sbx:old-in-force' }))?.expiresAt).toEqual(
    new Date(now - 10 * MINUTE_MS + SANDBOX_TOKEN_LIFETIME_MS),
  );
  const sandbox = sandboxProvider();
  const charge = (token: string) =>
    sandbox.charge({ orderId: token, amountCents: 500, token, idempotencyKey: `key:${token}` });
  await expect(charge('sbx:old-stale')).rejects.toMatchObject({ status: 402 });
  expect(await deleteExpired(new Date())).toBeGreaterThanOrEqual(1);
  expect(await tokens.findOne({ _id: 'sbx:old-stale' })).toBeNull();
  expect((await charge('sbx:old-in-force')).paymentId).toMatch(/^sbxpay_/);
  await expect(
    sandbox.charge({
      orderId: 'x',
      amountCents: 500,
      token: 'sbx:old-in-force',
      idempotencyKey: 'other',
    }),
  ).rejects.toMatchObject({ status: 402 });

  // What is left of the older payment is 7.00; its refund's key still answers that refund.
  const refund = (amountCents: number, idempotencyKey: string) =>
    sandbox.refund({ paymentId: 'sbxpay_old', amountCents, idempotencyKey, reason: '' });
  expect(await keyed('sandbox_payments').findOne({ _id: 'old-charge-key' })).toMatchObject({
    refundableCents: 700,
    refunds: [{ key: 'old-refund-key', refundId: 'sbxrefund_old', amountCents: 300 }],
  });
  expect(await refund(300, 'old-refund-key')).toEqual({ refundId: 'sbxrefund_old' });
  await expect(refund(701, 'new-refund-key')).rejects.toThrow(
    'The refund is more than what is left of the payment',
  );
  expect((await refund(700, 'new-refund-key')).refundId).toMatch(/^sbxrefund_/);

  const idsIn = async (name: string) =>
    (
      await keyed(name)
        .find({}, { projection: { _id: 1 } })
        .toArray()
    ).map((doc) => doc._id);
  for (const name of ['counters', 'due_entries', 'due_hours'])
    expect((await idsIn(name)).filter((id) => id.includes('sandbox-tokens'))).toEqual([]);
});
