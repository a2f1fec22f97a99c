// Every start runs mongoose.syncIndexes() (src/migrations/index.ts), which drops and makes again any
// index whose options or key the database lists differently from the schema. On the embedded database
// each index the shop declares (unique, compound keys with directions, TTL) must come back from
// listIndexes as the schema has it, or every start rebuilds it.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitModel } from '../src/platform/rate-limit';
import { startTestApp, type TestApp } from './support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe("the shop's indexes after the start's syncIndexes", () => {
  it('when the app has started, then no model has an index to drop or to make', async () => {
    const names = mongoose.modelNames();
    expect(names.length).toBeGreaterThan(10);
    const diffs: Record<string, unknown> = {};
    for (const name of names) diffs[name] = await mongoose.model(name).diffIndexes();
    expect(diffs).toEqual(
      Object.fromEntries(names.map((name) => [name, { toDrop: [], toCreate: [] }])),
    );
  });

  it('when syncIndexes runs again (a restart), then it drops nothing', async () => {
    const dropped = await mongoose.syncIndexes();
    expect(Object.values(dropped).flat()).toEqual([]);
  });

  it('when a TTL index was made by an earlier build (no expireAfterSeconds kept), then the first sync makes it again once, and then it stays', async () => {
    const collection = RateLimitModel.collection;
    await collection.dropIndex('expiresAt_1');
    await collection.createIndex({ expiresAt: 1 });

    expect(await RateLimitModel.diffIndexes()).toEqual({
      toDrop: ['expiresAt_1'],
      toCreate: [{ expiresAt: 1 }],
    });
    expect(await RateLimitModel.syncIndexes()).toEqual(['expiresAt_1']);

    const ttl = (await collection.indexes()).find((index) => index.name === 'expiresAt_1');
    expect(ttl).toMatchObject({ key: { expiresAt: 1 }, expireAfterSeconds: 0 });
    expect(await RateLimitModel.diffIndexes()).toEqual({ toDrop: [], toCreate: [] });
    expect(await RateLimitModel.syncIndexes()).toEqual([]);
  });
});
