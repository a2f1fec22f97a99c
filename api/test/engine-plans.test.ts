// The embedded database answers the shop's kinds of queries from the indexes their schemas declare
// (tools/ferretdb/README.md, "Index pushdown"): each one's explain is SQLite searching an index, with
// no sort of its own (no temporary b-tree), and the answer is the right one; but the admin's search for
// a name prefix few orders have, which SQLite's statistics send to the name indexes' ranges, sorting
// those few. Also the index options the shop's schemas use: a TTL index is accepted, a unique index
// tells types apart as MongoDB does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  explain,
  Long,
  ObjectId,
  startEngine,
  type Db,
  type Doc,
  type EngineServer,
} from './support/engine';

let engine: EngineServer;
let db: Db;
beforeAll(async () => {
  engine = await startEngine();
  db = engine.db;
}, 120_000);
afterAll(async () => {
  await engine?.close();
});

const day = 86_400_000;
const start = Date.UTC(2025, 0, 1);

/**
 * SQLite's plan answers the command by searching the index (a pattern of its name), and sorts nothing
 * itself.
 */
async function expectIndexSearch(command: Record<string, unknown>, index: string) {
  const e = await explain(db, command);
  const plan = e.plan.join('\n');
  expect(plan, e.sql).toMatch(new RegExp(`SEARCH \\S+ USING (COVERING )?INDEX \\S+_${index} \\(`));
  expect(plan, e.sql).not.toMatch(/\bSCAN\b/);
  expect(plan, e.sql).not.toMatch(/TEMP B-TREE/);
  expect(e.pushdown.filter, e.sql).toBe('exact');
  return e;
}

describe("the shop's queries on the embedded database", () => {
  const customers = Array.from({ length: 40 }, (_, i) => `cust:${i}`);
  const statuses = ['pending', 'paid', 'shipped', 'cancelled'];

  beforeAll(async () => {
    const orders = db.collection('orders');
    await orders.createIndexes([
      { key: { customerId: 1, createdAt: -1 } },
      { key: { customerId: 1, createdAt: -1, _id: -1 } },
      { key: { status: 1, createdAt: -1 } },
      { key: { createdAt: -1 } },
      { key: { orderNumber: 1 }, unique: true },
    ]);
    await orders.insertMany(
      Array.from({ length: 2_000 }, (_, i) => ({
        _id: new ObjectId(),
        orderNumber: 1000 + i,
        customerId: customers[i % customers.length],
        status: statuses[i % statuses.length],
        createdAt: new Date(start + i * 3_600_000),
      })),
    );
    const customersColl = db.collection('customers');
    await customersColl.createIndexes([
      { key: { nameKey: 1 } },
      { key: { email: 1 }, unique: true },
    ]);
    const names = ['smith', 'smithers', 'smj', 'sma', 'jones', 'šmid', 'smi'];
    await customersColl.insertMany(
      Array.from({ length: 700 }, (_, i) => ({
        email: `c${i}@example.com`,
        nameKey: `${names[i % names.length]} ${i}`,
      })),
    );
    const sessions = db.collection('sessions');
    await sessions.createIndex({ expiresAt: 1 });
    await sessions.insertMany(
      Array.from({ length: 500 }, (_, i) => ({ expiresAt: new Date(start + i * 60_000) })),
    );
  });

  it("when a customer's newest orders are read, then the customerId, createdAt index answers them in its order", async () => {
    const e = await expectIndexSearch(
      { find: 'orders', filter: { customerId: 'cust:7' }, sort: { createdAt: -1 }, limit: 20 },
      'customerId_1_createdAt_-1(__id_-1)?',
    );
    expect(e.pushdown).toEqual({ filter: 'exact', sort: true, limit: 20, count: false });
    const page = await db
      .collection('orders')
      .find({ customerId: 'cust:7' })
      .sort({ createdAt: -1 })
      .limit(20)
      .toArray();
    expect(page.map((o) => o.orderNumber as number)).toEqual(
      Array.from({ length: 20 }, (_, i) => 1000 + 1967 - i * 40),
    );
  });

  it('when the next page is read by key (createdAt, _id), then the customerId, createdAt, _id index answers it in its order', async () => {
    const orders = db.collection('orders');
    const first = await orders
      .find({ customerId: 'cust:3' })
      .sort({ createdAt: -1, _id: -1 })
      .limit(10)
      .toArray();
    const last = first[first.length - 1]!;
    const filter = {
      customerId: 'cust:3',
      createdAt: { $lte: last.createdAt },
      $or: [
        { createdAt: { $lt: last.createdAt } },
        { createdAt: last.createdAt, _id: { $lt: last._id } },
      ],
    };
    const e = await expectIndexSearch(
      { find: 'orders', filter, sort: { createdAt: -1, _id: -1 }, limit: 10 },
      'customerId_1_createdAt_-1__id_-1',
    );
    expect(e.pushdown).toEqual({ filter: 'exact', sort: true, limit: 10, count: false });
    const next = await orders.find(filter).sort({ createdAt: -1, _id: -1 }).limit(10).toArray();
    const all = await orders
      .find({ customerId: 'cust:3' })
      .sort({ createdAt: -1, _id: -1 })
      .toArray();
    expect(next.map((o) => o.orderNumber)).toEqual(all.slice(10, 20).map((o) => o.orderNumber));
  });

  it('when an admin lists orders of a status in a date range, then the status, createdAt index answers them', async () => {
    const filter = {
      status: 'paid',
      createdAt: { $gte: new Date(start + 10 * day), $lt: new Date(start + 20 * day) },
    };
    const e = await expectIndexSearch(
      { find: 'orders', filter, sort: { createdAt: -1 }, limit: 50 },
      'status_1_createdAt_-1',
    );
    expect(e.plan.join('\n')).toMatch(/<expr>=\? AND <expr>>\? AND <expr><\?/);
    const found = await db
      .collection('orders')
      .find(filter)
      .sort({ createdAt: -1 })
      .limit(50)
      .toArray();
    expect(found).toHaveLength(50);
    expect(found.every((o) => o.status === 'paid')).toBe(true);
  });

  it('when names are searched by a lowercased prefix, then a range on the nameKey index answers it', async () => {
    const filter = { nameKey: { $gte: 'smi', $lt: 'smj' } };
    await expectIndexSearch({ find: 'customers', filter, limit: 20 }, 'nameKey_1');
    const found = await db.collection('customers').find(filter).toArray();
    expect(found).toHaveLength(300);
    expect(found.every((c) => (c.nameKey as string).startsWith('smi'))).toBe(true);
  });

  it('when orders are read by several numbers ($in), then the orderNumber index answers them', async () => {
    await expectIndexSearch(
      { find: 'orders', filter: { orderNumber: { $in: [1001, 1500, 2999, 5000] } } },
      'orderNumber_1',
    );
    const found = await db
      .collection('orders')
      .find({ orderNumber: { $in: [1001, 1500, 2999, 5000] } })
      .toArray();
    expect(found.map((o) => o.orderNumber).sort()).toEqual([1001, 1500, 2999]);
  });

  it("when a customer's orders are counted, then SQLite counts the index's entries for them (count(*): no document is read)", async () => {
    const counted = [
      await expectIndexSearch(
        {
          aggregate: 'orders',
          pipeline: [{ $match: { customerId: 'cust:5' } }, { $group: { _id: 1, n: { $sum: 1 } } }],
          cursor: {},
        },
        'customerId_1_createdAt_-1(__id_-1)?',
      ),
      await expectIndexSearch(
        { count: 'orders', query: { customerId: 'cust:5' } },
        'customerId_1_createdAt_-1(__id_-1)?',
      ),
    ];
    for (const e of counted) {
      expect(e.sql).toMatch(/^SELECT count\(\*\) FROM /);
      expect(e.pushdown.count).toBe(true);
    }
    expect(await db.collection('orders').countDocuments({ customerId: 'cust:5' })).toBe(50);
    expect(
      await db
        .collection('orders')
        .countDocuments({ customerId: 'cust:5' }, { skip: 45, limit: 10 }),
    ).toBe(5);
    const byStatus = await db
      .collection('orders')
      .aggregate([{ $match: { status: 'paid' } }, { $group: { _id: null, n: { $sum: 2 } } }])
      .toArray();
    expect(byStatus).toEqual([{ _id: null, n: 1000 }]);
  });

  it('when expired documents are swept (deleteMany by expiresAt), then the expiresAt index finds them', async () => {
    const now = new Date(start + 100 * 60_000);
    // delete runs the query explain shows for its filter
    await expectIndexSearch(
      { find: 'sessions', filter: { expiresAt: { $lte: now } } },
      'expiresAt_1',
    );
    expect(
      (await db.collection('sessions').deleteMany({ expiresAt: { $lte: now } })).deletedCount,
    ).toBe(101);
    expect(await db.collection('sessions').countDocuments()).toBe(399);
  });
});

describe("the admin's order search by a name prefix (SQLite's statistics, made after createIndexes)", () => {
  // As the shop's orders: most are paid; three paid orders have a rare last name. Written before the
  // indexes are made, so createIndexes analyzes them (tools/ferretdb/README.md, "Planner statistics").
  const firstNames = ['ann', 'anna', 'annika', 'ben', 'carla', 'dev', 'elena', 'femi', 'grace'];
  const lastNames = ['lee', 'novak', 'okafor', 'patel', 'quinn', 'rossi', 'silva', 'tanaka'];
  const all: Doc[] = Array.from({ length: 3_000 }, (_, i) => {
    const firstNameKey = firstNames[i % firstNames.length]!;
    const lastNameKey = i % 1000 === 500 ? 'zabriskie' : lastNames[(i >> 3) % lastNames.length]!;
    return {
      _id: new ObjectId(),
      orderNumber: 1000 + i,
      paymentStatus: i % 10 === 3 ? 'pending' : 'paid',
      firstNameKey,
      lastNameKey,
      emailKey: `${firstNameKey}.${lastNameKey}.${i}@example.com`,
      emailDomainKey: 'example.com',
      // two orders an hour: pages by (createdAt, _id) meet ties
      createdAt: new Date(start + Math.floor(i / 2) * 3_600_000),
    };
  });
  const newestFirst = (a: Doc, b: Doc) =>
    (b.createdAt as Date).getTime() - (a.createdAt as Date).getTime() ||
    (b._id as InstanceType<typeof ObjectId>)
      .toHexString()
      .localeCompare((a._id as InstanceType<typeof ObjectId>).toHexString());
  /** The shop's filter (orders/search.ts): paid, a first name, last name, email or domain from `p`. */
  const search = (p: string) => {
    const range = {
      $gte: p,
      $lt: p.slice(0, -1) + String.fromCharCode(p.charCodeAt(p.length - 1) + 1),
    };
    return {
      paymentStatus: 'paid',
      $and: [
        {
          $or: [
            { firstNameKey: range },
            { lastNameKey: range },
            { emailKey: range },
            { emailDomainKey: range },
          ],
        },
      ],
    };
  };
  const expected = (p: string) =>
    all
      .filter((o) => o.paymentStatus === 'paid')
      .filter((o) =>
        [o.firstNameKey, o.lastNameKey, o.emailKey, o.emailDomainKey].some((k) =>
          (k as string).startsWith(p),
        ),
      )
      .sort(newestFirst)
      .map((o) => o.orderNumber);
  const sort = { createdAt: -1, _id: -1 } as const;

  beforeAll(async () => {
    const orders = db.collection('shop_orders');
    await orders.insertMany(all.map((o) => ({ ...o })));
    await orders.createIndexes([
      { key: { emailKey: 1, paymentStatus: 1, createdAt: -1, _id: -1 } },
      { key: { paymentStatus: 1, createdAt: -1, _id: -1 } },
      { key: { firstNameKey: 1, createdAt: -1, _id: -1 } },
      { key: { lastNameKey: 1, createdAt: -1, _id: -1 } },
      { key: { emailDomainKey: 1, createdAt: -1, _id: -1 } },
    ]);
  });

  it("when a prefix few orders have is searched, then SQLite reads the name and email indexes' ranges (not the paid orders newest first) and sorts those", async () => {
    const filter = search('zabr');
    const e = await explain(db, { find: 'shop_orders', filter, sort, limit: 21 });
    const plan = e.plan.join('\n');
    expect(plan, e.sql).toMatch(/MULTI-INDEX OR/);
    for (const index of [
      'firstNameKey_1_createdAt_-1__id_-1',
      'lastNameKey_1_createdAt_-1__id_-1',
      'emailKey_1_paymentStatus_1_createdAt_-1__id_-1',
      'emailDomainKey_1_createdAt_-1__id_-1',
    ])
      expect(plan, e.sql).toMatch(
        new RegExp(`SEARCH \\S+ USING INDEX \\S+_${index} \\(<expr>>\\? AND <expr><\\?\\)`),
      );
    expect(plan, e.sql).not.toMatch(/[0-9a-f]{8}_paymentStatus_1_createdAt/);
    expect(plan, e.sql).not.toMatch(/\bSCAN\b/);
    expect(e.pushdown).toEqual({ filter: 'exact', sort: true, limit: 21, count: false });
    const found = await db.collection('shop_orders').find(filter).sort(sort).limit(21).toArray();
    expect(found.map((o) => o.orderNumber)).toEqual(expected('zabr'));
    expect(found).toHaveLength(3);
  });

  it("when a prefix many orders have is searched, then the paid orders' index answers it in its order, page by page", async () => {
    const filter = search('ann');
    await expectIndexSearch(
      { find: 'shop_orders', filter, sort, limit: 21 },
      'paymentStatus_1_createdAt_-1__id_-1',
    );
    const orders = db.collection('shop_orders');
    const first = await orders.find(filter).sort(sort).limit(21).toArray();
    expect(first.map((o) => o.orderNumber)).toEqual(expected('ann').slice(0, 21));
    const last = first[19]!;
    const next = await orders
      .find({
        ...filter,
        createdAt: { $lte: last.createdAt },
        $and: [
          ...filter.$and,
          {
            $or: [
              { createdAt: { $lt: last.createdAt } },
              { createdAt: last.createdAt, _id: { $lt: last._id } },
            ],
          },
        ],
      })
      .sort(sort)
      .limit(21)
      .toArray();
    expect(next.map((o) => o.orderNumber)).toEqual(expected('ann').slice(20, 41));
  });

  it("when an export reads the paid orders of a range oldest first, without a limit, then the paid orders' index answers them in its order, and each batch reads only its own documents", async () => {
    const from = new Date(start + 100 * 3_600_000);
    const to = new Date(start + 1_100 * 3_600_000);
    const filter = { paymentStatus: 'paid', createdAt: { $gte: from, $lt: to } };
    const oldestFirst = { createdAt: 1, _id: 1 } as const;
    const e = await expectIndexSearch(
      { find: 'shop_orders', filter, sort: oldestFirst },
      'paymentStatus_1_createdAt_-1__id_-1',
    );
    expect(e.pushdown).toEqual({ filter: 'exact', sort: true, limit: 0, count: false });
    const want = all
      .filter(
        (o) =>
          o.paymentStatus === 'paid' && (o.createdAt as Date) >= from && (o.createdAt as Date) < to,
      )
      .sort((a, b) => newestFirst(b, a))
      .map((o) => o.orderNumber);
    expect(want).toHaveLength(1_800);

    // The documents the database reads (decodes) for the first batch, and for all of them.
    const reads = async () => {
      const c = await engine.counters();
      return Number(c.sjson_fast_reads) + Number(c.sjson_left_reads);
    };
    const before = await reads();
    const cursor = db.collection('shop_orders').find(filter).sort(oldestFirst).batchSize(50);
    const got = [(await cursor.next())!.orderNumber];
    expect((await reads()) - before).toBe(50);
    for await (const o of cursor) got.push(o.orderNumber);
    expect(got).toEqual(want);
    expect((await reads()) - before).toBe(1_800);
  });
});

describe('index options and what the pushdown knows of a field', () => {
  it('when an index has expireAfterSeconds (mongoose expires), then it is made, and expiry is left to the shop', async () => {
    const c = db.collection('ttl');
    await expect(c.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 3600 })).resolves.toBe(
      'expiresAt_1',
    );
    await expect(c.createIndex({ other: 1 }, { expireAfterSeconds: -1 })).rejects.toThrow(
      /expireAfterSeconds/,
    );
    await c.insertOne({ expiresAt: new Date(0) });
    expect(await c.countDocuments({ expiresAt: { $lte: new Date() } })).toBe(1);
  });

  it('when an index has expireAfterSeconds, then listIndexes reports it as a number, and the same index again is left as it is', async () => {
    const c = db.collection('ttl_listed');
    await c.createIndexes([
      { key: { expiresAt: 1 }, expireAfterSeconds: 0 },
      { key: { endsAt: 1 }, expireAfterSeconds: 86_400 },
      { key: { code: 1 }, unique: true },
    ]);
    const listed = async () =>
      Object.fromEntries((await c.indexes()).map(({ name, ...index }) => [name, index]));
    const indexes = await listed();
    expect(indexes['expiresAt_1']).toEqual({ v: 2, key: { expiresAt: 1 }, expireAfterSeconds: 0 });
    expect(indexes['endsAt_1']).toEqual({ v: 2, key: { endsAt: 1 }, expireAfterSeconds: 86_400 });
    expect(indexes['code_1']).toEqual({ v: 2, key: { code: 1 }, unique: true });

    // Asked again (several at once, as syncIndexes may): nothing to do, nothing changes.
    await expect(
      c.createIndexes([
        { key: { expiresAt: 1 }, expireAfterSeconds: 0 },
        { key: { endsAt: 1 }, expireAfterSeconds: 86_400 },
        { key: { code: 1 }, unique: true },
      ]),
    ).resolves.toEqual(['expiresAt_1', 'endsAt_1', 'code_1']);
    expect(await listed()).toEqual(indexes);

    // Other options under the same name are refused as MongoDB refuses them, not ignored: another
    // TTL is an equivalent index, another unique a different one. Drop it first.
    await expect(c.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 60 })).rejects.toMatchObject(
      {
        codeName: 'IndexOptionsConflict',
        message:
          'An equivalent index already exists with the same name but different options. Requested index: ' +
          '{ v: 2, key: { expiresAt: 1 }, name: "expiresAt_1", expireAfterSeconds: 60 }, existing index: ' +
          '{ v: 2, key: { expiresAt: 1 }, name: "expiresAt_1", expireAfterSeconds: 0 }',
      },
    );
    await expect(c.createIndex({ code: 1 })).rejects.toMatchObject({
      codeName: 'IndexKeySpecsConflict',
    });
    expect(await listed()).toEqual(indexes);
  });

  it('when a unique index holds values of different types, then only values MongoDB finds equal collide', async () => {
    const c = db.collection('uniques');
    await c.createIndex({ key: 1 }, { unique: true });
    await c.insertMany([
      { key: 1 },
      { key: true },
      { key: '1' },
      { key: new Date(1) },
      { key: new ObjectId('64b7f0c2a1d3e5f7a9b1c300') },
      { key: '64b7f0c2a1d3e5f7a9b1c300' },
    ]);
    await expect(c.insertOne({ key: 1.0 })).rejects.toMatchObject({ code: 11000 });
    await expect(c.insertOne({ key: '1' })).rejects.toMatchObject({ code: 11000 });
    await expect(c.insertOne({ key: new Date(1) })).rejects.toMatchObject({ code: 11000 });
  });

  it('when a field gets an array after its index is made, then equality on it is answered by FerretDB, and finds the element', async () => {
    const c = db.collection('flips');
    await c.createIndex({ tag: 1 });
    await c.insertMany([
      { tag: 'a', n: 1 },
      { tag: 'b', n: 2 },
    ]);
    const before = await explain(db, { find: 'flips', filter: { tag: 'a' }, limit: 1 });
    expect(before.pushdown).toEqual({ filter: 'exact', sort: false, limit: 1, count: false });
    await c.insertOne({ tag: ['x', 'a'], n: 3 });
    const after = await explain(db, { find: 'flips', filter: { tag: 'a' }, limit: 1 });
    expect(after.pushdown).toEqual({ filter: 'none', sort: false, limit: 0, count: false });
    expect((await c.find({ tag: 'a' }).toArray()).map((d) => d.n).sort()).toEqual([1, 3]);
  });

  it('when numbers are compared, then the index orders them as numbers (999 before 1000) and longs beyond 2^53 exactly', async () => {
    const c = db.collection('numbers');
    await c.createIndex({ n: 1 });
    await c.insertMany([
      { n: 999 },
      { n: 1000 },
      { n: 5.0 },
      { n: Long.fromString('9007199254740993') },
      { n: -3 },
    ]);
    const e = await expectIndexSearch(
      { find: 'numbers', filter: { n: { $gt: 998 } }, sort: { n: 1 }, limit: 3 },
      'n_1',
    );
    expect(e.pushdown.limit).toBe(3);
    const found = await c
      .find({ n: { $gt: 998 } })
      .sort({ n: 1 })
      .limit(3)
      .toArray();
    expect(found.map((d) => String(d.n))).toEqual(['999', '1000', '9007199254740993']);
    expect(await c.countDocuments({ n: { $gt: Long.fromString('9007199254740992') } })).toBe(1);
  });
});
