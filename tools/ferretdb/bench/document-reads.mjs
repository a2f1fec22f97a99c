// node tools/ferretdb/bench/document-reads.mjs: how long the embedded database takes to read whole
// documents with the single-pass decoder (tools/ferretdb/README.md, "Reading documents") and without
// it (--no-fast-decode, FerretDB's own decoder). Seeds the shop's kind of data once (bench:growth's
// seed: 1,000 customers, 2,300 orders of about 2 KB of JSON), copies it, and starts FerretDB on each
// copy, one with the decoder and one without. Times, taking turns, an order by _id and the newest 1,
// 21 and 50 paid orders (an index search, what the admin's order list asks for): the median of
// BENCH_REPS runs each (default 200). Loopback only; removes what it made.
import { createRequire } from 'node:module';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedShop } from '../../../api/bench/seed.mjs';
import { startFerret } from '../../../scripts/lib/ferretdb.mjs';
import { freePort } from '../../../scripts/lib/ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const { MongoClient } = createRequire(path.join(root, 'api/package.json'))('mongodb');
const reps = Number(process.env.BENCH_REPS ?? 200);
if (!(reps >= 10 && reps <= 10_000)) throw new Error('BENCH_REPS must be 10 to 10000');

async function start(dataDir, fastDecode) {
  const ferret = await startFerret({ port: await freePort(), dataDir, log: () => {}, fastDecode });
  const client = new MongoClient(ferret.uri, { directConnection: true });
  await client.connect();
  const orders = client.db().collection('orders');
  return {
    ferret,
    orders,
    async stop() {
      await client.close();
      await ferret.stop();
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const work = await mkdtemp(path.join(os.tmpdir(), 'shop-document-reads-'));
const servers = [];
try {
  const seeded = await start(path.join(work, 'fast'), true);
  await seedShop(seeded.ferret.uri, 1000);
  await seeded.orders.createIndex({ paymentStatus: 1, createdAt: -1, _id: -1 });
  const { _id } = await seeded.orders.findOne({ paymentStatus: 'paid' });
  await seeded.stop();
  await cp(path.join(work, 'fast'), path.join(work, 'stock'), { recursive: true });
  servers.push(
    { name: 'single-pass', ...(await start(path.join(work, 'fast'), true)) },
    { name: 'stock', ...(await start(path.join(work, 'stock'), false)) },
  );

  const newestPaid = (orders, n) =>
    orders.find({ paymentStatus: 'paid' }).sort({ createdAt: -1, _id: -1 }).limit(n).toArray();
  const reads = {
    'an order by _id': (orders) => orders.findOne({ _id }),
    'newest paid order': (orders) => newestPaid(orders, 1),
    'newest 21 paid orders': (orders) => newestPaid(orders, 21),
    'newest 50 paid orders': (orders) => newestPaid(orders, 50),
  };
  const rows = {};
  for (const [what, read] of Object.entries(reads)) {
    const times = new Map(servers.map((s) => [s.name, []]));
    for (const server of servers) for (let i = 0; i < 20; i++) await read(server.orders);
    for (let i = 0; i < reps; i++) {
      for (const server of servers) {
        const began = performance.now();
        await read(server.orders);
        times.get(server.name).push(performance.now() - began);
      }
    }
    const [fast, stock] = servers.map((s) => median(times.get(s.name)));
    rows[what] = {
      'stock ms': Number(stock.toFixed(2)),
      'single-pass ms': Number(fast.toFixed(2)),
      ratio: Number((stock / fast).toFixed(2)),
    };
  }
  console.log(`Document reads, median of ${reps} each, load average ${os.loadavg()[0].toFixed(1)}`);
  console.table(rows);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await rm(work, { recursive: true, force: true });
}
