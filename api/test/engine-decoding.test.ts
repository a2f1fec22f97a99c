// The embedded database reads stored documents with a single-pass decoder exactly as stock FerretDB's
// decoder does (tools/ferretdb/README.md, "Reading documents"): two FerretDB servers from the same
// build, one reading with it and one without (--no-fast-decode), get the same randomized documents
// (every BSON type FerretDB stores, nested, strings that need escapes) and the same updates, and
// every answer must be the same, field order included. The server's own counters must show the
// decoder read them, so the suite cannot pass by leaving every document to the stock decoder.
//
// ENGINE_DECODE_SEED=<n> replays a run (a failure prints its seed).
import { afterAll, beforeAll, expect, it } from 'vitest';
import mongoose from 'mongoose';
import {
  Double,
  EJSON,
  generator,
  Int32,
  Long,
  ObjectId,
  startEngines,
  type Doc,
  type EngineServer,
} from './support/engine';

const { Binary, BSONRegExp, Timestamp } = mongoose.mongo.BSON;
const seed = Number(process.env.ENGINE_DECODE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const rnd = generator(seed);

const strings = [
  '',
  'plain',
  'é ü 日本 Ω',
  '😀 astral',
  'quote " and \\ backslash',
  'tags <b> & </b>',
  'line\nbreak\ttab\r',
  'control \u0001 \u001f',
  'separators \u2028 \u2029',
  'a\u0000b',
  '64b7f0c2a1d3e5f7a9b1c3ff',
];
const keys = ['a', 'b', 'name', 'items', 'créé', 'with space', 'x1', '_private', 'nested'];

function scalar(): unknown {
  switch (rnd.int(13)) {
    case 0:
      return rnd.pick(strings);
    case 1:
      return new Int32(rnd.pick([0, 1, -1, 2147483647, -2147483648, rnd.int(1000) - 500]));
    case 2:
      return Long.fromString(
        rnd.pick(['0', '-1', '9007199254740993', '9223372036854775807', '-9223372036854775808']),
      );
    case 3:
      return new Double(
        rnd.pick([0, -0, 0.5, -1.25, 1e300, -1e-300, 5e-324, 2 ** 53 + 2, 123456.789]),
      );
    case 4:
      return new Date(rnd.pick([0, -86_400_000, 1_796_385_000_000, 8_640_000_000_000_000]));
    case 5:
      return new ObjectId();
    case 6:
      return rnd.chance(0.5);
    case 7:
      return null;
    case 8:
      return new Binary(
        Buffer.from(rnd.pick(['', 'bytes', '\u0000\u00ff'])),
        rnd.pick([0, 4, 128]),
      );
    case 9:
      return new BSONRegExp(rnd.pick(['^a.*b$', 'x"y', '\\d+']), rnd.pick(['', 'i', 'ims']));
    case 10:
      return new Timestamp({ t: rnd.int(2 ** 31), i: rnd.int(1000) });
    case 11:
      return rnd.pick(strings) + rnd.int(100);
    default:
      return new Int32(rnd.int(10));
  }
}

/** A value; FerretDB v1 stores no array directly inside an array, so an array's items are not. */
function value(depth: number, inArray = false): unknown {
  const kind = depth > 3 ? 0 : rnd.int(5);
  if (kind === 3) return document(depth + 1);
  if (kind === 4 && !inArray)
    return Array.from({ length: rnd.int(4) }, () => value(depth + 1, true));
  return scalar();
}

function document(depth: number): Doc {
  const doc: Doc = {};
  for (const key of keys) if (rnd.chance(0.4)) doc[key] = value(depth);
  return doc;
}

/** The collection the documents go to: their _id is a number. */
const docsOf = (server: EngineServer) => server.db.collection<Doc & { _id: number }>('docs');

let fast: EngineServer;
let stock: EngineServer;

beforeAll(async () => {
  [fast, stock] = await startEngines(
    { typedNumbers: true },
    { fastDecode: false, typedNumbers: true },
  );
}, 120_000);
afterAll(async () => {
  await Promise.all([fast?.close(), stock?.close()]);
});

/** Everything in the collection, in _id order, as exact extended JSON (types and field order). */
async function readAll(server: EngineServer): Promise<string[]> {
  const docs = await docsOf(server).find({}).sort({ _id: 1 }).toArray();
  return docs.map((doc) => EJSON.stringify(doc, { relaxed: false }));
}

it('reads every document, and every document after updates, as the stock decoder does', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 400; i++) {
    const doc = { _id: i, ...document(0) };
    ids.push(i);
    const results = await Promise.all(
      [fast, stock].map((server) =>
        docsOf(server)
          .insertOne(doc)
          .then(
            () => 'inserted',
            (error: Error) => `refused: ${error.message}`,
          ),
      ),
    );
    expect(results[0], `seed ${seed}, insert ${EJSON.stringify(doc)}`).toBe(results[1]);
  }
  const [fastDocs, stockDocs] = await Promise.all([readAll(fast), readAll(stock)]);
  expect(fastDocs.length, `seed ${seed}`).toBeGreaterThan(380);
  for (let i = 0; i < fastDocs.length; i++) expect(fastDocs[i], `seed ${seed}`).toBe(stockDocs[i]);

  // Updates read the stored document, change it and store it again; then it is read once more.
  for (let round = 0; round < 200; round++) {
    const _id = rnd.pick(ids);
    const update = rnd.chance(0.5)
      ? { $set: { [rnd.pick(keys)]: value(1) } }
      : { $unset: { [rnd.pick(keys)]: '' as const }, $set: { extra: value(2) } };
    const answers = await Promise.all(
      [fast, stock].map((server) =>
        docsOf(server)
          .findOneAndUpdate({ _id }, update, { returnDocument: 'after' })
          .then(
            (doc) => EJSON.stringify(doc, { relaxed: false }),
            (error: Error) => `refused: ${error.message}`,
          ),
      ),
    );
    expect(answers[0], `seed ${seed}, update ${EJSON.stringify(update)}`).toBe(answers[1]);
  }
  const [fastAfter, stockAfter] = await Promise.all([readAll(fast), readAll(stock)]);
  for (let i = 0; i < fastAfter.length; i++)
    expect(fastAfter[i], `seed ${seed}`).toBe(stockAfter[i]);

  // The decoder read them all; the stock server's never ran.
  const [fastCounters, stockCounters] = await Promise.all([fast.counters(), stock.counters()]);
  expect(fastCounters.sjson_fast_reads).toBeGreaterThan(1000);
  expect(fastCounters.sjson_left_reads).toBe(0);
  expect(stockCounters.sjson_fast_reads).toBe(0);
}, 120_000);
