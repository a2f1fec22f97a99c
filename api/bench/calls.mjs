// npm run bench:calls -w api: what each shopper call costs the machine, one call at a time. Starts its
// own FerretDB and one API process as `npm start` runs it (dist/server.js, built first; production
// settings, sandbox payments), then runs each step CALLS_N (300) times in a row, each for its own
// guest: read the empty cart, add a label, read the cart, place the order, the health check, pay
// the order; then waits for the mail the payments queued (to a local mail server that takes it,
// bench/lib.mjs startMailSink). Prints, per call, the processor time the API process (all its
// threads: the PDF worker's too) and the database process used (user + system, read from /proc, so
// Linux only), the wall time and the messages sent meanwhile, and the sum for one paid order. Where
// bench:load measures waiting under a crowd, this measures the work each call brings to that crowd.
import { spawn } from 'node:child_process';
import path from 'node:path';
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
  productionServerArgs,
  startDatabase,
  startMailSink,
  stopChild,
  waitForAnswer,
} from './lib.mjs';

const count = Number(process.env.CALLS_N ?? 300);
if (!(count >= 10 && count <= 10_000)) throw new Error('CALLS_N must be 10 to 10000');

async function main() {
  const serverArgs = productionServerArgs();
  const { dataDir, ferret } = await startDatabase('shop-bench-calls-', 'bench_calls');
  const mail = await startMailSink();
  const port = await freePort();
  const api = spawn(process.execPath, serverArgs, {
    cwd: apiDir,
    env: {
      ...process.env,
      ...checkoutApiEnv(ferret.uri, path.join(dataDir, 'uploads'), port, 'error'),
      MAIL_URL: mail.url,
    },
    stdio: 'ignore',
  });
  cleanups.push(() => stopChild(api));
  const base = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${base}/api/health`, api, 'The API', 90_000);

  async function call(method, route, sessionId, body) {
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
  const pay = (sessionId, orderId) =>
    call('POST', '/api/payment/complete', sessionId, {
      orderId,
      paymentId: 'cnon:card-nonce-ok',
      customerName: 'Ann Lee',
      customerEmail: 'ann@example.com',
    });

  // Warm-up, not measured: the first calls create indexes and compile the code paths.
  for (let i = 0; i < 20; i++) {
    const sessionId = newSessionId();
    await call('POST', '/api/cart', sessionId, label);
    const placed = await call('POST', '/api/orders', sessionId, { customerInfo });
    await pay(sessionId, placed.body.orderId);
  }

  // The warm-up's mail out of the way first, so that no step pays for another's.
  await mailSettled(mail);

  const shoppers = Array.from({ length: count }, newSessionId);
  const orderIds = [];
  const steps = [
    ['GET /api/cart (empty)', (i) => call('GET', '/api/cart?zipCode=60601', shoppers[i])],
    ['POST /api/cart', (i) => call('POST', '/api/cart', shoppers[i], label)],
    ['GET /api/cart (one line)', (i) => call('GET', '/api/cart?zipCode=60601', shoppers[i])],
    [
      'POST /api/orders',
      async (i) => {
        const placed = await call('POST', '/api/orders', shoppers[i], { customerInfo });
        orderIds[i] = placed.body?.orderId;
        return placed;
      },
    ],
    ['GET /api/health', (i) => call('GET', '/api/health', shoppers[i])],
    ['POST /api/payment/complete', (i) => pay(shoppers[i], orderIds[i])],
  ];
  console.log(
    `Each call ${count} times in a row, one API process and FerretDB (SQLite); processor ms per call\n`,
  );
  const rows = [];
  const measure = async (name, work) => {
    const apiBefore = processorMs(api.pid);
    const databaseBefore = processorMs(ferret.process.pid);
    const mailBefore = mail.received();
    const started = performance.now();
    const statuses = await work();
    const wall = performance.now() - started;
    const per = (ms) => Number((ms / count).toFixed(2));
    rows.push({
      call: name,
      'API ms': per(processorMs(api.pid) - apiBefore),
      'database ms': per(processorMs(ferret.process.pid) - databaseBefore),
      'wall ms': per(wall),
      'mail sent': mail.received() - mailBefore,
      statuses,
    });
  };
  for (const [name, step] of steps)
    await measure(name, async () => {
      const statuses = new Map();
      for (let i = 0; i < count; i++) {
        const { status } = await step(i);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      return [...statuses].map(([status, n]) => `${status} x${n}`).join(', ');
    });
  // The mail the payments queued that was not sent while they ran: per paid order, like the rest.
  await measure("the payments' mail, sent after them", async () => {
    await mailSettled(mail);
    return '';
  });
  console.table(rows);
  const all = (column) =>
    rows.reduce((sum, row) => sum + (row.call === 'GET /api/health' ? 0 : row[column]), 0);
  console.log(
    `A paid order, every row but the health check (two cart reads, an add, placing, paying and its ` +
      `mail): API ${all('API ms').toFixed(1)} ms, database ${all('database ms').toFixed(1)} ms of ` +
      `processor time. The API process runs its jobs meanwhile: the mail worker sends what the ` +
      `payments queued, partly while they run (in their row) and the rest after them.`,
  );
}

/**
 * Resolves once the mail server has taken no new message for 6 s, a round of the mail worker (5 s)
 * and a little more, so a worker between rounds is not taken for one that is done (at most 3
 * minutes).
 */
async function mailSettled(mail) {
  const deadline = performance.now() + 180_000;
  let seen = mail.received();
  let quietSince = performance.now();
  while (performance.now() - quietSince < 6_000) {
    if (performance.now() > deadline)
      throw new Error('The mail worker did not settle in 3 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (mail.received() !== seen) [seen, quietSince] = [mail.received(), performance.now()];
  }
}

try {
  await main();
} finally {
  await cleanUp();
}
