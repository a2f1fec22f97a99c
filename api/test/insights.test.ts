// The admin's dashboard: every figure is what the orders behind it add up to, read through the admin's
// own order list (GET /api/admin/orders, by day and status; charges by the day they were paid, refunds
// by the day they were made), across payments, a partial refund, a full refund, an unpaid checkout, a
// proof approval, an order of an earlier day refunded today, an order placed before midnight and paid
// after it, and the work in progress (proofs waiting, orders past their promise).
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCTION_PROMISE_BUSINESS_DAYS,
  addBusinessDays,
  clockTimeIn,
  dayIn,
  nextDay,
  ORDER_STATUSES,
  startOfDayIn,
  type AdminOrder,
  type AdminOrderPage,
  type InsightsDashboard,
  type OrderStatus,
} from '@shop/contracts';
import { sliceOf } from '../src/modules/insights/figures';
import { createLogger } from '../src/platform/logger';
import { exportFile } from './support/csv-exports';
import {
  addToCart,
  customerInfo,
  label,
  pay,
  placeOrder,
  registerAdmin,
} from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

const ZONE = 'America/New_York';
const MINUTE = 60_000;
const DAY = 86_400_000;
/** A day before every order of these tests. */
const EARLIEST_DAY = '2020-01-01';

let app: TestApp;
let admin: TestAgent;

beforeAll(async () => {
  app = await startTestApp({ SHOP_TIME_ZONE: ZONE }, { logger: createLogger('silent') });
  admin = app.agent();
  await registerAdmin(admin);
  const code = await admin.request('POST', '/api/admin/discount-codes', {
    body: { code: 'INSIGHT10', type: 'percentage', value: 10 },
  });
  expect(code.status, code.text).toBe(201);
});
afterAll(async () => {
  await app?.close();
});

const orders = () => mongoose.connection.db!.collection('orders');
const cents = (dollars: number) => Math.round(dollars * 100);

async function dashboard(period: string): Promise<InsightsDashboard> {
  const response = await admin.request('GET', `/api/admin/insights?period=${period}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Every order of the admin's list for these days (and status), page after page. */
async function listed(from: string, to: string, status?: OrderStatus): Promise<AdminOrder[]> {
  const found: AdminOrder[] = [];
  let before: string | null = null;
  do {
    const query = new URLSearchParams({ pageSize: '100', from, to });
    if (status) query.set('status', status);
    if (before) query.set('before', before);
    const response = await admin.request('GET', `/api/admin/orders?${query}`);
    expect(response.status, response.text).toBe(200);
    const page = response.body as AdminOrderPage;
    found.push(...page.orders);
    before = page.nextBefore;
  } while (before);
  return found;
}

/** A shopper's paid order of the given labels (the proof skipped unless asked for). */
async function paidOrder(
  labels: Array<Parameters<typeof label>[0]>,
  options: { code?: string; skipProof?: boolean; info?: Parameters<typeof customerInfo>[0] } = {},
) {
  const shopper = app.agent();
  for (const overrides of labels) await addToCart(shopper, overrides);
  if (options.code) {
    const applied = await shopper.request('POST', '/api/cart/session', {
      body: { discountCode: options.code },
    });
    expect(applied.status, applied.text).toBe(200);
  }
  const order = await placeOrder(shopper, customerInfo(options.info), {
    skipProof: options.skipProof ?? true,
  });
  const paid = await pay(shopper, order.orderId);
  expect(paid.status, paid.text).toBe(200);
  return { shopper, ...order };
}

async function cancel(orderId: string, refundAmount: number) {
  const response = await admin.request('POST', `/api/admin/orders/${orderId}/cancel`, {
    body: { refundAmount, reason: 'Customer asked' },
  });
  expect(response.status, response.text).toBe(200);
}

/** The figures the dashboard shows, added up from the admin's order list of the same days. */
async function fromTheList(from: string, to: string) {
  // The paid orders placed in the period: the funnel's, and what sold.
  const paid = await listed(from, to);
  const kept = paid.filter((order) => order.status !== 'cancelled');
  // A charge is the period's when it was paid in it, a refund when it was made in it
  // (docs/product.md section 11), whenever the order was placed: the orders placed up to the
  // period's last day, by their payment's and their refund's day.
  const upToTheEnd = await listed(EARLIEST_DAY, to);
  const inThePeriod = (at: string | null | undefined) => {
    const day = at ? dayIn(ZONE, new Date(at)) : null;
    return day !== null && day >= from && day <= to;
  };
  const charges = upToTheEnd.filter((order) => inThePeriod(order.paidAt));
  const charged = charges.reduce((sum, order) => sum + cents(order.total), 0);
  const refunded = upToTheEnd
    .filter((order) => inThePeriod(order.refundedAt))
    .reduce((sum, order) => sum + cents(order.refunded), 0);
  const byStatus: Array<{ status: OrderStatus; orders: number }> = [];
  for (const status of ORDER_STATUSES) {
    const count = (await listed(from, to, status)).length;
    if (count > 0) byStatus.push({ status, orders: count });
  }
  const materials = new Map<string, { labels: number; orders: Set<string>; sales: number }>();
  const sizes = new Map<string, { labels: number; orders: Set<string> }>();
  const codes = new Map<string, { uses: number; discount: number }>();
  for (const order of kept) {
    for (const item of order.items) {
      const material = materials.get(item.productConfig.material) ?? {
        labels: 0,
        orders: new Set(),
        sales: 0,
      };
      material.labels += item.quantity;
      material.orders.add(order.id);
      material.sales += cents(item.totalPrice);
      materials.set(item.productConfig.material, material);
      const key = `${item.productConfig.width}x${item.productConfig.height}`;
      const size = sizes.get(key) ?? { labels: 0, orders: new Set() };
      size.labels += item.quantity;
      size.orders.add(order.id);
      sizes.set(key, size);
    }
    if (order.discountCode) {
      const code = codes.get(order.discountCode) ?? { uses: 0, discount: 0 };
      code.uses += 1;
      code.discount += cents(order.discountAmount);
      codes.set(order.discountCode, code);
    }
  }
  // The proof's approval, from the order's own history (the decision event on its revision).
  const minutes: number[] = [];
  for (const order of paid) {
    const decision = await mongoose.connection
      .db!.collection('order_events')
      .findOne({ _id: `${order.id}:proof:1:decision` as never, 'proof.action': 'approved' });
    if (decision)
      minutes.push(
        Math.floor(((decision.at as Date).getTime() - new Date(order.paidAt!).getTime()) / MINUTE),
      );
  }
  minutes.sort((a, b) => a - b);
  const middle = minutes.length / 2;
  const median =
    minutes.length === 0
      ? null
      : minutes.length % 2
        ? minutes[Math.floor(middle)]!
        : (minutes[middle - 1]! + minutes[middle]!) / 2;
  return {
    revenue: (charged - refunded) / 100,
    charged: charged / 100,
    refunded: refunded / 100,
    orders: charges.length,
    cancelled: charges.filter((order) => order.status === 'cancelled').length,
    averageOrderValue: charges.length ? Math.round(charged / charges.length) / 100 : null,
    placed: byStatus.reduce((n, entry) => n + entry.orders, 0),
    paidOfPlaced: paid.length,
    byStatus,
    materials: Object.fromEntries(
      [...materials].map(([name, m]) => [
        name,
        { labels: m.labels, orders: m.orders.size, sales: m.sales / 100 },
      ]),
    ),
    sizes: Object.fromEntries(
      [...sizes].map(([key, s]) => [key, { labels: s.labels, orders: s.orders.size }]),
    ),
    codes: Object.fromEntries(
      [...codes].map(([code, c]) => [code, { uses: c.uses, discount: c.discount / 100 }]),
    ),
    approved: minutes.length,
    median,
  };
}

/** Checks every figure of the dashboard against the list of the same days. */
async function expectReconciled(shown: InsightsDashboard) {
  const expected = await fromTheList(shown.from, shown.to);
  expect(shown.revenue).toBe(expected.revenue);
  expect(shown.charged).toBe(expected.charged);
  expect(shown.refunded).toBe(expected.refunded);
  expect(shown.orders).toBe(expected.orders);
  expect(shown.cancelled).toBe(expected.cancelled);
  expect(shown.averageOrderValue).toBe(expected.averageOrderValue);
  expect(shown.funnel.placed).toBe(expected.placed);
  expect(shown.funnel.paid).toBe(expected.paidOfPlaced);
  expect(shown.ordersByStatus).toEqual(expected.byStatus);
  const soldMaterials = Object.fromEntries(
    shown.materials
      .filter((m) => m.labels > 0)
      .map((m) => [m.material, { labels: m.labels, orders: m.orders, sales: m.sales }]),
  );
  expect(soldMaterials).toEqual(expected.materials);
  expect(
    Object.fromEntries(
      shown.topSizes.map((s) => [`${s.width}x${s.height}`, { labels: s.labels, orders: s.orders }]),
    ),
  ).toEqual(expected.sizes);
  expect(
    Object.fromEntries(
      shown.discountCodes.map((c) => [c.code, { uses: c.uses, discount: c.discount }]),
    ),
  ).toEqual(expected.codes);
  expect(shown.proofs.approved).toBe(expected.approved);
  expect(shown.proofs.medianMinutesToApproval).toBe(expected.median);
  // The chart's points add up to the period's revenue and orders.
  const points = shown.revenueSeries.points;
  expect(cents(points.reduce((sum, point) => sum + point.revenue, 0))).toBe(cents(shown.revenue));
  expect(points.reduce((sum, point) => sum + point.orders, 0)).toBe(shown.orders);
  return expected;
}

/** Moves a paid order back in time as if it had been placed and paid `ms` earlier. */
async function movedEarlier(orderId: string, ms: number) {
  const order = await orders().findOne({ _id: new Types.ObjectId(orderId) });
  const back = (date: Date | null) => (date ? new Date(date.getTime() - ms) : null);
  await orders().updateOne(
    { _id: new Types.ObjectId(orderId) },
    {
      $set: {
        createdAt: back(order!.createdAt),
        paidAt: back(order!.paidAt),
        'proof.sentAt': back(order!.proof?.sentAt ?? null),
        'proof.awaitingSince': back(order!.proof?.awaitingSince ?? null),
        updatedAt: new Date(),
      },
    },
  );
}

describe("today's dashboard", () => {
  it('when orders are paid, refunded in part, refunded in full and left unpaid, then every figure equals what the order list adds up to, and a refund takes its money out at once', async () => {
    const before = await dashboard('today');
    expect(before.revenue).toBe(0);
    expect(before.funnel).toEqual({ cartsStarted: 0, placed: 0, paid: 0 });

    const first = await paidOrder([{ quantity: 12 }], { code: 'INSIGHT10' });
    const second = await paidOrder(
      [
        { material: 'indoor', width: 2, height: 1, quantity: 30 },
        { material: 'uv-resistant', width: 4, height: 2, quantity: 5 },
      ],
      { skipProof: false },
    );
    const partly = await paidOrder([{ material: 'indoor', width: 2, height: 1, quantity: 10 }]);
    const fully = await paidOrder([{ quantity: 3 }], { code: 'INSIGHT10' });
    // A checkout never paid, and a cart never ordered.
    const unpaid = app.agent();
    await addToCart(unpaid, { material: 'uv-resistant' });
    await placeOrder(unpaid, customerInfo());
    await addToCart(app.agent());

    // The proof of the second order waited 95 minutes for the customer: its approval is dated so
    // (its payment, and so its charge, stays in this hour, a minute past midnight included).
    const approved = await second.shopper.request(
      'POST',
      `/api/orders/${second.orderId}/proof/approve`,
      { body: { revision: 1, name: 'Ann Lee' } },
    );
    expect(approved.status, approved.text).toBe(200);
    const paidAt = (await orders().findOne({ _id: new Types.ObjectId(second.orderId) }))!.paidAt;
    await mongoose.connection
      .db!.collection('order_events')
      .updateOne(
        { _id: `${second.orderId}:proof:1:decision` as never },
        { $set: { at: new Date((paidAt as Date).getTime() + 95 * MINUTE) } },
      );

    const paidFigures = await dashboard('today');
    const expected = await expectReconciled(paidFigures);
    expect(paidFigures.orders).toBe(4);
    expect(paidFigures.funnel).toEqual({ cartsStarted: 6, placed: 5, paid: 4 });
    expect(paidFigures.proofs.medianMinutesToApproval).toBe(95);
    expect(expected.codes).toEqual({ INSIGHT10: expect.objectContaining({ uses: 2 }) });
    const totalOf = async (id: string) =>
      (await admin.request('GET', `/api/admin/orders/${id}`)).body.total as number;

    // A partial refund with the cancel, then a full one.
    const partTotal = await totalOf(partly.orderId);
    await cancel(partly.orderId, 2);
    const afterPartial = await dashboard('today');
    expect(cents(afterPartial.revenue)).toBe(cents(paidFigures.revenue) - 200);
    expect(afterPartial.refunded).toBe(2);
    await expectReconciled(afterPartial);

    const fullTotal = await totalOf(fully.orderId);
    await cancel(fully.orderId, fullTotal);
    const afterFull = await dashboard('today');
    expect(cents(afterFull.revenue)).toBe(cents(paidFigures.revenue) - 200 - cents(fullTotal));
    expect(afterFull.charged).toBe(paidFigures.charged);
    expect(afterFull.cancelled).toBe(2);
    expect(afterFull.orders).toBe(4);
    const reconciled = await expectReconciled(afterFull);
    // The cancelled orders' labels and codes are not sales: one use of the code is left.
    expect(reconciled.codes).toEqual({ INSIGHT10: expect.objectContaining({ uses: 1 }) });
    expect(afterFull.materials.find((m) => m.material === 'indoor')!.labels).toBe(30);
    expect(partTotal).toBeGreaterThan(2);

    // The same orders in the 7, 30 and 90 days, which end today.
    for (const period of ['7d', '30d', '90d']) {
      const longer = await dashboard(period);
      expect(longer.to).toBe(afterFull.to);
      await expectReconciled(longer);
      expect(longer.revenue).toBe(afterFull.revenue);
      expect(longer.revenueSeries.points.at(-1)).toEqual({
        key: afterFull.to,
        revenue: afterFull.revenue,
        orders: 4,
      });
    }
    expect(first.orderNumber).toBeGreaterThan(0);
  });
});

describe('earlier days', () => {
  it("when an order paid three days ago is refunded today, then the refund is filed under today and the hour it was made, the order's kept day keeps what it was charged, and the export dates the refund", async () => {
    const old = await paidOrder([{ material: 'phenolic', width: 5, height: 5, quantity: 4 }]);
    await movedEarlier(old.orderId, 3 * DAY);
    const week = await dashboard('7d');
    const today = await dashboard('today');
    const day = dayIn(ZONE, new Date(Date.now() - 3 * DAY));
    await expectReconciled(week);
    const point = week.revenueSeries.points.find((p) => p.key === day)!;
    const total = (await admin.request('GET', `/api/admin/orders/${old.orderId}`)).body
      .total as number;
    expect(point).toEqual({ key: day, revenue: total, orders: 1 });
    expect(
      await mongoose.connection
        .db!.collection('insight_figures')
        .findOne({ _id: day as never, grain: 'day' }),
    ).toBeTruthy();

    const asked = Date.now();
    await cancel(old.orderId, total);
    const answered = Date.now();
    const after = await dashboard('7d');
    await expectReconciled(after);
    // The order's day is closed: it keeps its charge, and the refund is today's.
    expect(after.revenueSeries.points.find((p) => p.key === day)).toEqual(point);
    expect(cents(after.revenueSeries.points.at(-1)!.revenue)).toBe(
      cents(week.revenueSeries.points.at(-1)!.revenue) - cents(total),
    );
    expect(cents(after.revenue)).toBe(cents(week.revenue) - cents(total));
    expect(cents(after.refunded)).toBe(cents(week.refunded) + cents(total));
    const todayAfter = await dashboard('today');
    expect(cents(todayAfter.refunded)).toBe(cents(today.refunded) + cents(total));
    expect(cents(todayAfter.revenue)).toBe(cents(today.revenue) - cents(total));
    // Today's orders did not change: it was placed three days ago.
    expect(todayAfter.orders).toBe(today.orders);
    expect(todayAfter.cancelled).toBe(today.cancelled);

    // The order says when its refund was made; today's chart takes it out of that hour.
    const refunded = (await admin.request('GET', `/api/admin/orders/${old.orderId}`))
      .body as AdminOrder;
    expect(typeof refunded.refundedAt).toBe('string');
    const refundedAt = new Date(refunded.refundedAt!);
    expect(refundedAt.getTime()).toBeGreaterThanOrEqual(asked);
    expect(refundedAt.getTime()).toBeLessThanOrEqual(answered);
    const hour = sliceOf(refundedAt, ZONE).start.toISOString();
    const hourRevenue = (shown: InsightsDashboard) =>
      cents(shown.revenueSeries.points.find((p) => p.key === hour)?.revenue ?? 0);
    expect(hourRevenue(todayAfter)).toBe(hourRevenue(today) - cents(total));

    // The orders export of its day dates the refund as it dates the payment.
    const { rows } = await exportFile(app, admin, { kind: 'orders', from: day, to: day });
    const [header, ...body] = rows;
    const cell = (name: string) =>
      body.find((cells) => Number(cells[0]) === old.orderNumber)![header!.indexOf(name)];
    expect(header).toContain(`Refunded at (${ZONE})`);
    expect(cell(`Refunded at (${ZONE})`)).toBe(clockTimeIn(ZONE, refundedAt));
    expect(cell(`Paid (${ZONE})`)).toBe(clockTimeIn(ZONE, new Date(refunded.paidAt!)));
    expect(cell('Refunded')).toBe(total.toFixed(2));
  });

  it("when an order placed at 23:50 is paid at 00:10 the next day, then its charge is the second day's, as the payments export files it, and the first day keeps only its placing", async () => {
    const first = dayIn(ZONE, new Date(Date.now() - 4 * DAY));
    const second = nextDay(first);
    const midnight = startOfDayIn(ZONE, second).getTime();
    // Both days are kept before the order moves into them: the orders written since name the
    // hours to read again, the one it was paid in too.
    const before = await dashboard('7d');
    for (const day of [first, second])
      expect(
        await mongoose.connection
          .db!.collection('insight_figures')
          .findOne({ _id: day as never, grain: 'day' }),
      ).toBeTruthy();
    const late = await paidOrder([{ material: 'indoor', width: 3, height: 1, quantity: 7 }]);
    await orders().updateOne(
      { _id: new Types.ObjectId(late.orderId) },
      {
        $set: {
          createdAt: new Date(midnight - 10 * MINUTE),
          paidAt: new Date(midnight + 10 * MINUTE),
          updatedAt: new Date(),
        },
      },
    );
    const total = (await admin.request('GET', `/api/admin/orders/${late.orderId}`)).body
      .total as number;

    const after = await dashboard('7d');
    await expectReconciled(after);
    const point = (shown: InsightsDashboard, day: string) =>
      shown.revenueSeries.points.find((p) => p.key === day)!;
    expect(point(after, first)).toEqual(point(before, first));
    expect(cents(point(after, second).revenue)).toBe(
      cents(point(before, second).revenue) + cents(total),
    );
    expect(point(after, second).orders).toBe(point(before, second).orders + 1);
    // Placed on the first day: the funnel and what sold are that day's, in the same week.
    expect(after.funnel.placed).toBe(before.funnel.placed + 1);
    expect(after.funnel.paid).toBe(before.funnel.paid + 1);
    expect(after.orders).toBe(before.orders + 1);

    // The payments export files the charge under the second day, at 00:10.
    const number = String(late.orderNumber);
    for (const [day, expected] of [
      [first, []],
      [second, [[`${second} 00:10`, 'Charge', total.toFixed(2)]]],
    ] as const) {
      const [header, ...body] = (
        await exportFile(app, admin, { kind: 'payments', from: day, to: day })
      ).rows;
      const at = (name: string) => header!.indexOf(name);
      expect(
        body
          .filter((cells) => cells[at('Order number')] === number)
          .map((cells) => [
            cells[at(`When (${ZONE})`)],
            cells[at('Movement')],
            cells[at('Amount')],
          ]),
      ).toEqual(expected);
    }
  });

  it('when an order changes while the dashboard is not looked at, then the insights job takes it in and the next call reads it', async () => {
    const later = await paidOrder([{ quantity: 2 }]);
    await movedEarlier(later.orderId, 2 * DAY);
    const before = await dashboard('7d');
    await cancel(later.orderId, 1);
    const { takeInChangedOrders } = await import('../src/modules/insights/insights');
    await takeInChangedOrders(ZONE);
    const day = dayIn(ZONE, new Date(Date.now() - 2 * DAY));
    const kept = await mongoose.connection
      .db!.collection('insight_figures')
      .findOne({ _id: day as never, grain: 'day' });
    // The day kept counts its order cancelled; the refund, made today, is not that day's.
    expect(kept!.cancelled).toBe(1);
    expect(kept!.refundedCents).toBe(0);
    const after = await dashboard('7d');
    expect(cents(after.refunded)).toBe(cents(before.refunded) + 100);
    expect(after.cancelled).toBe(before.cancelled + 1);
    await expectReconciled(after);
  });
});

describe('work in progress', () => {
  it('shows the proofs waiting for the customer and the orders in production past their promised time, most overdue first, until they ship', async () => {
    const waiting = await paidOrder([{ quantity: 1 }], { skipProof: false });
    // At the proof step too, but waiting for the shop's revision: not counted.
    const revising = await paidOrder([{ quantity: 1 }], { skipProof: false });
    await orders().updateOne(
      { _id: new Types.ObjectId(revising.orderId) },
      { $set: { 'proof.status': 'changes_requested' } },
    );
    await movedEarlier(revising.orderId, 3 * DAY);
    const late = await paidOrder([{ quantity: 1 }]);
    // Paid (and so in production, the proof skipped) ten days ago: five business days have passed.
    await movedEarlier(late.orderId, 10 * DAY);
    const onTime = await paidOrder([{ quantity: 1 }]);
    await movedEarlier(onTime.orderId, 1 * DAY);

    const shown = await dashboard('today');
    expect(shown.proofs.waiting).toBe(1);
    const waitingSince = (await admin.request('GET', `/api/admin/orders/${waiting.orderId}`)).body
      .paidAt;
    expect(shown.proofs.oldestWaitingSince).toBe(waitingSince);
    const paidAt = new Date(
      (await admin.request('GET', `/api/admin/orders/${late.orderId}`)).body.paidAt,
    );
    expect(shown.production.late).toEqual([
      {
        id: late.orderId,
        orderNumber: late.orderNumber,
        customerName: 'Ann Lee',
        goAheadAt: paidAt.toISOString(),
        promisedBy: addBusinessDays(paidAt, PRODUCTION_PROMISE_BUSINESS_DAYS, ZONE).toISOString(),
      },
    ]);

    const shipped = await admin.request('POST', `/api/admin/orders/${late.orderId}/ship`, {
      body: { carrier: 'UPS', trackingNumber: '1Z999' },
    });
    expect(shipped.status, shipped.text).toBe(200);
    expect((await dashboard('today')).production.late).toEqual([]);
  });
});

describe('input', () => {
  it('answers an unknown period 400 naming it, and a signed-out or customer call 401 / 403', async () => {
    const bad = await admin.request('GET', '/api/admin/insights?period=year');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: 'period', message: 'period must be one of today, 7d, 30d, 90d' },
    ]);
    expect((await app.agent().request('GET', '/api/admin/insights')).status).toBe(401);
  });
});

describe('carts started', () => {
  it('when a cart is started, emptied, started again, ordered and paid, then the funnel counts both starts: the emptied one kept apart, the paid one by its order (paying writes no start)', async () => {
    const startsBefore = (await dashboard('today')).funnel.cartsStarted;
    const keptBefore = await mongoose.connection.db!.collection('cart_starts').countDocuments();
    const shopper = app.agent();
    const first = (await addToCart(shopper)).body.item.id as string;
    expect((await shopper.request('DELETE', `/api/cart/${first}`)).status).toBe(200);
    const second = (await addToCart(shopper, { customText: 'AGAIN' })).body.item.id as string;
    const order = await placeOrder(shopper, customerInfo());
    expect((await pay(shopper, order.orderId)).status).toBe(200);

    const starts = mongoose.connection.db!.collection<{ _id: string }>('cart_starts');
    expect(await starts.countDocuments()).toBe(keptBefore + 1);
    expect(await starts.findOne({ _id: first })).not.toBeNull();
    expect(await starts.findOne({ _id: second })).toBeNull();
    expect(
      await mongoose.connection.db!.collection('carts').countDocuments({ startedBy: second }),
    ).toBe(0);
    const stored = await mongoose.connection
      .db!.collection('orders')
      .findOne({ _id: new Types.ObjectId(order.orderId) });
    expect(stored?.cartStartedBy).toBe(second);
    expect((await dashboard('today')).funnel.cartsStarted).toBe(startsBefore + 2);
  });
});
