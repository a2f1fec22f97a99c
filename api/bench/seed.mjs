// Fills a database with a shop of a given size, fast (insertMany in batches, no API calls): N customers
// (password `seed-password`), N paid orders (three per customer for the first N/3), N/2 guest carts of
// two lines, N/2 customer carts of one line, N uploads, N sent messages in the outbox, 20 discount
// codes with N/10 uses of SEED10, one admin (`admin@seed.example`), 5 events per order (2 moves, 2 proof
// events, a note). Writes the documents exactly as the API stores them, including the
// keyed documents (email keys, cart documents, order-number keys, per-customer order keys, discount
// keys and uses, the customer list), so a seeded shop answers like one that grew through the API.
// The order search's lists (status, day, words) are left to the backfill the server runs at start
// (src/migrations/keyed-documents.ts; bench/server.ts runs it too).
// Also N signed-in sessions, checkout keys and reset tokens, filed in the sweeps' due
// queues, none due yet.
//
//   node bench/seed.mjs <mongodb-uri> <count>
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(apiDir, 'package.json'));
const { MongoClient, ObjectId } = require('mongodb');
const bcrypt = require('bcryptjs');

export const SEED_PASSWORD = 'seed-password';
export const SEED_ADMIN_EMAIL = 'admin@seed.example';
export const seedCustomerEmail = (index) => `customer${index}@seed.example`;
export const seedGuestSession = (index) =>
  `guest-1700000000000-seed${String(index).padStart(6, '0')}`;
export const SEED_CODE = 'SEED10';
/** The code's stored evaluation, as a cart that has it applied keeps it. */
const seedDiscountData = { code: SEED_CODE, description: '10% off', type: 'percentage', value: 10 };

const BATCH = 1_000;
const FIRST_ORDER_NUMBER = 1000;

const config = {
  material: 'phenolic',
  width: 3,
  height: 2,
  color: 'black-white',
  mounting: 'adhesive',
  customText: 'PUMP 1',
};
// 3" x 2" phenolic, quantity 12: $3.99 a label by the price rules (kept in step by the bench's checks).
const line = (quantity = 12) => ({
  _id: new ObjectId(),
  productConfig: config,
  files: [],
  quantity,
  unitPriceCents: 399,
  totalPriceCents: 399 * quantity,
  createdAt: new Date(),
  updatedAt: new Date(),
});

async function insertInBatches(collection, count, make) {
  for (let start = 0; start < count; start += BATCH) {
    const docs = [];
    for (let index = start; index < Math.min(count, start + BATCH); index++) docs.push(make(index));
    await collection.insertMany(docs, { ordered: false });
  }
}

/** Seeds `count` of everything into the database of `uri`; returns what the bench needs to know. */
export async function seedShop(uri, count, { log = () => {}, layout = 'keyed' } = {}) {
  const client = new MongoClient(uri);
  await client.connect();
  try {
    const db = client.db();
    const passwordHash = await bcrypt.hash(SEED_PASSWORD, 10);
    const now = Date.now();
    const customerIds = Array.from({ length: count }, () => new ObjectId());
    const customer = (index, isAdmin = false) => ({
      _id: customerIds[index],
      email: index === -1 ? SEED_ADMIN_EMAIL : seedCustomerEmail(index),
      firstName: 'Seed',
      lastName: `Customer ${index}`,
      phone: null,
      company: null,
      address: null,
      zipCode: null,
      passwordHash,
      isAdmin,
      // The admin's customer list (accounts/model.ts): oldest first, the admin last.
      listPosition: index === -1 ? count + 1 : index + 1,
      createdAt: new Date(now - (count - index) * 60_000),
      updatedAt: new Date(now - (count - index) * 60_000),
    });

    log(`customers: ${count}`);
    await insertInBatches(db.collection('customers'), count, (index) => customer(index));
    await insertInBatches(db.collection('customer_emails'), count, (index) => ({
      _id: seedCustomerEmail(index),
      customerId: customerIds[index].toString(),
    }));
    const adminId = new ObjectId();
    await db.collection('customers').insertOne({
      ...customer(-1, true),
      _id: adminId,
      createdAt: new Date(),
    });
    await db
      .collection('customer_emails')
      .insertOne({ _id: SEED_ADMIN_EMAIL, customerId: adminId.toString() });
    await insertInBatches(db.collection('customer_positions'), count, (index) => ({
      _id: String(index + 1),
      customerId: customerIds[index],
    }));
    await db
      .collection('customer_positions')
      .insertOne({ _id: String(count + 1), customerId: adminId });
    await db.collection('counters').insertOne({ _id: 'customerPosition', value: count + 2 });

    // The outbox: one sent message per order (its confirmation).
    log(`outbox: ${count} sent messages`);
    const mailIds = Array.from({ length: count }, () => new ObjectId());
    await insertInBatches(db.collection('outbox'), count, (index) => ({
      _id: mailIds[index],
      key: `order_confirmation:seed-${index}`,
      kind: 'order_confirmation',
      to: seedCustomerEmail(index),
      replyTo: null,
      subject: `Order #${FIRST_ORDER_NUMBER + index} confirmed`,
      text: 'Thank you for your order.',
      html: '<p>Thank you for your order.</p>',
      createdAt: new Date(now - (count - index) * 30_000),
      status: 'sent',
      sentAt: new Date(now - (count - index) * 30_000),
      error: null,
      attempts: 1,
      nextAttemptAt: new Date(now - (count - index) * 30_000),
      claimedUntil: null,
      failedAt: null,
      attachments: [],
    }));

    log(`discount codes: 20, uses of ${SEED_CODE}: ${Math.floor(count / 10)}`);
    const codes = Array.from({ length: 20 }, (_, index) => ({
      _id: new ObjectId(),
      code: index === 0 ? SEED_CODE : `SEEDCODE${index}`,
      type: 'percentage',
      percentOff: 10,
      amountOffCents: null,
      minimumOrderCents: 0,
      usageLimit: index === 0 ? null : 1_000_000,
      expiresAt: null,
      isActive: true,
      description: '',
      createdAt: new Date(now - (20 - index) * 60_000),
      updatedAt: new Date(now - (20 - index) * 60_000),
    }));
    await db.collection('discount_codes').insertMany(codes);
    await db
      .collection('discount_code_keys')
      .insertMany(codes.map((code) => ({ _id: code.code, discountId: code._id })));
    const uses = Math.floor(count / 10);
    await insertInBatches(db.collection('discount_uses'), uses, (index) => ({
      _id: `${codes[0]._id.toString()}:t:${index + 1}`,
      discountId: codes[0]._id,
      // The fields the earlier layout counted by (one document per use, unique key).
      slot: 0,
      key: `${codes[0]._id.toString()}:u:${index + 1}`,
      createdAt: new Date(),
    }));

    await db
      .collection('discount_use_heads')
      .insertOne({ _id: codes[0]._id.toString(), taken: uses, released: 0 });

    log(`orders: ${count}`);
    const orderIds = Array.from({ length: count }, () => new ObjectId());
    const ownerOf = (index) => (index < count / 3 ? index % Math.ceil(count / 9) : index);
    await insertInBatches(db.collection('orders'), count, (index) => {
      const withCode = index < uses;
      const subtotalCents = 399 * 12;
      const discountCents = withCode ? Math.round(subtotalCents / 10) : 0;
      const createdAt = new Date(now - (count - index) * 30_000);
      return {
        _id: orderIds[index],
        orderNumber: FIRST_ORDER_NUMBER + index,
        sessionId: seedGuestSession(index),
        customerId: customerIds[ownerOf(index)],
        guestEmail: null,
        customerInfo: {
          firstName: 'Seed',
          lastName: 'Customer',
          email: seedCustomerEmail(ownerOf(index)),
          phone: '555-0100',
          company: '',
          street: '1 Main St',
          city: 'Chicago',
          state: 'IL',
          zipCode: '60601',
        },
        items: [
          {
            lineId: new ObjectId().toString(),
            productConfig: config,
            files: [],
            quantity: 12,
            unitCents: 399,
            totalCents: subtotalCents,
          },
        ],
        subtotalCents,
        discountCode: withCode ? SEED_CODE : null,
        discountCents,
        shippingCents: 1200,
        taxCents: 0,
        taxRegion: null,
        totalCents: subtotalCents - discountCents + 1200,
        notes: null,
        status: 'processing',
        paymentStatus: 'paid',
        // Its proof was sent and approved (its events below).
        proof: {
          status: 'approved',
          revision: 1,
          sentAt: createdAt,
          awaitingSince: createdAt,
        },
        chargingSince: null,
        discountReserved: withCode,
        paymentId: `seed-payment-${index}`,
        paidAt: createdAt,
        paymentContact: null,
        lastPaymentError: null,
        cartFingerprint: `seed-${index}`,
        createdAt,
        updatedAt: createdAt,
      };
    });
    await insertInBatches(db.collection('order_numbers'), count, (index) => ({
      _id: String(FIRST_ORDER_NUMBER + index),
      orderId: orderIds[index],
    }));
    await db
      .collection('counters')
      .insertOne({ _id: 'orderNumber', name: 'orderNumber', value: FIRST_ORDER_NUMBER + count });
    // Per-customer order keys: the k-th order of a customer is `${customerId}:${k}`.
    const perCustomer = new Map();
    await insertInBatches(db.collection('customer_orders'), count, (index) => {
      const owner = customerIds[ownerOf(index)].toString();
      const k = (perCustomer.get(owner) ?? 0) + 1;
      perCustomer.set(owner, k);
      return { _id: `${owner}:${k}`, orderId: orderIds[index] };
    });
    // The orders' email keys: the k-th order placed with an email is `${email}:${k}`.
    const perEmail = new Map();
    await insertInBatches(db.collection('order_email_keys'), count, (index) => {
      const email = seedCustomerEmail(ownerOf(index));
      const k = (perEmail.get(email) ?? 0) + 1;
      perEmail.set(email, k);
      return { _id: `${email}:${k}`, orderId: orderIds[index] };
    });
    await db.collection('counters').insertOne({ _id: 'orderEmailKeysBackfilled', value: 1 });
    // The paid list (orders/model.ts): every seeded order is paid, in the order of its number.
    await insertInBatches(db.collection('paid_orders'), count, (index) => ({
      _id: String(index + 1),
      orderId: orderIds[index],
    }));
    await insertInBatches(db.collection('paid_order_keys'), count, (index) => ({
      _id: orderIds[index].toString(),
      k: index + 1,
    }));
    await db.collection('counters').insertOne({ _id: 'paidOrder', value: count + 1 });
    // Each order's history as the API writes it (orders/repository.ts), so a read that filtered the
    // events would read them all: paid (a move), its proof sent and approved (proof events), moved to
    // processing by an admin (a move) and an admin's note (numbered per order).
    log(`order events: ${5 * count}`);
    const hour = 3_600_000;
    const orderEvent = (index, key, at, fields) => ({
      _id: `${orderIds[index].toString()}:${key}`,
      orderId: orderIds[index],
      at,
      by: null,
      from: null,
      to: null,
      note: null,
      proof: null,
      ...fields,
    });
    const paidAt = (index) => new Date(now - (count - index) * 30_000);
    // An order's total (as above): the code's 10% off the first `uses` orders, $12.00 shipping.
    const paidCents = (index) => 399 * 12 - (index < uses ? Math.round((399 * 12) / 10) : 0) + 1200;
    const eventsOf = (index) => [
      orderEvent(index, 'awaiting_proof', paidAt(index), {
        kind: 'move',
        by: 'customer',
        from: 'pending_payment',
        to: 'awaiting_proof',
        note: `Paid $${(paidCents(index) / 100).toFixed(2)}`,
      }),
      orderEvent(index, 'proof:1:sent', paidAt(index), {
        kind: 'proof',
        note: 'Proof (revision 1) sent to the customer',
        proof: { action: 'sent', revision: 1 },
      }),
      orderEvent(index, 'proof:1:decision', new Date(paidAt(index).getTime() + hour), {
        kind: 'proof',
        by: 'customer',
        note: 'Proof (revision 1) approved by Seed Customer',
        proof: { action: 'approved', revision: 1, name: 'Seed Customer' },
      }),
      orderEvent(index, 'processing', new Date(paidAt(index).getTime() + 2 * hour), {
        kind: 'move',
        by: SEED_ADMIN_EMAIL,
        from: 'awaiting_proof',
        to: 'processing',
      }),
      orderEvent(index, 'note:1', new Date(paidAt(index).getTime() + 2 * hour), {
        kind: 'note',
        by: SEED_ADMIN_EMAIL,
        note: 'Called the customer about the mounting',
      }),
    ];
    for (let start = 0; start < count; start += BATCH / 5) {
      const docs = [];
      for (let index = start; index < Math.min(count, start + BATCH / 5); index++)
        docs.push(...eventsOf(index));
      await db.collection('order_events').insertMany(docs, { ordered: false });
    }
    // The notes are numbered already (src/migrations/keyed-documents.ts, numberOrderNotes).
    await db.collection('counters').insertOne({ _id: 'orderNotesNumbered', value: 1 });
    await db.collection('payment_claims').insertMany(
      orderIds.slice(0, Math.min(count, 1000)).map((id) => ({
        _id: id.toString(),
        state: 'paid',
        claimedAt: new Date(),
      })),
    );

    const guests = Math.floor(count / 2);
    log(`carts: ${guests} guest carts of two lines, ${count - guests} customer carts of one line`);
    await insertInBatches(db.collection('carts'), count, (index) => {
      const owner =
        index < guests
          ? `guest:${seedGuestSession(index)}`
          : `customer:${customerIds[index].toString()}`;
      // One cart in ten has the seeded code applied (kept in the cart: cart/model.ts).
      const applied = layout !== 'lines' && index < Math.floor(count / 10);
      return {
        _id: owner,
        items: index < guests ? [line(), line(24)] : [line()],
        discountCode: applied ? SEED_CODE : null,
        discountAmountCents: applied ? 958 : 0,
        discountData: applied ? seedDiscountData : null,
        createdAt: new Date(),
        updatedAt: new Date(),
      };
    });
    if (layout === 'lines') {
      // The earlier layout: one document per cart line, found by owner fields.
      await insertInBatches(db.collection('cart_items'), count, (index) => ({
        ...line(),
        sessionId: index < guests ? seedGuestSession(index) : `guest-seed-customer-${index}`,
        customerId: index < guests ? null : customerIds[index].toString(),
      }));
      // The earlier layout kept a cart's code in a second document per owner.
      await insertInBatches(db.collection('cart_sessions'), Math.floor(count / 10), (index) => ({
        _id: `guest:${seedGuestSession(index)}`,
        sessionId: seedGuestSession(index),
        customerId: null,
        discountCode: SEED_CODE,
        discountAmountCents: 958,
        discountData: seedDiscountData,
        createdAt: new Date(),
        updatedAt: new Date(),
      }));
    }

    log(`uploads: ${count}`);
    await insertInBatches(db.collection('uploads'), count, (index) => ({
      _id: `s:${seedGuestSession(index)}:${index.toString(16).padStart(64, '0')}.png`,
      filename: `${index.toString(16).padStart(64, '0')}.png`,
      originalName: `artwork-${index}.png`,
      size: 1024,
      sessionId: seedGuestSession(index),
      customerId: null,
      createdAt: new Date(),
    }));
    await insertInBatches(db.collection('upload_index'), count, (index) => ({
      _id: seedGuestSession(index),
      filenames: [`${index.toString(16).padStart(64, '0')}.png`],
    }));

    // What the sweeps look after, none of it due yet: a signed-in session per customer (its end a
    // day on), a checkout key per order (forgotten after a week) and a password reset token per
    // customer (an hour), each filed in its due queue
    // (platform/due-queue.ts) as the API files it. A sweep that filtered these would read them all.
    log(`sweeps: ${count} sessions, checkout keys and account tokens, not yet due`);
    const minuteNow = Math.floor(now / 60_000);
    const filed = async (queue, refs, dueAt) => {
      const perMinute = new Map();
      const hours = new Set();
      await insertInBatches(db.collection('due_entries'), refs.length, (index) => {
        const minute = Math.floor(dueAt(index).getTime() / 60_000);
        const n = (perMinute.get(minute) ?? 0) + 1;
        perMinute.set(minute, n);
        hours.add(Math.floor(minute / 60));
        return {
          _id: `${queue}:${minute}:${n}`,
          ref: refs[index],
          dueAt: dueAt(index),
          doneAt: null,
        };
      });
      await db
        .collection('due_hours')
        .insertMany(
          [...hours].map((hour) => ({ _id: `${queue}:${hour}` })),
          { ordered: false },
        )
        .catch(() => {});
      await db.collection('counters').insertMany([
        { _id: `due:${queue}`, value: minuteNow - 2 },
        // Each minute's next n, as filing leaves it (platform/due-queue.ts).
        ...[...perMinute].map(([minute, n]) => ({ _id: `due:${queue}:${minute}`, value: n + 1 })),
      ]);
    };
    // Spread over the coming hours, as real traffic files them.
    const spread = (start, index) => new Date(start + (index % 600) * 60_000);
    const sessionIds = customerIds.map((_, index) => `seed-session-${index}`);
    await insertInBatches(db.collection('sessions'), count, (index) => ({
      _id: sessionIds[index],
      expires: spread(now + 60 * 60_000, index),
      session: {
        cookie: { originalMaxAge: 86_400_000, httpOnly: true, path: '/', sameSite: 'lax' },
        passport: { user: customerIds[index].toString() },
        signedInAt: now,
      },
    }));
    await insertInBatches(db.collection('customer_sessions'), count, (index) => ({
      _id: `${customerIds[index].toString()}:1`,
      sessionId: sessionIds[index],
      at: new Date(now),
    }));
    await filed('sessions', sessionIds, (index) => spread(now + 60 * 60_000, index));
    const keyIds = orderIds.map((_, index) => `guest:${seedGuestSession(index)}:seed-${index}:1`);
    await insertInBatches(db.collection('checkout_keys'), count, (index) => ({
      _id: keyIds[index],
      orderId: orderIds[index],
      createdAt: new Date(now),
    }));
    await filed('checkout-keys', keyIds, (index) => spread(now + 7 * 86_400_000, index));
    const tokenIds = customerIds.map((_, index) => `f${index.toString(16).padStart(63, '0')}`);
    await insertInBatches(db.collection('account_tokens'), count, (index) => ({
      _id: tokenIds[index],
      purpose: 'password-reset',
      customerId: customerIds[index],
      email: seedCustomerEmail(index),
      expiresAt: spread(now + 60 * 60_000, index),
      createdAt: new Date(now),
    }));
    await filed(
      'account-tokens',
      tokenIds.map((id) => `t:${id}`),
      (index) => spread(now + 60 * 60_000, index),
    );
    await db.collection('counters').insertOne({ _id: 'sweepQueuesBackfilled', value: 1 });
    // Sign-in guesses of the last minutes on other keys (accounts/attempt-limiter.ts): count / 5
    // email-and-address keys with all 5 lanes taken, as a guessing script leaves them.
    const signInWindowMs = 15 * 60_000;
    const window = Math.floor(now / signInWindowMs);
    await insertInBatches(db.collection('limited_attempts'), count, (index) => {
      const key = `guesser${Math.floor(index / 5)}@seed.example|203.0.113.7`;
      const lane = (index % 5) + 1;
      return {
        _id: `sign-in:email+ip|${key}|${lane}|${window}`,
        limiter: 'sign-in:email+ip',
        key,
        lane,
        at: new Date(now - 60_000),
      };
    });
    await db.collection('counters').insertOne({ _id: 'attemptLanesMigrated', value: 1 });
    return { customers: count, orders: count, carts: count, uploads: count };
  } finally {
    await client.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [uri, count, layout] = process.argv.slice(2);
  if (!uri || !(Number(count) > 0)) {
    console.error('usage: node bench/seed.mjs <mongodb-uri> <count>');
    process.exit(2);
  }
  const started = Date.now();
  await seedShop(uri, Number(count), { log: (text) => console.log(text), layout });
  console.log(`seeded ${count} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}
