// A write a unique index refuses answers MongoDB's duplicate-key error on the embedded database
// (tools/ferretdb/README.md, patch 0011): code 11000, a message naming the index and the key, and
// keyPattern and keyValue to tell which index refused, for inserts, updates, replacements,
// findAndModify and upserts alike; the refused write changes nothing. An update command of many
// statements completes (patch 0014).
import mongoose, { Schema } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isDuplicateKeyError } from '../src/platform/db';
import { startEngine, type Db, type Doc, type EngineServer } from './support/engine';

let engine: EngineServer;
let db: Db;
beforeAll(async () => {
  engine = await startEngine();
  db = engine.db;
}, 120_000);
afterAll(async () => {
  await engine?.close();
});

interface Account {
  _id: number;
  email?: string | null;
  cartKey?: string;
  placing?: number | null;
  seen?: boolean;
}

const initial: Account[] = [
  { _id: 1, email: 'ann@example.com', cartKey: 'cart-a', placing: 1 },
  { _id: 2, email: 'bob@example.com', cartKey: 'cart-a', placing: 2 },
];

let collectionCount = 0;
let name: string;
const coll = () => db.collection<Account>(name);

beforeEach(async () => {
  collectionCount += 1;
  name = `accounts_${collectionCount}`;
  await coll().createIndexes([
    { key: { email: 1 }, unique: true },
    { key: { cartKey: 1, placing: -1 }, unique: true },
  ]);
  await coll().insertMany(initial.map((doc) => ({ ...doc })));
});

/** MongoDB's message: `E11000 duplicate key error collection: db.c index: <name> dup key: { ... }`. */
function duplicateKey(index: string, dupKey: string, keyPattern: Doc, keyValue: Doc) {
  return {
    code: 11000,
    message: `E11000 duplicate key error collection: ${db.databaseName}.${name} index: ${index} dup key: ${dupKey}`,
    keyPattern,
    keyValue,
  };
}

const emailTaken = () =>
  duplicateKey(
    'email_1',
    '{ email: "ann@example.com" }',
    { email: 1 },
    { email: 'ann@example.com' },
  );
const placingTaken = () =>
  duplicateKey(
    'cartKey_1_placing_-1',
    '{ cartKey: "cart-a", placing: 1 }',
    { cartKey: 1, placing: -1 },
    { cartKey: 'cart-a', placing: 1 },
  );

async function expectUnchanged() {
  expect(await coll().find().sort({ _id: 1 }).toArray()).toEqual(initial);
}

describe('a write a unique index refuses', () => {
  it('when an update sets a taken email, then it is refused with code 11000 naming the email index, and nothing changes', async () => {
    await expect(
      coll().updateOne({ _id: 2 }, { $set: { email: 'ann@example.com' } }),
    ).rejects.toMatchObject(emailTaken());
    await expect(
      coll().updateMany({ _id: { $in: [2] } }, { $set: { email: 'ann@example.com' } }),
    ).rejects.toMatchObject(emailTaken());
    await expectUnchanged();
  });

  it('when an update or a replacement makes a taken compound key, then the compound index refuses it with its key pattern', async () => {
    await expect(
      coll().updateMany({ cartKey: 'cart-a' }, { $set: { placing: 1 } }),
    ).rejects.toMatchObject(placingTaken());
    await expect(
      coll().replaceOne({ _id: 2 }, { email: 'bob@example.com', cartKey: 'cart-a', placing: 1 }),
    ).rejects.toMatchObject(placingTaken());
    await expectUnchanged();
  });

  it('when findOneAndUpdate sets a taken email, then its error is the duplicate key, with keyPattern and keyValue', async () => {
    await expect(
      coll().findOneAndUpdate({ _id: 2 }, { $set: { email: 'ann@example.com' } }),
    ).rejects.toMatchObject({ ...emailTaken(), codeName: 'DuplicateKey' });
    await expectUnchanged();
  });

  it('when an upsert would insert a taken email, then it is refused with code 11000 and inserts nothing', async () => {
    await expect(
      coll().updateOne({ _id: 3 }, { $set: { email: 'ann@example.com' } }, { upsert: true }),
    ).rejects.toMatchObject(emailTaken());
    await expect(
      coll().findOneAndUpdate({ _id: 3 }, { $set: { email: 'ann@example.com' } }, { upsert: true }),
    ).rejects.toMatchObject(emailTaken());
    await expectUnchanged();
  });

  it('when an insert takes a unique key, then its error has keyPattern too (which index refused)', async () => {
    await expect(
      coll().insertOne({ _id: 3, email: 'cid@example.com', cartKey: 'cart-a', placing: 1 }),
    ).rejects.toMatchObject(placingTaken());
    await expect(coll().insertOne({ _id: 1 })).rejects.toMatchObject(
      duplicateKey('_id_', '{ _id: 1 }', { _id: 1 }, { _id: 1 }),
    );
    await expectUnchanged();
  });

  it('when a second document has a unique key null or missing, then it is refused as on MongoDB (null and missing are one value), by insert, update and upsert', async () => {
    const emailNull = () =>
      duplicateKey('email_1', '{ email: null }', { email: 1 }, { email: null });
    await coll().insertOne({ _id: 3, cartKey: 'cart-b', placing: 1 });
    await expect(coll().insertOne({ _id: 4, cartKey: 'cart-c', placing: 1 })).rejects.toMatchObject(
      emailNull(),
    );
    await expect(
      coll().insertOne({ _id: 4, email: null, cartKey: 'cart-c', placing: 1 }),
    ).rejects.toMatchObject(emailNull());
    await expect(coll().updateOne({ _id: 2 }, { $unset: { email: '' } })).rejects.toMatchObject(
      emailNull(),
    );
    await expect(
      coll().updateOne({ _id: 4 }, { $set: { cartKey: 'cart-c', placing: 1 } }, { upsert: true }),
    ).rejects.toMatchObject(emailNull());
    // A compound key with one field missing collides with the same key with that field null.
    await coll().insertOne({ _id: 5, email: 'eve@example.com', cartKey: 'cart-d' });
    await expect(
      coll().insertOne({
        _id: 6,
        email: 'fay@example.com',
        cartKey: 'cart-d',
        placing: null,
      }),
    ).rejects.toMatchObject({ code: 11000, keyPattern: { cartKey: 1, placing: -1 } });
    // Other values still go in beside them: another cart, a number where the other is missing.
    await coll().insertOne({ _id: 6, email: 'fay@example.com', cartKey: 'cart-e' });
    await coll().insertOne({ _id: 7, email: 'gus@example.com', cartKey: 'cart-d', placing: 0 });
    expect(await coll().countDocuments({})).toBe(6);
  });

  it('when a unique index is made over two documents missing its key, then it is refused; dropped, it refuses nothing more', async () => {
    await expect(coll().createIndex({ seen: 1 }, { unique: true })).rejects.toThrow();
    await coll().dropIndex('email_1');
    await coll().insertMany([
      { _id: 3, cartKey: 'cart-y', placing: 1 },
      { _id: 4, cartKey: 'cart-z', placing: 1 },
    ]);
    expect(await coll().countDocuments({ email: null })).toBe(2);
  });

  it('when one statement of several is refused, then the others keep their counts: ordered stops there, unordered goes on', async () => {
    const statements = (email: string) => [
      { updateOne: { filter: { _id: 1 }, update: { $set: { seen: true } } } },
      { updateOne: { filter: { _id: 2 }, update: { $set: { email } } } },
      { updateOne: { filter: { _id: 2 }, update: { $set: { seen: true } } } },
    ];
    const ordered = await coll()
      .bulkWrite(statements('ann@example.com'))
      .catch((error: unknown) => error);
    expect(ordered).toMatchObject({
      code: 11000,
      writeErrors: [expect.objectContaining({ index: 1 })],
      result: expect.objectContaining({ matchedCount: 1, modifiedCount: 1 }),
    });
    expect(await coll().countDocuments({ seen: true })).toBe(1);

    const unordered = await coll()
      .bulkWrite(statements('ann@example.com'), { ordered: false })
      .catch((error: unknown) => error);
    expect(unordered).toMatchObject({
      code: 11000,
      writeErrors: [expect.objectContaining({ index: 1 })],
      result: expect.objectContaining({ matchedCount: 2, modifiedCount: 1 }),
    });
    expect(await coll().countDocuments({ seen: true })).toBe(2);
    expect((await coll().findOne({ _id: 2 }))?.email).toBe('bob@example.com');
  });

  it("when a mongoose model's update takes a unique key, then the shop's isDuplicateKeyError tells it, and keyPattern which index", async () => {
    const connection = mongoose.createConnection().setClient(db.client).useDb(db.databaseName);
    const Account = connection.model(
      'Account',
      new Schema(
        { _id: Number, email: String, cartKey: String, placing: Number },
        { versionKey: false },
      ),
      name,
    );
    const refused = await Account.updateOne({ _id: 2 }, { email: 'ann@example.com' }).catch(
      (error: unknown) => error,
    );
    expect(isDuplicateKeyError(refused)).toBe(true);
    expect(refused).toMatchObject({ keyPattern: { email: 1 } });
    const upserted = await Account.findOneAndUpdate(
      { _id: 3 },
      { cartKey: 'cart-a', placing: 2 },
      { upsert: true },
    ).catch((error: unknown) => error);
    expect(isDuplicateKeyError(upserted)).toBe(true);
    expect(upserted).toMatchObject({ keyPattern: { cartKey: 1, placing: -1 } });
    await expectUnchanged();
  });
});

describe('an update command of many statements', () => {
  it('when a bulk write sends 250 updates in one command, then every one is done (past the pool of 100 connections each statement held)', async () => {
    const many = db.collection<{ _id: number; n: number; seen?: boolean }>(`many_${name}`);
    await many.insertMany(Array.from({ length: 250 }, (_, n) => ({ _id: n, n })));
    const result = await many.bulkWrite(
      Array.from({ length: 250 }, (_, n) => ({
        updateOne: { filter: { _id: n }, update: { $set: { seen: true } } },
      })),
      { ordered: false },
    );
    expect(result.modifiedCount).toBe(250);
    expect(await many.countDocuments({ seen: true })).toBe(250);
  }, 30_000);
});
