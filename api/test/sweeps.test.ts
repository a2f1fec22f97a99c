// The jobs' sweeps read due queues (src/platform/due-queue.ts), not whole collections: each still
// does what is due and nothing else, two workers at once do each thing once, and what is not due yet
// is left for a later round. Times are injected (`now`), as the jobs pass them.
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountTokenModel, CustomerModel } from '../src/modules/accounts/model';
import { sweepExpiredSessions } from '../src/modules/accounts/session-store';
import { issueToken, sweepAccountTokens } from '../src/modules/accounts/tokens';
import { reserveDiscountUse } from '../src/modules/discounts/discounts';
import { sweepMailClaims } from '../src/modules/mail/mail';
import { MailClaimModel } from '../src/modules/mail/model';
import { claimAttempt } from '../src/modules/mail/repository';
import { CheckoutKeyModel, OrderModel } from '../src/modules/orders/model';
import { markDiscountReserved, setPaymentState } from '../src/modules/orders/repository';
import { sweepOpenCheckouts } from '../src/modules/orders/sweeps';
import { LEFT_CHARGING_MESSAGE, expireUnpaidOrders } from '../src/modules/payments/expiry';
import { mintSandboxToken, sweepSandboxTokens } from '../src/modules/payments/sandbox';
import { addToCart, pay, placeOrder, register, registerAdmin } from './support/shop-flows';
import { trusted } from '../src/platform/db';
import { createLogger } from '../src/platform/logger';
import { DueEntryModel, DueHourModel, dueQueue } from '../src/platform/due-queue';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';
import { asProcess, seedsInTwoSlots } from './support/writer-slots';

let app: TestApp;
let admin: TestAgent;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.agent();
  await registerAdmin(admin);
});
afterAll(async () => {
  await app?.close();
});

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const at = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** n guest checkouts placed now, unpaid; the latest one's placing time. */
async function unpaidOrders(n: number) {
  const placed = await Promise.all(
    Array.from({ length: n }, async () => {
      const shopper = app.agent();
      await addToCart(shopper);
      return { shopper, ...(await placeOrder(shopper)) };
    }),
  );
  const orders = await Promise.all(placed.map((p) => OrderModel.findById(p.orderId).lean()));
  const placedAt = new Date(Math.max(...orders.map((order) => order!.createdAt.getTime())));
  return { placed, placedAt };
}

const statusOf = async (orderId: string) => (await OrderModel.findById(orderId).lean())?.status;

describe('the unpaid-orders sweep', () => {
  it('expires the checkouts unpaid after 24 hours and nothing else: not a paid one, not one a day old less an hour', async () => {
    const { placed, placedAt } = await unpaidOrders(3);
    const [first, second, paid] = placed;
    expect((await pay(paid!.shopper, paid!.orderId)).status).toBe(200);

    expect(await expireUnpaidOrders(at(placedAt, 23 * HOUR_MS))).toBe(0);
    expect(await statusOf(first!.orderId)).toBe('pending_payment');

    expect(await expireUnpaidOrders(at(placedAt, DAY_MS + 1000))).toBe(2);
    expect(await statusOf(first!.orderId)).toBe('expired');
    expect(await statusOf(second!.orderId)).toBe('expired');
    expect(await statusOf(paid!.orderId)).toBe('processing');
    // A second round finds nothing more to do.
    expect(await expireUnpaidOrders(at(placedAt, DAY_MS + 2000))).toBe(0);
  });

  it('reports an order still charging a day later (its card may have been charged) and leaves it as it is', async () => {
    const { placed, placedAt } = await unpaidOrders(1);
    const orderId = placed[0]!.orderId;
    await setPaymentState(orderId, { paymentStatus: 'charging', chargingSince: placedAt });
    const lines: string[] = [];
    const logger = createLogger('error', { write: (line: string) => void lines.push(line) });
    const followUp = { config: app.config, logger };
    expect(await expireUnpaidOrders(at(placedAt, DAY_MS + 1000), { followUp })).toBe(0);
    const order = await OrderModel.findById(orderId).lean();
    expect([order?.status, order?.paymentStatus]).toEqual(['pending_payment', 'charging']);
    const reported = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(reported).toEqual([
      expect.objectContaining({
        level: 'error',
        orderId,
        orderNumber: order?.orderNumber,
        msg: LEFT_CHARGING_MESSAGE,
      }),
    ]);
  });

  it('when two workers sweep at once, then each order is expired once and its discount use given back once', async () => {
    const code = `TWICE${Date.now()}`.slice(0, 20);
    const created = await admin.request('POST', '/api/admin/discount-codes', {
      body: { code, type: 'percentage', value: 10, usageLimit: 20 },
    });
    expect(created.status, created.text).toBe(201);
    const { placed, placedAt } = await unpaidOrders(6);
    // Each order holds one use of the code (a payment stopped mid-way); one more use is held elsewhere.
    for (const { orderId } of placed) {
      expect(await reserveDiscountUse(code)).toBe(true);
      await OrderModel.updateOne({ _id: orderId }, { $set: { discountCode: code } });
      await markDiscountReserved(orderId, true);
    }
    expect(await reserveDiscountUse(code)).toBe(true);

    const now = at(placedAt, DAY_MS + 1000);
    const rounds = await Promise.all([expireUnpaidOrders(now), expireUnpaidOrders(now)]);
    expect(rounds[0]! + rounds[1]!).toBe(6);
    for (const { orderId } of placed) expect(await statusOf(orderId)).toBe('expired');
    const codes = await admin.request('GET', '/api/admin/discount-codes');
    expect(codes.body.find((c: { code: string }) => c.code === code).timesUsed).toBe(1);
  });
});

describe('the other sweeps', () => {
  it('forgets checkout keys a week old, not before', async () => {
    const { placed, placedAt } = await unpaidOrders(2);
    const keysOf = () =>
      CheckoutKeyModel.find({
        orderId: trusted({ $in: placed.map((p) => new Types.ObjectId(p.orderId)) }),
      }).lean();
    expect(await keysOf()).toHaveLength(2);
    await sweepOpenCheckouts(at(placedAt, 6 * DAY_MS));
    expect(await keysOf()).toHaveLength(2);
    expect(await sweepOpenCheckouts(at(placedAt, 7 * DAY_MS + 1000))).toBeGreaterThanOrEqual(2);
    expect(await keysOf()).toHaveLength(0);
  });

  it('ends a signed-in session at the end of its idle lifetime, later when it was used since', async () => {
    const now = new Date();
    const idle = app.agent();
    const busy = app.agent();
    const [idleUser, busyUser] = [await register(idle), await register(busy)];
    const sessions = mongoose.connection.collection<{ _id: string; expires: Date }>('sessions');
    const sessionOf = (id: string) => sessions.findOne({ 'session.passport.user': id });
    const busySession = await sessionOf(busyUser.body.id);
    // Used again later: its expiry moved on by a day.
    await sessions.updateOne(
      { _id: busySession!._id },
      { $set: { expires: at(busySession!.expires, DAY_MS) } },
    );

    await sweepExpiredSessions(at(now, 23 * HOUR_MS));
    expect(await sessionOf(idleUser.body.id)).not.toBeNull();
    expect(await sweepExpiredSessions(at(now, DAY_MS + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await sessionOf(idleUser.body.id)).toBeNull();
    expect(await sessionOf(busyUser.body.id)).not.toBeNull();
    await sweepExpiredSessions(at(now, 2 * DAY_MS + 60_000));
    expect(await sessionOf(busyUser.body.id)).toBeNull();
  });

  it('deletes sandbox tokens gone stale (30 minutes), mail claims a day old and account tokens past their lifetime', async () => {
    const now = new Date();
    const token = await mintSandboxToken('approved', '4242');
    const claimId = `${new Types.ObjectId().toString()}:0`;
    expect(await claimAttempt(claimId, now, 10 * 60 * 1000)).toBe('claimed');
    const shopper = app.agent();
    const customer = await CustomerModel.findById((await register(shopper)).body.id).lean();
    const resetToken = await issueToken(customer!, 'password-reset', now);
    const tokensOf = () => AccountTokenModel.find({ customerId: customer!._id }).lean();
    expect((await tokensOf()).map((t) => t.purpose).sort()).toEqual([
      'email-confirmation',
      'password-reset',
    ]);
    expect(resetToken).toBeTruthy();

    await sweepSandboxTokens(at(now, 29 * 60 * 1000));
    await sweepMailClaims(at(now, 23 * HOUR_MS));
    await sweepAccountTokens(at(now, 59 * 60 * 1000));
    expect(await MailClaimModel.exists({ _id: claimId })).not.toBeNull();
    expect(await tokensOf()).toHaveLength(2);

    expect(await sweepSandboxTokens(at(now, 31 * 60 * 1000))).toBeGreaterThanOrEqual(1);
    expect(await sweepAccountTokens(at(now, 61 * 60 * 1000))).toBeGreaterThanOrEqual(1);
    expect((await tokensOf()).map((t) => t.purpose)).toEqual(['email-confirmation']);
    expect(await sweepMailClaims(at(now, DAY_MS + 60 * 1000))).toBeGreaterThanOrEqual(1);
    expect(await MailClaimModel.exists({ _id: claimId })).toBeNull();
    expect(await sweepAccountTokens(at(now, 8 * DAY_MS))).toBeGreaterThanOrEqual(1);
    expect(await tokensOf()).toHaveLength(0);
    const sandboxTokens = mongoose.connection.collection<{ _id: string }>('sandbox_card_tokens');
    expect(await sandboxTokens.findOne({ _id: token })).toBeNull();
  });
});

describe('a due queue', () => {
  it('hands each entry due to its handler once, files again what is not due yet, stops its cursor at an entry that failed, and forgets the minutes it passed', async () => {
    const queue = dueQueue(`test-${new Types.ObjectId().toString()}`);
    const now = new Date();
    const tenMinutesAgo = at(now, -10 * 60_000);
    // Filed ten minutes ago (as a replica would have then): a, b due then, c due in an hour.
    await queue.add('a', tenMinutesAgo, tenMinutesAgo);
    await queue.add('b', tenMinutesAgo, tenMinutesAgo);
    await queue.add('c', at(now, HOUR_MS), tenMinutesAgo);
    const minute = Math.floor(tenMinutesAgo.getTime() / 60_000);
    const idsOf = async () =>
      (await DueEntryModel.find({ _id: trusted({ $regex: `^${queue.name}:` }) }).lean()).map(
        (entry) => entry._id,
      );
    expect(await idsOf()).toHaveLength(3);

    const seen: string[] = [];
    let failOnce = true;
    const handle = async (ref: string) => {
      seen.push(ref);
      if (ref === 'b' && failOnce) {
        failOnce = false;
        throw new Error('b failed');
      }
      return 'done' as const;
    };
    await expect(queue.runRound(now, handle)).rejects.toThrow('b failed');
    expect(seen).toEqual(['a', 'b']);
    // The cursor stopped at b's minute: the next round hands b again, not a.
    const round = await queue.runRound(now, handle);
    expect(seen).toEqual(['a', 'b', 'b']);
    expect(round.cursor).toBeGreaterThan(minute);
    // a and b's minute is over: its entries and its hour's marker (when the hour is over) are gone.
    const left = await idsOf();
    expect(left.some((id) => id.startsWith(`${queue.name}:${minute}:`))).toBe(false);
    expect(left).toHaveLength(1); // c, an hour on
    if ((Math.floor(minute / 60) + 1) * 60 <= round.cursor)
      expect(
        await DueHourModel.exists({ _id: `${queue.name}:${Math.floor(minute / 60)}` }),
      ).toBeNull();
    await queue.runRound(at(now, HOUR_MS + 60_000), handle);
    expect(seen).toEqual(['a', 'b', 'b', 'c']);
  });

  it('when entries span more minutes and hours than one lookup reads, then rounds hand each once, in the order due, a batch of whole minutes each', async () => {
    const queue = dueQueue(`test-${new Types.ObjectId().toString()}`);
    const now = new Date();
    const first = at(now, -100 * 60_000);
    // One entry every 2 minutes over 90 minutes, each filed in its own minute (as then).
    const refs = Array.from({ length: 45 }, (_, i) => `r${String(i).padStart(2, '0')}`);
    for (const [i, ref] of refs.entries()) {
      const filedAt = at(first, i * 2 * 60_000);
      await queue.add(ref, filedAt, filedAt);
    }
    const seen: string[] = [];
    const handled: number[] = [];
    for (let round = 0; round < 10 && seen.length < refs.length; round++) {
      const result = await queue.runRound(
        now,
        async (ref) => {
          seen.push(ref);
          return 'done';
        },
        10,
      );
      handled.push(result.handled);
    }
    expect(seen).toEqual(refs);
    expect(handled).toEqual([10, 10, 10, 10, 5]);
  });

  it('when two processes file into one minute, each through its own slot, then a round hands every entry once and forgets them all', async () => {
    const queue = dueQueue(`test-${new Types.ObjectId().toString()}`);
    const now = new Date();
    const filedAt = at(now, -10 * 60_000);
    const minute = Math.floor(filedAt.getTime() / 60_000);
    const { first, second } = seedsInTwoSlots(`${queue.name}:${minute}`);
    const refs = Array.from({ length: 12 }, (_, i) => `r${i}`);
    for (const [i, ref] of refs.entries())
      await asProcess(i % 2 ? second : first, () => queue.add(ref, filedAt, filedAt));
    const ids = (
      await DueEntryModel.find({ _id: trusted({ $regex: `^${queue.name}:${minute}:` }) }).lean()
    ).map((entry) => entry._id);
    expect(ids).toHaveLength(12);
    // Slot 0 keeps the ids used before slots; the other process's entries carry its slot.
    expect(ids.filter((id) => /:s\d+:\d+$/.test(id))).toHaveLength(6);

    const seen: string[] = [];
    await queue.runRound(now, async (ref) => {
      seen.push(ref);
      return 'done';
    });
    expect(seen.sort()).toEqual([...refs].sort());
    expect(
      await DueEntryModel.countDocuments({ _id: trusted({ $regex: `^${queue.name}:${minute}:` }) }),
    ).toBe(0);
  });
});
