// The embedded database answers $eq, $ne, $in, $nin, $not and $elemMatch on fields inside arrays as
// MongoDB does (tools/ferretdb/README.md, patch 0018): a negation ($ne, $nin, $not) holds only when
// no value the path reaches matches (a missing field matches $ne), each operator of a field's
// expression looks at all those values on its own, and $elemMatch needs one element that satisfies
// all of its conditions. Two servers, with the index pushdown and without (--no-index-pushdown),
// answer (a) cases whose answers are those of MongoDB's documentation of these operators and of
// queries on arrays, and (b) random documents and filters, checked against a small matcher written
// here from MongoDB's rule for a dotted path (path.cpp's iterator: through an array it looks into
// each element that is a document, a document without the field is a missing value, and the values
// at the path's end that are arrays are matched by each of their elements as well).
//
// ENGINE_ARRAY_SEED=<n> replays a run; a failure prints its seed and filter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EJSON, generator, startEngines, type Doc, type EngineServer } from './support/engine';

const seed = Number(process.env.ENGINE_ARRAY_SEED ?? Math.floor(Math.random() * 2 ** 31));
const rnd = generator(seed);

let servers: { name: string; server: EngineServer }[] = [];

beforeAll(async () => {
  const [on, off] = await startEngines({ indexPushdown: true }, { indexPushdown: false });
  servers = [
    { name: 'pushdown on', server: on },
    { name: 'pushdown off', server: off },
  ];
});

afterAll(async () => {
  await Promise.all(servers.map(({ server }) => server.close()));
});

async function load(collection: string, docs: Doc[]): Promise<void> {
  for (const { server } of servers) {
    const coll = server.db.collection(collection);
    await coll.insertMany(docs.map((doc) => ({ ...doc })));
    // status is indexed on values, so a filter with it goes to SQL when the pushdown is on
    await coll.createIndexes([{ key: { status: 1 } }, { key: { tags: 1 } }]);
  }
}

async function idsFound(server: EngineServer, collection: string, filter: Doc): Promise<number[]> {
  const found = await server.db.collection(collection).find(filter).toArray();
  return found.map((doc) => doc._id as unknown as number).sort((x, y) => x - y);
}

describe('operators on arrays (MongoDB documentation)', () => {
  // refunds is an array of documents (the sandbox payments' shape), tags an array of strings or numbers
  const payments: Doc[] = [
    {
      _id: 1,
      status: 'paid',
      refunds: [
        { key: 'k', amount: 1 },
        { key: 'j', amount: 9 },
      ],
      tags: ['x', 'y'],
    },
    { _id: 2, status: 'paid', refunds: [{ key: 'j', amount: 9 }], tags: ['y'] },
    { _id: 3, status: 'open', refunds: [], tags: [] },
    { _id: 4, status: 'paid' },
    { _id: 5, status: 'paid', refunds: [{ amount: 3 }], tags: 'x' },
    { _id: 6, status: 'open', refunds: [{ key: 'k', amount: 9 }], tags: [0, 10] },
  ];
  // a.b.c runs through two arrays of documents
  const nested: Doc[] = [
    { _id: 1, a: [{ b: [{ c: 1 }, { c: 2 }] }, { b: [{ c: 3 }] }] },
    { _id: 2, a: [{ b: [{ c: 2 }] }] },
    { _id: 3, a: [{ b: [{ d: 1 }] }] },
    { _id: 4, a: [{ b: [{ c: [1, 5] }] }] },
    { _id: 5, a: [] },
  ];
  beforeAll(async () => {
    await load('payments', payments);
    await load('nested', nested);
  });

  const cases: [string, string, Doc, number[]][] = [
    // $ne: "the scalar value is not present as an element in the array, including documents that
    // don't have the field"; $nin: "no element equal to a value in the specified array"
    [
      '$ne through an array of documents',
      'payments',
      { 'refunds.key': { $ne: 'k' } },
      [2, 3, 4, 5],
    ],
    [
      '$nin through an array of documents',
      'payments',
      { 'refunds.key': { $nin: ['k'] } },
      [2, 3, 4, 5],
    ],
    [
      '$not $eq through an array of documents',
      'payments',
      { 'refunds.key': { $not: { $eq: 'k' } } },
      [2, 3, 4, 5],
    ],
    ['$nor of the equality', 'payments', { $nor: [{ 'refunds.key': 'k' }] }, [2, 3, 4, 5]],
    [
      '$ne beside an indexed equality',
      'payments',
      { status: 'paid', 'refunds.key': { $ne: 'k' } },
      [2, 4, 5],
    ],
    ['$in through an array of documents', 'payments', { 'refunds.key': { $in: ['k'] } }, [1, 6]],
    // $elemMatch: "at least one element that matches all the specified query criteria"
    [
      '$elemMatch with $ne',
      'payments',
      { refunds: { $elemMatch: { key: { $ne: 'k' } } } },
      [1, 2, 5],
    ],
    [
      '$elemMatch with two conditions',
      'payments',
      { refunds: { $elemMatch: { key: 'k', amount: { $gt: 5 } } } },
      [6],
    ],
    ['$elemMatch with an equality', 'payments', { refunds: { $elemMatch: { key: 'k' } } }, [1, 6]],
    [
      '$not $elemMatch',
      'payments',
      { refunds: { $not: { $elemMatch: { key: 'k' } } } },
      [2, 3, 4, 5],
    ],
    // without $elemMatch, "a combination of elements" satisfies conditions on two fields
    [
      'two conditions without $elemMatch',
      'payments',
      { 'refunds.key': 'k', 'refunds.amount': { $gt: 5 } },
      [1, 6],
    ],
    [
      'two operators on one path through an array',
      'payments',
      { 'refunds.amount': { $gt: 2, $lt: 5 } },
      [1, 5],
    ],
    // arrays of scalars
    ['$ne on an array of strings', 'payments', { tags: { $ne: 'x' } }, [2, 3, 4, 6]],
    ['$nin on an array of strings', 'payments', { tags: { $nin: ['x', 'y'] } }, [3, 4, 6]],
    [
      '$elemMatch $ne on an array of strings',
      'payments',
      { tags: { $elemMatch: { $ne: 'x' } } },
      [1, 2, 6],
    ],
    [
      '$elemMatch $nin on an array of strings',
      'payments',
      { tags: { $elemMatch: { $nin: ['x'] } } },
      [1, 2, 6],
    ],
    ['$elemMatch of a range', 'payments', { tags: { $elemMatch: { $gt: 1, $lt: 5 } } }, []],
    ['a range without $elemMatch', 'payments', { tags: { $gt: 1, $lt: 5 } }, [6]],
    // through two arrays
    ['$ne through two arrays', 'nested', { 'a.b.c': { $ne: 1 } }, [2, 3, 5]],
    ['$nin through two arrays', 'nested', { 'a.b.c': { $nin: [1, 3] } }, [2, 3, 5]],
    ['an equality through two arrays', 'nested', { 'a.b.c': 1 }, [1, 4]],
    [
      '$elemMatch on a path through an array',
      'nested',
      { 'a.b': { $elemMatch: { c: { $ne: 1 } } } },
      [1, 2, 3],
    ],
    [
      '$elemMatch of a dotted $ne',
      'nested',
      { a: { $elemMatch: { 'b.c': { $ne: 1 } } } },
      [1, 2, 3],
    ],
  ];

  for (const [what, collection, filter, expected] of cases) {
    it(`when ${what} is queried (${JSON.stringify(filter)}), then the documents are MongoDB's`, async () => {
      for (const { name, server } of servers) {
        expect(await idsFound(server, collection, filter), name).toEqual(expected);
        expect(await server.db.collection(collection).countDocuments(filter), name).toBe(
          expected.length,
        );
      }
    });
  }

  it('when a refund is pushed only while no refund has its key, then a second push with the key changes nothing', async () => {
    for (const { name, server } of servers) {
      const coll = server.db.collection('payments');
      const push = () =>
        coll.updateOne(
          { _id: 2 as never, 'refunds.key': { $ne: 'r1' } },
          { $push: { refunds: { key: 'r1', amount: 1 } } as never },
        );
      expect((await push()).modifiedCount, name).toBe(1);
      expect((await push()).modifiedCount, name).toBe(0);
      const doc = await coll.findOne({ _id: 2 as never });
      expect(doc?.refunds, name).toEqual([
        { key: 'j', amount: 9 },
        { key: 'r1', amount: 1 },
      ]);
    }
  });
});

// (b) MongoDB's rule, for documents of strings, numbers, null, documents and arrays of those (no array
// directly inside an array), and filters of $eq, $ne, $in, $nin, $not and $elemMatch.

const MISSING = Symbol('missing');
type Filter = Record<string, unknown>;

const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The values a dotted path reaches in a document: MISSING where a document lacks the field or a value
 * on the way is neither a document nor an array, nothing for an array's other elements.
 */
function reach(doc: Doc, path: string): unknown[] {
  const parts = path.split('.');
  const out: unknown[] = [];
  const walk = (v: unknown, i: number): void => {
    if (i === parts.length) out.push(v);
    else if (Array.isArray(v)) {
      for (const e of v) if (isDoc(e)) walk(e, i);
    } else if (isDoc(v)) {
      if (Object.hasOwn(v, parts[i]!)) walk(v[parts[i]!], i + 1);
      else out.push(MISSING);
    } else out.push(MISSING);
  };
  walk(doc, 0);
  return out;
}

/** Whether a single value equals a scalar or null (a missing value equals null). */
const same = (v: unknown, q: unknown): boolean => (v === MISSING ? q === null : v === q);

/** $eq on one reached value: the value, or one of its elements if it is an array. */
const eqReached = (v: unknown, q: unknown): boolean =>
  same(v, q) || (Array.isArray(v) && v.some((e) => !Array.isArray(e) && same(e, q)));

function matchesOperators(reached: unknown[], expr: Filter): boolean {
  return Object.entries(expr).every(([op, arg]) => {
    switch (op) {
      case '$eq':
        return reached.some((v) => eqReached(v, arg));
      case '$ne':
        return !reached.some((v) => eqReached(v, arg));
      case '$in':
        return reached.some((v) => (arg as unknown[]).some((q) => eqReached(v, q)));
      case '$nin':
        return !reached.some((v) => (arg as unknown[]).some((q) => eqReached(v, q)));
      case '$not':
        return !matchesOperators(reached, arg as Filter);
      case '$elemMatch':
        return reached.some(
          (v) => Array.isArray(v) && v.some((e) => elemMatches(e, arg as Filter)),
        );
      default:
        throw new Error(`the reference matcher has no ${op}`);
    }
  });
}

/** One element against an $elemMatch: its operators on the element itself, or a filter on it. */
function elemMatches(e: unknown, expr: Filter): boolean {
  const first = Object.keys(expr)[0]!;
  if (first.startsWith('$')) return matchesOperators([e], expr);
  return isDoc(e) && matches(e, expr);
}

function matches(doc: Doc, filter: Filter): boolean {
  return Object.entries(filter).every(([path, cond]) => {
    const reached = reach(doc, path);
    if (isDoc(cond)) return matchesOperators(reached, cond);
    return reached.some((v) => eqReached(v, cond));
  });
}

const scalars = ['x', 'y', 'z', 1, 2, null] as const;
const scalar = () => rnd.pick(scalars);
const scalarArray = () => Array.from({ length: rnd.int(4) }, scalar);

/** c's level: a scalar, an array of scalars, or missing. */
function cDoc(): Doc {
  const r = rnd.next();
  if (r < 0.2) return {};
  if (r < 0.3) return { d: 1 };
  return { c: rnd.chance(0.6) ? scalar() : scalarArray() };
}

function bValue(): unknown {
  const r = rnd.next();
  if (r < 0.25) return scalar();
  if (r < 0.4) return scalarArray();
  if (r < 0.55) return cDoc();
  return Array.from({ length: rnd.int(4) }, () => (rnd.chance(0.85) ? cDoc() : scalar()));
}

function randomDoc(id: number): Doc {
  const doc: Doc = { _id: id, status: rnd.pick(['paid', 'open']) };
  const r = rnd.next();
  if (r < 0.1) return doc;
  if (r < 0.2) doc.a = scalar();
  else if (r < 0.3) doc.a = scalarArray();
  else if (r < 0.45) doc.a = { b: bValue() };
  else
    doc.a = Array.from({ length: rnd.int(4) }, () => {
      const e = rnd.next();
      if (e < 0.1) return scalar();
      if (e < 0.2) return {};
      return { b: bValue() };
    });
  return doc;
}

/** $eq, $ne, $in, $nin or $not of one of them, or two of them together. */
function comparison(): Filter {
  const one = (negated = false): Filter => {
    const op = rnd.pick(['$eq', '$ne', '$in', '$nin', '$not'] as const);
    if (op === '$not') return negated ? { $eq: scalar() } : { $not: one(true) };
    if (op === '$in' || op === '$nin') return { [op]: [scalar(), scalar()] };
    return { [op]: scalar() };
  };
  return rnd.chance(0.2) ? { ...one(), ...one() } : one();
}

/** A condition on the values at the end of `path`, relative to an element of `within`. */
function condition(depth: number, paths: string[]): [string, unknown] {
  const path = rnd.pick(paths);
  const r = rnd.next();
  if (r < 0.15) return [path, scalar()];
  if (depth < 1 && path !== paths[paths.length - 1] && r < 0.45) {
    const rest = paths.filter((p) => p.startsWith(`${path}.`)).map((p) => p.slice(path.length + 1));
    const elemMatch = rnd.chance(0.7)
      ? Object.fromEntries(Array.from({ length: 1 + rnd.int(2) }, () => condition(depth + 1, rest)))
      : comparison();
    // $elemMatch of operators holds them on one element; a scalar array gets that form too
    return [
      path,
      rnd.chance(0.2) ? { $not: { $elemMatch: elemMatch } } : { $elemMatch: elemMatch },
    ];
  }
  if (r < 0.55 && depth < 1) return [path, { $elemMatch: comparison() }];
  return [path, comparison()];
}

function randomFilter(): Filter {
  const filter: Filter = Object.fromEntries(
    Array.from({ length: 1 + rnd.int(2) }, () => condition(0, ['a', 'a.b', 'a.b.c'])),
  );
  if (rnd.chance(0.4)) filter.status = rnd.pick(['paid', 'open']);
  return filter;
}

describe("operators on arrays (MongoDB's rule, at random)", () => {
  const docs = Array.from({ length: 80 }, (_, i) => randomDoc(i));
  beforeAll(async () => {
    await load('random', docs);
  });

  it(`when random filters are queried, then each answer is the one MongoDB's rule gives (seed ${seed})`, async () => {
    let someMatch = 0;
    for (let i = 0; i < 300; i++) {
      const filter = randomFilter();
      const expected = docs
        .filter((doc) => matches(doc, filter))
        .map((doc) => doc._id as number)
        .sort((x, y) => x - y);
      if (expected.length > 0 && expected.length < docs.length) someMatch++;
      for (const { name, server } of servers) {
        const where = `seed ${seed} (ENGINE_ARRAY_SEED=${seed} replays it), ${name}: ${EJSON.stringify(filter)}`;
        const found = await idsFound(server, 'random', filter).catch((e: unknown) => {
          throw new Error(`${where}: ${String(e)}`);
        });
        if (found.join() !== expected.join()) {
          const differ = [...new Set([...found, ...expected])].filter(
            (id) => found.includes(id) !== expected.includes(id),
          );
          const shown = differ.slice(0, 3).map((id) => EJSON.stringify(docs[id]!));
          expect.fail(
            `${where}: found ${found.join()}; MongoDB's rule: ${expected.join()}; differ on ${shown.join(' ')}`,
          );
        }
      }
    }
    // most filters tell the documents apart, so the answers cannot all agree by being empty or full
    expect(someMatch, `seed ${seed}`).toBeGreaterThan(150);
  });
});
