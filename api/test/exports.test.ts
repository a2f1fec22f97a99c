// Exports for the books: the CSV holds the rows the admin's order list holds for the same days and
// status, one per order or per line; the payments and refunds file holds the money that moved in its
// days (a refund on the day it was made, whichever month its order was paid in) and adds up to the
// dashboard's charged less refunded; a cell a spreadsheet would run as a formula is written as text;
// each export is recorded (who, when, what) and its file is its maker's alone.
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dayIn,
  startOfDayIn,
  type AdminOrder,
  type ExportRecordAnswer,
  type InsightsDashboard,
} from '@shop/contracts';
import { createLogger } from '../src/platform/logger';
import {
  addToCart,
  customerInfo,
  pay,
  placeOrder,
  register,
  registerAdmin,
} from './support/shop-flows';
import { exportFile as rawExportFile } from './support/csv-exports';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

const ZONE = 'America/New_York';

let app: TestApp;
let admin: TestAgent;
let adminEmail: string;
const today = () => dayIn(ZONE, new Date());

const exportFile = (agent: TestAgent, body: Record<string, unknown>) =>
  rawExportFile(app, agent, body);

beforeAll(async () => {
  app = await startTestApp({ SHOP_TIME_ZONE: ZONE }, { logger: createLogger('silent') });
  admin = app.agent();
  adminEmail = (await registerAdmin(admin)).body.email;

  // A customer whose every field starts like a formula, two labels; a plain one with a series too; an
  // unpaid one.
  const hostile = app.agent();
  await addToCart(hostile, { customText: '=1+1', quantity: 2 });
  await addToCart(hostile, { material: 'indoor', customText: '@SUM(A1:A9)', quantity: 3 });
  const first = await placeOrder(
    hostile,
    customerInfo({
      firstName: '=HYPERLINK("http://evil.example","Click")',
      lastName: "+cmd|' /C calc'!A0",
      company: '-2+3, "Quoted" Ltd',
      // A phone can start like a formula too: with the + of an international number.
      phone: '+1 312 555 0100',
    }),
  );
  expect((await pay(hostile, first.orderId)).status).toBe(200);
  const plain = app.agent();
  await addToCart(plain, { quantity: 10 });
  await addToCart(plain, {
    customText: 'TAG {n}',
    quantity: 4,
    series: { start: 1, step: 1, padding: 0 },
  } as never);
  const second = await placeOrder(
    plain,
    customerInfo({ firstName: 'Bo', email: 'bo@example.com' }),
  );
  expect((await pay(plain, second.orderId)).status).toBe(200);
  const unpaid = app.agent();
  await addToCart(unpaid);
  await placeOrder(unpaid, customerInfo());
  await register(app.agent(), { firstName: '=cmd', company: 'Tab\tCo' });
});
afterAll(async () => {
  await app?.close();
});

async function listed(status?: string): Promise<AdminOrder[]> {
  const query = new URLSearchParams({ pageSize: '100', from: today(), to: today() });
  if (status) query.set('status', status);
  const response = await admin.request('GET', `/api/admin/orders?${query}`);
  return response.body.orders;
}

describe('the orders export', () => {
  it('holds one row per paid order of the days, as the order list does, with its money, and no cell a spreadsheet would run', async () => {
    const { record, response, rows } = await exportFile(admin, {
      kind: 'orders',
      from: today(),
      to: today(),
    });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="orders-${today()}-to-${today()}.csv"`,
    );
    const [header, ...body] = rows;
    expect(header).toContain('Order number');
    const list = await listed();
    expect(body.map((row) => Number(row[0])).sort()).toEqual(
      list.map((order) => order.orderNumber).sort(),
    );
    const column = (name: string) => header!.indexOf(name);
    for (const order of list) {
      const row = body.find((cells) => Number(cells[0]) === order.orderNumber)!;
      expect(row[column('Total')]).toBe(order.total.toFixed(2));
      expect(row[column('Net')]).toBe((order.total - order.refunded).toFixed(2));
      expect(row[column('Email')]).toBe(order.customerInfo.email);
      // Nothing refunded: no refund's date.
      expect(row[column(`Refunded at (${ZONE})`)]).toBe('');
    }
    // Every text cell that began like a formula begins with an apostrophe instead.
    for (const cell of body.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    const hostileRow = body.find((cells) => cells[column('First name')]!.includes('HYPERLINK'))!;
    expect(hostileRow[column('First name')]).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(hostileRow[column('Last name')]).toBe("'+cmd|' /C calc'!A0");
    expect(hostileRow[column('Company')]).toBe('\'-2+3, "Quoted" Ltd');
    expect(hostileRow[column('Phone')]).toBe("'+1 312 555 0100");

    // Recorded: who, when, what, and how many rows the download wrote.
    const page = await admin.request('GET', '/api/admin/exports');
    expect(page.body.exports[0]).toMatchObject({
      id: record.id,
      kind: 'orders',
      rows: 'order',
      from: today(),
      to: today(),
      status: null,
      by: adminEmail,
      rowCount: list.length,
    });
  });

  it('holds one row per line with its label, and a status filter keeps only that status', async () => {
    const { rows } = await exportFile(admin, {
      kind: 'orders',
      from: today(),
      to: today(),
      rows: 'line',
      status: 'processing',
    });
    const [header, ...body] = rows;
    const list = await listed('processing');
    expect(body).toHaveLength(list.reduce((n, order) => n + order.items.length, 0));
    const text = body.map((row) => row[header!.indexOf('Text')]);
    expect(text).toEqual(expect.arrayContaining(["'=1+1", "'@SUM(A1:A9)", 'PUMP 1', 'TAG {n}']));
    const tags = body.map((row) => row[header!.indexOf('Asset tags')]);
    expect(tags).toEqual(expect.arrayContaining(['', 'Series: TAG 1 to TAG 4 (4 labels)']));
    expect(body.map((row) => row[header!.indexOf('Quantity')])).toEqual(
      expect.arrayContaining(['2', '3', '10']),
    );
    const unpaid = await exportFile(admin, {
      kind: 'orders',
      from: today(),
      to: today(),
      status: 'pending_payment',
    });
    expect(unpaid.rows).toHaveLength(2);
    expect(unpaid.response.headers.get('content-disposition')).toBe(
      `attachment; filename="orders-pending-payment-${today()}-to-${today()}.csv"`,
    );
    // Asked for, never paid: the shop kept nothing of its total.
    const [unpaidHeader, unpaidRow] = unpaid.rows;
    expect(Number(unpaidRow![unpaidHeader!.indexOf('Total')])).toBeGreaterThan(0);
    expect(unpaidRow![unpaidHeader!.indexOf('Net')]).toBe('0.00');
  });

  it('names the text a proof revision changed, as engraved, and an order the shop is revising as such', async () => {
    const shopper = app.agent();
    const line = (await addToCart(shopper, { customText: 'VALVE 1' })).body.item.id as string;
    const order = await placeOrder(shopper, customerInfo({ email: 'revised@example.com' }), {
      skipProof: false,
    });
    expect((await pay(shopper, order.orderId)).status).toBe(200);
    const answer = (path: string, body: unknown) =>
      shopper.request('POST', `/api/orders/${order.orderId}/proof/${path}`, { body });
    const changes = await answer('changes', {
      revision: 1,
      comments: [{ lineId: line, comment: 'It is valve 2' }],
    });
    expect(changes.status, changes.text).toBe(200);
    const rowOf = async (rows: 'order' | 'line') => {
      const file = await exportFile(admin, { kind: 'orders', from: today(), to: today(), rows });
      const [header, ...body] = file.rows;
      const row = body.find((cells) => Number(cells[0]) === order.orderNumber)!;
      return (name: string) => row[header!.indexOf(name)];
    };
    expect((await rowOf('order'))('Status')).toBe('Revising proof');
    expect((await rowOf('line'))('Status')).toBe('Revising proof');

    const form = new FormData();
    form.append('lineId', line);
    form.append('customText', 'VALVE 2');
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const revised = await fetch(
      `${app.baseUrl}/api/admin/orders/${order.orderId}/proof/revisions`,
      { method: 'POST', headers: { 'x-session-id': admin.sessionId, cookie }, body: form },
    );
    expect(revised.status, await revised.text()).toBe(201);
    expect((await answer('approve', { revision: 2, name: 'Ann Lee' })).status).toBe(200);
    const cell = await rowOf('line');
    expect(cell('Text')).toBe('VALVE 2');
    expect(cell('Status')).toBe('Processing');
  });

  it('of days the calendar does not have is refused, and nothing is recorded', async () => {
    const newest = async () =>
      (await admin.request('GET', '/api/admin/exports?limit=1')).body.exports[0]?.id ?? null;
    const before = await newest();
    for (const [from, to] of [
      ['2024-01-01', '9999-12-31'],
      ['0000-01-01', '2024-01-01'],
      ['2024-02-30', '2024-03-01'],
    ]) {
      const refused = await admin.request('POST', '/api/admin/exports', {
        body: { kind: 'orders', from, to },
      });
      expect(refused.status, `${from} ${to}`).toBe(400);
    }
    // Without days, each is named in the shop's words.
    const without = await admin.request('POST', '/api/admin/exports', { body: { kind: 'orders' } });
    expect(without.status).toBe(400);
    expect(without.body.errors).toEqual([
      { path: 'from', message: 'from must be a date (YYYY-MM-DD) from 1970-01-01 to 9998-12-31' },
      { path: 'to', message: 'to must be a date (YYYY-MM-DD) from 1970-01-01 to 9998-12-31' },
    ]);
    expect(await newest()).toBe(before);
  });

  it('says why each refund was made, as the payments export does: the reason given, made safe, or what the payment provider was told; nothing for an order not refunded', async () => {
    const cancelled = async (reason: string | null) => {
      const shopper = app.agent();
      await addToCart(shopper, { quantity: 5 });
      const order = await placeOrder(shopper, customerInfo({ email: 'why@example.com' }));
      expect((await pay(shopper, order.orderId)).status).toBe(200);
      if (reason !== null) {
        const cancel = await admin.request('POST', `/api/admin/orders/${order.orderId}/cancel`, {
          body: { refundAmount: 2, reason },
        });
        expect(cancel.status, cancel.text).toBe(200);
      }
      // Placed on a day of its own, away from the other tests' orders.
      const moved = await mongoose.connection
        .db!.collection('orders')
        .updateOne(
          { _id: new Types.ObjectId(order.orderId) },
          { $set: { createdAt: new Date('2025-06-10T15:00:00Z') } },
        );
      expect(moved.modifiedCount).toBe(1);
      return order.orderNumber;
    };
    const reasoned = await cancelled('=HYPERLINK("http://evil.example","Why")');
    const unreasoned = await cancelled('');
    const kept = await cancelled(null);

    const { rows } = await exportFile(admin, {
      kind: 'orders',
      from: '2025-06-10',
      to: '2025-06-10',
    });
    const [header, ...body] = rows;
    expect(header!.slice(-3)).toEqual(['Payment id', 'Refund id', 'Refund reason']);
    const reasonOf = (orderNumber: number) =>
      body.find((cells) => Number(cells[0]) === orderNumber)![header!.indexOf('Refund reason')];
    expect(reasonOf(reasoned)).toBe('\'=HYPERLINK("http://evil.example","Why")');
    expect(reasonOf(unreasoned)).toBe(`Order #${unreasoned} cancelled`);
    expect(reasonOf(kept)).toBe('');
  });

  it('of another range holds no order of today', async () => {
    const { rows } = await exportFile(admin, {
      kind: 'orders',
      from: '2020-01-01',
      to: '2020-12-31',
    });
    expect(rows).toHaveLength(1);
  });
});

describe('the customers export', () => {
  it('holds the customers who signed up in the days, their fields made safe', async () => {
    const { rows } = await exportFile(admin, { kind: 'customers', from: today(), to: today() });
    const [header, ...body] = rows;
    expect(header).toEqual([
      'Email',
      'First name',
      'Last name',
      'Phone',
      'Company',
      'Address',
      'ZIP',
      `Signed up (${ZONE})`,
      'Email confirmed',
      'Admin',
    ]);
    expect(body).toHaveLength(2);
    expect(body.map((row) => row[1])).toEqual(expect.arrayContaining(['Ann', "'=cmd"]));
    expect(body.find((row) => row[1] === "'=cmd")![4]).toBe('Tab\tCo');
    expect(body.find((row) => row[0] === adminEmail)![9]).toBe('yes');
  });
});

describe("an export's file", () => {
  it("is its maker's: another admin reads not found, and the list gives them no link to it", async () => {
    const made = await admin.request('POST', '/api/admin/exports', {
      body: { kind: 'orders', from: today(), to: today() },
    });
    const other = app.agent();
    await registerAdmin(other);
    const theirs = await other.request('GET', made.body.downloadUrl);
    expect(theirs.status).toBe(404);
    const listed = await other.request('GET', '/api/admin/exports');
    const entry = listed.body.exports.find((e: ExportRecordAnswer) => e.id === made.body.id);
    expect(entry).toMatchObject({ by: adminEmail, downloadUrl: null, rowCount: null });
  });

  it('is listed newest first, a page at a time by key', async () => {
    const first = await admin.request('GET', '/api/admin/exports?limit=2');
    expect(first.body.exports).toHaveLength(2);
    const second = await admin.request(
      'GET',
      `/api/admin/exports?limit=2&before=${first.body.nextBefore}`,
    );
    const all = await admin.request('GET', '/api/admin/exports?limit=100');
    expect(
      [...first.body.exports, ...second.body.exports].map((e: ExportRecordAnswer) => e.id),
    ).toEqual(all.body.exports.slice(0, 4).map((e: ExportRecordAnswer) => e.id));
  });
});

describe('the payments and refunds export', () => {
  const MONEY_COLUMNS = [
    `When (${ZONE})`,
    'Movement',
    'Order number',
    'Customer',
    'Email',
    'Amount',
    'Subtotal',
    'Discount code',
    'Discount',
    'Shipping',
    'Tax',
    'Payment id',
    'Refund id',
    'Refund reason',
  ];
  const orders = () => mongoose.connection.db!.collection('orders');
  const cents = (dollars: string | number) => Math.round(Number(dollars) * 100);

  async function paidOrder(email: string) {
    const shopper = app.agent();
    await addToCart(shopper, { quantity: 5 });
    const order = await placeOrder(shopper, customerInfo({ firstName: 'Cy', email }));
    expect((await pay(shopper, order.orderId)).status).toBe(200);
    return order;
  }

  async function cancel(orderId: string, refundAmount: number, reason = 'Customer asked') {
    const response = await admin.request('POST', `/api/admin/orders/${orderId}/cancel`, {
      body: { refundAmount, reason },
    });
    expect(response.status, response.text).toBe(200);
    return response.body as AdminOrder;
  }

  /** Rewrites when the order was placed, paid and refunded (the rest of it as the shop made it). */
  async function dated(orderId: string, dates: Record<string, Date>) {
    const updated = await orders().updateOne(
      { _id: new Types.ObjectId(orderId) },
      { $set: { ...dates, updatedAt: new Date() } },
    );
    expect(updated.modifiedCount).toBe(1);
  }

  it("when a November order is refunded in December, then December's file holds its refund, as a negative amount, and not its charge, and November's its charge", async () => {
    const order = await paidOrder('november@example.com');
    const cancelled = await cancel(order.orderId, 5);
    const { refundId } = (await orders().findOne({ _id: new Types.ObjectId(order.orderId) }))!;
    expect(refundId).toEqual(expect.any(String));
    // Paid at 22:30 on 30 November in New York (already 1 December in UTC), refunded on 3 December.
    await dated(order.orderId, {
      createdAt: new Date('2025-12-01T03:20:00Z'),
      paidAt: new Date('2025-12-01T03:30:00Z'),
      refundedAt: new Date('2025-12-03T16:00:00Z'),
    });

    const december = await exportFile(admin, {
      kind: 'payments',
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(december.response.headers.get('content-disposition')).toBe(
      'attachment; filename="payments-2025-12-01-to-2025-12-31.csv"',
    );
    const [header, ...body] = december.rows;
    expect(header).toEqual(MONEY_COLUMNS);
    expect(body).toEqual([
      [
        '2025-12-03 11:00',
        'Refund',
        String(order.orderNumber),
        'Cy Lee',
        'november@example.com',
        // A number a spreadsheet adds up: no apostrophe before its minus sign.
        '-5.00',
        '',
        '',
        '',
        '',
        '',
        cancelled.paymentId,
        refundId,
        'Customer asked',
      ],
    ]);

    const november = await exportFile(admin, {
      kind: 'payments',
      from: '2025-11-01',
      to: '2025-11-30',
    });
    const [, charge, ...more] = november.rows;
    expect(more).toEqual([]);
    const cell = (name: string) => charge![MONEY_COLUMNS.indexOf(name)];
    expect(cell(`When (${ZONE})`)).toBe('2025-11-30 22:30');
    expect(cell('Movement')).toBe('Charge');
    expect(cell('Order number')).toBe(String(order.orderNumber));
    expect(cell('Amount')).toBe(order.total.toFixed(2));
    expect(cents(cell('Subtotal')!) - cents(cell('Discount')!)).toBe(
      cents(order.total) - cents(cell('Shipping')!) - cents(cell('Tax')!),
    );
    expect(cell('Payment id')).toBe(cancelled.paymentId);
    expect(cell('Refund id')).toBe('');
    expect(cell('Refund reason')).toBe('');

    // Recorded like the other exports, and listed by what it holds.
    const page = await admin.request('GET', '/api/admin/exports?limit=1');
    expect(page.body.exports[0]).toMatchObject({
      kind: 'payments',
      from: '2025-11-01',
      to: '2025-11-30',
      status: null,
      by: adminEmail,
      rowCount: 1,
    });
  });

  it("when today's and the week's charges and refunds are exported, then they are oldest first and add up to the dashboard's charged less refunded, an order paid the day after it was placed included", async () => {
    // Paid ten days ago and refunded today: today's refund, not today's charge.
    const earlier = await paidOrder('earlier@example.com');
    const tenDays = 10 * 86_400_000;
    await dated(earlier.orderId, {
      createdAt: new Date(Date.now() - tenDays),
      paidAt: new Date(Date.now() - tenDays),
    });
    await cancel(earlier.orderId, 3.5);
    // Paid today and refunded in full today: a charge, then its refund.
    const refunded = await paidOrder('today@example.com');
    await cancel(refunded.orderId, refunded.total);

    const { rows } = await exportFile(admin, { kind: 'payments', from: today(), to: today() });
    const [header, ...body] = rows;
    expect(header).toEqual(MONEY_COLUMNS);
    const column = (name: string) => MONEY_COLUMNS.indexOf(name);
    const movementsOf = (orderNumber: number) =>
      body
        .filter((row) => row[column('Order number')] === String(orderNumber))
        .map((row) => [row[column('Movement')], row[column('Amount')]]);
    expect(movementsOf(earlier.orderNumber)).toEqual([['Refund', '-3.50']]);
    expect(movementsOf(refunded.orderNumber)).toEqual([
      ['Charge', refunded.total.toFixed(2)],
      ['Refund', (-refunded.total).toFixed(2)],
    ]);
    const times = body.map((row) => row[column(`When (${ZONE})`)]!);
    expect(times).toEqual([...times].sort());

    const dashboard = await admin.request('GET', '/api/admin/insights?period=today');
    expect(dashboard.status, dashboard.text).toBe(200);
    const figures = dashboard.body as InsightsDashboard;
    expect(figures.from).toBe(today());
    expect(figures.refunded).toBeGreaterThan(0);
    const sum = (rows: string[][]) =>
      rows.reduce((total, row) => total + cents(row[column('Amount')]!), 0);
    expect(sum(body)).toBe(cents(figures.charged) - cents(figures.refunded));

    // Placed at 23:50 the evening before the week's first day and paid at 00:10 on it: its charge
    // is the week's, in the file and on the dashboard, which had kept those days before.
    const weekBefore = await admin.request('GET', '/api/admin/insights?period=7d');
    const from = (weekBefore.body as InsightsDashboard).from;
    const crossing = await paidOrder('midnight@example.com');
    const midnight = startOfDayIn(ZONE, from).getTime();
    await dated(crossing.orderId, {
      createdAt: new Date(midnight - 10 * 60_000),
      paidAt: new Date(midnight + 10 * 60_000),
    });
    const [, ...week] = (await exportFile(admin, { kind: 'payments', from, to: today() })).rows;
    const weekMovements = week
      .filter((row) => row[column('Order number')] === String(crossing.orderNumber))
      .map((row) => [row[column(`When (${ZONE})`)], row[column('Movement')]]);
    expect(weekMovements).toEqual([[`${from} 00:10`, 'Charge']]);
    const weekShown = await admin.request('GET', '/api/admin/insights?period=7d');
    expect(weekShown.status, weekShown.text).toBe(200);
    const weekFigures = weekShown.body as InsightsDashboard;
    expect(weekFigures.from).toBe(from);
    expect(sum(week)).toBe(cents(weekFigures.charged) - cents(weekFigures.refunded));
  });

  it('when charges and refunds share an instant to the millisecond, then every export lists them in one order: the charges by order, then the refunds, the smaller first, then by order', async () => {
    const refunded = await paidOrder('same-instant@example.com');
    await cancel(refunded.orderId, 4);
    const charged = await paidOrder('same-instant-charge@example.com');
    const instant = new Date('2025-09-10T14:00:00.123Z');
    await dated(charged.orderId, { paidAt: instant });
    // Refunds of the same amount at the same instant, written in the reverse of their orders' ids
    // (as another process's writes may land), and a smaller and a larger one.
    const model = (await orders().findOne({ _id: new Types.ObjectId(refunded.orderId) }))!;
    const ids = Array.from({ length: 5 }, () => new Types.ObjectId());
    const refundOf = (index: number, refundedCents: number) => ({
      ...model,
      _id: ids[index]!,
      orderNumber: 900_000 + index,
      cartKey: `same-instant:${index}`,
      paidAt: new Date('2025-08-01T12:00:00Z'),
      refundedAt: instant,
      refundedCents,
      refundId: `sbxrefund_same_${index}`,
    });
    await orders().insertMany([
      refundOf(4, 300),
      refundOf(3, 300),
      refundOf(2, 300),
      refundOf(1, 500),
      refundOf(0, 100),
    ]);

    const column = (name: string) => MONEY_COLUMNS.indexOf(name);
    const movements = async () => {
      const [, ...body] = (
        await exportFile(admin, { kind: 'payments', from: '2025-09-10', to: '2025-09-10' })
      ).rows;
      return body.map((row) => `${row[column('Movement')]} ${row[column('Order number')]}`);
    };
    const expected = [
      `Charge ${charged.orderNumber}`,
      'Refund 900000',
      'Refund 900002',
      'Refund 900003',
      'Refund 900004',
      'Refund 900001',
    ];
    expect(await movements()).toEqual(expected);
    expect(await movements()).toEqual(expected);
  });

  it('when a refund is made with a reason, then its row says why, a reason that starts like a formula as text, and a refund without one says what the payment provider was told', async () => {
    const reasoned = await paidOrder('reasoned@example.com');
    await cancel(reasoned.orderId, 2, '=HYPERLINK("http://evil.example","Why")');
    const unreasoned = await paidOrder('unreasoned@example.com');
    await cancel(unreasoned.orderId, 1, '');
    for (const [index, order] of [reasoned, unreasoned].entries())
      await dated(order.orderId, {
        paidAt: new Date(`2025-07-01T15:0${index}:00Z`),
        refundedAt: new Date(`2025-07-02T15:0${index}:00Z`),
      });

    const { rows } = await exportFile(admin, {
      kind: 'payments',
      from: '2025-07-01',
      to: '2025-07-02',
    });
    const column = (name: string) => MONEY_COLUMNS.indexOf(name);
    const reasons = rows
      .slice(1)
      .map((row) => [
        row[column('Movement')],
        row[column('Order number')],
        row[column('Refund reason')],
      ]);
    expect(reasons).toEqual([
      ['Charge', String(reasoned.orderNumber), ''],
      ['Charge', String(unreasoned.orderNumber), ''],
      ['Refund', String(reasoned.orderNumber), '\'=HYPERLINK("http://evil.example","Why")'],
      ['Refund', String(unreasoned.orderNumber), `Order #${unreasoned.orderNumber} cancelled`],
    ]);
  });

  it('when an order was paid nothing for (a full discount), then it moved no money and has no row', async () => {
    const order = await paidOrder('free@example.com');
    // As payments/ records an order the discount covered in full: nothing charged.
    await dated(order.orderId, { paidAt: new Date('2025-10-15T15:00:00Z') });
    await orders().updateOne(
      { _id: new Types.ObjectId(order.orderId) },
      { $set: { totalCents: 0, paymentId: `no-charge-${order.orderId}` } },
    );
    const { record, rows } = await exportFile(admin, {
      kind: 'payments',
      from: '2025-10-01',
      to: '2025-10-31',
    });
    expect(rows).toEqual([MONEY_COLUMNS]);
    const page = await admin.request('GET', '/api/admin/exports?limit=1');
    expect(page.body.exports[0]).toMatchObject({ id: record.id, rowCount: 0 });
  });

  it('is refused with a status, and nothing is recorded', async () => {
    const newest = async () =>
      (await admin.request('GET', '/api/admin/exports?limit=1')).body.exports[0]?.id ?? null;
    const before = await newest();
    const refused = await admin.request('POST', '/api/admin/exports', {
      body: { kind: 'payments', from: today(), to: today(), status: 'shipped' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: 'status', message: 'status applies to orders only' },
    ]);
    expect(await newest()).toBe(before);
  });
});
