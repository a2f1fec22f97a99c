// Two kinds of record that had a collection each fold into documents that already hold their kind
// (src/migrations/sandbox.ts, src/migrations/audit.ts): the payment sandbox's refunds into their
// payments, the admin secret's attempts and the release registry's changes into the one audit log.
// Written as the earlier version wrote them, with the driver; migrated by two processes at once and
// once more, nothing is lost, nothing is there twice, and the old collections are gone.
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runMigrations } from '../src/migrations';
import { sandboxProvider } from '../src/modules/payments/sandbox';
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

const db = () => mongoose.connection.db!;
const collectionNames = async () =>
  (await db().listCollections({}, { nameOnly: true }).toArray()).map(({ name }) => name);

/** Two processes starting at once, then a restart. */
async function migrateTwiceAtOnceAndAgain() {
  await Promise.all([runMigrations(logger), runMigrations(logger)]);
  await runMigrations(logger);
}

it('when the sandbox kept its refunds in a collection of their own, then each moves into its payment, answers its key again, what is left stays, and the collection goes', async () => {
  const payments = db().collection<{ _id: string } & Record<string, unknown>>('sandbox_payments');
  const refunds = db().collection<{ _id: string } & Record<string, unknown>>('sandbox_refunds');
  const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  // 10.00 paid; 3.00 refunded and recorded, 2.00 taken off by a call that stopped before recording it.
  await payments.insertMany([
    {
      _id: 'old-fold-charge',
      paymentId: 'sbxpay_fold',
      token: 'cnon:card-nonce-ok',
      outcome: 'approved',
      amountCents: 1000,
      refundableCents: 500,
      refundKeys: ['fold-refund-recorded', 'fold-refund-stopped'],
      createdAt: at(60),
    },
    {
      _id: 'old-fold-untouched',
      paymentId: 'sbxpay_untouched',
      token: 'cnon:card-nonce-ok',
      outcome: 'approved',
      amountCents: 800,
      refundableCents: 800,
      refundKeys: [],
      createdAt: at(50),
    },
  ]);
  const recordedAt = at(30);
  await refunds.insertOne({
    _id: 'fold-refund-recorded',
    refundId: 'sbxrefund_recorded',
    paymentId: 'sbxpay_fold',
    amountCents: 300,
    reason: 'damaged',
    status: 'COMPLETED',
    createdAt: recordedAt,
  });

  await migrateTwiceAtOnceAndAgain();

  expect(await collectionNames()).not.toContain('sandbox_refunds');
  const folded = await payments.findOne({ _id: 'old-fold-charge' });
  expect(folded).not.toHaveProperty('refundKeys');
  expect(folded).toMatchObject({ amountCents: 1000, refundableCents: 500 });
  expect(folded!.refunds).toEqual([
    {
      key: 'fold-refund-recorded',
      refundId: 'sbxrefund_recorded',
      amountCents: 300,
      reason: 'damaged',
      status: 'COMPLETED',
      createdAt: recordedAt,
    },
    expect.objectContaining({
      key: 'fold-refund-stopped',
      refundId: expect.stringMatching(/^sbxrefund_/),
      amountCents: 200,
      status: 'COMPLETED',
    }),
  ]);
  const untouched = await payments.findOne({ _id: 'old-fold-untouched' });
  expect(untouched).toMatchObject({ refundableCents: 800, refunds: [] });
  expect(untouched).not.toHaveProperty('refundKeys');

  // Each key answers its refund again; what is left (5.00) is all a new key may take.
  const sandbox = sandboxProvider();
  const refund = (amountCents: number, idempotencyKey: string) =>
    sandbox.refund({ paymentId: 'sbxpay_fold', amountCents, idempotencyKey, reason: '' });
  expect(await refund(300, 'fold-refund-recorded')).toEqual({ refundId: 'sbxrefund_recorded' });
  const stopped = (folded!.refunds as Array<{ refundId: string }>)[1]!.refundId;
  expect(await refund(200, 'fold-refund-stopped')).toEqual({ refundId: stopped });
  await expect(refund(501, 'fold-refund-new')).rejects.toThrow(
    'The refund is more than what is left of the payment',
  );
  expect((await refund(500, 'fold-refund-new')).refundId).toMatch(/^sbxrefund_/);
  expect(await payments.findOne({ _id: 'old-fold-charge' })).toMatchObject({
    refundableCents: 0,
    refunds: [
      { key: 'fold-refund-recorded' },
      { key: 'fold-refund-stopped' },
      { key: 'fold-refund-new', amountCents: 500 },
    ],
  });
});

it('when admin secret attempts and release changes were audited in collections of their own, then every entry moves into the audit log under its own id and time, the releases screen lists them as before, and the old collections go', async () => {
  const customerId = new Types.ObjectId();
  const grants = [
    { outcome: 'wrong_secret', minutes: 20 },
    { outcome: 'granted', minutes: 10 },
  ].map(({ outcome, minutes }) => ({
    _id: new Types.ObjectId(),
    customerId,
    email: 'old.admin@example.com',
    ip: '203.0.113.7',
    outcome,
    createdAt: new Date(Date.now() - minutes * 60_000),
  }));
  await db().collection('admin_grant_attempts').insertMany(grants);
  const changes = [
    { action: 'publish', from: null, to: '0.9.0-fold001', minutes: 40 },
    { action: 'promote', from: null, to: '0.9.0-fold001', minutes: 30 },
  ].map(({ action, from, to, minutes }) => ({
    _id: new Types.ObjectId(),
    remote: 'account',
    action,
    by: 'releaser@example.com',
    origin: 'cli',
    from,
    to,
    at: new Date(Date.now() - minutes * 60_000),
  }));
  await db().collection('release_audit').insertMany(changes);

  await migrateTwiceAtOnceAndAgain();

  const names = await collectionNames();
  expect(names).not.toContain('admin_grant_attempts');
  expect(names).not.toContain('release_audit');
  const log = db().collection('audit_log');
  const entries = await log
    .find({ _id: { $in: [...grants, ...changes].map(({ _id }) => _id) } })
    .toArray();
  expect(entries).toHaveLength(4);
  for (const grant of grants)
    expect(entries.find(({ _id }) => _id.equals(grant._id))).toEqual({
      _id: grant._id,
      kind: 'admin_grant',
      subject: customerId.toHexString(),
      by: 'old.admin@example.com',
      origin: '203.0.113.7',
      at: grant.createdAt,
      details: { outcome: grant.outcome },
    });
  for (const change of changes)
    expect(entries.find(({ _id }) => _id.equals(change._id))).toEqual({
      _id: change._id,
      kind: 'release',
      subject: 'account',
      by: 'releaser@example.com',
      origin: 'cli',
      at: change.at,
      details: { action: change.action, from: change.from, to: change.to },
    });

  const listed = await admin.request('GET', '/api/admin/releases');
  expect(listed.status).toBe(200);
  const account = (
    listed.body.remotes as Array<{ remote: string; audit: Array<Record<string, unknown>> }>
  ).find(({ remote }) => remote === 'account')!;
  expect(account.audit).toEqual(
    [...changes].reverse().map(({ action, from, to, at }) => ({
      action,
      by: 'releaser@example.com',
      at: at.toISOString(),
      from,
      to,
    })),
  );
});
