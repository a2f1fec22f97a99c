// npm run bench:checkout -w @shop/api: the processor time one paid guest checkout costs the shop,
// read from outside its processes. Builds what is stale and starts the database, the API and the
// shell's server as npm start does (scripts/lib/stack.mjs: api/dist/server.js, shell/server.mjs;
// production settings, sandbox payments, mail to a local server that takes it). Then, through the
// shell, CHECKOUT_WARMUP (300) guest checkouts not measured, then CHECKOUT_N (200) measured, both
// CHECKOUT_CONCURRENCY (4) at a time, each adding a label, reading the cart, placing the order and
// paying with the sandbox's approving nonce; and waits until their mail (three messages each) has
// been sent. Each process's processor time (utime + stime of /proc/<pid>/stat, all its threads)
// before and after the measured ones: ms per checkout for the API, the database and the shell. Also
// counts the collections after the first checkout.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
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
  customerInfo,
  label,
  newSessionId,
  processorMs,
  startDatabase,
  startMailSink,
  stopChild,
  waitForAnswer,
} from './lib.mjs';

const count = Number(process.env.CHECKOUT_N ?? 200);
const concurrency = Number(process.env.CHECKOUT_CONCURRENCY ?? 4);
const warmUp = Number(process.env.CHECKOUT_WARMUP ?? 300);
if (!(count >= 10 && count <= 10_000)) throw new Error('CHECKOUT_N must be 10 to 10000');
if (!(concurrency >= 1 && concurrency <= 64)) throw new Error('CHECKOUT_CONCURRENCY: 1 to 64');
if (!(warmUp >= 1 && warmUp <= 10_000)) throw new Error('CHECKOUT_WARMUP must be 1 to 10000');
const root = path.resolve(apiDir, '..');
const MAILS_PER_ORDER = 3; // the proof, the confirmation, the shop's notice

function start(script, env, what, readyUrl) {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cleanups.push(() => stopChild(child));
  return waitForAnswer(readyUrl, child, what, 90_000).then(() => child);
}

async function call(base, method, route, sessionId, body) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      'x-session-id': sessionId,
      'x-forwarded-for': addressOf(sessionId),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** One guest checkout through the shell; throws on any unexpected answer. */
async function checkout(shell) {
  const sessionId = newSessionId();
  const added = await call(shell, 'POST', '/api/cart', sessionId, label);
  const cart = await call(shell, 'GET', '/api/cart?zipCode=60601', sessionId);
  const order = await call(shell, 'POST', '/api/orders', sessionId, { customerInfo });
  if (added.status !== 201 || cart.status !== 200 || order.status !== 201)
    throw new Error(`checkout: ${added.status} ${cart.status} ${order.status}`);
  const paid = await call(shell, 'POST', '/api/payment/complete', sessionId, {
    orderId: order.body.orderId,
    paymentId: 'cnon:card-nonce-ok',
    customerName: 'Ann Lee',
    customerEmail: customerInfo.email,
  });
  if (paid.status !== 200) throw new Error(`payment: ${paid.status}`);
}

async function checkouts(shell, n) {
  let next = 0;
  const worker = async () => {
    while (next++ < n) await checkout(shell);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Processor ms of each thread of a process (utime + stime of its tasks), by thread id. */
function threadsMs(pid) {
  const tids = readdirSync(`/proc/${pid}/task`);
  return new Map(tids.map((tid) => [tid, processorMs(`${pid}/task/${tid}`)]));
}

/** A thread's nice value (the 19th field of /proc/<pid>/task/<tid>/stat). */
function niceOf(task) {
  const stat = readFileSync(`/proc/${task}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** Waits until the mail server has taken `expected` messages (at most 3 minutes). */
async function mailSent(mail, expected) {
  const deadline = performance.now() + 180_000;
  while (mail.received() < expected) {
    if (performance.now() > deadline)
      throw new Error(`${mail.received()} of ${expected} messages sent after 3 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function main() {
  buildStale();
  const { dataDir, ferret } = await startDatabase('shop-bench-checkout-', 'engraved_shop');
  const mail = await startMailSink();
  const [apiPort, shellPort] = [await freePort(), await freePort()];
  const apiEnv = checkoutApiEnv(ferret.uri, path.join(dataDir, 'uploads'), apiPort, 'error');
  const api = await start(
    'api/dist/server.js',
    { ...apiEnv, MAIL_URL: mail.url },
    'The API',
    `http://127.0.0.1:${apiPort}/api/health`,
  );
  const shellEnv = {
    NODE_ENV: 'production',
    SHELL_PORT: String(shellPort),
    API_URL: `http://127.0.0.1:${apiPort}`,
    TRUST_PROXY_HOPS: '1', // the shoppers' own addresses (X-Forwarded-For) for the per-address limits
  };
  const shellChild = await start(
    'shell/server.mjs',
    shellEnv,
    'The shell',
    `http://127.0.0.1:${shellPort}/config.json`,
  );
  const shell = `http://127.0.0.1:${shellPort}`;

  await checkout(shell);
  const { MongoClient } = createRequire(path.join(apiDir, 'package.json'))('mongodb');
  const client = new MongoClient(ferret.uri);
  const collections = (await client.db().listCollections().toArray()).map((c) => c.name).sort();
  await client.close();
  console.log(
    `collections after start and one checkout: ${collections.length} (${collections.join(', ')})\n`,
  );

  const apiAtStart = new Set(threadsMs(api.pid).keys());
  // Not measured: the processes compile their hot code over the first few hundred checkouts, which
  // cost more than a running shop's (docs/benchmarks.md, "Warm-up").
  await checkouts(shell, warmUp - 1);
  await mailSent(mail, warmUp * MAILS_PER_ORDER);
  // The API's threads apart: its main thread (the requests), its jobs thread (src/jobs-worker.ts:
  // the mail; the one at the lowest priority when it answered), the threads started since (the
  // proof PDF worker), the others (garbage collection, I/O).
  const jobsThread = [...apiAtStart].find((tid) => niceOf(`${api.pid}/task/${tid}`) === 19);
  const apiThread = (which) => () => {
    const threads = [...threadsMs(api.pid)].filter(([tid]) => which(tid));
    return threads.reduce((sum, [, ms]) => sum + ms, 0);
  };
  const processes = [
    ['API', () => processorMs(api.pid)],
    ['  main thread', apiThread((tid) => tid === String(api.pid))],
    ['  jobs thread', apiThread((tid) => tid === jobsThread)],
    ['  PDF worker', apiThread((tid) => !apiAtStart.has(tid))],
    ['database', () => processorMs(ferret.process.pid)],
    ['shell', () => processorMs(shellChild.pid)],
  ];
  const before = processes.map(([, used]) => used());
  const load = os.loadavg()[0];
  const started = performance.now();
  await checkouts(shell, count);
  await mailSent(mail, (warmUp + count) * MAILS_PER_ORDER);
  const wall = performance.now() - started;
  const perCheckout = processes.map(([name, used], i) => [name, (used() - before[i]) / count]);
  const sum = perCheckout.reduce((total, [name, ms]) => total + (name.startsWith(' ') ? 0 : ms), 0);
  console.log(
    `${count} paid guest checkouts at concurrency ${concurrency}, through the shell, with their mail; ` +
      `${(wall / 1000).toFixed(1)} s; load average ${load.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after`,
  );
  console.table(
    Object.fromEntries(
      [...perCheckout, ['API + database + shell', sum]].map(([name, ms]) => [
        name,
        { 'processor ms per checkout': Number(ms.toFixed(1)) },
      ]),
    ),
  );
}

try {
  await main();
} finally {
  await cleanUp();
}
