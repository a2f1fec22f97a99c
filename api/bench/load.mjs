// npm run bench:load: mixed shopper traffic against two API processes on one database, behind the
// shell's own forwarding (shell/server.mjs, round robin over API_URL's two replicas), at 10, 50 and 200
// connections (LOAD_STEPS), LOAD_SECONDS (10) of shop traffic per step. First, while the shop is still
// quiet, LOAD_BARE_SECONDS (4) per step on a bare Express route behind an identical forwarding, so
// every figure is also a ratio to that route measured in the same run. A shopper is a fresh guest:
// read the cart, add a label, read it again, one in three applies a code limited to LOAD_CODE_LIMIT
// (40) uses, place the order, pay with the sandbox's approving nonce. The APIs send their mail to a
// local mail server that takes it. Afterwards the database itself is checked: order numbers unique
// and consecutive, one charge per paid order and none for any other, the code's uses equal to the
// paid orders that carry it and within its limit, a confirmation queued for each paid order, and no
// 5xx answer. Each shopper checks out under a name and an email of their own (bench/lib.mjs,
// shopperInfo); LOAD_ONE_SHOPPER=1 puts every order under one name and email, as the bench did before
// (every order then joins the same search lists: api/README.md, "Load"). Prints each process's share of the processors per step, and the shop's processor
// time per paid order (its processes' time over the step's paid orders, to set beside bench:calls).
// Starts its own FerretDB, APIs, mail server and forwarders on free ports in a temporary folder;
// stops all of it. Exits 1 when an invariant fails. Not part of npm test (it measures; the machine decides the figures).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/ports.mjs';
import {
  addressOf,
  apiDir,
  cleanUp,
  cleanups,
  customerInfo,
  label,
  shopperInfo,
  newSessionId,
  checkoutApiEnv,
  countingProxy,
  processorMs,
  productionServerArgs,
  startDatabase,
  startMailSink,
  stopChild,
  waitForAnswer,
} from './lib.mjs';

/** The API as `npm start` runs it: dist/server.js, built now. */
const serverArgs = productionServerArgs();
/**
 * Node's own options for the API processes, say `--cpu-prof --cpu-prof-dir=/tmp/profiles` to see
 * where their time goes under the load (NODE_OPTIONS refuses the profiler's flags).
 */
const nodeArgs = (process.env.LOAD_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
const root = path.resolve(apiDir, '..');
const steps = (process.env.LOAD_STEPS ?? '10,50,200').split(',').map(Number);
const seconds = Number(process.env.LOAD_SECONDS ?? 10);
const bareSeconds = Number(process.env.LOAD_BARE_SECONDS ?? 4);
const codeLimit = Number(process.env.LOAD_CODE_LIMIT ?? 40);
const oneShopper = process.env.LOAD_ONE_SHOPPER === '1';
if (!steps.every((n) => n >= 1 && n <= 500)) throw new Error('LOAD_STEPS: 1 to 500 each');
if (!(seconds > 0 && seconds <= 120)) throw new Error('LOAD_SECONDS must be 1 to 120');
if (!(bareSeconds > 0 && bareSeconds <= 60)) throw new Error('LOAD_BARE_SECONDS must be 1 to 60');
const require = createRequire(path.join(apiDir, 'package.json'));
const { MongoClient, ObjectId } = require('mongodb');

const CODE = 'LOAD40';

/** The API processes' error log lines (pino JSON, level 50 and up), kept to explain any 5xx. */
const apiErrorLines = [];

function startChild(args, env, cwd, { captureErrors = false } = {}) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    // LOAD_LOG_LEVEL (say info) shows the APIs' log lines; otherwise their errors are kept quietly.
    stdio: [
      'ignore',
      process.env.LOAD_LOG_LEVEL ? 'inherit' : captureErrors ? 'pipe' : 'ignore',
      'inherit',
    ],
  });
  if (child.stdout) {
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines)
        if (line.trim() && apiErrorLines.length < 500) apiErrorLines.push(line);
    });
  }
  cleanups.push(() => stopChild(child));
  return child;
}

async function startApi(mongodbUri, uploadDir, mailUrl) {
  const port = await freePort();
  const child = startChild(
    [...nodeArgs, ...serverArgs],
    {
      ...checkoutApiEnv(mongodbUri, uploadDir, port, process.env.LOAD_LOG_LEVEL ?? 'error'),
      MAIL_URL: mailUrl,
    },
    apiDir,
    { captureErrors: true },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${base}/api/health`, child, 'An API process', 90_000);
  return { base, child };
}

/** This process's processor time so far, in ms. */
const ownProcessorMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The shell's own server, forwarding /api to these origins in turn; X-Forwarded-For of one hop. */
async function startShell(apiUrls) {
  const port = await freePort();
  const child = startChild(
    ['shell/server.mjs'],
    { SHELL_PORT: String(port), API_URL: apiUrls.join(','), TRUST_PROXY_HOPS: '1' },
    root,
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${base}/config.json`, child, 'The shell server', 90_000);
  return { base, child };
}

/** The bare route: one Express app answering JSON, in its own process like an API replica. */
async function startBare() {
  // In this process the client would share its event loop with the route; a child keeps them apart.
  const port = await freePort();
  const child = startChild(
    [
      '--input-type=module',
      '-e',
      `import express from 'express';
       const app = express(); app.disable('x-powered-by');
       app.get('/api/bare', (_req, res) => res.json({ ok: true }));
       app.get('/api/health', (_req, res) => res.json({ ok: true }));
       app.listen(${port}, '127.0.0.1');`,
    ],
    {},
    apiDir,
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${base}/api/health`, child, 'The bare route', 90_000);
  return { base, child };
}

const statuses = new Map();
/** The server errors, as answered, to say what failed: counted by kind, the first 30 kept whole. */
const serverErrors = new Map();
const serverErrorSamples = [];
function count(status, route, answer) {
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (status < 500) return;
  const why = answer.failure ?? answer.body?.message ?? answer.text?.slice(0, 200) ?? 'no answer';
  const key = `${status} ${route.split('?')[0]}: ${why}`;
  serverErrors.set(key, (serverErrors.get(key) ?? 0) + 1);
  if (serverErrorSamples.length < 30)
    serverErrorSamples.push({
      at: new Date().toISOString(),
      status,
      route,
      requestId: answer.requestId ?? null,
      body: answer.text?.slice(0, 500) ?? null,
      failure: answer.failure ?? null,
    });
}

/**
 * Keeps connections open between calls, as a browser does, one per shopper loop at most. node:http
 * rather than fetch: fetch cost the bench about three times the processor time per call (80% of a
 * core for 1,300 calls a second of the bare route), time the machine's two cores then lacked for
 * the servers it measures.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** One HTTP call: its status, headers and body as text; rejects when no answer came. */
function send(url, method, headers, payload) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

async function call(base, method, route, sessionId, body, samples) {
  const headers = { 'x-session-id': sessionId, 'x-forwarded-for': addressOf(sessionId) };
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  const started = performance.now();
  let status = 0;
  let parsed;
  let text;
  let requestId;
  let failure;
  try {
    const response = await send(`${base}${route}`, method, headers, payload);
    status = response.status;
    requestId = response.headers['x-request-id'] ?? undefined;
    text = response.text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      failure = 'an answer that is not JSON'; // a proxy's error page, say
    }
  } catch (error) {
    status = 599; // no answer at all (connection refused or reset): counted with the 5xx
    failure = `no answer: ${error?.code ?? ''} ${error?.message ?? error}`;
  }
  samples.push(performance.now() - started);
  count(status, `${method} ${route}`, { body: parsed, text, requestId, failure });
  return { status, body: parsed };
}

/** One shopper after another on each of `connections` loops until the time is up. */
async function shopTraffic(base, connections, durationMs, samples, outcomes) {
  const until = performance.now() + durationMs;
  let shoppers = 0;
  // Bounded in time: past the deadline no call starts (a shopper stops between steps).
  const late = () => performance.now() >= until;
  const loop = async () => {
    while (!late()) {
      const sessionId = newSessionId();
      const shopper = shoppers++;
      const useCode = shopper % 3 === 0;
      const info = oneShopper ? customerInfo : shopperInfo(shopper);
      await call(base, 'GET', '/api/cart?zipCode=60601', sessionId, undefined, samples.cartRead);
      const added = await call(base, 'POST', '/api/cart', sessionId, label, samples.cartAdd);
      if (added.status !== 201 || late()) continue;
      await call(base, 'GET', '/api/cart?zipCode=60601', sessionId, undefined, samples.cartRead);
      if (useCode && !late())
        await call(
          base,
          'POST',
          '/api/cart/session',
          sessionId,
          { discountCode: CODE },
          samples.applyCode,
        );
      if (late()) continue;
      const order = await call(
        base,
        'POST',
        '/api/orders',
        sessionId,
        { customerInfo: info },
        samples.createOrder,
      );
      if (order.status !== 201) {
        outcomes.orderRefused += 1;
        continue;
      }
      if (late()) continue;
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
  };
  await Promise.all(Array.from({ length: connections }, loop));
}

async function bareTraffic(base, connections, durationMs, samples) {
  const until = performance.now() + durationMs;
  const loop = async () => {
    while (performance.now() < until)
      await call(base, 'GET', '/api/bare', newSessionId(), undefined, samples);
  };
  await Promise.all(Array.from({ length: connections }, loop));
}

/** The database calls of a step per paid order: in all, and by command and collection. */
function printCallsPerOrder(counts, paid) {
  const perOrder = (n) => (n / Math.max(1, paid)).toFixed(2);
  const all = [...counts.values()].reduce((sum, n) => sum + n, 0);
  console.log(`database calls per paid order: ${perOrder(all)}`);
  for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1]))
    console.log(`  ${perOrder(n).padStart(6)}  ${key}`);
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
function summary(samples, ms) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: samples.length,
    rps: samples.length / (ms / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

async function seedCode(uri) {
  const client = new MongoClient(uri);
  await client.connect();
  try {
    const db = client.db();
    const _id = new ObjectId();
    const now = new Date();
    await db.collection('discount_codes').insertOne({
      _id,
      code: CODE,
      type: 'percentage',
      percentOff: 10,
      amountOffCents: null,
      minimumOrderCents: 0,
      usageLimit: codeLimit,
      expiresAt: null,
      isActive: true,
      description: 'load bench',
      createdAt: now,
      updatedAt: now,
    });
    await db.collection('discount_code_keys').insertOne({ _id: CODE, discountId: _id });
    return _id.toString();
  } finally {
    await client.close();
  }
}

/** The invariants, read from the database after the traffic. */
async function checkInvariants(uri, codeId) {
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
    const paidNumbers = paid.map((o) => o.orderNumber);
    const charges = await db.collection('sandbox_payments').find({}).toArray();
    const chargesByOrder = new Map();
    for (const charge of charges) chargesByOrder.set(charge._id, charge);
    const uses = await db
      .collection('discount_uses')
      .find({}, { projection: { _id: 1 } })
      .toArray();
    const taken = uses.filter((u) => u._id.startsWith(`${codeId}:t:`)).length;
    const released = uses.filter((u) => u._id.startsWith(`${codeId}:r:`)).length;
    const timesUsed = taken - released;
    const paidWithCode = paid.filter((o) => o.discountCode === CODE).length;
    // Each paid order's confirmation is queued once (its key is unique); how many went out so far.
    const confirmations = await db
      .collection('outbox')
      .find({ kind: 'order_confirmation' }, { projection: { key: 1, sentAt: 1 } })
      .toArray();
    const confirmed = new Set(confirmations.map((m) => m.key));
    const sent = confirmations.filter((m) => m.sentAt).length;
    const serverErrors = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    const checks = [
      [
        'order numbers unique',
        new Set(numbers).size === numbers.length,
        `${new Set(numbers).size} distinct of ${numbers.length}`,
      ],
      [
        'order numbers without gaps',
        numbers.every((n, i) => n === numbers[0] + i),
        `${numbers[0]}..${numbers.at(-1)} (${numbers.length} orders, ${paid.length} paid)`,
      ],
      [
        'paid order numbers unique',
        new Set(paidNumbers).size === paidNumbers.length,
        `${paidNumbers.length} paid`,
      ],
      [
        'one charge per paid order, none for any other',
        charges.length === paid.length &&
          paid.every((o) => chargesByOrder.get(o._id.toString())?.paymentId === o.paymentId),
        `${charges.length} charges, ${paid.length} paid orders`,
      ],
      [
        'timesUsed = paid orders with the code, within its limit',
        timesUsed === paidWithCode && timesUsed <= codeLimit,
        `timesUsed ${timesUsed}, paid with ${CODE} ${paidWithCode}, limit ${codeLimit}`,
      ],
      [
        'a confirmation queued once for each paid order',
        confirmations.length === paid.length &&
          paid.every((o) => confirmed.has(`order_confirmation:${o._id.toString()}`)),
        `${confirmations.length} confirmations for ${paid.length} paid orders, ${sent} sent by the mail worker so far`,
      ],
      ['no 5xx', serverErrors === 0, `${serverErrors} answers 5xx or none`],
    ];
    return checks;
  } finally {
    await client.close();
  }
}

async function main() {
  const { dataDir, ferret } = await startDatabase('shop-bench-load-', 'bench_load');
  const codeId = await seedCode(ferret.uri);
  const mail = await startMailSink();
  // LOAD_COUNT_CALLS=1: the APIs reach the database through a counting forwarder (it costs the
  // bench's own process some time), and each step prints the database calls per paid order.
  const counter = process.env.LOAD_COUNT_CALLS ? await countingProxy(ferret.uri) : null;
  const apis = [];
  for (let i = 0; i < 2; i++)
    apis.push(await startApi(counter?.uri ?? ferret.uri, path.join(dataDir, 'uploads'), mail.url));
  const { base: shell, child: forwarder } = await startShell(apis.map((api) => api.base));
  const bareRoute = await startBare();
  const { base: bare, child: bareForwarder } = await startShell([bareRoute.base]);
  // Who used the machine's processors during each step, in % of one core.
  const processes = [
    ['database', () => processorMs(ferret.process.pid)],
    ...apis.map((api, i) => [`API ${i + 1}`, () => processorMs(api.child.pid)]),
    ['forwarder', () => processorMs(forwarder.pid)],
    ['mail server', () => processorMs(mail.child.pid)],
    [
      'bare route and its forwarder',
      () => processorMs(bareRoute.child.pid) + processorMs(bareForwarder.pid),
    ],
    ['load generator', ownProcessorMs],
  ];
  const shares = [];
  const measure = async (connections, step, traffic) => {
    const usedBefore = processes.map(([, used]) => used());
    const started = performance.now();
    await traffic();
    const ms = performance.now() - started;
    shares.push({
      conns: connections,
      step,
      ...Object.fromEntries(
        processes.map(([name, used], i) => [
          `${name} %`,
          Math.round(((used() - usedBefore[i]) / ms) * 100),
        ]),
      ),
    });
    return ms;
  };

  console.log(
    `Load: mixed shopper traffic, two API processes on one FerretDB (SQLite) behind the shell's round-robin forwarding, mail to a local server; ${oneShopper ? 'every order under one name and email' : 'each shopper under a name and email of their own'}; ${seconds}s per step; first ${bareSeconds}s per step on a bare Express route behind the same forwarding while the shop is quiet; loopback, ${os.cpus().length} cores\n`,
  );
  // The bare route first, at every step, before any shopper: measured after the shop's traffic, it
  // shared the processors with the work that traffic left behind (the mail worker's messages), and
  // the floor the shop is compared with was raised by the shop itself.
  await bareTraffic(bare, 4, 1000, []);
  const bareStats = new Map();
  const bareLoad = new Map();
  for (const connections of steps) {
    bareLoad.set(connections, os.loadavg()[0].toFixed(1));
    const bareSamples = [];
    const ms = await measure(connections, 'bare route', () =>
      bareTraffic(bare, connections, bareSeconds * 1000, bareSamples),
    );
    bareStats.set(connections, summary(bareSamples, ms));
  }
  // Warm-up, not measured: the first calls create indexes and fill the processes' caches.
  const warm = { cartRead: [], cartAdd: [], applyCode: [], createOrder: [], pay: [] };
  await shopTraffic(shell, 4, 3000, warm, { paid: 0, orderRefused: 0, payRefused: 0 });
  const rows = [];
  const totals = { paid: 0, orderRefused: 0, payRefused: 0 };
  for (const connections of steps) {
    const load = os.loadavg()[0].toFixed(1);
    const bareOfStep = bareStats.get(connections);
    const samples = { cartRead: [], cartAdd: [], applyCode: [], createOrder: [], pay: [] };
    const outcomes = { paid: 0, orderRefused: 0, payRefused: 0 };
    counter?.reset();
    const shopMs = await measure(connections, 'shop calls', () =>
      shopTraffic(shell, connections, seconds * 1000, samples, outcomes),
    );
    for (const key of Object.keys(totals)) totals[key] += outcomes[key];
    if (counter) printCallsPerOrder(counter.counts, outcomes.paid);
    const all = Object.values(samples).flat();
    const row = (step, stats, stepLoad = load) => ({
      conns: connections,
      step,
      'req/s': Math.round(stats.rps),
      'p50 ms': Number(stats.p50.toFixed(1)),
      'p99 ms': Number(stats.p99.toFixed(1)),
      'p50 x bare': Number((stats.p50 / bareOfStep.p50).toFixed(1)),
      'p99 x bare': Number((stats.p99 / bareOfStep.p99).toFixed(1)),
      load: stepLoad,
    });
    rows.push(row('bare route', bareOfStep, bareLoad.get(connections)));
    rows.push(row('all shop calls', summary(all, shopMs)));
    rows.push(row('GET /api/cart', summary(samples.cartRead, shopMs)));
    rows.push(row('POST /api/cart', summary(samples.cartAdd, shopMs)));
    rows.push(row('POST /api/cart/session', summary(samples.applyCode, shopMs)));
    rows.push(row('POST /api/orders', summary(samples.createOrder, shopMs)));
    rows.push(row('POST /api/payment/complete', summary(samples.pay, shopMs)));
    // The shop's processes' processor time (all but the bare route's and the load generator's)
    // over the orders paid: the work a paid order costs under the crowd, to set beside bench:calls.
    const shopShare = Object.entries(shares.at(-1))
      .filter(([name]) => name.endsWith(' %') && !/^(bare|load generator)/.test(name))
      .reduce((sum, [, percent]) => sum + percent, 0);
    const perOrder = (shopShare / 100) * (shopMs / Math.max(1, outcomes.paid));
    console.log(
      `${connections} connections: ${outcomes.paid} orders paid in ${(shopMs / 1000).toFixed(1)}s (${(outcomes.paid / (shopMs / 1000)).toFixed(1)}/s), ${outcomes.orderRefused} orders and ${outcomes.payRefused} payments refused; the shop's processes' processor time ${perOrder.toFixed(0)} ms per paid order; load average ${load}`,
    );
  }
  console.table(rows);
  console.log(`Processor time during each step, % of one core (${os.cpus().length} cores):`);
  console.table(shares);
  console.log(
    'statuses:',
    Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    `(req/s of a step: its calls in the step's time; "x bare": the same percentile of the bare route at the same connections)`,
  );
  if (serverErrors.size) {
    console.log('server errors:', Object.fromEntries(serverErrors));
    // Each answer as it came, and what the API processes logged for it (matched by request id).
    for (const sample of serverErrorSamples) {
      const logged = sample.requestId
        ? apiErrorLines.filter((line) => line.includes(sample.requestId))
        : [];
      console.log(JSON.stringify(sample));
      for (const line of logged) console.log(`  API log: ${line.slice(0, 2000)}`);
    }
    const unmatched = apiErrorLines.filter(
      (line) => !serverErrorSamples.some((s) => s.requestId && line.includes(s.requestId)),
    );
    if (unmatched.length)
      console.log(
        `API error log (${unmatched.length} more lines):\n${unmatched.slice(0, 20).join('\n')}`,
      );
  }
  const checks = await checkInvariants(ferret.uri, codeId);
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
