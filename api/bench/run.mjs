// npm run bench -w api: requests per second and p99 latency of the shop's hot calls next to a bare
// Express route measured in the same run. Loopback only, bounded in time: it starts its own FerretDB
// (free port, temporary folder) and the app (tsx, production settings), runs autocannon against each
// target for BENCH_SECONDS (5 by default), prints a table, and stops everything it started.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  apiDir,
  cleanUp,
  cleanups,
  label,
  newSessionId,
  productionApiEnv,
  startDatabase,
  stopChild,
} from './lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
if (!(seconds > 0 && seconds <= 60)) throw new Error('BENCH_SECONDS must be between 1 and 60');

/**
 * The carts and cart lines the run left (POST /api/cart adds one per request, each for a new guest):
 * a cart is one document per owner with its lines in `items` (modules/cart/repository.ts).
 */
async function countCarts(uri) {
  const { MongoClient } = createRequire(path.join(apiDir, 'package.json'))('mongodb');
  const client = new MongoClient(uri);
  try {
    await client.connect();
    let carts = 0;
    let lines = 0;
    const cursor = client
      .db()
      .collection('carts')
      .find({}, { projection: { items: 1 } });
    for await (const cart of cursor) {
      carts += 1;
      lines += cart.items?.length ?? 0;
    }
    return { carts, lines };
  } finally {
    await client.close();
  }
}

async function startServer(mongodbUri, uploadDir) {
  const child = fork(path.join(apiDir, 'bench/server.ts'), [], {
    cwd: apiDir,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      ...productionApiEnv(mongodbUri, uploadDir),
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.push(() => stopChild(child));
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
  const { dataDir, ferret } = await startDatabase('shop-bench-', 'bench');
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
  const left = await countCarts(ferret.uri);
  console.log(
    `carts at the end: ${left.carts}, holding ${left.lines} lines (every call above finds a cart by its _id, whatever their number)`,
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
