// npm run bench:dashboard -w @shop/api: does the admin's dashboard cost more as the shop grows, and
// what does an export of every order cost? Starts its own FerretDB (free port, temporary folder),
// seeds a shop of 1,000 and one of 100,000 orders spread over the last two years (statuses by age,
// some cancelled and refunded, discount codes, approved proofs, cart starts, customers), runs the
// real app against each (bench/server.ts) and, each round, pays a new order through the API (so
// today's figures have changed) and times every dashboard call; median of DASHBOARD_REPS. Then it
// exports every order as CSV from a fresh API process and reads that process's resident memory
// (/proc) every 10 ms while the file streams. Prints one table with the ratio big / small per call;
// exits 1 when a call grows past 1.5x. Loopback only; stops all it started.
//   DASHBOARD_SIZES (default 1000,100000), DASHBOARD_REPS (7), DASHBOARD_SPAN_DAYS (730: the days
//   the orders are spread over; 90 puts every order inside the 90-day view), EXPORT_HEAP_MIB (128:
//   the export's server's heap cap).
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  apiDir,
  browser,
  cleanUp,
  cleanups,
  customerInfo,
  label,
  startDatabase,
  stopChild,
} from './lib.mjs';
import { customerSearchKeys } from './seed.mjs';

const require = createRequire(path.join(apiDir, 'package.json'));
const { MongoClient, ObjectId } = require('mongodb');
const bcrypt = require('bcryptjs');

const sizes = (process.env.DASHBOARD_SIZES ?? '1000,100000').split(',').map(Number);
const reps = Number(process.env.DASHBOARD_REPS ?? 7);
const spanDays = Number(process.env.DASHBOARD_SPAN_DAYS ?? 730);
const LIMIT = 1.5;
const ZONE = 'America/New_York';
const PASSWORD = 'bench-password';
const ADMIN_EMAIL = 'admin@bench.example';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A repeatable random number generator (mulberry32). */
function randomFrom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MATERIALS = [
  ['phenolic', 45],
  ['indoor', 35],
  ['uv-resistant', 55],
];
const SIZES = [
  [3, 2],
  [2, 1],
  [4, 2],
  [5, 3.5],
  [1.5, 0.75],
  [6, 4],
];

/** Seeds `count` orders (and their events, cart starts, customers, codes) straight into the database. */
async function seed(uri, count) {
  const client = new MongoClient(uri);
  await client.connect();
  try {
    const db = client.db();
    const random = randomFrom(count);
    const now = Date.now();
    const span = spanDays * DAY;
    const passwordHash = await bcrypt.hash(PASSWORD, 10);
    const customers = Math.max(10, Math.floor(count / 3));
    const people = [];
    for (let i = 0; i < customers; i++) {
      const createdAt = new Date(now - random() * span);
      people.push({
        _id: new ObjectId(),
        email: `customer${i}@bench.example`,
        firstName: ['Ann', 'Ben', 'Carla', 'Dev'][i % 4],
        lastName: `Bench${i}`,
        phone: '555-0100',
        company: i % 7 === 0 ? '=Acme+Pumps' : 'Acme Pumps',
        address: '12 Main St, Chicago, IL',
        zipCode: '60601',
        passwordHash,
        isAdmin: false,
        emailConfirmedAt: createdAt,
        passwordSetAt: null,
        createdAt,
        updatedAt: createdAt,
      });
    }
    people.push({
      ...people[0],
      _id: new ObjectId(),
      email: ADMIN_EMAIL,
      isAdmin: true,
      createdAt: new Date(now - span - DAY),
      updatedAt: new Date(now - span - DAY),
    });
    for (let start = 0; start < people.length; start += 2000)
      await db
        .collection('customers')
        .insertMany(
          people
            .slice(start, start + 2000)
            .map((person) => ({ ...person, ...customerSearchKeys(person) })),
        );
    await db.collection('discount_codes').insertMany(
      ['SPRING10', 'WELCOME10', 'BIG50'].map((code, i) => ({
        code,
        type: 'percentage',
        percentOff: 10,
        amountOffCents: null,
        minimumOrderCents: 0,
        usageLimit: null,
        expiresAt: null,
        isActive: true,
        timesUsed: 0,
        description: '10% off',
        createdAt: new Date(now - span + i * DAY),
        updatedAt: new Date(now - span + i * DAY),
      })),
    );

    const times = Array.from({ length: count }, () => now - 60_000 - random() * span).sort(
      (a, b) => a - b,
    );
    let orders = [];
    let events = [];
    const flush = async () => {
      if (orders.length) await db.collection('orders').insertMany(orders, { ordered: false });
      if (events.length) await db.collection('order_events').insertMany(events, { ordered: false });
      [orders, events] = [[], []];
    };
    for (const [index, at] of times.entries()) {
      if (orders.length === 2000) await flush();
      const _id = new ObjectId(Math.floor(at / 1000));
      const id = _id.toString();
      const paid = random() > 0.12;
      const age = now - at;
      const status = !paid
        ? age > DAY
          ? 'expired'
          : 'pending_payment'
        : age < 2 * HOUR
          ? 'awaiting_proof'
          : age < 2 * DAY
            ? 'processing'
            : age < 7 * DAY
              ? 'shipped'
              : random() < 0.03
                ? 'cancelled'
                : 'completed';
      const lines = 1 + Math.floor(random() * 3);
      const items = [];
      let subtotalCents = 0;
      for (let line = 0; line < lines; line++) {
        const [material, rate] = MATERIALS[Math.floor(random() * MATERIALS.length)];
        const [width, height] = SIZES[Math.floor(random() * SIZES.length)];
        const quantity = [1, 5, 12, 25, 50][Math.floor(random() * 5)];
        const unitCents = 200 + Math.round(width * height * rate) + 50;
        items.push({
          lineId: new ObjectId().toString(),
          productConfig: {
            material,
            width,
            height,
            color: 'black-white',
            mounting: 'adhesive',
            customText: index % 11 === 0 ? '=SUM(A1:A9)' : `PUMP ${index}`,
          },
          files: [],
          quantity,
          unitCents,
          totalCents: unitCents * quantity,
        });
        subtotalCents += unitCents * quantity;
      }
      const code = random() < 0.15 ? ['SPRING10', 'WELCOME10', 'BIG50'][index % 3] : null;
      const discountCents = code ? Math.round(subtotalCents / 10) : 0;
      const taxCents = Math.round((subtotalCents - discountCents) * 0.0625);
      const totalCents = subtotalCents - discountCents + 515 + taxCents;
      const paidAt = paid ? new Date(at + 90_000) : null;
      const person = people[index % customers];
      const approved = paid && status !== 'awaiting_proof';
      const approvedAt = paid ? new Date(at + (20 + random() * 600) * 60_000) : null;
      const fingerprint = createHash('sha256').update(id).digest('hex');
      orders.push({
        _id,
        orderNumber: 1000 + index,
        cartKey: `customer:${person._id}:${fingerprint}`,
        placing: 1,
        sessionId: `guest-${Math.floor(at)}-${id.slice(-12)}`,
        customerId: person._id,
        guestEmail: null,
        customerInfo: {
          firstName: person.firstName,
          lastName: person.lastName,
          phone: '555-0100',
          email: person.email,
          company: person.company,
          street: '12 Main St',
          city: 'Chicago',
          state: 'IL',
          zipCode: '60601',
        },
        emailKey: person.email,
        ...customerSearchKeys(person),
        items,
        subtotalCents,
        discountCode: code,
        discountCents,
        shippingCents: 515,
        taxCents,
        taxRegion: 'IL',
        totalCents,
        notes: null,
        status,
        paymentStatus: paid ? 'paid' : 'unpaid',
        chargingSince: null,
        discountReserved: Boolean(code && paid),
        paymentId: paid ? `sbxpay_${id}` : null,
        paidAt,
        settledAt: paidAt,
        chargeStuckReportedAt: null,
        paymentContact: null,
        lastPaymentError: null,
        cartFingerprint: fingerprint,
        shipment: null,
        refundedCents: status === 'cancelled' ? totalCents : 0,
        refundId: status === 'cancelled' ? `sbxref_${id}` : null,
        refundedAt: status === 'cancelled' ? new Date(at + 3 * HOUR) : null,
        refundReason: status === 'cancelled' ? `Order #${1000 + index} cancelled` : null,
        skipProof: false,
        proof: paid
          ? {
              status: approved ? 'approved' : 'awaiting_approval',
              revision: 1,
              sentAt: paidAt,
              awaitingSince: paidAt,
            }
          : null,
        proofReminderDueAt: paid && !approved ? new Date(paidAt.getTime() + 2 * DAY) : null,
        pendingMove: null,
        createdAt: new Date(at),
        updatedAt: new Date(at),
      });
      if (approved) {
        const event = (key, fields) =>
          events.push({ _id: `${id}:${key}`, orderId: _id, by: 'customer', note: null, ...fields });
        event('proof:1:decision', {
          kind: 'proof',
          at: approvedAt,
          from: null,
          to: null,
          proof: { action: 'approved', revision: 1, name: person.firstName },
        });
        event('processing', {
          kind: 'move',
          at: approvedAt,
          from: 'awaiting_proof',
          to: 'processing',
          proof: null,
        });
      }
    }
    await flush();
    await db.collection('order_counters').insertOne({ _id: 'orders', value: 1000 + count });
    const starts = Array.from({ length: Math.round(count * 2.5) }, () => ({
      _id: new ObjectId().toString(),
      at: new Date(now - random() * span),
    }));
    for (let start = 0; start < starts.length; start += 5000)
      await db.collection('cart_starts').insertMany(starts.slice(start, start + 5000));
  } finally {
    await client.close();
  }
}

/**
 * The export's server runs with V8's old space capped at this many MiB (EXPORT_HEAP_MIB, default
 * 128): an export that held its rows in memory would die of it at 100,000 orders, so finishing is
 * the proof that it streams in bounded memory.
 */
const EXPORT_HEAP_MIB = Number(process.env.EXPORT_HEAP_MIB ?? 128);

function startServer(mongodbUri, uploadDir, heapMiB = null) {
  const child = fork(path.join(apiDir, 'bench/server.ts'), [], {
    cwd: apiDir,
    execArgv: ['--import', 'tsx', ...(heapMiB ? [`--max-old-space-size=${heapMiB}`] : [])],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      MONGODB_URI: mongodbUri,
      SESSION_SECRET: 'bench-session-secret-0123456789',
      ADMIN_SECRET: 'bench-admin-secret',
      UPLOAD_DIR: uploadDir,
      TAX_RATES: '{"IL":0.0625}',
      SHOP_TIME_ZONE: ZONE,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stop = () => stopChild(child);
  cleanups.push(stop);
  return new Promise((resolve, reject) => {
    child.once('message', ({ shopPort }) =>
      resolve({ base: `http://127.0.0.1:${shopPort}`, pid: child.pid, stop }),
    );
    child.once('exit', (code) => reject(new Error(`The bench server exited (${code})`)));
  });
}

async function signedInAdmin(base) {
  const admin = browser(base, { strict: true });
  await admin.call('POST', '/api/auth/login', { email: ADMIN_EMAIL, password: PASSWORD });
  return admin;
}

const CALLS = [
  ['GET /api/admin/insights?period=today', '/api/admin/insights?period=today'],
  ['GET /api/admin/insights?period=7d', '/api/admin/insights?period=7d'],
  ['GET /api/admin/insights?period=30d', '/api/admin/insights?period=30d'],
  ['GET /api/admin/insights?period=90d', '/api/admin/insights?period=90d'],
  ['GET /api/admin/exports (first page)', '/api/admin/exports?limit=20'],
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The resident memory of a process now, in MiB. */
function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

async function measureExport(base, pid, kind, rows) {
  const admin = await signedInAdmin(base);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const from = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
    new Date(Date.now() - (spanDays + 2) * DAY),
  );
  const made = await admin.call('POST', '/api/admin/exports', { kind, from, to: today, rows });
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 10);
  const started = performance.now();
  const file = await admin.call('GET', made.body.downloadUrl);
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssMiB(pid));
  const lines = file.body.split('\r\n').length - 2;
  return {
    export: `${kind}${kind === 'orders' ? ` (per ${rows})` : ''}`,
    rows: lines,
    MiB: Number((Buffer.byteLength(file.body) / 2 ** 20).toFixed(1)),
    seconds: Number((ms / 1000).toFixed(1)),
    'rss before MiB': Number(before.toFixed(0)),
    'rss peak MiB': Number(peak.toFixed(0)),
  };
}

async function measure(ferretUri, size, dataDir) {
  const uri = ferretUri.replace(/\/([^/?]*)(\?|$)/, `/dashboard_${size}$2`);
  const seeded = performance.now();
  await seed(uri, size);
  console.log(`seeded ${size} orders in ${((performance.now() - seeded) / 1000).toFixed(1)}s`);
  let server = await startServer(uri, path.join(dataDir, `uploads-${size}`));
  const samples = {};
  try {
    const admin = await signedInAdmin(server.base);
    // The first reading of every day after the seeding (the shop's figures were never read).
    const first = await admin.call('GET', '/api/admin/insights?period=90d');
    console.log(`first 90-day reading at ${size}: ${first.ms.toFixed(0)} ms`);
    for (const [, route] of CALLS) await admin.call('GET', route);
    for (let round = 0; round < reps; round++) {
      // A new paid order today: the current hour's figures have changed.
      const shopper = browser(server.base, { strict: true });
      await shopper.call('POST', '/api/cart', label);
      const order = await shopper.call('POST', '/api/orders', { customerInfo, skipProof: true });
      await shopper.call('POST', '/api/payment/complete', {
        orderId: order.body.orderId,
        paymentId: 'cnon:card-nonce-ok',
        customerName: 'Ann Lee',
        customerEmail: 'ann@example.com',
      });
      for (const [name, route] of CALLS)
        (samples[name] ??= []).push((await admin.call('GET', route)).ms);
    }
  } finally {
    await server.stop();
  }
  const medians = Object.fromEntries(
    Object.entries(samples).map(([name, ms]) => [name, Number(median(ms).toFixed(1))]),
  );
  console.log(`medians at ${size}:`, JSON.stringify(medians));
  // Exports, each from a fresh API process, so its memory is the export's.
  const exports = [];
  for (const [kind, rows] of [
    ['orders', 'order'],
    ['orders', 'line'],
    ['customers', 'order'],
  ]) {
    server = await startServer(uri, path.join(dataDir, `uploads-${size}`), EXPORT_HEAP_MIB);
    try {
      exports.push({ size, ...(await measureExport(server.base, server.pid, kind, rows)) });
    } finally {
      await server.stop();
    }
  }
  console.table(exports);
  return { medians, exports };
}

async function main() {
  const { dataDir, ferret } = await startDatabase('shop-bench-dashboard-', 'dashboard');
  console.log(
    `Dashboard: the same calls on a shop of ${sizes[0]} and of ${sizes[1]} orders over ${spanDays} days; median of ${reps}; FerretDB (SQLite); loopback\n`,
  );
  const results = [];
  for (const size of sizes) results.push(await measure(ferret.uri, size, dataDir));
  const rows = Object.keys(results[0].medians).map((call) => {
    const a = results[0].medians[call];
    const b = results[1].medians[call];
    return {
      call,
      [`${sizes[0]} ms`]: a,
      [`${sizes[1]} ms`]: b,
      ratio: Number((b / a).toFixed(2)),
    };
  });
  console.table(rows);
  console.table(results.flatMap((result) => result.exports));
  const over = rows.filter((row) => row.ratio > LIMIT);
  if (over.length) {
    console.log(`grew past ${LIMIT}x: ${over.map((row) => row.call).join(', ')}`);
    process.exitCode = 1;
  } else console.log(`every call within ${LIMIT}x`);
}

try {
  await main();
} finally {
  await cleanUp();
}
