// npm run bench -w api: requests per second and p99 latency of the shop's hot calls next to a bare
// Express route measured in the same run. Loopback only, bounded in time: it starts its own FerretDB
// (free port, temporary folder) and the app (tsx, production settings), runs autocannon against each
// target for BENCH_SECONDS (5 by default), prints a table, and stops everything it started.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startFerret } from '../../scripts/lib/ferretdb.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
if (!(seconds > 0 && seconds <= 60)) throw new Error('BENCH_SECONDS must be between 1 and 60');

const label = {
  material: 'phenolic',
  width: 3,
  height: 2,
  color: 'black-white',
  mounting: 'adhesive',
  customText: 'PUMP 1',
  quantity: 12,
  files: [],
};
const newSessionId = () => `guest-${Date.now()}-${randomBytes(6).toString('hex')}`;

/** How many cart lines the run left (POST /api/cart adds one per request). */
async function countCartLines(uri) {
  const { MongoClient } = createRequire(path.join(apiDir, 'package.json'))('mongodb');
  const client = new MongoClient(uri);
  try {
    await client.connect();
    return await client.db().collection('cart_items').countDocuments();
  } finally {
    await client.close();
  }
}

const cleanups = [];
async function cleanUp() {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch(() => {});
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanUp();
    process.exit(130);
  });
}

async function startServer(mongodbUri, uploadDir) {
  const child = fork(path.join(apiDir, 'bench/server.ts'), [], {
    cwd: apiDir,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      MONGODB_URI: mongodbUri,
      SESSION_SECRET: 'bench-session-secret-0123456789-not-for-real-use',
      ADMIN_SECRET: 'bench-admin-secret-9f8e7d6c5b4a3210-not-for-real-use',
      ORDER_LINK_SECRET: 'bench-order-link-secret-5a4b3c2d1e0f-not-for-real-use',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      // Required in production. Nothing listens there: messages stay queued, retried with backoff.
      MAIL_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'Bench <bench@example.com>',
      UPLOAD_DIR: uploadDir,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.push(
    () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  );
  return new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) =>
      reject(new Error(`The bench server exited (${code}) before listening`)),
    );
  });
}

function run(name, options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ duration: seconds, connections, ...options }, (error, result) =>
      error ? reject(error) : resolve({ name, result }),
    );
    instance.on('error', reject);
  });
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const ferret = await startFerret({
    port: await freePort(),
    dataDir: path.join(dataDir, 'db'),
    dbName: 'bench',
    log: () => {},
  });
  cleanups.push(() => ferret.stop());
  const { shopPort, barePort } = await startServer(ferret.uri, path.join(dataDir, 'uploads'));
  const shop = `http://127.0.0.1:${shopPort}`;

  // A cart of five lines for GET /api/cart.
  const cartSession = newSessionId();
  for (let line = 0; line < 5; line++) {
    const response = await fetch(`${shop}/api/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': cartSession },
      body: JSON.stringify({ ...label, quantity: line + 1 }),
    });
    if (response.status !== 201) throw new Error(`Seeding the cart failed: ${response.status}`);
  }

  const json = { 'content-type': 'application/json' };
  const targets = [
    ['bare Express GET /bare', { url: `http://127.0.0.1:${barePort}/bare` }],
    [
      'POST /api/calculate-price',
      {
        url: `${shop}/api/calculate-price`,
        method: 'POST',
        headers: { ...json, 'x-session-id': cartSession },
        body: JSON.stringify(label),
      },
    ],
    [
      'GET /api/cart?zipCode=60601 (5 lines)',
      { url: `${shop}/api/cart?zipCode=60601`, headers: { 'x-session-id': cartSession } },
    ],
    [
      'POST /api/cart (a new session each)',
      {
        url: `${shop}/api/cart`,
        method: 'POST',
        headers: json,
        body: JSON.stringify(label),
        // Each request its own guest, so no cart reaches its line limit during the run.
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, 'x-session-id': newSessionId() },
            }),
          },
        ],
      },
    ],
  ];

  console.log(
    `autocannon: ${seconds}s per target, ${connections} connections, loopback; FerretDB (SQLite) database\n`,
  );
  const results = [];
  for (const [name, options] of targets) {
    process.stdout.write(`  measuring ${name} ...\n`);
    results.push(await run(name, options));
  }

  const bare = results[0].result;
  const rows = results.map(({ name, result }) => ({
    target: name,
    'req/s': Math.round(result.requests.average),
    'p99 ms': result.latency.p99,
    'req/s vs bare': `${((result.requests.average / bare.requests.average) * 100).toFixed(1)}%`,
    'p99 vs bare': `${(result.latency.p99 / Math.max(bare.latency.p99, 1)).toFixed(1)}x`,
    'non-2xx': result.non2xx,
    errors: result.errors + result.timeouts,
  }));
  console.log('');
  console.table(rows);
  const cartLines = await countCartLines(ferret.uri);
  console.log(
    `cart_items at the end: ${cartLines} (FerretDB v1 reads a collection through for any filter but a lone _id)`,
  );
  const failed = rows.filter((row) => row['non-2xx'] > 0 || row.errors > 0);
  if (failed.length) {
    console.error(`Some requests failed: ${failed.map((row) => row.target).join(', ')}`);
    process.exitCode = 1;
  }
}

try {
  await main();
} finally {
  await cleanUp();
}
