// A shop of a given size written straight into the database with the driver, in batches, in the
// shapes the API's models define (src/modules/*/model.ts). For n customers:
//   - n customers (password SEED_PASSWORD) and an admin (SEED_ADMIN_EMAIL), each customer signed in
//     (a session) with a cart of one line for half of them;
//   - a paid order per customer, two more for every tenth (their history), n paid guest orders and
//     n/10 checkouts never paid (expired, or still open when placed in the last day), spread over the
//     last two years with some of them today, numbered in time order by the order counter;
//   - each order's events (the proof decided, the admin's moves, a note on one in ten; the payment's
//     move and the first proof's sending are the paid order's own, orders/events.ts), its
//     confirmation in the outbox (sent), discount codes whose timesUsed counts their paid orders;
//   - n guest carts of two lines (seedGuestSession), n/10 emailed links (used).
// Status follows age: awaiting the proof for two hours, processing for two days, shipped for a week,
// then completed (a few cancelled and refunded). Indexes are left to the API's start (syncIndexes).
//
//   node bench/seed.mjs <mongodb-uri> <customers>
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The admin's search keys of a customer or an order's person, made by the API's own function
 * (api/src/modules/accounts/model.ts): a seeded document left without them would be keyed by the
 * API's start-up migrations instead, a write per document before it serves.
 */
export const { customerSearchKeys } = await tsImport(
  '../src/modules/accounts/model.ts',
  import.meta.url,
);
const require = createRequire(path.join(apiDir, 'package.json'));
const { MongoClient, ObjectId } = require('mongodb');
const bcrypt = require('bcryptjs');

export const SEED_PASSWORD = 'seed-password';
export const SEED_ADMIN_EMAIL = 'admin@seed.example';
/** A 10% code on one order in eight, limited far above its uses. */
export const SEED_CODE = 'SEED10';
export const SHOP_TIME_ZONE = 'America/New_York';
/** A last name on exactly three orders whatever the size (a search that matches few). */
export const RARE_LAST_NAME = 'Zabriskie';
/** A last name of exactly three customers whatever the size (a customer search that matches few). */
export const RARE_CUSTOMER_NAME = 'Quixley';
export const FIRST_ORDER_NUMBER = 1000;

const FIRST_NAMES = ['Ann', 'Anna', 'Annika', 'Ben', 'Carla', 'Dev', 'Elena', 'Femi', 'Grace'];
FIRST_NAMES.push('Hiro', 'Ines', 'Jon', 'Kofi', 'Lena', 'Marco', 'Nia', 'Omar', 'Priya', 'Ravi');
const LAST_NAMES = ['Lee', 'Novak', 'Okafor', 'Patel', 'Quinn', 'Rossi', 'Silva', 'Tanaka', 'Ueda'];
LAST_NAMES.push('Vance', 'Walsh', 'Xu', 'Young', 'Zhang', 'Garcia', 'Kim', 'Nguyen', 'Smith');
const DOMAINS = ['gmail.com', 'outlook.com', 'acme-pumps.com', 'plant-ops.example'];

/** The n-th person's name and email: common names, an email of their own. */
export function seedPerson(n, kind = 'c') {
  const firstName = FIRST_NAMES[n % FIRST_NAMES.length];
  const lastName = LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length];
  const email = `${firstName}.${lastName}.${kind}${n}@${DOMAINS[n % DOMAINS.length]}`.toLowerCase();
  return { firstName, lastName, email };
}

export const seedCustomerEmail = (n) => seedPerson(n, 'c').email;
/** The guest session of the n-th seeded guest cart (two lines). */
export const seedGuestSession = (n) => `guest-1700000000000-seed${String(n).padStart(8, '0')}`;

const BATCH = 2_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SPAN = 730 * DAY;

/** Midnight of today in the shop's time zone. */
function startOfToday(now) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(now);
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const there = new Date(utcMidnight).toLocaleString('en-US', { timeZone: SHOP_TIME_ZONE });
  return utcMidnight + (utcMidnight - Date.parse(`${there} UTC`));
}

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

const productConfig = {
  material: 'phenolic',
  width: 3,
  height: 2,
  color: 'black-white',
  mounting: 'adhesive',
  customText: 'PUMP 1',
};
const UNIT_CENTS = 494; // 3" x 2" phenolic at 12 (the price rules; a cart read prices again)

async function insertAll(collection, docs) {
  for (let start = 0; start < docs.length; start += BATCH)
    await collection.insertMany(docs.slice(start, start + BATCH), { ordered: false });
}

/** The orders of the shop, in time order: who placed each, when, and whether it was paid. */
function planOrders(count, now, random) {
  const today = startOfToday(now);
  const total = Math.round(count * 2.3);
  // At least 25 orders today (both sizes have a "today"); the rest over the two years before it.
  const todayShare = Math.max(25 / total, (now - today) / SPAN);
  const at = () =>
    random() < todayShare
      ? today + random() * (now - today - 60_000)
      : now - SPAN + random() * (today - (now - SPAN));
  const plans = [];
  for (let i = 0; i < count; i++) {
    plans.push({ customer: i, at: at(), paid: true });
    if (i % 10 === 0)
      plans.push({ customer: i, at: at(), paid: true }, { customer: i, at: at(), paid: true });
    plans.push({ guest: i, at: at(), paid: true });
    if (i % 10 === 5) plans.push({ guest: count + i, at: at(), paid: false });
  }
  plans.sort((a, b) => a.at - b.at);
  return plans;
}

/** Status, events and fields of a paid order of this age. */
function lifeOf(paidAt, now, random) {
  const age = now - paidAt;
  if (age < 2 * HOUR) return 'awaiting_proof';
  if (age < 2 * DAY) return 'processing';
  if (age < 7 * DAY) return 'shipped';
  return random() < 0.03 ? 'cancelled' : 'completed';
}

/** Seeds a shop of `count` customers into the (empty) database of `uri`; what the benches need. */
export async function seedShop(uri, count, { log = () => {} } = {}) {
  const client = new MongoClient(uri);
  await client.connect();
  try {
    const db = client.db();
    const random = randomFrom(count);
    const now = Date.now();
    const passwordHash = await bcrypt.hash(SEED_PASSWORD, 10);
    const customerIds = Array.from({ length: count }, () => new ObjectId());
    const plans = planOrders(count, now, random);
    const firstOrderAt = new Map();
    for (const plan of plans)
      if (plan.customer !== undefined && !firstOrderAt.has(plan.customer))
        firstOrderAt.set(plan.customer, plan.at);

    log(`customers: ${count} and an admin`);
    const customers = customerIds.map((_id, i) => {
      const createdAt = new Date(firstOrderAt.get(i) - 10 * 60_000);
      const person = seedPerson(i, 'c');
      if (i < 3) person.lastName = RARE_CUSTOMER_NAME;
      return {
        _id,
        ...person,
        ...customerSearchKeys(person),
        phone: '555-0100',
        company: null,
        address: null,
        zipCode: '60601',
        passwordHash,
        isAdmin: false,
        emailConfirmedAt: new Date(createdAt.getTime() + 60_000),
        passwordSetAt: null,
        createdAt,
        updatedAt: createdAt,
      };
    });
    customers.push({
      _id: new ObjectId(),
      email: SEED_ADMIN_EMAIL,
      firstName: 'Shop',
      lastName: 'Admin',
      ...customerSearchKeys({ firstName: 'Shop', lastName: 'Admin', email: SEED_ADMIN_EMAIL }),
      phone: null,
      company: null,
      address: null,
      zipCode: null,
      passwordHash,
      isAdmin: true,
      emailConfirmedAt: new Date(now - SPAN),
      passwordSetAt: null,
      createdAt: new Date(now - SPAN - DAY),
      updatedAt: new Date(now - SPAN - DAY),
    });
    await insertAll(db.collection('customers'), customers);

    const codes = Array.from({ length: 20 }, (_, i) => ({
      _id: new ObjectId(),
      code: i === 0 ? SEED_CODE : `SEASON${i}`,
      type: 'percentage',
      percentOff: 10,
      amountOffCents: null,
      minimumOrderCents: 0,
      usageLimit: i === 0 ? count * 10 : 500,
      expiresAt: null,
      isActive: true,
      timesUsed: 0,
      description: '10% off',
      createdAt: new Date(now - SPAN + i * 30 * DAY),
      updatedAt: new Date(now - SPAN + i * 30 * DAY),
    }));

    log(`orders: ${plans.length}, with their events and confirmations`);
    let orders = [];
    let events = [];
    let outbox = [];
    let eventCount = 0;
    /** Writes what the orders so far made, so that memory holds a batch at a time. */
    const flush = async () => {
      await insertAll(db.collection('orders'), orders);
      await insertAll(db.collection('order_events'), events);
      await insertAll(db.collection('outbox'), outbox);
      eventCount += events.length;
      [orders, events, outbox] = [[], [], []];
    };
    let rareLeft = 0;
    const rare = new Set([
      Math.floor(plans.length / 7),
      Math.floor(plans.length / 2),
      plans.length - 3,
    ]);
    for (const [index, plan] of plans.entries()) {
      if (orders.length === BATCH) await flush();
      const _id = new ObjectId(Math.floor(plan.at / 1000));
      const id = _id.toString();
      const createdAt = new Date(plan.at);
      const person =
        plan.customer !== undefined ? seedPerson(plan.customer, 'c') : seedPerson(plan.guest, 'g');
      if (rare.has(index)) rareLeft += 1;
      if (rareLeft > 0 && plan.paid) [person.lastName, rareLeft] = [RARE_LAST_NAME, rareLeft - 1];
      const sessionId = `guest-${Math.floor(plan.at)}-${id.slice(-12)}`;
      const customerId = plan.customer !== undefined ? customerIds[plan.customer] : null;
      const owner = customerId ? `customer:${customerId}` : `guest:${sessionId}`;
      const fingerprint = createHash('sha256').update(id).digest('hex');
      const code = random() < 0.125 ? codes[index % 3 === 0 ? 0 : 1 + (index % 19)] : null;
      if (code && plan.paid) code.timesUsed += 1;
      const quantity = 12 * (1 + (index % 4));
      const subtotalCents = UNIT_CENTS * quantity;
      const discountCents = code ? Math.round(subtotalCents / 10) : 0;
      const taxCents = Math.round((subtotalCents - discountCents) * 0.0625);
      const totalCents = subtotalCents - discountCents + 515 + taxCents;
      const status = plan.paid
        ? lifeOf(plan.at, now, random)
        : now - plan.at > DAY
          ? 'expired'
          : 'pending_payment';
      const paidAt = plan.paid ? new Date(plan.at + 90_000) : null;
      const at = (hours) => new Date(plan.at + hours * HOUR);
      const shipped = status === 'shipped' || status === 'completed';
      orders.push({
        _id,
        orderNumber: FIRST_ORDER_NUMBER + index,
        cartKey: `${owner}:${fingerprint}`,
        placing: 1,
        sessionId,
        customerId,
        guestEmail: customerId ? null : person.email,
        customerInfo: {
          firstName: person.firstName,
          lastName: person.lastName,
          phone: '555-0100',
          email: person.email,
          company: 'Acme Pumps',
          street: '12 Main St',
          city: 'Chicago',
          state: 'IL',
          zipCode: '60601',
        },
        emailKey: person.email,
        ...customerSearchKeys(person),
        items: [
          {
            lineId: new ObjectId().toString(),
            productConfig,
            files: [],
            quantity,
            unitCents: UNIT_CENTS,
            totalCents: subtotalCents,
          },
        ],
        subtotalCents,
        discountCode: code?.code ?? null,
        discountCents,
        shippingCents: 515,
        taxCents,
        taxRegion: 'IL',
        totalCents,
        notes: null,
        status,
        paymentStatus: plan.paid ? 'paid' : 'unpaid',
        chargingSince: null,
        discountReserved: Boolean(code && plan.paid),
        paymentId: plan.paid ? `sbxpay_${id}` : null,
        paidAt,
        settledAt: paidAt && new Date(paidAt.getTime() + 50),
        chargeStuckReportedAt: null,
        paymentContact: plan.paid
          ? {
              customerName: `${person.firstName} ${person.lastName}`,
              customerEmail: person.email,
              customerPhone: null,
              customerCompany: null,
              customerAddress: null,
              customerZipCode: null,
            }
          : null,
        lastPaymentError: null,
        cartFingerprint: fingerprint,
        shipment: shipped
          ? {
              carrier: 'ups',
              trackingNumber: `1Z${id.slice(-12)}`,
              trackingUrl: null,
              shippedAt: at(48),
            }
          : null,
        refundedCents: status === 'cancelled' ? totalCents : 0,
        refundId: status === 'cancelled' ? `sbxref_${id}` : null,
        refundedAt: status === 'cancelled' ? at(3) : null,
        refundReason:
          status === 'cancelled' ? `Order #${FIRST_ORDER_NUMBER + index} cancelled` : null,
        skipProof: false,
        proof: plan.paid
          ? {
              status: status === 'awaiting_proof' ? 'awaiting_approval' : 'approved',
              revision: 1,
              sentAt: paidAt,
              awaitingSince: paidAt,
            }
          : null,
        proofReminderDueAt:
          status === 'awaiting_proof' ? new Date(paidAt.getTime() + 2 * DAY) : null,
        pendingMove: null,
        createdAt,
        updatedAt: createdAt,
      });

      const event = (key, fields) =>
        events.push({
          _id: `${id}:${key}`,
          orderId: _id,
          by: null,
          from: null,
          to: null,
          note: null,
          proof: null,
          ...fields,
        });
      const move = (from, to, when, by, note = null) =>
        event(to, { kind: 'move', at: when, by, from, to, note });
      if (!plan.paid) {
        if (status === 'expired')
          move('pending_payment', 'expired', at(24.1), null, 'Not paid within 24 hours');
        continue;
      }
      outbox.push({
        _id: new ObjectId(Math.floor(paidAt.getTime() / 1000)),
        key: `order_confirmation:${id}`,
        kind: 'order_confirmation',
        to: person.email,
        replyTo: null,
        subject: `Order #${FIRST_ORDER_NUMBER + index} confirmed: $${(totalCents / 100).toFixed(2)}`,
        text: `Hello ${person.firstName},\n\nThank you for your order.`,
        html: `<p>Hello ${person.firstName},</p><p>Thank you for your order.</p>`,
        createdAt: paidAt,
        status: 'sent',
        sentAt: new Date(paidAt.getTime() + 2_000),
        error: null,
        attempts: 1,
        nextAttemptAt: paidAt,
        claimedUntil: null,
        failedAt: null,
        attachments: [],
      });
      if (status === 'awaiting_proof') continue;
      const name = `${person.firstName} ${person.lastName}`;
      event('proof:1:decision', {
        kind: 'proof',
        at: at(1),
        by: 'customer',
        note: `Proof (revision 1) approved by ${name}`,
        proof: { action: 'approved', revision: 1, name },
      });
      move('awaiting_proof', 'processing', at(1), 'customer', 'Proof approved (revision 1)');
      if (index % 10 === 0)
        event(`note:${new ObjectId().toString()}`, {
          kind: 'note',
          at: at(1.5),
          by: SEED_ADMIN_EMAIL,
          note: 'Called the customer about the mounting',
        });
      if (status === 'cancelled')
        move('processing', 'cancelled', at(3), SEED_ADMIN_EMAIL, 'Refunded in full');
      if (shipped)
        move('processing', 'shipped', at(48), SEED_ADMIN_EMAIL, `ups 1Z${id.slice(-12)}`);
      if (status === 'completed') move('shipped', 'completed', at(120), SEED_ADMIN_EMAIL);
    }
    await flush();
    const lastOrderNumber = FIRST_ORDER_NUMBER + plans.length - 1;
    await db.collection('order_counters').insertOne({ _id: 'orders', value: lastOrderNumber });
    await db.collection('discount_codes').insertMany(codes);

    log(
      `carts: ${count} guest carts of two lines, ${count / 2} customer carts; sessions and links`,
    );
    const line = (quantity, when) => ({
      _id: new ObjectId(),
      productConfig,
      files: [],
      quantity,
      unitPriceCents: UNIT_CENTS,
      totalPriceCents: UNIT_CENTS * quantity,
      createdAt: when,
      updatedAt: when,
    });
    const carts = [];
    for (let i = 0; i < count; i++) {
      const when = new Date(now - random() * 30 * DAY);
      carts.push({
        _id: `guest:${seedGuestSession(i)}`,
        items: [line(12, when), line(24, when)],
        discountCode: null,
        discountAmountCents: 0,
        discountData: null,
        createdAt: when,
        updatedAt: when,
      });
      if (i % 2 === 0)
        carts.push({
          _id: `customer:${customerIds[i]}`,
          items: [line(12, when)],
          discountCode: null,
          discountAmountCents: 0,
          discountData: null,
          createdAt: when,
          updatedAt: when,
        });
    }
    await insertAll(db.collection('carts'), carts);
    // Signed in within the last day: each session ends a day after its last call.
    await insertAll(
      db.collection('sessions'),
      customerIds.map((customerId, i) => {
        const signedInAt = now - random() * DAY;
        const expiresAt = new Date(signedInAt + DAY);
        return {
          _id: `seed-session-${i}`,
          customerId,
          session: {
            passport: { user: customerId.toString() },
            signedInAt,
            cookie: {
              originalMaxAge: DAY,
              expires: expiresAt,
              secure: false,
              httpOnly: true,
              path: '/',
              sameSite: 'lax',
            },
          },
          expiresAt,
        };
      }),
    );
    await insertAll(
      db.collection('account_tokens'),
      customerIds
        .filter((_, i) => i % 10 === 0)
        .map((customerId, k) => ({
          _id: createHash('sha256').update(`seed-token-${k}`).digest('hex'),
          purpose: 'email-confirmation',
          customerId,
          email: seedCustomerEmail(k * 10),
          usedAt: new Date(now - random() * DAY),
          expiresAt: new Date(now + random() * 7 * DAY),
          createdAt: new Date(now - DAY),
        })),
    );
    return { customers: count, orders: plans.length, events: eventCount, lastOrderNumber };
  } finally {
    await client.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [uri, count] = process.argv.slice(2);
  if (!uri || !(Number(count) > 0)) {
    console.error('usage: node bench/seed.mjs <mongodb-uri> <customers>');
    process.exit(2);
  }
  const started = Date.now();
  const seeded = await seedShop(uri, Number(count), { log: (text) => console.log(text) });
  console.log(seeded, `in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}
