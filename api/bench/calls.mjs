// npm run bench:calls -w api: what each shopper call costs the machine, one call at a time. Starts its
// own FerretDB and one API process as `npm start` runs it (dist/server.js, built first; production
// settings, sandbox payments), then runs each step CALLS_N (300) times in a row, each for its own
// guest: read the empty cart, add a label, read the cart, place the order, pay it, and the health
// check. Prints, per call, the processor time the API process and the database process used
// (user + system, read from /proc, so Linux only) and the wall time. Where bench:load measures
// waiting under a crowd, this measures the work each call brings to that crowd.
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
  stopChild,
  waitForAnswer,
} from './lib.mjs';

const count = Number(process.env.CALLS_N ?? 300);
if (!(count >= 10 && count <= 10_000)) throw new Error('CALLS_N must be 10 to 10000');

async function main() {
  const serverArgs = productionServerArgs();
  const { dataDir, ferret } = await startDatabase('shop-bench-calls-', 'bench_calls');
  const port = await freePort();
  const api = spawn(process.execPath, serverArgs, {
    cwd: apiDir,
    env: {
      ...process.env,
      ...checkoutApiEnv(ferret.uri, path.join(dataDir, 'uploads'), port, 'error'),
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
    ['POST /api/payment/complete', (i) => pay(shoppers[i], orderIds[i])],
    ['GET /api/health', (i) => call('GET', '/api/health', shoppers[i])],
  ];
  console.log(
    `Each call ${count} times in a row, one API process and FerretDB (SQLite); processor ms per call\n`,
  );
  const rows = [];
  for (const [name, step] of steps) {
    const apiBefore = processorMs(api.pid);
    const databaseBefore = processorMs(ferret.process.pid);
    const started = performance.now();
    const statuses = new Map();
    for (let i = 0; i < count; i++) {
      const { status } = await step(i);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const wall = performance.now() - started;
    rows.push({
      call: name,
      'API ms': Number(((processorMs(api.pid) - apiBefore) / count).toFixed(2)),
      'database ms': Number(
        ((processorMs(ferret.process.pid) - databaseBefore) / count).toFixed(2),
      ),
      'wall ms': Number((wall / count).toFixed(2)),
      statuses: [...statuses].map(([status, n]) => `${status} x${n}`).join(', '),
    });
  }
  console.table(rows);
  console.log(
    '(the API process also runs its jobs meanwhile: the mail worker sends what the payments queued)',
  );
}

try {
  await main();
} finally {
  await cleanUp();
}
