// The embedded database's own tests (engine-*.test.ts): FerretDB servers of their own, from the
// build the shop uses, with the index pushdown or the single-pass reading of documents on or off
// (tools/ferretdb/README.md), a seeded random generator, and MongoDB's order of values, to compare
// their answers.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { startFerret } from '../../../scripts/lib/ferretdb.mjs';
import { freePort } from '../../../scripts/lib/ports.mjs';

const { BSON, MongoClient } = mongoose.mongo;
export const { Double, Int32, Long, ObjectId, EJSON } = BSON;
export type Doc = Record<string, unknown>;
export type Db = mongoose.mongo.Db;

export interface EngineServer {
  db: Db;
  /** Go's published counters of the server (/debug/vars), such as sjson_fast_reads. */
  counters(): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/**
 * A FerretDB of its own on a free port and a throwaway data folder, with the index pushdown and the
 * single-pass reading of documents on (the shop's build) or off (stock FerretDB's). With
 * typedNumbers, numbers (Int32, Long, Double) and regular expressions come back with their BSON
 * types, so answers compare exactly.
 */
export async function startEngine({
  indexPushdown = true,
  fastDecode = true,
  typedNumbers = false,
}: {
  indexPushdown?: boolean;
  fastDecode?: boolean;
  typedNumbers?: boolean;
} = {}): Promise<EngineServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-engine-test-'));
  const pprofAddr = `127.0.0.1:${await freePort()}`;
  const ferret = await startFerret({
    dataDir,
    log: () => {},
    indexPushdown,
    fastDecode,
    pprofAddr,
  }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  const client = new MongoClient(ferret.uri, {
    directConnection: true,
    promoteValues: !typedNumbers,
    bsonRegExp: typedNumbers, // and regular expressions as BSON's, their options as stored
  });
  await client.connect();
  return {
    db: client.db(),
    async counters() {
      const response = await fetch(`http://${pprofAddr}/debug/vars`);
      return (await response.json()) as Record<string, unknown>;
    },
    async close() {
      await client.close();
      await ferret.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type EngineOptions = Parameters<typeof startEngine>[0];

/** Servers started at once, one per options; if one cannot start, the others are closed. */
export async function startEngines<T extends EngineOptions[]>(
  ...optionsList: T
): Promise<{ [K in keyof T]: EngineServer }> {
  const started = await Promise.allSettled(optionsList.map((options) => startEngine(options)));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await Promise.all(
      started.map((result) => result.status === 'fulfilled' && result.value.close()),
    );
    throw failure.reason;
  }
  return started.map((result) => (result as PromiseFulfilledResult<EngineServer>).value) as {
    [K in keyof T]: EngineServer;
  };
}

/** A small seeded generator (xorshift: shifts and exclusive ors of a 32-bit state). */
export function generator(s: number) {
  let state = (s ^ 0x5bd1e995) >>> 0 || 1;
  const next = () => {
    state = (state ^ (state << 13)) >>> 0;
    state = (state ^ (state >>> 17)) >>> 0;
    state = (state ^ (state << 5)) >>> 0;
    return state / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    chance: (p: number) => next() < p,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
  };
}
/** The explain of a command: FerretDB's SQLite plan lines, its SQL and what it pushed down. */
export interface Explained {
  plan: string[];
  sql: string;
  pushdown: { filter: 'exact' | 'superset' | 'none'; sort: boolean; limit: number; count: boolean };
}

export async function explain(db: Db, command: Doc): Promise<Explained> {
  const res = await db.command({ explain: command, verbosity: 'queryPlanner' });
  const planner = res.queryPlanner as {
    Plan?: string[];
    sql?: string;
    pushdown?: {
      filter: Explained['pushdown']['filter'];
      sort: boolean;
      limit: unknown;
      count: boolean;
    };
  };
  return {
    plan: planner.Plan ?? [],
    sql: planner.sql ?? '',
    pushdown: {
      filter: planner.pushdown?.filter ?? 'none',
      sort: planner.pushdown?.sort ?? false,
      limit: Number(planner.pushdown?.limit ?? 0),
      count: planner.pushdown?.count ?? false,
    },
  };
}

// MongoDB's order of values (BSON comparison) for the types the tests write, to tell tied sort keys.

function typeRank(v: unknown): number {
  if (v === null || v === undefined) return 1;
  if (typeof v === 'number' || v instanceof Int32 || v instanceof Long || v instanceof Double)
    return 2;
  if (typeof v === 'string') return 3;
  if (Array.isArray(v)) return 5;
  if (v instanceof ObjectId) return 6;
  if (typeof v === 'boolean') return 7;
  if (v instanceof Date) return 8;
  return 4; // a document
}

/** A number as its integer part and fraction in [0, 1), exactly. */
function splitNumber(v: unknown): [bigint, number] {
  if (v instanceof Long) return [BigInt(v.toString()), 0];
  const n = v instanceof Int32 || v instanceof Double ? v.valueOf() : (v as number);
  const floor = Math.floor(n);
  return [BigInt(floor), n - floor];
}

/** -1, 0 or 1 as MongoDB compares the two values. */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return Math.sign(ra - rb);
  switch (ra) {
    case 1:
      return 0;
    case 2: {
      const [ia, fa] = splitNumber(a);
      const [ib, fb] = splitNumber(b);
      if (ia !== ib) return ia < ib ? -1 : 1;
      return Math.sign(fa - fb);
    }
    case 3:
      return Math.sign(Buffer.compare(Buffer.from(a as string), Buffer.from(b as string)));
    case 5: {
      const [x, y] = [a as unknown[], b as unknown[]];
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const c = compareValues(x[i], y[i]);
        if (c !== 0) return c;
      }
      return Math.sign(x.length - y.length);
    }
    case 6:
      return Math.sign(
        Buffer.compare(
          Buffer.from((a as InstanceType<typeof ObjectId>).id),
          Buffer.from((b as InstanceType<typeof ObjectId>).id),
        ),
      );
    case 7:
      return Number(a) - Number(b);
    case 8:
      return Math.sign((a as Date).getTime() - (b as Date).getTime());
    default: {
      const [x, y] = [EJSON.stringify(a as Doc), EJSON.stringify(b as Doc)];
      return x === y ? 0 : x < y ? -1 : 1;
    }
  }
}

/** The value a sort on the field orders a document by: an array's least (greatest) element. */
export function sortKey(doc: Doc, field: string, direction: number): unknown {
  const v = doc[field];
  if (!Array.isArray(v)) return v ?? null;
  if (v.length === 0) return { emptyArray: true };
  return v.reduce((m: unknown, x: unknown) => (compareValues(x, m) * direction < 0 ? x : m));
}

/** Whether the two documents tie under the sort. */
export function tied(a: Doc, b: Doc, sort: Record<string, number>): boolean {
  return Object.entries(sort).every(
    ([field, dir]) => compareValues(sortKey(a, field, dir), sortKey(b, field, dir)) === 0,
  );
}

/** A document's identity: its _id in canonical extended JSON. */
export function idOf(doc: Doc): string {
  return EJSON.stringify({ _id: doc._id } as Doc, { relaxed: false });
}

/** A document in canonical extended JSON (types kept). */
export function canonical(doc: Doc): string {
  return EJSON.stringify(doc, { relaxed: false });
}
