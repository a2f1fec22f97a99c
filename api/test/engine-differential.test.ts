// The embedded database answers indexed queries from its indexes exactly as it does without them
// (tools/ferretdb/README.md, "Index pushdown"): two FerretDB servers from the same build, one with the
// index pushdown and one without (--no-index-pushdown), get the same randomized collections and
// thousands of random queries, and every answer must be the same. Sorted answers compare honestly:
// the same sequence of sort keys, and the same documents within each tie group (a group cut by skip
// or limit may hold any of its documents). The explain of every query whose filter and sort are made
// only of what the pushdown answers exactly must say so, so the suite cannot pass by never pushing:
// its sort in SQL too, with or without a limit (the handler then sorts nothing and the rows stream,
// batch by batch: a third of the reads ask for small batches, so that answers span several getMores).
//
// ENGINE_DIFF_SEED=<n> replays a run (a failure prints its seed and query); ENGINE_DIFF_QUERIES sets
// the number of queries per collection and round (default 300).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canonical,
  Double,
  generator,
  EJSON,
  explain,
  idOf,
  Int32,
  Long,
  ObjectId,
  startEngines,
  tied,
  type Db,
  type Doc,
  type EngineServer,
} from './support/engine';

const seed = Number(process.env.ENGINE_DIFF_SEED ?? Math.floor(Math.random() * 2 ** 31));
const queriesPerRound = Number(process.env.ENGINE_DIFF_QUERIES ?? 300);

const rnd = generator(seed);

// Values, by class. Numbers are stored as int, long and double; doubles that are whole and below 2^53
// are exact in SQL, the rest ("lossy") are not and keep their field off the pushdown.
const oids = Array.from(
  { length: 8 },
  (_, i) => new ObjectId(`64b7f0c2a1d3e5f7a9b1c3${String(i).padStart(2, '0')}`),
);
const pools = {
  string: [
    '',
    'a',
    'A',
    'ab',
    'abc',
    'b',
    'z',
    '~',
    ' a',
    'é',
    'ü',
    '日本',
    'Ω',
    '10',
    '9',
    'a\u0000b',
    oids[2]!.toHexString(),
    '64b7f0c2a1d3e5f7a9b1c3ff',
  ],
  number: [
    () => new Int32(rnd.int(11) - 5),
    () => new Int32(rnd.pick([0, 1, -1, 2147483647, -2147483648])),
    () =>
      Long.fromString(
        rnd.pick([
          '0',
          '3',
          '-7',
          '9007199254740993',
          '-9007199254740993',
          '9223372036854775807',
          '-9223372036854775808',
          '1700000000000',
        ]),
      ),
    () =>
      new Double(
        rnd.pick([0, -0, 3, -4, 1e15, -9007199254740991, 9007199254740990, 1700000000000]),
      ),
  ],
  lossy: [
    () =>
      new Double(
        rnd.pick([
          0.5,
          -2.25,
          0.1,
          3.000001,
          1e20,
          -1e300,
          9007199254740994,
          2 ** 63,
          1.7976931348623157e308,
        ]),
      ),
  ],
  date: [
    -86400000 * 365 * 80,
    -1,
    0,
    1,
    1700000000000,
    1700000000001,
    1800000000000,
    253402300799999,
  ].map((ms) => new Date(ms)),
  objectId: oids,
  bool: [true, false],
};
type Kind = 'string' | 'number' | 'lossy' | 'date' | 'objectId' | 'bool';

function valueOf(kind: Kind): unknown {
  const pool = pools[kind] as readonly unknown[];
  const v = rnd.pick(pool);
  return typeof v === 'function' ? (v as () => unknown)() : v;
}

/** A field of a test collection: the kinds of values it gets, and how often missing, null or an array. */
interface FieldSpec {
  kinds: Kind[];
  missing?: number;
  nulls?: number;
  arrays?: number;
  objects?: number;
}

interface CollectionSpec {
  name: string;
  id: 'objectId' | 'string' | 'mixed';
  fields: Record<string, FieldSpec>;
  indexes: Record<string, number>[];
  /** Writes after the indexes exist that give fields arrays or new types (then fewer are exact). */
  flips: { field: string; value: () => unknown }[];
}

const specs: CollectionSpec[] = [
  {
    name: 'plain',
    id: 'objectId',
    fields: {
      s: { kinds: ['string'], missing: 0.1, nulls: 0.05 },
      n: { kinds: ['number'], missing: 0.1, nulls: 0.05 },
      d: { kinds: ['date'], missing: 0.1 },
      o: { kinds: ['objectId'], missing: 0.1, nulls: 0.05 },
      b: { kinds: ['bool'], missing: 0.2 },
      m: {
        kinds: ['string', 'number', 'date', 'objectId', 'bool'],
        missing: 0.1,
        nulls: 0.1,
        arrays: 0.1,
        objects: 0.05,
      },
      x: { kinds: ['number', 'lossy'], missing: 0.1 },
      k: { kinds: ['string'], missing: 0.1 },
      j: { kinds: ['number'], missing: 0.1 },
      u: { kinds: ['number'], missing: 0.1 },
      y: { kinds: ['date', 'number', 'bool'], missing: 0.1, nulls: 0.1 },
    },
    indexes: [
      { s: 1 },
      { n: -1 },
      { d: 1 },
      { o: 1, d: -1 },
      { b: 1, n: 1 },
      { m: 1 },
      { x: 1 },
      { k: 1, s: -1 },
      { j: 1 },
      { s: 1, n: -1, _id: -1 },
      { y: 1, s: 1 },
    ],
    flips: [
      { field: 'k', value: () => [valueOf('string'), valueOf('string')] },
      { field: 'j', value: () => valueOf('string') },
      { field: 's', value: () => valueOf('objectId') },
    ],
  },
  {
    name: 'keyed',
    id: 'string',
    fields: {
      s: { kinds: ['string'], missing: 0.05 },
      n: { kinds: ['number'], nulls: 0.1 },
      d: { kinds: ['date', 'number'], missing: 0.1 },
      t: { kinds: ['string', 'objectId'], missing: 0.1 },
      e: { kinds: ['number', 'string'], missing: 0.1, nulls: 0.1 },
    },
    indexes: [{ s: 1, _id: 1 }, { n: 1, d: -1 }, { d: -1 }, { t: 1 }, { e: 1 }, { _id: -1, n: 1 }],
    flips: [{ field: 'n', value: () => [] }],
  },
  {
    name: 'mixed',
    id: 'mixed',
    fields: {
      a: { kinds: ['string'], missing: 0.3, nulls: 0.2 },
      n: { kinds: ['number'], missing: 0.2 },
      d: { kinds: ['date'], missing: 0.2 },
      q: { kinds: ['number', 'string', 'date', 'bool'], missing: 0.1, nulls: 0.1, arrays: 0.05 },
      t: { kinds: ['string', 'objectId'], missing: 0.1 },
    },
    indexes: [{ a: 1, n: 1 }, { d: -1, a: -1 }, { q: 1 }, { n: 1 }, { t: -1 }],
    flips: [{ field: 'd', value: () => valueOf('number') }],
  },
];

/** Which fields are, at this point, answered exactly: one kind, no arrays, no lossy doubles. */
type Clean = Map<string, Kind>;

function cleanFields(spec: CollectionSpec, flipped: Set<string>): Clean {
  const clean: Clean = new Map();
  for (const [name, f] of Object.entries(spec.fields)) {
    const indexed = spec.indexes.some((index) => name in index);
    if (
      indexed &&
      f.kinds.length === 1 &&
      f.kinds[0] !== 'lossy' &&
      !f.arrays &&
      !f.objects &&
      !flipped.has(name)
    )
      clean.set(name, f.kinds[0]!);
  }
  if (spec.id === 'objectId') clean.set('_id', 'objectId');
  return clean;
}

let docCounter = 0;
function newId(spec: CollectionSpec): unknown {
  docCounter++;
  const kind = spec.id === 'mixed' ? rnd.pick(['objectId', 'string', 'number'] as const) : spec.id;
  if (kind === 'objectId') return new ObjectId();
  if (kind === 'number') return new Int32(docCounter);
  return (
    rnd.pick(['k:', 'K:', 'é:', '', '64b7f0c2a1d3e5f7a9b1c3']) +
    String(docCounter).padStart(rnd.int(3) + 1, '0')
  );
}

function newDoc(spec: CollectionSpec): Doc {
  const doc: Doc = { _id: newId(spec) };
  for (const [name, f] of Object.entries(spec.fields)) {
    if (rnd.chance(f.missing ?? 0)) continue;
    if (rnd.chance(f.nulls ?? 0)) doc[name] = null;
    else if (rnd.chance(f.arrays ?? 0))
      doc[name] = Array.from({ length: rnd.int(3) }, () => valueOf(rnd.pick(f.kinds)));
    else if (rnd.chance(f.objects ?? 0)) doc[name] = { x: valueOf('number') };
    else doc[name] = valueOf(rnd.pick(f.kinds));
  }
  return doc;
}

// Queries.

interface Query {
  filter: Doc;
  sort?: Record<string, 1 | -1>;
  skip: number;
  limit: number;
  /** The size of the cursor's batches (0: the driver's and server's defaults). */
  batchSize: number;
  /** Its filter and sort are only what the pushdown answers exactly. */
  exact: boolean;
}

const allKinds: Kind[] = ['string', 'number', 'date', 'objectId', 'bool'];

/** A condition on one field; exact when the pushdown must answer it exactly. */
function condition(
  spec: CollectionSpec,
  clean: Clean,
  fields: string[],
): { field: string; cond: unknown; exact: boolean } {
  const biased = fields.every((f) => clean.has(f));
  const field = rnd.chance(biased ? 0 : 0.05) ? 'm.x' : rnd.pick(fields);
  const own =
    clean.get(field) ?? (field === '_id' ? null : (spec.fields[field]?.kinds[0] ?? 'number'));
  const kind: Kind =
    own && rnd.chance(biased ? 1 : 0.85) ? (own === 'lossy' ? 'number' : own) : rnd.pick(allKinds);
  const value = (): unknown =>
    field === '_id' && spec.id !== 'objectId' && rnd.chance(0.5) ? newIdLike(spec) : valueOf(kind);
  const exact = clean.has(field) && clean.get(field) === kind;
  const r = rnd.next();
  if (r < 0.3) return { field, cond: value(), exact };
  if (r < 0.38) return { field, cond: { $eq: rnd.chance(0.2) ? null : value() }, exact };
  if (r < 0.45) return { field, cond: null, exact: clean.has(field) };
  if (r < 0.6) {
    const values = Array.from({ length: rnd.int(4) }, value);
    if (rnd.chance(0.2)) values.push(null);
    return { field, cond: { $in: values }, exact };
  }
  if (r < 0.9 || biased) {
    const ops = ['$lt', '$lte', '$gt', '$gte'];
    const cond: Doc = { [rnd.pick(ops)]: value() };
    if (rnd.chance(0.4)) cond[rnd.pick(ops)] = value();
    return { field, cond, exact };
  }
  // operators the pushdown leaves to FerretDB
  return {
    field,
    cond: rnd.pick([
      { $ne: value() },
      { $exists: rnd.chance(0.5) },
      { $nin: [value()] },
      { $type: 'string' },
    ]),
    exact: false,
  };
}

function newIdLike(spec: CollectionSpec): unknown {
  docCounter++;
  return spec.id === 'string' ? `k:${docCounter % 40}` : new Int32(docCounter % 40);
}

function conjunction(
  spec: CollectionSpec,
  clean: Clean,
  fields: string[],
  n: number,
): { filter: Doc; exact: boolean } {
  const filter: Doc = {};
  let exact = true;
  const and: Doc[] = [];
  for (let i = 0; i < n; i++) {
    const c = condition(spec, clean, fields);
    exact &&= c.exact;
    if (c.field in filter || rnd.chance(0.15)) and.push({ [c.field]: c.cond });
    else filter[c.field] = c.cond;
  }
  if (and.length) filter.$and = and;
  return { filter, exact };
}

function newQuery(spec: CollectionSpec, clean: Clean): Query {
  // half the queries only on fields the pushdown answers exactly, so that many are pushed whole
  const all = [...Object.keys(spec.fields), '_id'];
  const fields = clean.size && rnd.chance(0.5) ? [...clean.keys()] : all;
  const base = conjunction(spec, clean, fields, rnd.int(3));
  let exact = base.exact;
  const filter = base.filter;
  if (rnd.chance(0.25)) {
    const branches = Array.from({ length: 2 + rnd.int(2) }, () =>
      conjunction(spec, clean, fields, 1 + rnd.int(2)),
    );
    filter.$or = branches.map((b) => b.filter);
    exact &&= branches.every((b) => b.exact);
  }
  let sort: Record<string, 1 | -1> | undefined;
  if (rnd.chance(0.7)) {
    sort = {};
    for (let i = 0, n = 1 + rnd.int(3); i < n; i++) {
      const field = rnd.pick(fields);
      sort[field] = rnd.chance(0.5) ? 1 : -1;
      exact &&= clean.has(field);
    }
  }
  const limit = rnd.chance(0.7) ? 1 + rnd.int(30) : 0;
  const skip = rnd.chance(0.3) ? rnd.int(20) : 0;
  const batchSize = rnd.chance(0.3) ? 1 + rnd.int(12) : 0;
  return { filter, sort, skip, limit, batchSize, exact: exact && !pinsId(filter) };
}

/**
 * Whether the pushdown reads this filter's documents by the _id index alone and leaves the rest of
 * it to the handler (tools/ferretdb/README.md, "Index pushdown"): its `_id` is a string or ObjectId,
 * or `$eq` or a non-empty `$in` of them, beside other conditions.
 */
function pinsId(filter: Doc): boolean {
  if (!('_id' in filter) || Object.keys(filter).length < 2) return false;
  const id = filter._id;
  const isId = (v: unknown): boolean => typeof v === 'string' || v instanceof ObjectId;
  if (isId(id)) return true;
  if (typeof id !== 'object' || id === null || id.constructor !== Object) return false;
  const [entry, ...more] = Object.entries(id as Doc);
  if (!entry || more.length > 0) return false;
  const [op, value] = entry;
  if (op === '$eq') return isId(value);
  return op === '$in' && Array.isArray(value) && value.length > 0 && value.every(isId);
}

function describeQuery(collection: string, what: string, q: unknown): string {
  return `seed ${seed} (ENGINE_DIFF_SEED=${seed} replays it): ${what} on ${collection}: ${EJSON.stringify(q as Doc, { relaxed: false })}`;
}

/**
 * Checks an answer of the pushdown server against the stock server's. `all` is the stock answer
 * without skip and limit.
 */
function compareAnswers(got: Doc[], want: Doc[], all: Doc[], q: Query, where: string): void {
  expect(got.length, where).toBe(want.length);
  const byId = new Map(all.map((d) => [idOf(d), canonical(d)]));
  const seen = new Set<string>();
  for (const doc of got) {
    const id = idOf(doc);
    expect(seen.has(id), `${where}: ${id} twice`).toBe(false);
    seen.add(id);
    expect(canonical(doc), `${where}: ${id} is not a match`).toBe(byId.get(id));
  }
  if (!q.sort) {
    // no sort: any documents of the matches; without skip and limit, all of them
    if (!q.skip && !q.limit) expect([...seen].sort(), where).toEqual(want.map(idOf).sort());
    return;
  }
  const sort = q.sort;
  for (let i = 0; i < got.length; i++)
    expect(
      tied(got[i]!, want[i]!, sort),
      `${where}: sort keys differ at ${i}: ${canonical(got[i]!)} vs ${canonical(want[i]!)}`,
    ).toBe(true);
  // the tie groups of the window: the same documents unless cut by skip or limit
  let start = 0;
  while (start < got.length) {
    let end = start + 1;
    while (end < got.length && tied(got[start]!, got[end]!, sort)) end++;
    const cutBefore =
      start === 0 && q.skip > 0 && q.skip < all.length && tied(got[0]!, all[q.skip - 1]!, sort);
    const cutAfter =
      end === got.length &&
      q.skip + got.length < all.length &&
      tied(got[end - 1]!, all[q.skip + got.length]!, sort);
    if (!cutBefore && !cutAfter)
      expect(got.slice(start, end).map(idOf).sort(), `${where}: tie group at ${start}`).toEqual(
        want.slice(start, end).map(idOf).sort(),
      );
    start = end;
  }
}

let pushdown: EngineServer;
let stock: EngineServer;
const counts = { compared: 0, exactExpected: 0, limitPushed: 0, sortStreamed: 0, superset: 0 };

beforeAll(async () => {
  [pushdown, stock] = await startEngines(
    { typedNumbers: true },
    { indexPushdown: false, typedNumbers: true },
  );
}, 120_000);
afterAll(async () => {
  await Promise.all([pushdown?.close(), stock?.close()]);
  console.log(
    `engine differential: seed ${seed}, ${counts.compared} answers compared, ${counts.exactExpected} expected exact, ${counts.limitPushed} with LIMIT in SQL, ${counts.sortStreamed} with ORDER BY and no LIMIT, ${counts.superset} with a superset WHERE`,
  );
});

/** The same write on both servers; their answers must be the same. */
async function both<T>(write: (db: Db) => Promise<T>): Promise<T> {
  const [a, b] = await Promise.all([write(pushdown.db), write(stock.db)]);
  expect(a).toEqual(b);
  return a;
}

async function checkExplain(
  db: Db,
  command: Doc,
  q: Query,
  where: string,
  counted = false,
): Promise<void> {
  const e = await explain(db, command);
  if (e.pushdown.limit > 0) counts.limitPushed++;
  if (e.pushdown.sort && e.pushdown.limit === 0) counts.sortStreamed++;
  if (e.pushdown.filter === 'superset') counts.superset++;
  if (!q.exact) return;
  counts.exactExpected++;
  expect(e.pushdown.filter, `${where}: ${JSON.stringify(e)}`).toBe('exact');
  const limit = 'limit' in command || 'pipeline' in command ? (q.limit ? q.skip + q.limit : 0) : 0;
  expect(e.pushdown.limit, `${where}: ${JSON.stringify(e)}`).toBe(limit);
  expect(e.pushdown.sort, `${where}: ${JSON.stringify(e)}`).toBe(q.sort !== undefined);
  expect(e.pushdown.count, `${where}: ${JSON.stringify(e)}`).toBe(counted);
}

async function runQueries(spec: CollectionSpec, clean: Clean, round: string): Promise<void> {
  const name = spec.name;
  for (let i = 0; i < queriesPerRound; i++) {
    const q = newQuery(spec, clean);
    const op = rnd.next();
    if (op < 0.15) {
      // a count: countDocuments (an aggregation) or the count command, with skip and limit
      const where = describeQuery(name, `${round} count`, q);
      const command = rnd.chance(0.5);
      const skipLimit = { ...(q.skip && { skip: q.skip }), ...(q.limit && { limit: q.limit }) };
      const countOf = async (db: Db) =>
        command
          ? (await db.command({ count: name, query: q.filter, ...skipLimit })).n
          : await db.collection(name).countDocuments(q.filter, skipLimit);
      const [got, want] = await Promise.all([countOf(pushdown.db), countOf(stock.db)]);
      expect(got, where).toEqual(want);
      const pipeline: Doc[] = [{ $match: q.filter }];
      if (q.skip) pipeline.push({ $skip: q.skip });
      if (q.limit) pipeline.push({ $limit: q.limit });
      pipeline.push({ $group: { _id: 1, n: { $sum: 1 } } });
      await checkExplain(
        pushdown.db,
        command
          ? {
              count: name,
              query: q.filter,
              ...(q.skip && { skip: Long.fromNumber(q.skip) }),
              ...(q.limit && { limit: q.limit }),
            }
          : { aggregate: name, pipeline, cursor: {} },
        { ...q, sort: undefined },
        where,
        true,
      );
      counts.compared++;
      continue;
    }

    // a find, or the same as an aggregation
    const aggregate = op < 0.4;
    const pipeline: Doc[] = [{ $match: q.filter }];
    if (q.sort) pipeline.push({ $sort: q.sort });
    if (q.skip) pipeline.push({ $skip: q.skip });
    if (q.limit) pipeline.push({ $limit: q.limit });
    const where = aggregate
      ? describeQuery(name, `${round} aggregate (batchSize ${q.batchSize})`, pipeline)
      : describeQuery(name, `${round} find`, q);
    const read = async (db: Db, everyMatch = false) => {
      const batches = q.batchSize && !everyMatch ? { batchSize: q.batchSize } : {};
      if (aggregate && !everyMatch)
        return (await db.collection(name).aggregate(pipeline, batches).toArray()) as Doc[];
      let cursor = db.collection(name).find(q.filter, batches);
      if (q.sort) cursor = cursor.sort(q.sort);
      if (q.skip && !everyMatch) cursor = cursor.skip(q.skip);
      if (q.limit && !everyMatch) cursor = cursor.limit(q.limit);
      return (await cursor.toArray()) as Doc[];
    };
    const [got, want, all] = await Promise.all([
      read(pushdown.db),
      read(stock.db),
      // every match in order, to tell a tie group cut by skip or limit
      q.skip || q.limit ? read(stock.db, true) : undefined,
    ]);
    compareAnswers(got, want, all ?? want, q, where);
    counts.compared++;
    await checkExplain(
      pushdown.db,
      aggregate
        ? { aggregate: name, pipeline, cursor: {} }
        : {
            find: name,
            filter: q.filter,
            ...(q.sort && { sort: q.sort }),
            ...(q.skip && { skip: Long.fromNumber(q.skip) }),
            ...(q.limit && { limit: q.limit }),
          },
      q,
      where,
    );
  }
}

/** Random updates and deletes on a copy of the collection, the same on both servers. */
async function runWrites(spec: CollectionSpec, clean: Clean, round: number): Promise<void> {
  const work = `${spec.name}_work_${round}`;
  const docs = (await stock.db.collection(spec.name).find().toArray()) as Doc[];
  await both((db) => db.collection(work).createIndexes(spec.indexes.map((key) => ({ key }))));
  await both(async (db) => (await db.collection(work).insertMany(docs)).insertedCount);
  for (let i = 0; i < queriesPerRound / 4; i++) {
    const q = newQuery(spec, clean);
    const r = rnd.next();
    let where: string;
    if (r < 0.35) {
      const field = rnd.pick(Object.keys(spec.fields));
      const update = {
        $set: {
          [field]: rnd.chance(0.2)
            ? [valueOf('number')]
            : valueOf(rnd.pick(spec.fields[field]!.kinds)),
        },
      };
      where = describeQuery(work, 'updateMany', { filter: q.filter, update });
      await both(async (db) => {
        const res = await db.collection(work).updateMany(q.filter, update);
        return [res.matchedCount, res.modifiedCount];
      }).catch((e: unknown) => {
        throw new Error(`${where}: ${String(e)}`);
      });
    } else if (r < 0.55) {
      where = describeQuery(work, 'deleteMany', q.filter);
      await both(async (db) => (await db.collection(work).deleteMany(q.filter)).deletedCount);
    } else if (r < 0.9) {
      // a total order (ending in _id), so that both servers pick the same document
      const sort = { ...(q.sort ?? {}), _id: 1 as const };
      const update = { $inc: { hits: new Int32(1) }, $set: { touched: new Int32(round) } };
      where = describeQuery(work, 'findOneAndUpdate', { filter: q.filter, sort, update });
      await both(async (db) =>
        canonical({
          v: await db
            .collection(work)
            .findOneAndUpdate(q.filter, update, { sort, returnDocument: 'after' }),
        }),
      );
    } else {
      // one document at most: any of the matches is MongoDB's answer, so only a single match compares
      where = describeQuery(work, 'updateOne/deleteOne', q.filter);
      if ((await stock.db.collection(work).countDocuments(q.filter)) <= 1) {
        await both(
          async (db) =>
            (await db.collection(work).updateOne(q.filter, { $set: { one: true } })).modifiedCount,
        );
        await both(async (db) => (await db.collection(work).deleteOne(q.filter)).deletedCount);
      }
    }
    if (i % 4 === 3) await sameContents(work, where);
    counts.compared++;
  }
  await sameContents(work, `the end of ${work}'s writes (seed ${seed})`);
}

/** Both servers hold the same documents in the collection. */
async function sameContents(collection: string, where: string): Promise<void> {
  const [a, b] = await Promise.all(
    [pushdown.db, stock.db].map(async (db) =>
      ((await db.collection(collection).find().toArray()) as Doc[]).map(canonical).sort(),
    ),
  );
  expect(a, `${where}: the collections differ after it`).toEqual(b);
}

describe('the index pushdown (tools/ferretdb/README.md)', () => {
  for (const spec of specs) {
    it(`when ${spec.name} is queried at random, then every answer is the stock path's (seed ${seed})`, async () => {
      const name = spec.name;
      const first = Array.from({ length: 80 }, () => newDoc(spec));
      const later = Array.from({ length: 80 }, () => newDoc(spec));
      await both(async (db) => (await db.collection(name).insertMany(first)).insertedCount);
      // half the documents are there when the indexes are made (their stats are scanned, and SQLite's
      // statistics made: its plans are chosen with them), half come after
      await both((db) => db.collection(name).createIndexes(spec.indexes.map((key) => ({ key }))));
      await both(async (db) => (await db.collection(name).insertMany(later)).insertedCount);
      await runQueries(spec, cleanFields(spec, new Set()), 'before flips');
      await runWrites(spec, cleanFields(spec, new Set()), 1);

      // arrays and new types after the indexes exist: the stats grow, the pushdown narrows
      const flipped = new Set<string>();
      for (const flip of spec.flips) {
        flipped.add(flip.field);
        const ids = [...first, ...later].filter(() => rnd.chance(0.1)).map((d) => d._id);
        const value = flip.value();
        await both(
          async (db) =>
            (
              await db
                .collection(name)
                .updateMany({ _id: { $in: ids } } as Doc, { $set: { [flip.field]: value } })
            ).modifiedCount,
        );
        const replaced = { ...newDoc(spec), _id: rnd.pick(later)._id, [flip.field]: flip.value() };
        await both(
          async (db) =>
            (await db.collection(name).replaceOne({ _id: replaced._id } as Doc, replaced))
              .matchedCount,
        );
        const { _id: upsertedId, ...upserted } = { ...newDoc(spec), [flip.field]: flip.value() };
        await both(async (db) =>
          canonical({
            v: await db
              .collection(name)
              .findOneAndUpdate(
                { _id: upsertedId } as Doc,
                { $set: upserted },
                { upsert: true, returnDocument: 'after' },
              ),
          }),
        );
      }
      await runQueries(spec, cleanFields(spec, flipped), 'after flips');
      await runWrites(spec, cleanFields(spec, flipped), 2);
    }, 300_000);
  }

  it('when a filter is too large for one SQL statement, then the handler answers it, as the stock path does', async () => {
    const name = 'large_filters';
    const docs: Doc[] = Array.from({ length: 300 }, (_, i) => ({
      _id: i,
      a: new Int32(i),
      b: i % 7,
    }));
    await both(async (db) => (await db.collection(name).insertMany(docs)).insertedCount);
    await both((db) => db.collection(name).createIndexes([{ key: { a: 1 } }, { key: { b: 1 } }]));
    const range = (n: number, of: (i: number) => unknown) =>
      Array.from({ length: n }, (_, i) => of(i));
    const filters: Doc[] = [
      // 1,200 branches (past SQLite's expression depth), 40 `$in`s of 1,000 (past its bound values)
      { $or: range(1200, (i) => ({ a: i % 400 })) },
      { $or: range(40, (i) => ({ a: { $in: range(1000, (j) => i * 1000 + j) } })) },
      { $and: range(1200, (i) => ({ a: { $gte: -i } })), b: 3 },
    ];
    for (const filter of filters) {
      const coll = (db: Db) => db.collection(name);
      expect(Number(await both((db) => coll(db).countDocuments(filter)))).toBeGreaterThan(0);
      await both(async (db) =>
        (await coll(db).find(filter).sort({ a: -1 }).limit(5).toArray()).map(canonical),
      );
      await both(
        async (db) => (await coll(db).updateMany(filter, { $inc: { n: 1 } })).modifiedCount,
      );
      const e = await explain(pushdown.db, { find: name, filter, sort: { a: -1 }, limit: 5 });
      expect(e.pushdown.filter).toBe('none');
    }
    await sameContents(name, 'the large filters');
  });

  it('when the suite has run, then the pushdown answered many of its queries in SQL, with LIMIT, and sorted ones without', () => {
    expect(counts.exactExpected).toBeGreaterThan(specs.length * queriesPerRound * 0.25);
    expect(counts.limitPushed).toBeGreaterThan(specs.length * queriesPerRound * 0.2);
    expect(counts.sortStreamed).toBeGreaterThan(specs.length * queriesPerRound * 0.05);
    expect(counts.superset).toBeGreaterThan(0);
  });
});
