// Hostile input against every route of the API, table-driven. The routes are read from the routers
// themselves, so a new route fails this file until it is given a row. Each case expects its 4xx and
// leaves the database as it was (every collection read back before and after, except the attempt
// counters, the session store and the admin-secret audit log, which record attempts by design).
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_NONCES } from '@shop/contracts';
import { createLogger } from '../src/platform/logger';
import { createPaymentProvider } from '../src/modules/payments/payments';
import { DEFAULT_TAX_RATES } from '../src/modules/tax/tax';
import { routeModules } from '../src/routes';
import {
  PASSWORD,
  addToCart,
  customerInfo,
  label,
  placeOrder,
  register,
  registerAdmin,
  uniqueEmail,
} from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp, type TestResponse } from './support/test-app';

/** Written on purpose by refused calls: attempts counted, sessions touched, secret attempts audited. */
const BOOKKEEPING = new Set(['rate_limits', 'sessions']);
/** Collections where only some documents are bookkeeping: the others must not change. */
const NOT_BOOKKEEPING: Record<string, Record<string, unknown>> = {
  audit_log: { kind: { $ne: 'admin_grant' } },
};

async function snapshot(): Promise<Record<string, string>> {
  const database = mongoose.connection.db!;
  const collections = await database.listCollections({}, { nameOnly: true }).toArray();
  const result: Record<string, string> = {};
  for (const { name } of collections) {
    if (BOOKKEEPING.has(name)) continue;
    const documents = await database
      .collection(name)
      .find(NOT_BOOKKEEPING[name] ?? {})
      .sort({ _id: 1 })
      .toArray();
    result[name] = createHash('sha256').update(JSON.stringify(documents)).digest('hex');
  }
  return result;
}

/** Runs the calls and checks that none of them changed the shop's data. */
async function unchanged<T>(calls: () => Promise<T>): Promise<T> {
  const before = await snapshot();
  const result = await calls();
  expect(await snapshot()).toEqual(before);
  return result;
}

let uploadDir: string;
let app: TestApp;
let admin: TestAgent;
let customer: TestAgent;
let guest: TestAgent;
/** Another shopper's things, which the attacker must not reach. */
const victim = {
  lineId: '',
  orderId: '',
  orderNumber: 0,
  customerId: '',
  filename: '',
  codeId: '',
  sheetId: '',
};

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(os.tmpdir(), 'shop-hostile-'));
  app = await startTestApp({ UPLOAD_DIR: uploadDir }, { logger: createLogger('silent') });
  admin = app.agent();
  await registerAdmin(admin);
  customer = app.agent();
  await register(customer);
  guest = app.agent();

  const other = app.agent();
  victim.customerId = (await register(other)).body.id;
  const form = new FormData();
  form.append('files', new Blob(['%PDF-1.4 victim artwork']), 'victim.pdf');
  const uploaded = await fetch(`${app.baseUrl}/api/upload`, {
    method: 'POST',
    headers: { 'x-session-id': other.sessionId, cookie: cookieOf(other) },
    body: form,
  });
  victim.filename = (
    (await uploaded.json()) as { files: Array<{ filename: string }> }
  ).files[0]!.filename;
  const sheetForm = new FormData();
  sheetForm.append('file', new Blob(['Tag\nV-1\nV-2\n']), 'victim.csv');
  const sheet = await fetch(`${app.baseUrl}/api/label-sheets`, {
    method: 'POST',
    headers: { 'x-session-id': other.sessionId, cookie: cookieOf(other) },
    body: sheetForm,
  });
  victim.sheetId = ((await sheet.json()) as { id: string }).id;
  const added = await addToCart(other, {
    files: [{ hashedName: victim.filename, originalName: 'victim.pdf' }],
  });
  victim.lineId = added.body.item.id;
  const victimOrder = await placeOrder(other);
  victim.orderId = victimOrder.orderId;
  victim.orderNumber = victimOrder.orderNumber;
  const code = await admin.request('POST', '/api/admin/discount-codes', {
    body: { code: 'HOSTILE10', type: 'percentage', value: 10, description: 'Hostile suite' },
  });
  victim.codeId = code.body.id;
});
afterAll(async () => {
  await app?.close();
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
});

function cookieOf(agent: TestAgent): string {
  return [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

type Access = 'anyone' | 'customer' | 'admin';
interface RouteRow {
  /** Who may call it: 'customer' routes answer 401 signed out, 'admin' ones 401 / 403. */
  access: Access;
  /** Reads a JSON body, so every hostile body is tried on it. */
  json: boolean;
  /** Some routes answer an empty body with success (nothing to do); every other one needs fields. */
  emptyBodyIsValid?: boolean;
}

// Every route, as `METHOD /path` relative to /api. Paths with parameters are filled in by concrete().
const ROUTES: Record<string, RouteRow> = {
  'GET /health': { access: 'anyone', json: false },
  'POST /contact': { access: 'anyone', json: true },
  'POST /calculate-price': { access: 'anyone', json: true },
  'POST /shipping-estimate': { access: 'anyone', json: true },
  'GET /cart': { access: 'anyone', json: false },
  'POST /cart': { access: 'anyone', json: true },
  'GET /cart/session': { access: 'anyone', json: false },
  'POST /cart/session': { access: 'anyone', json: true, emptyBodyIsValid: true },
  'PUT /cart/:id': { access: 'anyone', json: true },
  'PUT /cart/:id/configuration': { access: 'anyone', json: true },
  'DELETE /cart/:id': { access: 'anyone', json: false },
  'POST /discount-codes/apply': { access: 'anyone', json: true },
  'GET /admin/discount-codes': { access: 'admin', json: false },
  'POST /admin/discount-codes': { access: 'admin', json: true },
  'PUT /admin/discount-codes/:id': { access: 'admin', json: true, emptyBodyIsValid: true },
  'DELETE /admin/discount-codes/:id': { access: 'admin', json: false },
  'POST /upload': { access: 'anyone', json: false },
  'GET /uploads/:filename': { access: 'anyone', json: false },
  'GET /orders/:id/items/:itemId/proof.svg': { access: 'anyone', json: false },
  'GET /orders/:id/items/:itemId/proof.pdf': { access: 'anyone', json: false },
  'GET /orders/:id/items/:itemId/proof-file': { access: 'anyone', json: false },
  'GET /orders/:id/proof': { access: 'anyone', json: false },
  'POST /orders/:id/proof/approve': { access: 'anyone', json: true },
  'POST /orders/:id/proof/changes': { access: 'anyone', json: true },
  'GET /admin/orders/:id/proof': { access: 'admin', json: false },
  'POST /admin/orders/:id/proof/revisions': { access: 'admin', json: false },
  'POST /admin/orders/:id/proof/override': { access: 'admin', json: true },
  'POST /auth/register': { access: 'anyone', json: true },
  'POST /auth/login': { access: 'anyone', json: true },
  'POST /auth/logout': { access: 'anyone', json: false },
  'GET /auth/me': { access: 'anyone', json: false },
  'POST /auth/change-password': { access: 'customer', json: true },
  'POST /auth/forgot-password': { access: 'anyone', json: true },
  'GET /auth/reset-password': { access: 'anyone', json: false },
  'POST /auth/reset-password': { access: 'anyone', json: true },
  'POST /auth/confirm-email': { access: 'anyone', json: true },
  'PUT /account/profile': { access: 'customer', json: true },
  'POST /account/email': { access: 'customer', json: true },
  'POST /account/confirmation-email': { access: 'customer', json: false },
  'POST /account/delete': { access: 'customer', json: true },
  'POST /orders': { access: 'anyone', json: true },
  'GET /orders': { access: 'customer', json: false },
  'GET /orders/by-number/:orderNumber': { access: 'anyone', json: false },
  'GET /orders/:id': { access: 'anyone', json: false },
  'GET /orders/:id/invoice.pdf': { access: 'anyone', json: false },
  'GET /orders/:id/files/:filename': { access: 'anyone', json: false },
  'POST /orders/:id/reorder': { access: 'anyone', json: true, emptyBodyIsValid: true },
  'GET /orders/:id/reorder': { access: 'anyone', json: false },
  'POST /label-sheets': { access: 'anyone', json: false },
  'GET /label-sheets/:id': { access: 'anyone', json: false },
  'POST /label-sheets/:id/check': { access: 'anyone', json: true },
  'GET /admin/orders/:id/items/:itemId/production.pdf': { access: 'admin', json: false },
  'GET /admin/orders/:id/items/:itemId/production.csv': { access: 'admin', json: false },
  'POST /orders/lookup': { access: 'anyone', json: true },
  'GET /payment/config': { access: 'anyone', json: false },
  'POST /payment/complete': { access: 'anyone', json: true },
  'GET /payment/sandbox/payments.js': { access: 'anyone', json: false },
  'GET /payment/sandbox/card-frame.js': { access: 'anyone', json: false },
  'GET /payment/sandbox/card-frame': { access: 'anyone', json: false },
  'POST /payment/sandbox/tokenize': { access: 'anyone', json: true },
  'GET /admin/status': { access: 'customer', json: false },
  'POST /admin/make-admin': { access: 'customer', json: true },
  'GET /admin/customers': { access: 'admin', json: false },
  'DELETE /admin/customers/:id': { access: 'admin', json: false },
  'GET /admin/orders': { access: 'admin', json: false },
  'PATCH /admin/orders/:id': { access: 'admin', json: true },
  'GET /admin/orders/:id/files/:filename': { access: 'admin', json: false },
  'GET /admin/orders/:id': { access: 'admin', json: false },
  'POST /admin/orders/:id/ship': { access: 'admin', json: true },
  'POST /admin/orders/:id/cancel': { access: 'admin', json: true },
  'POST /admin/orders/:id/notes': { access: 'admin', json: true },
  'GET /admin/customers/:id': { access: 'admin', json: false },
  'GET /admin/enquiries': { access: 'admin', json: false },
  'PATCH /admin/enquiries/:id': { access: 'admin', json: true },
  'GET /admin/outbox': { access: 'admin', json: false },
  'POST /checkout/quote': { access: 'anyone', json: true },
  'GET /releases/live': { access: 'anyone', json: false },
  'POST /releases/skew-reports': { access: 'anyone', json: true },
  'GET /admin/releases': { access: 'admin', json: false },
  'POST /admin/releases/:remote/promote': { access: 'admin', json: true },
  'POST /admin/releases/:remote/rollback': { access: 'admin', json: true, emptyBodyIsValid: true },
  'POST /admin/releases/:remote/preview': { access: 'admin', json: true },
  'DELETE /admin/releases/preview': { access: 'anyone', json: false },
  'GET /admin/insights': { access: 'admin', json: false },
  'GET /admin/exports': { access: 'admin', json: false },
  'POST /admin/exports': { access: 'admin', json: true },
  'GET /admin/exports/:id/download': { access: 'admin', json: false },
};

function routesOfTheRouters(): string[] {
  const found: string[] = [];
  for (const mount of routeModules) {
    const router = mount({
      config: app.config,
      logger: createLogger('silent'),
      paymentProvider: createPaymentProvider(app.config),
      taxRates: app.config.taxRates ?? DEFAULT_TAX_RATES,
      engravedTexts: async () => new Map(),
    }) as unknown as {
      stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }>;
    };
    for (const layer of router.stack) {
      if (!layer.route) continue;
      for (const method of Object.keys(layer.route.methods)) {
        found.push(`${method.toUpperCase()} ${layer.route.path}`);
      }
    }
  }
  return found;
}

/** The route's path with another shopper's ids in it (for routes that take one). */
function concrete(route: string): { method: string; path: string } {
  const [method = '', template = ''] = route.split(' ');
  const filled = template
    .replace(':filename', victim.filename)
    .replace(':itemId', victim.lineId)
    .replace(':orderNumber', String(victim.orderNumber))
    .replace(':remote', 'configurator')
    .replace(
      ':id',
      template.startsWith('/cart')
        ? victim.lineId
        : template.startsWith('/label-sheets')
          ? victim.sheetId
          : template.startsWith('/admin/discount-codes')
            ? victim.codeId
            : template.startsWith('/admin/customers')
              ? victim.customerId
              : victim.orderId,
    );
  return { method, path: `/api${filled}` };
}

const stateChanging = (route: string) => !route.startsWith('GET ');
const jsonRoutes = Object.entries(ROUTES)
  .filter(([, row]) => row.json)
  .map(([route]) => route);

const deep = `${'{"a":'.repeat(4000)}1${'}'.repeat(4000)}`;
/** Every hostile JSON body, with the status it must get. */
const HOSTILE_BODIES: Array<[string, string, number]> = [
  ['malformed JSON', '{"email": "a@example.com",', 400],
  ['deeply nested JSON', deep, 400],
  ['a huge body (over 100kb)', JSON.stringify({ text: 'x'.repeat(120 * 1024) }), 413],
  ['an array instead of an object', '[]', 400],
  ['a bare string', '"text"', 400],
  ['a number', '42', 400],
  ['null', 'null', 400],
  ['an operator object at the top', '{"$where": "sleep(1000)"}', 400],
  [
    'operator objects in every usual field',
    JSON.stringify(
      Object.fromEntries(
        [
          'email',
          'password',
          'code',
          'discountCode',
          'orderId',
          'quantity',
          'secret',
          'status',
          'material',
          'currentPassword',
          'name',
        ].map((field) => [field, { $ne: null }]),
      ),
    ),
    400,
  ],
  ['a dotted key', '{"customerInfo.email": "a@example.com"}', 400],
  [
    'wrong types in every usual field',
    JSON.stringify({
      email: 7,
      password: [],
      quantity: 'x',
      code: {},
      discountCode: 5,
      subtotal: 'free',
      secret: 1,
      status: true,
      orderId: 5,
      type: 9,
      value: 'all',
    }),
    400,
  ],
];

describe('the table covers every route', () => {
  it('lists exactly the routes the routers define', () => {
    const defined = routesOfTheRouters().sort();
    const missing = defined.filter((route) => !(route in ROUTES));
    expect(missing, 'add these routes to ROUTES in hostile.test.ts').toEqual([]);
    expect(Object.keys(ROUTES).sort()).toEqual(defined);
  });
});

describe.each(jsonRoutes)('%s with hostile bodies', (route) => {
  it.each(HOSTILE_BODIES)(
    '%s: answers its 4xx and changes nothing',
    async (_what, body, status) => {
      const { method, path: url } = concrete(route);
      const response = await unchanged(() => admin.request(method, url, { body }));
      expect(response.status, response.text).toBe(status);
      expect(response.body).toHaveProperty('message');
      expect(response.text).not.toMatch(/at \S+:\d+:\d+|node_modules/);
    },
  );

  it('prototype keys pollute nothing', async () => {
    const { method, path: url } = concrete(route);
    const body =
      '{"__proto__": {"isAdmin": true, "polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}';
    const row = ROUTES[route]!;
    // Where an empty body is a valid call (an update of nothing), it may be answered 200.
    const send = () => admin.request(method, url, { body });
    const response = row.emptyBodyIsValid ? await send() : await unchanged(send);
    expect(response.status).toBeLessThan(500);
    if (!row.emptyBodyIsValid) expect(response.status).toBeGreaterThanOrEqual(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    const stored = await mongoose.connection
      .db!.collection('discount_codes')
      .countDocuments({ $or: [{ polluted: { $exists: true } }, { isAdmin: true }] });
    expect(stored).toBe(0);
  });
});

describe('cross-origin writes', () => {
  const writes = Object.keys(ROUTES).filter(stateChanging);

  it.each(writes)('%s from a foreign Origin is 403 and changes nothing', async (route) => {
    const { method, path: url } = concrete(route);
    const response = await unchanged(() =>
      admin.request(method, url, {
        body: {},
        headers: { origin: 'https://evil.example' },
      }),
    );
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Cross-site request refused' });
  });

  it.each(writes)('%s without x-session-id (a plain form post) is 403', async (route) => {
    const { method, path: url } = concrete(route);
    const response = await unchanged(() =>
      admin.request(method, url, { body: {}, sessionId: null }),
    );
    expect(response.status).toBe(403);
  });
});

/**
 * The /admin routes that are not admin-only, each for its reason; every other one the routers define
 * must be listed 'admin' above, so it is called signed out (401) and as a customer (403) below.
 */
const ADMIN_PATHS_NOT_ADMIN_ONLY: Record<string, string> = {
  'GET /admin/status': 'a signed-in customer asks whether they are an admin',
  'POST /admin/make-admin': 'a signed-in customer becomes an admin with the secret',
  'DELETE /admin/releases/preview': "clears the caller's own preview cookie, nothing else",
};

describe('who may call what', () => {
  const guarded = Object.entries(ROUTES).filter(([, row]) => row.access !== 'anyone');

  it('every /admin route the routers define is admin-only, but the few named for their reason', () => {
    const adminRoutes = routesOfTheRouters().filter((route) =>
      route.split(' ')[1]!.startsWith('/admin'),
    );
    expect(adminRoutes.length).toBeGreaterThan(20);
    const notAdminOnly = adminRoutes.filter((route) => ROUTES[route]?.access !== 'admin');
    expect(notAdminOnly.sort()).toEqual(Object.keys(ADMIN_PATHS_NOT_ADMIN_ONLY).sort());
  });

  it.each(guarded.map(([route]) => route))('%s signed out is 401', async (route) => {
    const { method, path: url } = concrete(route);
    const body = method === 'GET' ? undefined : {};
    const response = await unchanged(() => guest.request(method, url, { body }));
    expect(response.status).toBe(401);
  });

  it.each(guarded.filter(([, row]) => row.access === 'admin').map(([route]) => route))(
    '%s as a customer is 403',
    async (route) => {
      const { method, path: url } = concrete(route);
      const body = method === 'GET' ? undefined : {};
      const response = await unchanged(() => customer.request(method, url, { body }));
      expect(response.status).toBe(403);
    },
  );
});

describe('hostile queries on the dashboard and exports', () => {
  it.each([
    '/api/admin/insights?period=year',
    '/api/admin/insights?period[$ne]=today',
    '/api/admin/insights?period=today&period=7d',
    '/api/admin/exports?before=zzz',
    '/api/admin/exports?limit=100000',
    '/api/admin/exports?before[$gt]=',
    '/api/admin/exports/not-an-id/download',
  ])('%s is 400 and changes nothing', async (url) => {
    const response = await unchanged(() => admin.request('GET', url));
    expect(response.status, response.text).toBe(400);
    expect(response.body).toHaveProperty('message');
  });

  it.each<[string, Record<string, unknown>]>([
    ['an unknown kind', { kind: 'invoices', from: '2026-01-01', to: '2026-01-31' }],
    ['a day that is not one', { kind: 'orders', from: '2026-02-30', to: '2026-03-01' }],
    ['from after to', { kind: 'orders', from: '2026-03-02', to: '2026-03-01' }],
    ['an unknown status', { kind: 'orders', from: '2026-03-01', to: '2026-03-01', status: 'lost' }],
    [
      'a status for customers',
      { kind: 'customers', from: '2026-03-01', to: '2026-03-01', status: 'shipped' },
    ],
    [
      'a status for payments',
      { kind: 'payments', from: '2026-03-01', to: '2026-03-01', status: 'shipped' },
    ],
    ['unknown rows', { kind: 'orders', from: '2026-03-01', to: '2026-03-01', rows: 'item' }],
    ['an extra field', { kind: 'orders', from: '2026-03-01', to: '2026-03-01', by: 'someone' }],
  ])('an export with %s is 400 and records nothing', async (_what, body) => {
    const response = await unchanged(() => admin.request('POST', '/api/admin/exports', { body }));
    expect(response.status, response.text).toBe(400);
    expect(response.body.errors.length).toBeGreaterThan(0);
  });
});

describe("another shopper's ids", () => {
  it.each<[string, string, string, unknown, number]>([
    ['changing their cart line', 'PUT', '/cart/:line', { quantity: 9 }, 404],
    ['removing their cart line', 'DELETE', '/cart/:line', undefined, 404],
    ['paying their order', 'POST', '/payment/complete', 'pay', 404],
    ['downloading their artwork', 'GET', '/uploads/:file', undefined, 404],
    ['reading their order', 'GET', '/orders/:order', undefined, 404],
    ['reading their order by its number', 'GET', '/orders/by-number/:number', undefined, 404],
    ['downloading their invoice', 'GET', '/orders/:order/invoice.pdf', undefined, 404],
    ['downloading their order’s artwork', 'GET', '/orders/:order/files/:file', undefined, 404],
    ['ordering their order again', 'POST', '/orders/:order/reorder', undefined, 404],
    ['reading what ordering theirs again offers', 'GET', '/orders/:order/reorder', undefined, 404],
    ['reading their spreadsheet', 'GET', '/label-sheets/:sheet', undefined, 404],
    ['checking their spreadsheet', 'POST', '/label-sheets/:sheet/check', 'their-sheet', 404],
    ['putting their spreadsheet on my label', 'POST', '/cart', 'their-sheet', 400],
    ['putting their artwork on my label', 'POST', '/cart', 'label-with-their-file', 400],
  ])('%s is refused (%s %s)', async (_what, method, template, body, status) => {
    const url = `/api${template
      .replace(':line', victim.lineId)
      .replace(':file', victim.filename)
      .replace(':order', victim.orderId)
      .replace(':number', String(victim.orderNumber))
      .replace(':sheet', victim.sheetId)}`;
    const sent =
      body === 'pay'
        ? {
            orderId: victim.orderId,
            paymentId: SANDBOX_TEST_NONCES.approved,
            customerName: 'Mallory',
            customerEmail: 'm@example.com',
            customerPhone: null,
            customerCompany: null,
            customerAddress: null,
            customerZipCode: null,
          }
        : body === 'their-sheet'
          ? {
              ...label({ customText: '', quantity: 2 }),
              rows: { sheetId: victim.sheetId, textColumns: [0], codeColumn: null },
            }
          : body === 'label-with-their-file'
            ? { ...label(), files: [{ hashedName: victim.filename, originalName: 'victim.pdf' }] }
            : body;
    for (const attacker of [guest, customer]) {
      const response = await unchanged(() => attacker.request(method, url, { body: sent }));
      expect(response.status, response.text).toBe(status);
    }
  });

  it('order history never shows their order', async () => {
    const response = await customer.request('GET', '/api/orders');
    expect(response.body.map((order: { id: string }) => order.id)).not.toContain(victim.orderId);
  });
});

describe('file names and contents', () => {
  it.each([
    '..%2F..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2fpackage.json',
    '..%5C..%5Cwindows%5Cwin.ini',
    `${'a'.repeat(64)}.pdf%00.txt`,
    '.incoming',
  ])('a traversal name %s is 400 on the download routes', async (name) => {
    for (const url of [
      `/api/uploads/${name}`,
      `/api/admin/orders/${victim.orderId}/files/${name}`,
    ]) {
      const response = await unchanged(() => admin.request('GET', url));
      expect(response.status, url).toBe(400);
    }
  });

  it.each([
    ['HTML named .pdf', 'invoice.pdf', '<html><script>alert(1)</script></html>'],
    ['a script named .png', 'logo.png', '<svg onload="alert(1)"></svg>'],
    ['a PDF named .jpg', 'photo.jpg', '%PDF-1.4 not a jpeg'],
    ['binary named .txt', 'notes.txt', '\u0000\u0001\u0002binary'],
    ['an executable', 'run.exe', 'MZ\u0090\u0000'],
    [
      'an SVG',
      'vector.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ],
  ])('%s is refused 415 and nothing is kept', async (_what, name, content) => {
    const form = new FormData();
    form.append('files', new Blob([content]), name);
    const response = await unchanged(() =>
      fetch(`${app.baseUrl}/api/upload`, {
        method: 'POST',
        headers: { 'x-session-id': guest.sessionId },
        body: form,
      }),
    );
    expect(response.status).toBe(415);
  });

  it('a file name with folders is kept as its last part, stored under its content hash', async () => {
    const form = new FormData();
    form.append('files', new Blob(['plain words']), '../../../etc/evil.txt');
    const response = await fetch(`${app.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { 'x-session-id': guest.sessionId },
      body: form,
    });
    const answer = (await response.json()) as {
      files: Array<{ filename: string; originalName: string }>;
    };
    expect(response.status).toBe(200);
    expect(answer.files[0]!.originalName).toBe('evil.txt');
    expect(answer.files[0]!.filename).toMatch(/^[0-9a-f]{64}\.txt$/);
  });
});

describe('spreadsheets of labels', () => {
  const sendSheet = (agent: TestAgent, name: string, content: string | Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([content]), name);
    return fetch(`${app.baseUrl}/api/label-sheets`, {
      method: 'POST',
      headers: { 'x-session-id': agent.sessionId, cookie: cookieOf(agent) },
      body: form,
    });
  };

  it.each<[string, string, string | Uint8Array, number, RegExp]>([
    ['empty', 'tags.csv', '', 400, /^The file "tags\.csv" is empty\.$/],
    ['huge', 'tags.csv', 'x'.repeat(6 * 1024 * 1024), 413, /larger than 5MB/],
    ['UTF-16', 'tags.csv', new Uint8Array([0xfe, 0xff, 0x00, 0x41]), 415, /saved as UTF-16/],
    [
      'not UTF-8',
      'tags.csv',
      new Uint8Array([0x41, 0x0a, 0xff, 0xfe, 0x0a]),
      415,
      /not UTF-8 text/,
    ],
    [
      'binary',
      'tags.csv',
      new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01]),
      415,
      /binary data/,
    ],
    ['a renamed program', 'tags.xlsx', 'MZ\u0090\u0000', 415, /not an Excel workbook/],
  ])(
    'a %s file is refused clearly and nothing is kept',
    async (_what, name, content, status, message) => {
      const response = await unchanged(() => sendSheet(guest, name, content));
      expect(response.status).toBe(status);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    },
  );

  it("a cell starting with =, +, - or @ never reaches the engraver's spreadsheet as a formula", async () => {
    const shopper = app.agent();
    const cells = [
      '=HYPERLINK("http://evil.example","x")',
      "+1+cmd|' /C calc'!A0",
      '-2+3',
      '@SUM(A1:A2)',
      '\t=1+1',
    ];
    const csv = `Tag,Name\n${cells.map((cell, index) => `"${cell.replace(/"/g, '""')}",Name ${index}`).join('\n')}\n`;
    const uploaded = await sendSheet(shopper, 'formulas.csv', csv);
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };
    const added = await shopper.request('POST', '/api/cart', {
      body: {
        ...label({ customText: '', quantity: cells.length, width: 8, height: 2 }),
        rows: { sheetId: id, textColumns: [0, 1], codeColumn: null },
      },
    });
    expect(added.status, added.text).toBe(201);
    const order = await placeOrder(shopper);
    const paid = await shopper.request('POST', '/api/payment/complete', {
      body: {
        orderId: order.orderId,
        paymentId: SANDBOX_TEST_NONCES.approved,
        customerName: 'Ann Lee',
        customerEmail: 'ann@example.com',
        customerPhone: null,
        customerCompany: null,
        customerAddress: null,
        customerZipCode: null,
      },
    });
    expect(paid.status, paid.text).toBe(200);
    const lineId = (await shopper.request('GET', `/api/orders/${order.orderId}`)).body.items[0].id;
    const csvAnswer = await admin.request(
      'GET',
      `/api/admin/orders/${order.orderId}/items/${lineId}/production.csv`,
    );
    expect(csvAnswer.status).toBe(200);
    expect(csvAnswer.headers.get('content-type')).toMatch(/^text\/csv/);
    const written = csvAnswer.text.split('\r\n').slice(1).filter(Boolean);
    expect(written).toHaveLength(cells.length);
    for (const row of written) {
      for (const cell of row.match(/"(?:[^"]|"")*"/g)!) {
        // A spreadsheet reads a formula from a cell's first character: never one of these.
        expect(cell.slice(1), row).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
    expect(written[0]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });
});

describe('script in every text field', () => {
  const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';

  it('is kept as text and only ever answered as JSON, never as a page', async () => {
    const agent = app.agent();
    const registered = await agent.request('POST', '/api/auth/register', {
      body: {
        email: uniqueEmail('script'),
        password: PASSWORD,
        firstName: script,
        lastName: script,
        // The phone must be a number that can be dialled (docs/product.md section 5).
        phone: '312 555 0100',
        company: script,
        address: script,
        zipCode: '60601',
      },
    });
    expect(registered.status, registered.text).toBe(201);
    expect(registered.body.firstName).toBe(script);
    await addToCart(agent, { customText: script.slice(0, 50) });
    const answers: TestResponse[] = [
      registered,
      await agent.request('GET', '/api/auth/me'),
      await agent.request('GET', '/api/cart'),
      await agent.request('POST', '/api/contact', {
        body: { name: script, email: 'x@example.com', company: script, message: script },
      }),
      await admin.request('POST', '/api/admin/discount-codes', {
        body: { code: 'SCRIPTED', type: 'fixed', value: 1, description: script },
      }),
      await admin.request('GET', '/api/admin/customers'),
      await admin.request('GET', '/api/admin/discount-codes'),
      await admin.request('GET', '/api/admin/orders'),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBeLessThan(300);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
  });
});

describe('brute force on every limited route', () => {
  let addressCount = 0;
  const freshAddress = () => {
    addressCount += 1;
    return `198.19.${Math.floor(addressCount / 250)}.${(addressCount % 250) + 1}`;
  };

  it.each<[string, string, number, Record<string, unknown>]>([
    ['sign-ups', '/api/auth/register', 10, { email: 'not-an-email', password: PASSWORD }],
    ['contact messages', '/api/contact', 5, {}],
    ['discount-code checks', '/api/discount-codes/apply', 30, { code: 'GUESS', subtotal: 10 }],
    ['codes applied to the cart', '/api/cart/session', 30, { discountCode: 'GUESS' }],
    ['unpaid orders', '/api/orders', 20, { customerInfo: customerInfo() }],
  ])(
    '%s: %s allows %s per address, then 429, changing nothing',
    async (_what, url, limit, body) => {
      const address = freshAddress();
      const statuses = await unchanged(async () => {
        const seen: number[] = [];
        for (let attempt = 0; attempt <= limit; attempt++) {
          const response = await guest.request('POST', url, {
            headers: { 'x-forwarded-for': address },
            body,
          });
          seen.push(response.status);
        }
        return seen;
      });
      expect(statuses.slice(0, limit).every((status) => status >= 200 && status < 429)).toBe(true);
      expect(statuses[limit]).toBe(429);
    },
  );

  it('sign-in: 5 wrong passwords per email and address, then 429 even for the right one', async () => {
    const email = uniqueEmail('brute');
    await register(app.agent(), { email });
    const address = freshAddress();
    const statuses = await unchanged(async () => {
      const seen: number[] = [];
      for (const password of ['a', 'b', 'c', 'd', 'e', PASSWORD]) {
        const response = await guest.request('POST', '/api/auth/login', {
          headers: { 'x-forwarded-for': address },
          body: { email, password },
        });
        seen.push(response.status);
      }
      return seen;
    });
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('password change: 5 wrong current passwords per account, then 429', async () => {
    const agent = app.agent();
    await register(agent);
    const statuses = await unchanged(async () => {
      const seen: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        const response = await agent.request('POST', '/api/auth/change-password', {
          body: { currentPassword: `wrong-${attempt}`, newPassword: 'new-password-1' },
        });
        seen.push(response.status);
      }
      return seen;
    });
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it("account deletion: its wrong passwords count with the password change's, 5 per account, then 429 even with the right one, deleting nothing", async () => {
    const agent = app.agent();
    await register(agent);
    const statuses = await unchanged(async () => {
      const seen: number[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await agent.request('POST', '/api/auth/change-password', {
          body: { currentPassword: `wrong-${attempt}`, newPassword: 'new-password-1' },
        });
        seen.push(response.status);
      }
      for (const currentPassword of ['wrong-3', 'wrong-4', PASSWORD]) {
        const response = await agent.request('POST', '/api/account/delete', {
          body: { currentPassword },
        });
        seen.push(response.status);
      }
      return seen;
    });
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('confirmation emails: 10 email changes per address (and asking again), then 429, changing nothing', async () => {
    const address = freshAddress();
    const [first, second, third] = [app.agent(), app.agent(), app.agent()];
    for (const agent of [first, second, third]) await register(agent);
    const statuses = await unchanged(async () => {
      const seen: number[] = [];
      // Wrong passwords count too (5 per account is the password limit): 10 calls from 2 accounts.
      for (const agent of [first!, second!]) {
        for (let attempt = 0; attempt < 5; attempt++) {
          const response = await agent.request('POST', '/api/account/email', {
            headers: { 'x-forwarded-for': address },
            body: { email: uniqueEmail('moved'), currentPassword: `wrong-${attempt}` },
          });
          seen.push(response.status);
        }
      }
      for (const [url, body] of [
        ['/api/account/email', { email: uniqueEmail('moved'), currentPassword: PASSWORD }],
        ['/api/account/confirmation-email', undefined],
      ] as const) {
        const response = await third!.request('POST', url, {
          headers: { 'x-forwarded-for': address },
          body,
        });
        seen.push(response.status);
      }
      return seen;
    });
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429, 429]);
  });

  it('admin secret: 3 guesses per account, then 429', async () => {
    const agent = app.agent();
    await register(agent);
    const statuses = await unchanged(async () => {
      const seen: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const response = await agent.request('POST', '/api/admin/make-admin', {
          body: { secret: `guess-${attempt}` },
        });
        seen.push(response.status);
      }
      return seen;
    });
    expect(statuses).toEqual([403, 403, 403, 429]);
  });
});
