// npm run bench:load: shopper traffic against two API processes on one database, behind the shell's
// forwarding (shell/server.mjs, round robin over the two), all built and run as npm start runs them.
// A shopper is a fresh guest: read the cart, add a label, read it again, one in three applies a code
// limited to LOAD_CODE_LIMIT (40) uses, place the order, pay with the sandbox's approving nonce.
//   0. Warm-up, not measured: LOAD_WARMUP_SECONDS (30) of shoppers at 50 connections, so the figures
//      are a running shop's (each process has compiled its hot code); the code is made after it.
//   1. Capacity, closed loop: LOAD_STEPS (10,50,200) connections, each a shopper after another, for
//      LOAD_SECONDS (10) per step: paid orders per second, latency per call, the shop's processor
//      time per paid order (database, APIs, shell; their mail included), how long after the traffic
//      their last message was sent. The capacity is the best step's paid orders/s.
//   2. Open loop at LOAD_RATE paid orders per second (half the capacity): shoppers arrive on a fixed
//      schedule whether or not earlier ones are answered, for LOAD_OPEN_SECONDS (20); a shopper's first
//      call is timed from its scheduled arrival, so waiting to be served counts. Before it, the bare
//      route (an Express app answering JSON, behind the same forwarding) at the same rate of requests.
//      Goal: create-order p99 at most 10x the bare route's p99.
// Then the database is checked: order numbers unique and consecutive, one charge per paid order, the
// code's timesUsed equal to the paid orders using it and within its limit, one confirmation per paid
// order, no 5xx. LOAD_COUNT_CALLS=1 sends the APIs' database traffic through a counting forwarder and
// prints the database commands per paid order, by command and collection, per step. Exits 1 when an
// invariant fails. Starts everything on free ports in a temporary folder and stops it all.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buildStale } from '../../scripts/lib/build.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import {
  addressOf,
  apiDir,
  checkoutApiEnv,
  cleanUp,
  cleanups,
  countingProxy,
  label,
  newSessionId,
  processorMs,
  shopperInfo,
  startDatabase,
  startMailSink,
  stopChild,
  waitForAnswer,
} from './lib.mjs';

const steps = (process.env.LOAD_STEPS ?? '10,50,200').split(',').map(Number);
const seconds = Number(process.env.LOAD_SECONDS ?? 10);
const openSeconds = Number(process.env.LOAD_OPEN_SECONDS ?? 20);
const warmUpSeconds = Number(process.env.LOAD_WARMUP_SECONDS ?? 30);
const fixedRate = process.env.LOAD_RATE ? Number(process.env.LOAD_RATE) : null;
const codeLimit = Number(process.env.LOAD_CODE_LIMIT ?? 40);
if (!steps.every((n) => n >= 1 && n <= 500)) throw new Error('LOAD_STEPS: 1 to 500 each');
if (!(seconds > 0 && seconds <= 120)) throw new Error('LOAD_SECONDS must be 1 to 120');
if (!(openSeconds > 0 && openSeconds <= 300)) throw new Error('LOAD_OPEN_SECONDS: 1 to 300');
if (!(warmUpSeconds >= 1 && warmUpSeconds <= 300)) throw new Error('LOAD_WARMUP_SECONDS: 1 to 300');
const root = path.resolve(apiDir, '..');
const { MongoClient } = createRequire(path.join(apiDir, 'package.json'))('mongodb');

const CODE = 'LOAD40';
/** Calls per shopper: two cart reads, an add, the code for one in three, placing, paying. */
const CALLS_PER_SHOPPER = 5 + 1 / 3;
const ADMIN_SECRET = checkoutApiEnv('', '', 0, '').ADMIN_SECRET;

function startChild(args, env, cwd) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', process.env.LOAD_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
  });
  cleanups.push(() => stopChild(child));
  return child;
}

async function startApi(mongodbUri, uploadDir, mailUrl) {
  const port = await freePort();
  const env = checkoutApiEnv(mongodbUri, uploadDir, port, process.env.LOAD_LOG_LEVEL ?? 'error');
  const child = startChild(['api/dist/server.js'], { ...env, MAIL_URL: mailUrl }, root);
  await waitForAnswer(`http://127.0.0.1:${port}/api/health`, child, 'An API process', 90_000);
  return { base: `http://127.0.0.1:${port}`, child };
}

/** The shell's server forwarding /api to these origins in turn, believing one proxy hop (ours). */
async function startShell(apiUrls) {
  const port = await freePort();
  const env = { SHELL_PORT: String(port), API_URL: apiUrls.join(','), TRUST_PROXY_HOPS: '1' };
  const child = startChild(['shell/server.mjs'], env, root);
  await waitForAnswer(`http://127.0.0.1:${port}/config.json`, child, 'The shell', 90_000);
  return { base: `http://127.0.0.1:${port}`, child };
}

/** The bare route: one Express app answering JSON, in a process of its own like an API replica. */
async function startBare() {
  const port = await freePort();
  const app = `import express from 'express';
    const app = express(); app.disable('x-powered-by');
    app.get('/api/bare', (_req, res) => res.json({ ok: true }));
    app.get('/api/health', (_req, res) => res.json({ ok: true }));
    app.listen(${port}, '127.0.0.1');`;
  const child = startChild(['--input-type=module', '-e', app], {}, apiDir);
  await waitForAnswer(`http://127.0.0.1:${port}/api/health`, child, 'The bare route', 90_000);
  return { base: `http://127.0.0.1:${port}`, child };
}

// node:http with kept-alive connections: fetch costs the load generator about three times the
// processor time per call, which the two cores lack for the servers measured.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const statuses = new Map();
const serverErrors = new Map();

/** One call; its time from `startedAt` (its scheduled start) goes into `samples`. */
function call(base, method, route, sessionId, body, samples, startedAt = performance.now()) {
  const headers = { 'x-session-id': sessionId, 'x-forwarded-for': addressOf(sessionId) };
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve) => {
    const done = (status, text, failure) => {
      samples?.push(performance.now() - startedAt);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500) {
        const why = `${status} ${method} ${route.split('?')[0]}: ${failure ?? text.slice(0, 200)}`;
        serverErrors.set(why, (serverErrors.get(why) ?? 0) + 1);
      }
      let parsed;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      resolve({ status, body: parsed });
    };
    const request = http.request(`${base}${route}`, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => done(response.statusCode, Buffer.concat(chunks).toString('utf8')));
    });
    request.on('error', (error) => done(599, '', `no answer: ${error.code ?? error.message}`));
    request.end(payload);
  });
}

const newSamples = () => ({ cartRead: [], cartAdd: [], applyCode: [], createOrder: [], pay: [] });

/** One shopper from arrival to payment; `arrivedAt` times the first call (the open loop's schedule). */
async function shopper(base, n, samples, outcomes, arrivedAt = performance.now()) {
  const sessionId = newSessionId();
  const info = shopperInfo(n);
  const cart = '/api/cart?zipCode=60601';
  await call(base, 'GET', cart, sessionId, undefined, samples.cartRead, arrivedAt);
  const added = await call(base, 'POST', '/api/cart', sessionId, label, samples.cartAdd);
  if (added.status !== 201) return;
  await call(base, 'GET', cart, sessionId, undefined, samples.cartRead);
  if (n % 3 === 0)
    await call(
      base,
      'POST',
      '/api/cart/session',
      sessionId,
      { discountCode: CODE },
      samples.applyCode,
    );
  const order = await call(
    base,
    'POST',
    '/api/orders',
    sessionId,
    { customerInfo: info },
    samples.createOrder,
  );
  if (order.status !== 201) return void (outcomes.orderRefused += 1);
  const paid = await call(
    base,
    'POST',
    '/api/payment/complete',
    sessionId,
    {
      orderId: order.body.orderId,
      paymentId: 'cnon:card-nonce-ok',
      customerName: `${info.firstName} ${info.lastName}`,
      customerEmail: info.email,
    },
    samples.pay,
  );
  if (paid.status === 200) outcomes.paid += 1;
  else outcomes.payRefused += 1;
}

let shoppers = 0;

/** `connections` loops of one shopper after another until the time is up (the last ones finish). */
async function closedLoop(base, connections, ms, samples, outcomes) {
  const until = performance.now() + ms;
  const loop = async () => {
    while (performance.now() < until) await shopper(base, shoppers++, samples, outcomes);
  };
  await Promise.all(Array.from({ length: connections }, loop));
}

/** Starts `start(scheduledAt)` `rate` times a second for `ms`, never waiting for an answer. */
async function onSchedule(rate, ms, start) {
  const begin = performance.now();
  const running = [];
  for (let i = 0; i < rate * (ms / 1000); i++) {
    const due = begin + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    running.push(start(due));
  }
  await Promise.all(running);
}

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor((p / 100) * values.length))
  ] ?? 0;
const ms1 = (value) => Number(value.toFixed(1));

/** The commands of a step per paid order: in all, and by command and collection. */
function printCallsPerOrder(counts, paid) {
  const perOrder = (n) => (n / Math.max(1, paid)).toFixed(2);
  const all = [...counts.values()].reduce((sum, n) => sum + n, 0);
  console.log(`  database commands per paid order: ${perOrder(all)}`);
  for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1]))
    console.log(`    ${perOrder(n).padStart(6)}  ${key}`);
}

/**
 * Resolves once the mail server has taken nothing new for 6 s (the mail worker runs every 5 s), with
 * when it last took a message (to 200 ms; the call's own time if it took none).
 */
async function mailSettled(mail) {
  let [seen, quietSince] = [mail.received(), performance.now()];
  while (performance.now() - quietSince < 6_000) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (mail.received() !== seen) [seen, quietSince] = [mail.received(), performance.now()];
  }
  return quietSince;
}

/** An admin of the shop through the shell (register, then the admin secret), to make the code. */
async function adminCall(shell) {
  const sessionId = newSessionId();
  let cookie = '';
  const send = (method, route, body, extra = {}) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers = {
        'x-session-id': sessionId,
        'x-forwarded-for': addressOf(sessionId),
        'x-forwarded-proto': 'https', // the session cookie is Secure in production
        ...(payload ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...extra,
      };
      const request = http.request(`${shell}${route}`, { method, headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const setCookie = response.headers['set-cookie']?.[0];
          if (setCookie) cookie = setCookie.split(';')[0];
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode, body: text ? JSON.parse(text) : undefined });
        });
      });
      request.on('error', reject);
      request.end(payload);
    });
  const email = `load-admin-${sessionId.slice(-6)}@example.com`;
  const registered = await send('POST', '/api/auth/register', {
    email,
    password: 'load-admin-password',
    firstName: 'Load',
    lastName: 'Admin',
  });
  const granted = await send(
    'POST',
    '/api/admin/make-admin',
    { secret: ADMIN_SECRET },
    { authorization: `Bearer ${ADMIN_SECRET}` },
  );
  if (registered.status !== 201 || granted.status !== 200)
    throw new Error(`admin: ${registered.status} ${granted.status}`);
  return send;
}

async function createCode(admin) {
  const created = await admin('POST', '/api/admin/discount-codes', {
    code: CODE,
    type: 'percentage',
    value: 10,
    usageLimit: codeLimit,
  });
  if (created.status !== 201) throw new Error(`discount code: ${JSON.stringify(created)}`);
}

/** The invariants, read from the database (and the code's timesUsed from the admin's list). */
async function checkInvariants(uri, admin) {
  const client = new MongoClient(uri);
  await client.connect();
  try {
    const db = client.db();
    const orders = await db
      .collection('orders')
      .find({}, { projection: { orderNumber: 1, paymentStatus: 1, paymentId: 1, discountCode: 1 } })
      .toArray();
    const numbers = orders.map((o) => o.orderNumber).sort((a, b) => a - b);
    const paid = orders.filter((o) => o.paymentStatus === 'paid');
    const charges = new Map();
    for (const charge of await db.collection('sandbox_payments').find({}).toArray())
      charges.set(charge._id, charge);
    const listed = await admin('GET', '/api/admin/discount-codes');
    const timesUsed = listed.body.find((code) => code.code === CODE)?.timesUsed;
    const paidWithCode = paid.filter((o) => o.discountCode === CODE).length;
    const confirmations = await db
      .collection('outbox')
      .find({ kind: 'order_confirmation' }, { projection: { key: 1 } })
      .toArray();
    const confirmed = new Set(confirmations.map((m) => m.key));
    const fivexx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    return [
      [
        'order numbers unique',
        new Set(numbers).size === numbers.length,
        `${numbers.length} orders`,
      ],
      [
        'order numbers consecutive',
        numbers.every((n, i) => n === numbers[0] + i),
        `${numbers[0]}..${numbers.at(-1)}, ${paid.length} paid`,
      ],
      [
        'one charge per paid order, none for any other',
        charges.size === paid.length &&
          paid.every((o) => charges.get(o._id.toString())?.paymentId === o.paymentId),
        `${charges.size} charges`,
      ],
      [
        `${CODE}'s timesUsed = its paid orders, within its limit`,
        timesUsed === paidWithCode && timesUsed <= codeLimit,
        `timesUsed ${timesUsed}, paid orders with it ${paidWithCode}, limit ${codeLimit}`,
      ],
      [
        'one confirmation per paid order',
        confirmations.length === paid.length &&
          paid.every((o) => confirmed.has(`order_confirmation:${o._id.toString()}`)),
        `${confirmations.length} confirmations`,
      ],
      ['no 5xx', fivexx === 0, `${fivexx} answers 5xx or none`],
    ];
  } finally {
    await client.close();
  }
}

async function main() {
  buildStale(); // as npm start: the API's bundle and the shell's build
  const { dataDir, ferret } = await startDatabase('shop-bench-load-', 'bench_load');
  const mail = await startMailSink();
  const counter = process.env.LOAD_COUNT_CALLS ? await countingProxy(ferret.uri) : null;
  const apis = [];
  for (let i = 0; i < 2; i++)
    apis.push(await startApi(counter?.uri ?? ferret.uri, path.join(dataDir, 'uploads'), mail.url));
  const shell = await startShell(apis.map((api) => api.base));
  const bareRoute = await startBare();
  const bareShell = await startShell([bareRoute.base]);
  const shop = [
    ['database', ferret.process],
    ...apis.map((api, i) => [`API ${i + 1}`, api.child]),
    ['shell', shell.child],
  ];
  const shopProcessorMs = () => shop.reduce((sum, [, child]) => sum + processorMs(child.pid), 0);
  const admin = await adminCall(shell.base);

  console.log(
    `Load: two API processes on FerretDB (SQLite) behind the shell's forwarding; ${os.cpus().length} cores; ${new Date().toISOString()}\n`,
  );
  // Warm-up, not measured: each process compiles its hot code as it runs it, so the first shoppers
  // cost more than a running shop's (docs/benchmarks.md, "Warm-up").
  await closedLoop(shell.base, 50, warmUpSeconds * 1000, newSamples(), {
    paid: 0,
    orderRefused: 0,
    payRefused: 0,
  });
  await mailSettled(mail);
  await createCode(admin);

  /** Runs traffic; the row of its figures. */
  const measure = async (name, traffic) => {
    const samples = newSamples();
    const outcomes = { paid: 0, orderRefused: 0, payRefused: 0 };
    const load = os.loadavg()[0];
    counter?.reset();
    const used = shopProcessorMs();
    const started = performance.now();
    await traffic(samples, outcomes);
    const ms = performance.now() - started;
    // The orders' mail is part of their work: its processor time counts, and how long after the
    // traffic its last message was sent is shown (the mail worker runs every 5 s).
    const mailDone = (await mailSettled(mail)) - started - ms;
    const row = {
      traffic: name,
      'paid/s': Number((outcomes.paid / (ms / 1000)).toFixed(1)),
      'shop cpu ms/paid': Math.round((shopProcessorMs() - used) / Math.max(1, outcomes.paid)),
      'create p50': ms1(percentile(samples.createOrder, 50)),
      'create p99': ms1(percentile(samples.createOrder, 99)),
      'pay p99': ms1(percentile(samples.pay, 99)),
      'cart read p99': ms1(percentile(samples.cartRead, 99)),
      'mail after s': Number((Math.max(0, mailDone) / 1000).toFixed(1)),
      refused: outcomes.orderRefused + outcomes.payRefused,
      load: Number(load.toFixed(1)),
    };
    console.log(JSON.stringify(row));
    if (counter) printCallsPerOrder(counter.counts, outcomes.paid);
    return row;
  };

  const rows = [];
  for (const connections of steps)
    rows.push(
      await measure(`closed, ${connections} connections`, (samples, outcomes) =>
        closedLoop(shell.base, connections, seconds * 1000, samples, outcomes),
      ),
    );
  const capacity = Math.max(...rows.map((row) => row['paid/s']));
  const rate = fixedRate ?? capacity / 2;

  const bareRate = rate * CALLS_PER_SHOPPER;
  const bare = [];
  const bareLoad = os.loadavg()[0];
  await onSchedule(bareRate, openSeconds * 1000, (due) =>
    call(bareShell.base, 'GET', '/api/bare', newSessionId(), undefined, bare, due),
  );
  const open = await measure(`open, ${rate.toFixed(1)} shoppers/s`, (samples, outcomes) =>
    onSchedule(rate, openSeconds * 1000, (due) =>
      shopper(shell.base, shoppers++, samples, outcomes, due),
    ),
  );
  rows.push(open);
  console.table(rows);
  const bareP99 = percentile(bare, 99);
  console.log(
    `capacity: ${capacity} paid orders/s (best closed-loop step)\n` +
      `open loop at ${rate.toFixed(1)} shoppers/s: create-order p99 ${open['create p99']} ms; ` +
      `the bare route at ${bareRate.toFixed(0)} requests/s: p99 ${bareP99.toFixed(1)} ms ` +
      `(load ${bareLoad.toFixed(1)}); ratio ${(open['create p99'] / bareP99).toFixed(1)}x`,
  );
  console.log('statuses:', Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
  if (serverErrors.size) console.log('server errors:', Object.fromEntries(serverErrors));

  const checks = await checkInvariants(ferret.uri, admin);
  console.log('\nInvariants from the database:');
  for (const [name, ok, detail] of checks)
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
}

try {
  await main();
} finally {
  await cleanUp();
}
