// npm run bench:growth -w @shop/api: does a request cost more as the shop grows? Starts its own
// FerretDB (free port, temporary folder), seeds a shop of 1,000 and one of 100,000 customers, orders,
// carts and uploads (bench/seed.mjs), runs the real app against each (bench/server.ts) and times every
// call the shop makes per request, the sweeps' rounds and the deletes, GROWTH_REPS times each (median). Prints one table with the ratio
// big / small per call; exits 1 when a call grows past GROWTH_LIMIT (1.5). Loopback only; stops all it
// started. GROWTH_SIZES (default 1000,100000) and GROWTH_REPS (default 7) change the run.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  apiDir,
  cleanUp,
  cleanups,
  customerInfo,
  label,
  newSessionId,
  startDatabase,
  stopChild,
} from './lib.mjs';
import {
  SEED_ADMIN_EMAIL,
  SEED_CODE,
  SEED_PASSWORD,
  seedCustomerEmail,
  seedGuestSession,
  seedShop,
} from './seed.mjs';

const sizes = (process.env.GROWTH_SIZES ?? '1000,100000').split(',').map(Number);
const reps = Number(process.env.GROWTH_REPS ?? 7);
const limit = Number(process.env.GROWTH_LIMIT ?? 1.5);
const layout = process.env.GROWTH_LAYOUT ?? 'keyed';
if (sizes.length !== 2 || !sizes.every((n) => n >= 10 && n <= 200_000))
  throw new Error('GROWTH_SIZES must be two sizes between 10 and 200000');
if (!(reps >= 1 && reps <= 50)) throw new Error('GROWTH_REPS must be 1 to 50');

function startServer(mongodbUri, uploadDir) {
  const child = fork(path.join(apiDir, 'bench/server.ts'), [], {
    cwd: apiDir,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      MONGODB_URI: mongodbUri,
      SESSION_SECRET: 'bench-session-secret-0123456789',
      ADMIN_SECRET: 'bench-admin-secret',
      UPLOAD_DIR: uploadDir,
      TAX_RATES: '{"IL":0.0625}',
      SHOP_TIME_ZONE: 'America/New_York',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stop = () => stopChild(child);
  cleanups.push(stop);
  return new Promise((resolve, reject) => {
    child.once('message', ({ shopPort, barePort }) =>
      resolve({ base: `http://127.0.0.1:${shopPort}`, side: `http://127.0.0.1:${barePort}`, stop }),
    );
    child.once('exit', (code) =>
      reject(new Error(`The bench server exited (${code}) before listening`)),
    );
  });
}

/** A browser: a guest session id and the session cookie once signed in. */
function browser(base, sessionId = newSessionId()) {
  let cookie = null;
  return {
    sessionId,
    async call(method, route, body) {
      const headers = { 'x-session-id': sessionId };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (cookie) headers.cookie = cookie;
      const started = performance.now();
      const response = await fetch(`${base}${route}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const ms = performance.now() - started;
      const setCookie = response.headers.get('set-cookie');
      if (setCookie) cookie = setCookie.split(';')[0];
      return { status: response.status, body: text ? JSON.parse(text) : undefined, ms };
    },
  };
}

/** Times every hot call once; returns { call: ms }. Fails loudly on an unexpected status. */
async function oneRound(base, side, size, round) {
  const times = {};
  const timed = async (name, expected, promise) => {
    const result = await promise;
    if (result.status !== expected)
      throw new Error(`${name}: ${result.status} ${JSON.stringify(result.body)}`);
    times[name] = result.ms;
    return result.body;
  };
  const seededGuest = browser(base, seedGuestSession(round));
  await timed(
    'GET /api/cart (guest, 2 lines)',
    200,
    seededGuest.call('GET', '/api/cart?zipCode=60601'),
  );

  const guest = browser(base);
  const added = await timed('POST /api/cart (add)', 201, guest.call('POST', '/api/cart', label));
  await timed(
    'PUT /api/cart/{id} (quantity)',
    200,
    guest.call('PUT', `/api/cart/${added.item.id}`, { quantity: 24 }),
  );
  await timed(
    'POST /api/discount-codes/apply',
    200,
    guest.call('POST', '/api/discount-codes/apply', { code: SEED_CODE, subtotal: 0 }),
  );
  await timed(
    'POST /api/cart/session (apply code)',
    200,
    guest.call('POST', '/api/cart/session', { discountCode: SEED_CODE }),
  );
  await timed('GET /api/cart (with code)', 200, guest.call('GET', '/api/cart?zipCode=60601'));
  const order = await timed(
    'POST /api/orders (place)',
    201,
    guest.call('POST', '/api/orders', { customerInfo }),
  );
  await timed(
    'POST /api/payment/complete (pay)',
    200,
    guest.call('POST', '/api/payment/complete', {
      orderId: order.orderId,
      paymentId: 'cnon:card-nonce-ok',
      customerName: 'Ann Lee',
      customerEmail: 'ann@example.com',
    }),
  );

  // A customer who has orders: the first third of the orders belong to a few customers, three each.
  const customer = browser(base);
  await timed(
    'POST /api/auth/login (sign-in)',
    200,
    customer.call('POST', '/api/auth/login', {
      email: seedCustomerEmail(round % Math.ceil(size / 9)),
      password: SEED_PASSWORD,
    }),
  );
  await timed(
    'POST /api/auth/login (wrong password; other keys full of attempts)',
    401,
    browser(base).call('POST', '/api/auth/login', {
      email: seedCustomerEmail(round % Math.ceil(size / 9)),
      password: `wrong-${round}`,
    }),
  );
  await timed('GET /api/auth/me (session)', 200, customer.call('GET', '/api/auth/me'));
  const history = await timed(
    'GET /api/orders (history)',
    200,
    customer.call('GET', '/api/orders'),
  );
  if (!(history.length >= 3)) throw new Error(`order history has ${history.length} orders`);

  const admin = browser(base);
  await admin.call('POST', '/api/auth/login', { email: SEED_ADMIN_EMAIL, password: SEED_PASSWORD });
  /** A timed admin order page that must hold 20 orders. */
  const fullPage = async (name, query) => {
    const found = await timed(
      name,
      200,
      admin.call('GET', `/api/admin/orders?pageSize=20${query}`),
    );
    if (found.orders.length !== 20) throw new Error(`${name}: ${found.orders.length} orders`);
    return found;
  };
  const page = await fullPage('GET /api/admin/orders (first page)', '');
  await timed(
    'GET /api/admin/orders (next page by key)',
    200,
    admin.call('GET', `/api/admin/orders?pageSize=20&before=${page.nextBefore}`),
  );
  await fullPage('GET /api/admin/orders?status=processing', '&status=processing');
  const number = 1000 + ((round * 37) % size);
  const byNumber = await timed(
    'GET /api/admin/orders?q={number}',
    200,
    admin.call('GET', `/api/admin/orders?q=${number}`),
  );
  const numbered = byNumber.orders.find((o) => o.orderNumber === number);
  if (!numbered) throw new Error(`order ${number} not found by its number`);
  // The order's page: its moves, proof events and notes (seed.mjs writes five events per order).
  const detail = await timed(
    'GET /api/admin/orders/{id} (detail)',
    200,
    admin.call('GET', `/api/admin/orders/${numbered.id}`),
  );
  if (
    detail.history.length !== 2 ||
    detail.proofHistory.length !== 2 ||
    detail.adminNotes.length !== 1
  )
    throw new Error(`order detail: ${JSON.stringify(detail)}`);
  await timed(
    'GET /api/admin/orders?q={email}',
    200,
    admin.call('GET', `/api/admin/orders?q=${encodeURIComponent(seedCustomerEmail(round))}`),
  );
  // Part of a name (every seeded order's last name begins with it) and two words of name and email.
  await fullPage('GET /api/admin/orders?q=custo', '&q=custo');
  await fullPage('GET /api/admin/orders?q=seed%20exam', '&q=seed%20exam');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
    new Date(),
  );
  const byDay = await timed(
    'GET /api/admin/orders?from=&to= (today)',
    200,
    admin.call('GET', `/api/admin/orders?pageSize=20&from=${today}&to=${today}`),
  );
  if (byDay.orders.length === 0) throw new Error("no orders of today's");
  // Every day since the first order's, with a status: the days' lists, read newest day first.
  await fullPage(
    'GET /api/admin/orders?from=2000-01-01&status=processing',
    '&from=2000-01-01&status=processing',
  );
  const customers = await timed(
    'GET /api/admin/customers (first page)',
    200,
    admin.call('GET', '/api/admin/customers?limit=50'),
  );
  if (customers.length !== 50) throw new Error(`customer page has ${customers.length}`);
  await timed(
    'GET /api/admin/customers (next page)',
    200,
    admin.call('GET', `/api/admin/customers?limit=50&before=${customers.at(-1).id}`),
  );
  await timed(
    'GET /api/admin/customers/{id} (detail)',
    200,
    admin.call('GET', `/api/admin/customers/${customers[0].id}`),
  );
  const outbox = await timed(
    'GET /api/admin/outbox (first page)',
    200,
    admin.call('GET', '/api/admin/outbox?limit=20'),
  );
  await timed(
    'GET /api/admin/outbox (next page)',
    200,
    admin.call('GET', `/api/admin/outbox?limit=20&before=${outbox.nextBefore}`),
  );
  await timed('GET /api/admin/discount-codes', 200, admin.call('GET', '/api/admin/discount-codes'));
  // The mail worker's round: this round's order queued two messages.
  const started = performance.now();
  const response = await fetch(`${side}/mail-round`, { method: 'POST' });
  const worker = await response.json();
  if (!response.ok || worker.sent < 2) throw new Error(`mail round: ${JSON.stringify(worker)}`);
  times['mail worker round (due query + send)'] = performance.now() - started;

  // The sweeps' rounds: an order left unpaid is due a day on; the rest are not due (seed.mjs).
  const leaver = browser(base);
  await leaver.call('POST', '/api/cart', label);
  const unpaid = await leaver.call('POST', '/api/orders', { customerInfo });
  if (unpaid.status !== 201) throw new Error(`unpaid order: ${unpaid.status}`);
  const sweepResponse = await fetch(`${side}/sweep-round`, { method: 'POST' });
  const sweeps = await sweepResponse.json();
  if (
    !sweepResponse.ok ||
    !(sweeps.done['unpaid orders (a day on)'] >= 1) ||
    !(sweeps.done['proof reminders (5 days on)'] >= 1)
  )
    throw new Error(`sweep round: ${JSON.stringify(sweeps)}`);
  for (const [name, ms] of Object.entries(sweeps.times)) times[`sweep round: ${name}`] = ms;

  // Deletes: a customer signed in on two browsers with a cart (sessions, cart, keys go), a password
  // change signing the other browser out, and a discount code with uses.
  const leaving = browser(base);
  const email = `leaving-${round}-${randomBytes(4).toString('hex')}@seed.example`;
  const registered = await leaving.call('POST', '/api/auth/register', {
    email,
    password: SEED_PASSWORD,
    firstName: 'Leaving',
    lastName: 'Customer',
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  await browser(base).call('POST', '/api/auth/login', { email, password: SEED_PASSWORD });
  await leaving.call('POST', '/api/cart', label);
  await timed(
    'POST /api/auth/change-password (signs out the others)',
    200,
    leaving.call('POST', '/api/auth/change-password', {
      currentPassword: SEED_PASSWORD,
      newPassword: `${SEED_PASSWORD}-2`,
    }),
  );
  await timed(
    'DELETE /api/admin/customers/{id}',
    204,
    admin.call('DELETE', `/api/admin/customers/${registered.body.id}`),
  );
  const code = await admin.call('POST', '/api/admin/discount-codes', {
    code: `GONE${round}${randomBytes(3).toString('hex').toUpperCase()}`,
    type: 'percentage',
    value: 5,
    usageLimit: 100,
  });
  if (code.status !== 201) throw new Error(`discount code: ${code.status}`);
  await guest.call('POST', '/api/cart/session', { discountCode: code.body.code });
  await timed(
    'DELETE /api/admin/discount-codes/{id}',
    200,
    admin.call('DELETE', `/api/admin/discount-codes/${code.body.id}`),
  );
  await admin.call('POST', '/api/auth/logout', {});
  return times;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function measure(ferretUri, size, dataDir) {
  const uri = ferretUri.replace(/\/([^/?]*)(\?|$)/, `/growth_${size}$2`);
  const seeded = performance.now();
  await seedShop(uri, size, { layout });
  console.log(`seeded ${size} in ${((performance.now() - seeded) / 1000).toFixed(1)}s`);
  // The database file's size beside the memory map SQLite reads it through (scripts/lib/ferretdb.mjs).
  const files = readdirSync(dataDir, { recursive: true }).filter((file) =>
    path.basename(String(file)).startsWith(`growth_${size}.sqlite`),
  );
  const bytes = files.reduce(
    (sum, file) => sum + statSync(path.join(dataDir, String(file))).size,
    0,
  );
  console.log(`database files of ${size}: ${(bytes / 2 ** 20).toFixed(0)} MiB`);
  const { base, side, stop } = await startServer(uri, path.join(dataDir, `uploads-${size}`));
  try {
    await oneRound(base, side, size, 999); // warm-up: first calls build indexes and caches
    const samples = {};
    for (let round = 0; round < reps; round++) {
      for (const [name, ms] of Object.entries(await oneRound(base, side, size, round)))
        (samples[name] ??= []).push(ms);
    }
    const medians = Object.fromEntries(
      Object.entries(samples).map(([name, ms]) => [name, Number(median(ms).toFixed(1))]),
    );
    // Printed at once, so a run stopped later still tells this size's figures.
    console.log(`medians at ${size}:`, JSON.stringify(medians));
    return medians;
  } finally {
    await stop();
  }
}

async function main() {
  const { dataDir, ferret } = await startDatabase('shop-bench-growth-', 'growth');
  console.log(
    `Growth: the same calls on a shop of ${sizes[0]} and of ${sizes[1]} customers, orders, carts and uploads; median of ${reps}; FerretDB (SQLite); loopback\n`,
  );
  const results = [];
  for (const size of sizes) results.push(await measure(ferret.uri, size, dataDir));
  const rows = Object.keys(results[0]).map((call) => {
    const a = results[0][call];
    const b = results[1][call];
    return {
      call,
      [`${sizes[0]} ms`]: Number(a.toFixed(1)),
      [`${sizes[1]} ms`]: Number(b.toFixed(1)),
      ratio: Number((b / a).toFixed(2)),
    };
  });
  console.table(rows);
  const over = rows.filter((row) => row.ratio > limit);
  if (over.length) {
    console.log(`grew past ${limit}x: ${over.map((row) => row.call).join(', ')}`);
    process.exitCode = 1;
  } else console.log(`every call within ${limit}x`);
}

try {
  await main();
} finally {
  await cleanUp();
}
