// node tools/ferretdb/bench/indexed-queries.mjs: how long the embedded database takes to answer the
// shop's kinds of indexed queries with the index pushdown (tools/ferretdb/README.md) and without it
// (--no-index-pushdown, FerretDB's own path), at 1,000 and 100,000 orders. Seeds one temporary
// database per size, then starts FerretDB on it once with the pushdown and once without, and times
// each query shape (median of BENCH_REPS runs, default 30; at most 5 s of runs per shape). Prints one
// table. BENCH_SIZES (default 1000,100000) changes the sizes. Loopback only; removes what it made.
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFerret } from '../../../scripts/lib/ferretdb.mjs';
import { freePort } from '../../../scripts/lib/ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const { MongoClient, ObjectId } = createRequire(path.join(root, 'api/package.json'))('mongodb');

const sizes = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
const reps = Number(process.env.BENCH_REPS ?? 30);
const customers = (n) => Math.max(10, Math.floor(n / 100)); // about 100 orders each
const statuses = ['pending', 'paid', 'shipped', 'cancelled'];
const start = Date.UTC(2024, 0, 1);

function order(i, n) {
  return {
    orderNumber: 100000 + i,
    customerId: `customer:${i % customers(n)}`,
    status: statuses[i % statuses.length],
    createdAt: new Date(start + i * 60_000),
    email: `shopper${i}@example.com`,
    nameKey: `name${i % 997} shopper`,
    total: 1999 + (i % 500),
    items: [
      { sku: 'LBL-STD', quantity: 10, text: 'Main valve', price: 199 },
      { sku: 'LBL-XL', quantity: 2, text: 'Emergency shut-off', price: 499 },
    ],
    address: { line1: `${i} Market St`, city: 'Springfield', postalCode: '62701', country: 'US' },
  };
}

async function seed(uri, n) {
  const client = new MongoClient(uri, { directConnection: true });
  await client.connect();
  const orders = client.db().collection('orders');
  await orders.createIndexes([
    { key: { customerId: 1, createdAt: -1, _id: -1 } },
    { key: { status: 1, createdAt: -1 } },
    { key: { orderNumber: 1 }, unique: true },
    { key: { nameKey: 1 } },
  ]);
  for (let i = 0; i < n; i += 1000)
    await orders.insertMany(
      Array.from({ length: Math.min(1000, n - i) }, (_, j) => order(i + j, n)),
    );
  await client.close();
}

/** The query shapes: name and a function of the orders collection and the size. */
const shapes = [
  [
    "a customer's newest 20 orders",
    (orders, n) =>
      orders
        .find({ customerId: `customer:${7 % customers(n)}` })
        .sort({ createdAt: -1 })
        .limit(20)
        .toArray(),
  ],
  [
    'the next 20 by key (createdAt, _id)',
    (orders, n) => {
      const customerId = `customer:${7 % customers(n)}`;
      const at = new Date(start + (n / 2) * 60_000);
      return orders
        .find({
          customerId,
          createdAt: { $lte: at },
          $or: [
            { createdAt: { $lt: at } },
            { createdAt: at, _id: { $lt: new ObjectId('f'.repeat(24)) } },
          ],
        })
        .sort({ createdAt: -1, _id: -1 })
        .limit(20)
        .toArray();
    },
  ],
  [
    'paid orders of a day, newest 50',
    (orders, n) =>
      orders
        .find({
          status: 'paid',
          createdAt: {
            $gte: new Date(start + (n / 2) * 60_000),
            $lt: new Date(start + (n / 2) * 60_000 + 86_400_000),
          },
        })
        .sort({ createdAt: -1 })
        .limit(50)
        .toArray(),
  ],
  [
    'an order by number',
    (orders, n) => orders.findOne({ orderNumber: 100000 + Math.floor(n / 3) }),
  ],
  [
    'names from a prefix, 20',
    (orders) =>
      orders
        .find({ nameKey: { $gte: 'name12', $lt: 'name13' } })
        .limit(20)
        .toArray(),
  ],
  [
    "a customer's orders counted",
    (orders, n) => orders.countDocuments({ customerId: `customer:${7 % customers(n)}` }),
  ],
  ['paid orders counted (a quarter)', (orders) => orders.countDocuments({ status: 'paid' })],
];

async function time(uri, n) {
  const client = new MongoClient(uri, { directConnection: true });
  await client.connect();
  const orders = client.db().collection('orders');
  const res = [];
  for (const [, run] of shapes) {
    await run(orders, n); // warm
    const times = [];
    const deadline = performance.now() + 5_000;
    while (times.length < reps && (times.length < 3 || performance.now() < deadline)) {
      const t = performance.now();
      await run(orders, n);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    res.push(times[Math.floor(times.length / 2)]);
  }
  await client.close();
  return res;
}

const rows = shapes.map(([name]) => ({ name, cells: [] }));
for (const n of sizes) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-engine-bench-'));
  try {
    const seeded = Date.now();
    const ferret = await startFerret({ port: await freePort(), dataDir, log: () => {} });
    await seed(ferret.uri, n);
    await ferret.stop();
    console.error(`seeded ${n} orders in ${((Date.now() - seeded) / 1000).toFixed(0)} s`);
    for (const indexPushdown of [true, false]) {
      const f = await startFerret({
        port: await freePort(),
        dataDir,
        log: () => {},
        indexPushdown,
      });
      try {
        const ms = await time(f.uri, n);
        ms.forEach((m, i) => rows[i].cells.push(m));
      } finally {
        await f.stop();
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const fmt = (ms) => (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));
const header = sizes.flatMap((n) => [`${n.toLocaleString('en')} pushdown`, 'stock']);
console.log(`| query (median ms) | ${header.join(' | ')} |`);
console.log(`| --- | ${header.map(() => '---:').join(' | ')} |`);
for (const { name, cells } of rows) console.log(`| ${name} | ${cells.map(fmt).join(' | ')} |`);
