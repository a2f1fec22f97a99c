// Every query the shop makes on a shopper's, a customer's and an admin's path, and in its jobs, is
// answered from an index its schema declares: the test records the queries the real calls send
// (mongoose's debug hook), then asks the database for each one's plan. On the embedded FerretDB
// (tools/ferretdb/README.md, "Explain") a plan must search or walk an index, never read the table or
// sort in a temporary b-tree, its filter must be in SQL exactly and its sort, with or without a
// limit, in SQL's ORDER BY; on MongoDB (MONGODB_URI) it must not be a COLLSCAN or an in-memory SORT.
import mongoose from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_TEST_NONCES } from '@shop/contracts';
import { sweepGuestSheets } from '../src/modules/asset-tags/asset-tags';
import { findGuestCartHoldings, removeAbandonedGuestCarts } from '../src/modules/cart/cart';
import { takeInChangedOrders } from '../src/modules/insights/insights';
import { deliverDueMail } from '../src/modules/mail/mail';
import { remindUnansweredProofs } from '../src/modules/proofs/reminders';
import { localFolderStore } from '../src/modules/uploads/storage';
import { sweepGuestUploads } from '../src/modules/uploads/uploads';
import { createLogger } from '../src/platform/logger';
import { expireUnpaidOrders } from '../src/modules/payments/expiry';
import { deleteExpired } from '../src/platform/expiry';
import {
  addToCart,
  customerInfo,
  pay,
  placeOrder,
  register,
  registerAdmin,
  uploadFile,
} from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

interface Recorded {
  collection: string;
  method: string;
  filter: Record<string, unknown>;
  options: Record<string, unknown>;
}

/** What a query is, for telling repeated ones apart: its collection, method, shape and sort. */
function shapeOf(query: Recorded): string {
  const shape = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
    if (value && typeof value === 'object' && value.constructor === Object)
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
    return typeof value;
  };
  return JSON.stringify([query.collection, query.method, shape(query.filter), query.options.sort]);
}

/** Methods that read or change documents chosen by a filter, and how to explain that choice. */
const FILTERED = new Set([
  'find',
  'findOne',
  'countDocuments',
  'findOneAndUpdate',
  'findOneAndDelete',
  'updateOne',
  'updateMany',
  'deleteOne',
  'deleteMany',
  'exists',
]);

let app: TestApp;
let admin: TestAgent;
const recorded: Recorded[] = [];

beforeAll(async () => {
  app = await startTestApp();
  admin = app.agent();
  await registerAdmin(admin);
  mongoose.set('debug', (collection: string, method: string, ...args: unknown[]) => {
    if (!FILTERED.has(method)) return;
    const [filter, second, third] = args as Array<Record<string, unknown> | undefined>;
    // (filter, options), or (filter, update, options) for the methods that change documents
    const updates = ['findOneAndUpdate', 'updateOne', 'updateMany'].includes(method);
    const options = (updates ? third : second) ?? {};
    recorded.push({ collection, method, filter: filter ?? {}, options });
  });
});
afterAll(async () => {
  mongoose.set('debug', false);
  await app?.close();
});

/** The paths whose queries are checked: a guest, a customer, an admin, and the jobs. */
async function walkTheShop() {
  const code = 'PLANS10';
  const created = await admin.request('POST', '/api/admin/discount-codes', {
    body: { code, type: 'percentage', value: 10, usageLimit: 100 },
  });
  expect(created.status, created.text).toBe(201);

  // A guest: cart, code, quote, order, payment (with the proof step), the order page.
  const guest = app.agent();
  await addToCart(guest);
  await guest.request('GET', '/api/cart?zipCode=10001');
  expect(
    (await guest.request('POST', '/api/cart/session', { body: { discountCode: code } })).status,
  ).toBe(200);
  await guest.request('POST', '/api/discount-codes/apply', { body: { code, subtotal: 5.2 } });
  await guest.request('POST', '/api/checkout/quote', { body: { zipCode: '10001' } });
  // Placed, then changed and placed again: the first checkout ends (placing.ts).
  await placeOrder(guest, { email: 'plans.guest@example.com' }, { skipProof: false });
  await addToCart(guest);
  const order = await placeOrder(guest, { email: 'plans.guest@example.com' }, { skipProof: false });
  expect((await pay(guest, order.orderId)).status).toBe(200);
  await guest.request('GET', `/api/orders/${order.orderId}`);
  await guest.request('GET', `/api/orders/by-number/${order.orderNumber}`);
  await guest.request('GET', `/api/orders/${order.orderId}/proof`);
  await guest.request('POST', `/api/orders/${order.orderId}/proof/approve`, {
    body: { revision: 1, name: 'Ann Lee' },
  });

  // A customer: sign up, a paid order, the history, sign out and in.
  const customer = app.agent();
  const account = await register(customer, { email: 'plans.customer@example.com' });
  await addToCart(customer);
  await customer.request('GET', '/api/cart');
  const theirs = await placeOrder(customer, { email: account.body.email });
  expect((await pay(customer, theirs.orderId, SANDBOX_TEST_NONCES.approved)).status).toBe(200);
  await customer.request('GET', '/api/orders');
  await customer.request('GET', `/api/orders?limit=1&before=${theirs.orderId}`);
  await customer.request('GET', '/api/auth/me');
  await customer.request('POST', '/api/auth/logout');
  await customer.request('POST', '/api/auth/login', {
    body: { email: account.body.email, password: 'correct horse' },
  });

  // Asset tags: a spreadsheet uploaded, paged, checked and ordered; a numbered series paid, then
  // ordered again continued; the production files; a guest's sheet joining the account at sign-in.
  const tagger = app.agent();
  const taggerAccount = await register(tagger, { email: 'plans.tags@example.com' });
  const form = new FormData();
  form.append('file', new Blob(['Tag,Name\nV-1,Valve 1\nV-2,Valve 2\n']), 'valves.csv');
  const cookie = [...tagger.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const uploaded = await fetch(`${app.baseUrl}/api/label-sheets`, {
    method: 'POST',
    headers: { 'x-session-id': tagger.sessionId, cookie },
    body: form,
  });
  const sheetId = ((await uploaded.json()) as { id: string }).id;
  const rowsLabel = {
    material: 'phenolic',
    width: 3,
    height: 1.5,
    color: 'white-black',
    mounting: 'no-mounting',
    customText: '',
    quantity: 2,
    rows: { sheetId, textColumns: [1], codeColumn: 0 },
    code: { type: 'code128', placement: 'below', value: '' },
  };
  await tagger.request('GET', `/api/label-sheets/${sheetId}?from=1&limit=1`);
  await tagger.request('POST', `/api/label-sheets/${sheetId}/check`, { body: rowsLabel });
  await addToCart(tagger, rowsLabel as never);
  await addToCart(tagger, {
    customText: 'PUMP {n}',
    quantity: 20,
    series: { start: 1, step: 1, padding: 0 },
    code: { type: 'qrcode', placement: 'beside', value: '{n}' },
  } as never);
  const tagged = await placeOrder(tagger, { email: taggerAccount.body.email });
  expect((await pay(tagger, tagged.orderId)).status).toBe(200);
  await tagger.request('GET', `/api/orders/${tagged.orderId}/reorder`);
  await tagger.request('POST', `/api/orders/${tagged.orderId}/reorder`, {
    body: { series: 'continue' },
  });
  const taggedLines = (await tagger.request('GET', `/api/orders/${tagged.orderId}`)).body.items;
  for (const line of taggedLines) {
    await admin.request(
      'GET',
      `/api/admin/orders/${tagged.orderId}/items/${line.id}/production.csv`,
    );
  }
  const signingIn = app.agent();
  const sheetForm = new FormData();
  sheetForm.append('file', new Blob(['Tag\nV-9\n']), 'later.csv');
  await fetch(`${app.baseUrl}/api/label-sheets`, {
    method: 'POST',
    headers: { 'x-session-id': signingIn.sessionId },
    body: sheetForm,
  });
  await signingIn.request('POST', '/api/auth/login', {
    body: { email: taggerAccount.body.email, password: 'correct horse' },
  });

  // Guests' artwork: one file ordered, one left in a cart, one never used (the sweep of guests' files).
  const uploadArtwork = async (agent: TestAgent, content: string) => ({
    hashedName: await uploadFile(app.baseUrl, agent, 'artwork.txt', content),
    originalName: 'artwork.txt',
  });
  const artist = app.agent();
  await addToCart(artist, { files: [await uploadArtwork(artist, 'ordered artwork')] });
  await uploadArtwork(artist, 'never used');
  await placeOrder(artist, customerInfo({ email: 'plans.artist@example.com' }));
  const keeper = app.agent();
  await addToCart(keeper, { files: [await uploadArtwork(keeper, 'kept in a cart')] });

  // An unpaid checkout, for the admin's status list and the sweep.
  const unpaid = app.agent();
  await addToCart(unpaid);
  await placeOrder(unpaid, customerInfo({ email: 'plans.unpaid@example.com' }));

  // An admin: the lists, the searches and filters, a second page, the details.
  const today = new Date().toISOString().slice(0, 10);
  const first = await admin.request('GET', '/api/admin/orders?pageSize=1');
  for (const query of [
    `pageSize=1&before=${first.body.nextBefore}`,
    'status=processing',
    'status=pending_payment',
    `q=${order.orderNumber}`,
    'q=plans.guest@example.com',
    'q=ann',
    'q=ann%20lee',
    "q=mary-jo%20o'neil",
    `from=${today}&to=${today}`,
    `from=${today}&status=awaiting_proof`,
  ])
    expect((await admin.request('GET', `/api/admin/orders?${query}`)).status, query).toBe(200);
  await admin.request('GET', `/api/admin/orders/${order.orderId}`);
  await admin.request('GET', '/api/admin/customers');
  await admin.request('GET', '/api/admin/customers?q=plans');
  await admin.request('GET', '/api/admin/customers?q=plans.cust');
  await admin.request('GET', `/api/admin/customers?q=ann%20lee&before=${account.body.id}`);
  await admin.request('GET', '/api/admin/customers?q=plans.customer@example.com');
  await admin.request('GET', `/api/admin/customers/${account.body.id}`);
  await admin.request('GET', '/api/admin/discount-codes');
  await admin.request('GET', '/api/admin/outbox');
  await admin.request('GET', '/api/admin/releases');
  // The dashboard and the exports: every period, a day read whole and its slices read again, an
  // order changed and taken in, each export's file, the list of exports and its next page.
  for (const period of ['today', '7d', '30d', '90d', 'today'])
    expect((await admin.request('GET', `/api/admin/insights?period=${period}`)).status).toBe(200);
  await admin.request('POST', `/api/admin/orders/${theirs.orderId}/cancel`, {
    body: { refundAmount: 0 },
  });
  await takeInChangedOrders(app.config.shop.timeZone);
  await admin.request('GET', '/api/admin/insights?period=7d');
  for (const body of [
    { kind: 'orders', from: today, to: today },
    { kind: 'orders', from: today, to: today, rows: 'line', status: 'processing' },
    { kind: 'customers', from: today, to: today },
    { kind: 'payments', from: today, to: today },
  ]) {
    const made = await admin.request('POST', '/api/admin/exports', { body });
    expect(made.status, made.text).toBe(201);
    expect((await admin.request('GET', made.body.downloadUrl)).status).toBe(200);
  }
  const exports = await admin.request('GET', '/api/admin/exports?limit=1');
  await admin.request('GET', `/api/admin/exports?limit=1&before=${exports.body.nextBefore}`);

  // The jobs, as they run: mail, expiry, reminders, the unpaid checkouts a day on, abandoned carts
  // and guests' files (while their carts are there, and after).
  const dayOn = new Date(Date.now() + 3 * 86_400_000);
  await deleteExpired(dayOn);
  await remindUnansweredProofs(app.config, dayOn);
  const logger = createLogger('silent');
  await expireUnpaidOrders(dayOn, { followUp: { config: app.config, logger } });
  const later = new Date(Date.now() + 100 * 86_400_000);
  const uploads = localFolderStore(app.config.uploadDir);
  await sweepGuestUploads(uploads, findGuestCartHoldings, later, 100);
  await sweepGuestSheets(findGuestCartHoldings, later, 100);
  await removeAbandonedGuestCarts(later, 100);
  await sweepGuestUploads(
    uploads,
    findGuestCartHoldings,
    new Date(later.getTime() + 86_400_000),
    100,
  );
  await deliverDueMail({ sender: null, from: app.config.mail.from, logger, now: dayOn });
}

/** An operator document (`{$in: [...]}`), not a value (an ObjectId). */
function isOperator(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    value.constructor === Object &&
    Object.keys(value).some((key) => key.startsWith('$'))
  );
}

/**
 * The plan of the query as a find (or a count) of the same filter, sort and limit: SQLite's plan (or
 * MongoDB's winning plan), and on the embedded engine whether its filter is in SQL exactly and its
 * sort in SQL's ORDER BY (the rows come in the sort's order, the engine sorts none itself).
 */
async function planOf(query: Recorded): Promise<{ text: string; filter: string; sorted: boolean }> {
  const sort = query.options.sort as Record<string, 1 | -1> | undefined;
  const one = [
    'findOne',
    'findOneAndUpdate',
    'findOneAndDelete',
    'updateOne',
    'deleteOne',
    'exists',
  ];
  const limit = one.includes(query.method) ? 1 : (query.options.limit as number | undefined);
  const command =
    query.method === 'countDocuments'
      ? { count: query.collection, query: query.filter }
      : {
          find: query.collection,
          filter: query.filter,
          ...(sort ? { sort } : {}),
          ...(limit ? { limit } : {}),
        };
  const explained = await mongoose.connection.db!.command({
    explain: command,
    verbosity: 'queryPlanner',
  });
  const planner = explained.queryPlanner as {
    Plan?: string[];
    pushdown?: { filter?: string; sort?: boolean };
    winningPlan?: unknown;
  };
  return {
    text: planner.Plan ? planner.Plan.join('\n') : JSON.stringify(planner.winningPlan),
    filter: planner.pushdown?.filter ?? 'exact',
    sorted: !sort || !planner.pushdown || planner.pushdown.sort === true,
  };
}

it('when a shopper, a customer, an admin and the jobs go about the shop, then every query they make is answered from an index', async () => {
  await walkTheShop();
  // The embedded engine takes its planner statistics after createIndexes and on a check every
  // minute (tools/ferretdb/README.md, "Planner statistics"): taken now, so the plans read below are
  // the same whether or not a check landed during the walk.
  for (const model of Object.values(mongoose.models)) await model.createIndexes();
  const distinct = new Map<string, Recorded>();
  for (const query of recorded) {
    // Emptying a collection reads all of it whichever way (the dashboard's first reading).
    if (query.method === 'deleteMany' && Object.keys(query.filter).length === 0) continue;
    if (!distinct.has(shapeOf(query))) distinct.set(shapeOf(query), query);
  }
  expect(distinct.size).toBeGreaterThan(20);
  const failures: string[] = [];
  for (const query of distinct.values()) {
    const plan = await planOf(query);
    // A lookup by _id (one, or `$in` a few) reads those documents by the _id index alone, whatever
    // else its filter checks on them (tools/ferretdb/README.md, "Index pushdown").
    const id = query.filter._id;
    const byKey =
      ['string', 'object'].includes(typeof id) &&
      (!isOperator(id) || (Object.keys(id as object).length === 1 && '$in' in (id as object)));
    // A search of several indexed keys at once (the admin's customer search) reads each key's range
    // and sorts what they found: the cost of the matches, not of the collection.
    const sortsItsMatches = /MULTI-INDEX OR/.test(plan.text) && !/\bSCAN\b/.test(plan.text);
    const bad =
      /\bSCAN\b/.test(plan.text.replace(/SCAN \S+ USING (COVERING )?INDEX/g, '')) ||
      (/TEMP B-TREE/.test(plan.text) && !sortsItsMatches) ||
      /COLLSCAN|"stage":"SORT"/.test(plan.text) ||
      (!byKey && plan.filter !== 'exact') ||
      // Sorted on the engine, by the index, or the engine reads every match before the first (the
      // exports' cursors, without a limit: tools/ferretdb/README.md, "Index pushdown").
      !plan.sorted;
    if (bad)
      failures.push(
        `${query.collection}.${query.method}(${JSON.stringify(query.filter)}, ${JSON.stringify(query.options)})\n  ${plan.filter}${plan.sorted ? '' : ', sort not in SQL'}: ${plan.text}`,
      );
  }
  expect(failures, failures.join('\n\n')).toEqual([]);
}, 120_000);
