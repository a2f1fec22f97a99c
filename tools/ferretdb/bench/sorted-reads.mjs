// node tools/ferretdb/bench/sorted-reads.mjs: an export's read on the embedded database. The paid
// orders of a range read through one cursor sorted on their index ({paymentStatus, createdAt: -1,
// _id: -1}, as the shop's), oldest first and without a limit, as the admin's orders export reads them
// (api/src/modules/orders/reports.ts, orderCursor; the driver's batches: 101, then 250 a getMore).
// Seeds one temporary database of BENCH_ORDERS orders (default 60,000, five in six paid: 50,000 read),
// then for each round starts FerretDB on it afresh and reads them once: the time to the first batch
// and to the last, and the database's peak memory during the read (its resident set's peak, VmHWM,
// reset just before; it counts the database file's pages read through SQLite's memory map too), and
// the peak of its own memory (anonymous: Go's heap), sampled every 5 ms. With BENCH_BEFORE=<a FerretDB
// binary> (built from an earlier commit: tools/ferretdb/README.md, "Index pushdown"), the same on it,
// in turns. BENCH_ROUNDS (default 3) rounds; medians. Loopback only; removes what it made.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFerret } from '../../../scripts/lib/ferretdb.mjs';
import { freePort } from '../../../scripts/lib/ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const { MongoClient, ObjectId } = createRequire(path.join(root, 'api/package.json'))('mongodb');

const n = Number(process.env.BENCH_ORDERS ?? 60_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const before = process.env.BENCH_BEFORE;
const start = Date.UTC(2026, 0, 1);

/** An order about as large as the shop's (its customer, two lines, its money). */
function order(i) {
  const paid = i % 6 !== 5;
  return {
    _id: new ObjectId(),
    orderNumber: 100000 + i,
    customerId: `customer:${i % 600}`,
    status: paid ? 'processing' : 'pending_payment',
    paymentStatus: paid ? 'paid' : 'pending',
    createdAt: new Date(start + i * 60_000),
    paidAt: paid ? new Date(start + i * 60_000 + 30_000) : null,
    customerInfo: {
      firstName: `Ann${i % 97}`,
      lastName: `Lee${i % 89}`,
      email: `shopper${i}@example.com`,
      phone: '555-0100',
      company: 'Acme Valves',
      street: `${i} Market St`,
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
    },
    items: [
      {
        material: 'phenolic',
        width: 3,
        height: 1.5,
        customText: 'Main valve',
        quantity: 10,
        unitCents: 199,
      },
      {
        material: 'aluminum',
        width: 4,
        height: 2,
        customText: 'Emergency shut-off',
        quantity: 2,
        unitCents: 499,
      },
    ],
    subtotalCents: 2988,
    discountCents: 0,
    shippingCents: 799,
    taxCents: 239,
    totalCents: 4026,
    paymentId: paid ? `pay_${i}` : null,
    updatedAt: new Date(start + i * 60_000 + 30_000),
  };
}

async function seed(uri) {
  const client = new MongoClient(uri, { directConnection: true });
  await client.connect();
  const orders = client.db().collection('orders');
  await orders.createIndexes([{ key: { paymentStatus: 1, createdAt: -1, _id: -1 } }]);
  for (let i = 0; i < n; i += 1000)
    await orders.insertMany(Array.from({ length: Math.min(1000, n - i) }, (_, j) => order(i + j)));
  await client.close();
}

const status = (pid) => readFileSync(`/proc/${pid}/status`, 'utf8');
const kb = (text, field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)[1]);

/** One export's read on a fresh server: ms to the first batch and to the last, peak MB. */
async function read(dataDir, binary) {
  const f = await startFerret({ port: await freePort(), dataDir, log: () => {}, binary });
  const client = new MongoClient(f.uri, { directConnection: true });
  try {
    await client.connect();
    const orders = client.db().collection('orders');
    await orders.findOne({ orderNumber: 100000 }); // the connection and the collection's metadata
    const pid = f.process.pid;
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current resident set
    const rssBefore = kb(status(pid), 'VmRSS');
    let anonPeak = kb(status(pid), 'RssAnon');
    const sampler = setInterval(
      () => (anonPeak = Math.max(anonPeak, kb(status(pid), 'RssAnon'))),
      5,
    );
    const t = performance.now();
    const cursor = orders
      .find({
        paymentStatus: 'paid',
        createdAt: { $gte: new Date(start), $lt: new Date(start + n * 60_000) },
      })
      .sort({ createdAt: 1, _id: 1 });
    let count = 0;
    let first = 0;
    for await (const doc of cursor) {
      if (count++ === 0) first = performance.now() - t;
      void doc;
    }
    const all = performance.now() - t;
    clearInterval(sampler);
    const after = status(pid);
    anonPeak = Math.max(anonPeak, kb(after, 'RssAnon'));
    return {
      count,
      first,
      all,
      peak: (kb(after, 'VmHWM') - rssBefore) / 1024,
      anon: anonPeak / 1024,
    };
  } finally {
    await client.close();
    await f.stop();
  }
}

const builds = [...(before ? [['before', before]] : []), ['this build', undefined]];
const results = new Map(builds.map(([name]) => [name, []]));
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-engine-sorted-'));
try {
  const seeded = Date.now();
  const ferret = await startFerret({ port: await freePort(), dataDir, log: () => {} });
  await seed(ferret.uri);
  await ferret.stop();
  console.error(`seeded ${n} orders in ${((Date.now() - seeded) / 1000).toFixed(0)} s`);
  for (let r = 0; r < rounds; r++)
    for (const [name, binary] of builds) {
      const res = await read(dataDir, binary);
      console.error(`${name}: ${JSON.stringify(res)}`);
      results.get(name).push(res);
    }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));
console.log(
  '| build | orders read | first batch (ms) | all (ms) | peak resident growth (MB) | peak anonymous (MB) |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const [name] of builds) {
  const rs = results.get(name);
  const m = (key) => fmt(median(rs.map((x) => x[key])));
  console.log(
    `| ${name} | ${rs[0].count} | ${m('first')} | ${m('all')} | ${m('peak')} | ${m('anon')} |`,
  );
}
