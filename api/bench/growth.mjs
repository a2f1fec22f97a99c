// npm run bench:growth -w @shop/api: does a call cost more as the shop grows? Seeds a shop of 1,000
// and one of 100,000 customers (GROWTH_SIZES; bench/seed.mjs), each its own database in one FerretDB,
// runs the app on each (bench/server.ts) and times every call of `calls` below: GROWTH_REPS rounds
// (21) of each shop, taken in turns, after a warm-up; median, p95 and the ratio of the medians per
// call. The goal: each call within 1.5x, the admin's lists, search and detail under 20 ms at the
// larger size. Loopback; stops all it started.
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import {
  apiDir,
  browser,
  cleanUp,
  cleanups,
  customerInfo,
  label,
  startDatabase,
  stopChild,
} from './lib.mjs';
import {
  RARE_CUSTOMER_NAME,
  RARE_LAST_NAME,
  SEED_ADMIN_EMAIL,
  SEED_CODE,
  SEED_PASSWORD,
  SHOP_TIME_ZONE,
  seedCustomerEmail,
  seedGuestSession,
  seedShop,
} from './seed.mjs';

const sizes = (process.env.GROWTH_SIZES ?? '1000,100000').split(',').map(Number);
const reps = Number(process.env.GROWTH_REPS ?? 21);
if (sizes.length !== 2 || !sizes.every((n) => n >= 100 && n <= 200_000 && n % 10 === 0))
  throw new Error('GROWTH_SIZES: two sizes, multiples of 10 between 100 and 200000');
if (!(reps >= 3 && reps <= 100)) throw new Error('GROWTH_REPS must be 3 to 100');

const DAY = 86_400_000;
const pay = (c) => ({
  orderId: c.order.orderId,
  paymentId: 'cnon:card-nonce-ok',
  customerName: 'Ann Lee',
  customerEmail: customerInfo.email,
});
const day = (ms) => new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(ms);
const fullPage = (body) => body.orders.length === 20 || `${body.orders.length} orders, not 20`;
const admin = (query) => ['GET', `/api/admin/orders?pageSize=20${query}`];

/**
 * The calls of one round, in order, sharing `c` (the round's state). Each: `as` who calls (seeded:
 * a guest with a seeded cart, guest: a new guest, customer: a customer who has orders, admin), the
 * request it sends, the status it expects (200), `check` (true, or what is wrong), `then` (keep
 * something for later calls). A `job` entry runs one round of that job `aheadMs` from now instead;
 * `prepare` does untimed work first. Add calls here.
 */
export const calls = [
  { name: 'cart: read (2 lines)', as: 'seeded', request: () => ['GET', '/api/cart?zipCode=60601'] },
  {
    name: 'cart: add a label',
    as: 'guest',
    status: 201,
    request: () => ['POST', '/api/cart', label],
    then: (body, c) => (c.lineId = body.item.id),
  },
  {
    name: 'cart: change a quantity',
    as: 'guest',
    request: (c) => ['PUT', `/api/cart/${c.lineId}`, { quantity: 24 }],
  },
  { name: 'price a label', as: 'guest', request: () => ['POST', '/api/calculate-price', label] },
  {
    name: 'discount: check a code',
    as: 'guest',
    request: () => ['POST', '/api/discount-codes/apply', { code: SEED_CODE, subtotal: 0 }],
  },
  {
    name: 'cart: apply the code',
    as: 'guest',
    request: () => ['POST', '/api/cart/session', { discountCode: SEED_CODE }],
  },
  {
    name: 'checkout: quote',
    as: 'guest',
    request: () => ['POST', '/api/checkout/quote', { zipCode: '60601' }],
  },
  {
    name: 'checkout: place the order',
    as: 'guest',
    status: 201,
    request: () => ['POST', '/api/orders', { customerInfo }],
    then: (body, c) => (c.order = body),
  },
  { name: 'checkout: pay', as: 'guest', request: (c) => ['POST', '/api/payment/complete', pay(c)] },
  { name: 'order page', as: 'guest', request: (c) => ['GET', `/api/orders/${c.order.orderId}`] },
  {
    name: 'sign in',
    as: 'customer',
    request: (c) => [
      'POST',
      '/api/auth/login',
      { email: c.customerEmail, password: SEED_PASSWORD },
    ],
    then: (body, c) => (c.customerId = body.id),
  },
  {
    name: 'order history',
    as: 'customer',
    request: () => ['GET', '/api/orders'],
    check: (body) => body.length >= 3 || `${body.length} orders`,
  },
  {
    name: 'admin: orders, first page',
    as: 'admin',
    request: () => admin(''),
    check: fullPage,
    then: (body, c) => (c.nextBefore = body.nextBefore),
  },
  {
    name: 'admin: orders, next page',
    as: 'admin',
    request: (c) => admin(`&before=${c.nextBefore}`),
    check: fullPage,
  },
  {
    name: 'admin: orders by status',
    as: 'admin',
    request: () => admin('&status=completed'),
    check: fullPage,
  },
  {
    name: 'admin: orders of a month',
    as: 'admin',
    request: () => admin(`&from=${day(Date.now() - 400 * DAY)}&to=${day(Date.now() - 370 * DAY)}`),
    check: fullPage,
    then: (body, c) => (c.old = body.orders[c.round % 20]),
  },
  {
    name: 'admin: orders of today',
    as: 'admin',
    request: () => admin(`&from=${day(Date.now())}`),
    check: fullPage,
  },
  {
    name: 'admin: order by number',
    as: 'admin',
    request: (c) => admin(`&q=${c.old.orderNumber}`),
    check: (body, c) => body.orders[0]?.id === c.old.id || 'not found',
  },
  {
    name: 'admin: orders by email',
    as: 'admin',
    request: (c) => admin(`&q=${encodeURIComponent(c.old.customerInfo.email)}`),
    check: (body) => body.orders.length >= 1 || 'none',
  },
  {
    name: 'admin: name prefix, many',
    as: 'admin',
    request: () => admin('&q=ann'),
    check: fullPage,
  },
  {
    name: 'admin: name prefix, few',
    as: 'admin',
    request: () => admin(`&q=${RARE_LAST_NAME.slice(0, 4)}`),
    check: (body) => body.orders.length === 3 || `${body.orders.length} orders, not 3`,
  },
  {
    name: 'admin: order detail',
    as: 'admin',
    request: (c) => ['GET', `/api/admin/orders/${c.old.id}`],
    check: (body) => body.history.length >= 3 || `${body.history.length} moves`,
  },
  {
    name: 'admin: customers, first page',
    as: 'admin',
    request: () => ['GET', '/api/admin/customers?limit=50'],
    check: (body) => body.length === 50 || `${body.length} customers`,
    then: (body, c) => (c.lastCustomer = body.at(-1).id),
  },
  {
    name: 'admin: customers, next page',
    as: 'admin',
    request: (c) => ['GET', `/api/admin/customers?limit=50&before=${c.lastCustomer}`],
    check: (body) => body.length === 50 || `${body.length} customers`,
  },
  {
    name: 'admin: customer search, many',
    as: 'admin',
    request: () => ['GET', '/api/admin/customers?limit=50&q=ann'],
    check: (body) => body.length === 50 || `${body.length} customers`,
  },
  {
    name: 'admin: customer search, few',
    as: 'admin',
    request: () => ['GET', `/api/admin/customers?limit=50&q=${RARE_CUSTOMER_NAME.slice(0, 4)}`],
    check: (body) => body.length === 3 || `${body.length} customers, not 3`,
  },
  {
    name: 'admin: customer by email',
    as: 'admin',
    request: () => ['GET', `/api/admin/customers?q=${encodeURIComponent(seedCustomerEmail(7))}`],
    check: (body) => body.length === 1 || `${body.length} customers`,
  },
  {
    name: 'admin: customer detail',
    as: 'admin',
    request: (c) => ['GET', `/api/admin/customers/${c.customerId}`],
    check: (body) => body.orders.length >= 3 || `${body.orders.length} orders`,
  },
  {
    name: 'admin: outbox, first page',
    as: 'admin',
    request: () => ['GET', '/api/admin/outbox?limit=20'],
    check: (body) => body.messages.length === 20 || `${body.messages.length} messages`,
  },
  {
    name: 'admin: discount codes',
    as: 'admin',
    request: () => ['GET', '/api/admin/discount-codes'],
  },
  // The jobs' rounds, each with one thing due: this round's mail, its unpaid checkout a day on, its
  // paid order's proof reminder five days on.
  { name: 'job: mail worker', job: 'mail', aheadMs: 0 },
  { name: 'job: expiry', job: 'expired', aheadMs: 0 },
  {
    name: 'job: unpaid checkouts (a day on)',
    job: 'unpaid-orders',
    aheadMs: DAY + 120_000,
    prepare: async (c) => {
      const leaver = browser(c.base);
      await leaver.call('POST', '/api/cart', label);
      const placed = await leaver.call('POST', '/api/orders', { customerInfo });
      if (placed.status !== 201) throw new Error(`unpaid checkout: ${placed.status}`);
    },
    check: (result) => result >= 1 || `expired ${result}`,
  },
  {
    name: 'job: proof reminders (5 days on)',
    job: 'proof-reminders',
    aheadMs: 5 * DAY,
    check: (result) => result >= 1 || `reminded ${result}`,
  },
];

function startServer(mongodbUri) {
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
      UPLOAD_DIR: path.join(os.tmpdir(), 'shop-bench-growth-uploads'),
      TAX_RATES: '{"IL":0.0625}',
      SHOP_TIME_ZONE,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stop = () => stopChild(child);
  cleanups.push(stop);
  return new Promise((resolve, reject) => {
    child.once('message', ({ shopPort, barePort }) =>
      resolve({ base: `http://127.0.0.1:${shopPort}`, side: `http://127.0.0.1:${barePort}`, stop }),
    );
    child.once('exit', (code) => reject(new Error(`The bench server exited (${code})`)));
  });
}

async function runJob(side, job, aheadMs) {
  const response = await fetch(`${side}/jobs/${job}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ aheadMs }),
  });
  if (!response.ok) throw new Error(`job ${job}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** One round of every call; { name: ms }. Fails loudly on an unexpected answer. */
async function oneRound(server, size, round, adminBrowser) {
  const c = {
    round,
    size,
    base: server.base,
    customerEmail: seedCustomerEmail((round * 130) % size),
  };
  const as = {
    seeded: browser(server.base, { sessionId: seedGuestSession(round % size) }),
    guest: browser(server.base),
    customer: browser(server.base),
    admin: adminBrowser,
  };
  const times = {};
  for (const entry of calls) {
    await entry.prepare?.(c);
    let outcome;
    if (entry.job) {
      const { ms, result } = await runJob(server.side, entry.job, entry.aheadMs);
      outcome = { status: 200, body: result, ms };
    } else {
      const [method, route, body] = entry.request(c);
      outcome = await as[entry.as].call(method, route, body);
    }
    const wrong =
      outcome.status !== (entry.status ?? 200)
        ? `status ${outcome.status}`
        : (entry.check?.(outcome.body, c) ?? true);
    if (wrong !== true)
      throw new Error(
        `${entry.name} at ${size}: ${wrong} ${JSON.stringify(outcome.body)?.slice(0, 300)}`,
      );
    entry.then?.(outcome.body, c);
    times[entry.name] = outcome.ms;
  }
  return times;
}

/** Runs a job until it has nothing left that the seed left due (its backlog is not a round's work). */
async function drain(side, job, aheadMs) {
  for (let i = 0; i < 1000; i++) {
    const { result } = await runJob(side, job, aheadMs);
    if (!(result > 0 || result?.more)) return;
  }
}

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.ceil(q * values.length) - 1];

/** A shop of `size` customers seeded and served, warmed up, with no backlog left in its jobs. */
async function openShop(ferretUri, size) {
  const uri = ferretUri.replace(/\/([^/?]*)(\?|$)/, `/growth_${size}$2`);
  console.log(`seeding ${size}; load average ${os.loadavg()[0].toFixed(1)}`);
  let started = performance.now();
  const seeded = await seedShop(uri, size);
  console.log(
    `seeded ${size}: ${JSON.stringify(seeded)} in ${((performance.now() - started) / 1000).toFixed(0)}s`,
  );
  started = performance.now();
  const server = await startServer(uri);
  console.log(
    `the API started (indexes made) in ${((performance.now() - started) / 1000).toFixed(0)}s`,
  );
  const adminBrowser = browser(server.base);
  const signedIn = await adminBrowser.call('POST', '/api/auth/login', {
    email: SEED_ADMIN_EMAIL,
    password: SEED_PASSWORD,
  });
  if (signedIn.status !== 200) throw new Error(`admin sign-in: ${signedIn.status}`);
  await oneRound(server, size, 999, adminBrowser);
  for (const [job, aheadMs] of [
    ['unpaid-orders', DAY + 120_000],
    ['proof-reminders', 5 * DAY],
    ['mail', 0],
    ['expired', 0],
  ])
    await drain(server.side, job, aheadMs);
  await oneRound(server, size, 998, adminBrowser);
  return { server, size, adminBrowser, samples: {} };
}

async function main() {
  const { ferret } = await startDatabase('shop-bench-growth-', 'growth');
  console.log(
    `Growth: every call on a shop of ${sizes[0]} and of ${sizes[1]} customers; ${reps} rounds each; FerretDB (SQLite); loopback; ${new Date().toISOString()}\n`,
  );
  // Both shops are served at once and their rounds taken in turns (ABBA), so other work on the
  // machine slows both alike and the ratio of their medians is the data's doing.
  const results = [];
  for (const size of sizes) results.push(await openShop(ferret.uri, size));
  const loads = [os.loadavg()[0]];
  for (let round = 0; round < reps; round++) {
    for (const shop of round % 2 ? [...results].reverse() : results) {
      const times = await oneRound(shop.server, shop.size, round, shop.adminBrowser);
      for (const [name, ms] of Object.entries(times)) (shop.samples[name] ??= []).push(ms);
    }
  }
  loads.push(os.loadavg()[0]);
  for (const shop of results) await shop.server.stop();
  const [small, large] = results.map((r) => r.samples);
  const rows = calls.map(({ name }) => {
    const [a, b] = [quantile(small[name], 0.5), quantile(large[name], 0.5)];
    return {
      call: name,
      [`${sizes[0]} p50`]: Number(a.toFixed(1)),
      [`${sizes[0]} p95`]: Number(quantile(small[name], 0.95).toFixed(1)),
      [`${sizes[1]} p50`]: Number(b.toFixed(1)),
      [`${sizes[1]} p95`]: Number(quantile(large[name], 0.95).toFixed(1)),
      ratio: Number((b / a).toFixed(2)),
    };
  });
  console.table(rows);
  const over = rows.filter((row) => row.ratio > 1.5);
  const slow = rows.filter((row) => row.call.startsWith('admin') && row[`${sizes[1]} p50`] > 20);
  console.log(`over 1.5x: ${over.map((row) => row.call).join(', ') || 'none'}`);
  console.log(
    `admin calls over 20 ms at ${sizes[1]}: ${slow.map((row) => row.call).join(', ') || 'none'}`,
  );
  console.log(
    `load average (1 min) before and after the rounds: ${loads.map((load) => load.toFixed(1)).join(', ')}`,
  );
}

try {
  await main();
} finally {
  await cleanUp();
}
