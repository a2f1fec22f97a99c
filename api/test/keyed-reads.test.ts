// Keyed reads (platform/db.ts): several documents by their _ids in one lookup, answered through the
// _id index on the embedded FerretDB (its build hands `{ _id: { $in } }` to SQLite: scripts/lib/
// ferretdb.mjs) as on MongoDB, so its cost does not grow with the collection.
import mongoose, { Schema, Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteByKeys, findByKeys } from '../src/platform/db';
import { startTestApp, type TestApp } from './support/test-app';

const KeyedModel = mongoose.model<{ _id: unknown; n: number }>(
  'KeyedReadTest',
  new Schema<{ _id: unknown; n: number }>(
    { _id: { type: Schema.Types.Mixed, required: true }, n: { type: Number, required: true } },
    { versionKey: false },
  ),
  'keyed_read_tests',
);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

/** The engine's plan for a find of this filter: a FerretDB SQLite plan line or MongoDB's stages. */
async function planOf(filter: object): Promise<string> {
  const explained = await mongoose.connection.db!.command({
    explain: { find: KeyedModel.collection.collectionName, filter },
    verbosity: 'queryPlanner',
  });
  return JSON.stringify(explained.queryPlanner);
}

describe('findByKeys and deleteByKeys', () => {
  it('when some of the ids have documents, then those come back by id, strings and ObjectIds alike, in one lookup', async () => {
    const objectId = new Types.ObjectId();
    await KeyedModel.collection.insertMany([
      { _id: 'a:1', n: 1 },
      { _id: 'a:2', n: 2 },
      { _id: objectId, n: 3 },
    ] as never);
    const found = await findByKeys<{ n: number }>(KeyedModel, ['a:1', 'a:9', objectId, 'a:2']);
    expect([...found.keys()].sort()).toEqual(['a:1', 'a:2', objectId.toString()].sort());
    expect(found.get(objectId.toString())?.n).toBe(3);
    const idsOnly = await findByKeys<{ n?: number }>(KeyedModel, ['a:1'], {
      projection: { _id: 1 },
    });
    expect(idsOnly.get('a:1')).toEqual({ _id: 'a:1' });
    expect((await findByKeys(KeyedModel, [])).size).toBe(0);
  });

  it('when more ids are asked than one lookup names, then every document still comes back', async () => {
    const ids = Array.from({ length: 1_203 }, (_, i) => `b:${i}`);
    await KeyedModel.collection.insertMany(
      ids.filter((_, i) => i % 3 === 0).map((_id, i) => ({ _id, n: i })) as never,
    );
    const found = await findByKeys(KeyedModel, ids);
    expect(found.size).toBe(401);
    expect(found.has('b:1200')).toBe(true);
  });

  it('when documents are deleted by their ids, more than one command names, then exactly those go', async () => {
    const ids = Array.from({ length: 1_100 }, (_, i) => `d:${i}`);
    await KeyedModel.collection.insertMany(ids.map((_id, n) => ({ _id, n })) as never);
    const gone = ids.filter((_, i) => i % 2 === 0);
    expect(await deleteByKeys(KeyedModel, [...gone, 'd:none'])).toBe(gone.length);
    const left = await findByKeys(KeyedModel, ids);
    expect([...left.keys()].sort()).toEqual(ids.filter((_, i) => i % 2 === 1).sort());
  });

  it('when the engine plans `{ _id: { $in } }`, then it looks the ids up through the _id index, not by reading the collection', async () => {
    const plan = await planOf({ _id: { $in: ['a:1', 'a:2'] } });
    const scan = await planOf({ n: 1 });
    // FerretDB (SQLite): "SEARCH ... USING INDEX"; MongoDB: an IXSCAN, IDHACK or EXPRESS stage.
    expect(plan).toMatch(/USING INDEX|IXSCAN|IDHACK|EXPRESS/);
    expect(plan).not.toMatch(/\bSCAN\b|COLLSCAN/);
    // The same question about a field with no index reads the whole collection.
    expect(scan).toMatch(/\bSCAN\b|COLLSCAN/);
  });
});
