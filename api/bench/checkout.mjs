// npm run bench:checkout -w api: checkout throughput, in orders per second, where one order is
// POST /api/orders (the server prices the cart, takes an order number) followed by
// POST /api/payment/complete with the sandbox's approving test nonce (claim, charge, mark paid, empty
// the cart). Loopback only and bounded in time: it starts its own FerretDB (free port, temporary folder)
// and the API as `npm start` runs it (dist/server.js, built first; production settings, sandbox
// payments, mail to a local server that takes it), then works in rounds: fill BENCH_BATCH carts (50, one label each; not timed), then
// BENCH_CONNECTIONS shoppers (10) check them out and pay (timed), until BENCH_SECONDS (10) of
// checkout time are measured. Rounds keep the carts few, as in a shop where paid carts are emptied
// (every cart call finds its cart by _id, so their number does not change the figures: bench:growth).
// Stops everything it started.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort } from '../../scripts/lib/ports.mjs';
import {
  addressOf,
  apiDir,
  cleanUp,
  cleanups,
  customerInfo,
  label,
  newSessionId,
  checkoutApiEnv,
  productionServerArgs,
  startDatabase,
  startMailSink,
  stopChild,
  waitForAnswer,
} from './lib.mjs';

/** The API as `npm start` runs it: dist/server.js, built now. */
const serverArgs = productionServerArgs();
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const batch = Number(process.env.BENCH_BATCH ?? 50);
if (!(seconds > 0 && seconds <= 60)) throw new Error('BENCH_SECONDS must be between 1 and 60');
if (!(connections >= 1 && connections <= 200))
  throw new Error('BENCH_CONNECTIONS must be 1 to 200');
if (!(batch >= 1 && batch <= 1000)) throw new Error('BENCH_BATCH must be 1 to 1000');

async function startApi(mongodbUri, uploadDir, mailUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, serverArgs, {
    cwd: apiDir,
    env: {
      ...process.env,
      ...checkoutApiEnv(mongodbUri, uploadDir, port, process.env.BENCH_LOG_LEVEL ?? 'silent'),
      MAIL_URL: mailUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  cleanups.push(() => stopChild(child));
  const base = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${base}/api/health`, child, 'The API', 60_000);
  return base;
}

async function post(base, route, sessionId, body) {
  const response = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-session-id': sessionId,
      'x-forwarded-for': addressOf(sessionId),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Runs task over items with `parallel` workers; resolves when all are done. */
async function inParallel(items, parallel, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const { dataDir, ferret } = await startDatabase('shop-bench-checkout-', 'bench_checkout');
  // The payments' mail goes to a server that takes it, as in a running shop (not retried meanwhile).
  const mail = await startMailSink();
  const base = await startApi(ferret.uri, path.join(dataDir, 'uploads'), mail.url);

  console.log(
    `Checkout: ${connections} concurrent shoppers, ${seconds}s of checkout time in rounds of ${batch} carts, loopback; FerretDB (SQLite) database; sandbox payments\n`,
  );
  const created = [];
  const paid = [];
  const both = [];
  const failures = new Map();
  const orderNumbers = [];
  const fail = (what) => failures.set(what, (failures.get(what) ?? 0) + 1);
  let measuredMs = 0;
  let rounds = 0;
  const wallDeadline = performance.now() + Math.max(60_000, seconds * 6_000);
  while (measuredMs < seconds * 1000 && performance.now() < wallDeadline) {
    rounds += 1;
    const sessions = Array.from({ length: batch }, newSessionId);
    await inParallel(sessions, Math.min(connections, 20), async (sessionId) => {
      const added = await post(base, '/api/cart', sessionId, label);
      if (added.status !== 201) throw new Error(`Filling a cart failed: ${added.status}`);
    });
    const roundStarted = performance.now();
    await inParallel(sessions, connections, async (sessionId) => {
      const t0 = performance.now();
      const order = await post(base, '/api/orders', sessionId, { customerInfo });
      const t1 = performance.now();
      if (order.status !== 201) return fail(`POST /api/orders ${order.status}`);
      const payment = await post(base, '/api/payment/complete', sessionId, {
        orderId: order.body.orderId,
        paymentId: 'cnon:card-nonce-ok',
        customerName: 'Ann Lee',
        customerEmail: 'ann@example.com',
      });
      const t2 = performance.now();
      if (payment.status !== 200) return fail(`POST /api/payment/complete ${payment.status}`);
      created.push(t1 - t0);
      paid.push(t2 - t1);
      both.push(t2 - t0);
      orderNumbers.push(order.body.orderNumber);
    });
    measuredMs += performance.now() - roundStarted;
  }
  const measuredSeconds = measuredMs / 1000;

  const rows = [
    ['POST /api/orders', created],
    ['POST /api/payment/complete', paid],
    ['create + pay', both],
  ].map(([step, samples]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      step,
      count: samples.length,
      'p50 ms': Math.round(percentile(sorted, 50)),
      'p99 ms': Math.round(percentile(sorted, 99)),
    };
  });
  console.table(rows);

  const distinct = new Set(orderNumbers).size;
  const sortedNumbers = [...orderNumbers].sort((a, b) => a - b);
  const consecutive = sortedNumbers.every((number, index) => number === sortedNumbers[0] + index);
  console.log(
    `order numbers: ${distinct} distinct of ${orderNumbers.length}, ${consecutive ? 'consecutive' : 'NOT consecutive'} (${sortedNumbers[0]}..${sortedNumbers.at(-1)})`,
  );
  if (failures.size) console.log('failures:', Object.fromEntries(failures));

  const { MongoClient } = createRequire(path.join(apiDir, 'package.json'))('mongodb');
  const client = new MongoClient(ferret.uri);
  try {
    await client.connect();
    const paidInDb = await client
      .db()
      .collection('orders')
      .countDocuments({ paymentStatus: 'paid' });
    console.log(`paid orders in the database: ${paidInDb}`);
  } finally {
    await client.close();
  }

  console.log(
    `\nCheckout throughput: ${(both.length / measuredSeconds).toFixed(1)} orders/s (create + pay), ${both.length} orders in ${measuredSeconds.toFixed(1)}s of checkout time (${rounds} rounds of ${batch})`,
  );
  if (failures.size || distinct !== orderNumbers.length || !consecutive) process.exitCode = 1;
}

try {
  await main();
} finally {
  await cleanUp();
}
