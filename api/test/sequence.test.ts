// Numbered lists kept by inserts (platform/sequence.ts): positions dense and unique whatever this
// process guesses, the counter written only every RAISE_EVERY positions, and the top found from a
// lagging counter by a few lookups.
import mongoose, { Schema } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BLOCK,
  CounterModel,
  RAISE_EVERY,
  HOLE_LOOKAHEAD,
  WRITER_SLOTS,
  forgetHands,
  highestTaken,
  insertedManyUnlessTaken,
  insertedUnlessTaken,
  readBucketsUp,
  readPlacesUp,
  slotPrefix,
  takeNext,
  takeNextOfEach,
} from '../src/platform/sequence';
import { findByKeys } from '../src/platform/db';
import { startTestApp, type TestApp } from './support/test-app';

const PlaceModel = mongoose.model<{ _id: string; by: string }>(
  'SequenceTestPlace',
  new Schema<{ _id: string; by: string }>(
    { _id: { type: String, required: true }, by: { type: String, required: true } },
    { versionKey: false },
  ),
  'sequence_test_places',
);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const take = (list: string, by: string) =>
  takeNext(`test:${list}`, 1, (n) =>
    insertedUnlessTaken(() => PlaceModel.create({ _id: `${list}:${n}`, by })),
  );

async function positionsOf(list: string): Promise<number[]> {
  const found: number[] = [];
  for (let n = 1; await PlaceModel.exists({ _id: `${list}:${n}` }); n++) found.push(n);
  return found;
}

describe('takeNext', () => {
  it('when 60 callers append at once, then they get 1..60, each once', async () => {
    const taken = await Promise.all(Array.from({ length: 60 }, (_, i) => take('many', `c${i}`)));
    expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(await positionsOf('many')).toHaveLength(60);
  });

  it('when positions are taken, then the counter is written only at each RAISE_EVERY-th', async () => {
    for (let i = 1; i < RAISE_EVERY; i++) await take('raised', 'me');
    expect(await CounterModel.exists({ _id: 'test:raised' })).toBeNull();
    await take('raised', 'me');
    expect((await CounterModel.findById('test:raised').lean())?.value).toBe(RAISE_EVERY + 1);
  });

  it('when another process took places after this one (a stale guess), then the next free place is taken, without a gap or a repeat', async () => {
    expect(await take('stale', 'this')).toBe(1);
    // Another replica: places 2..40, behind this process's back (and the counter at 17 and 33).
    for (let n = 2; n <= 40; n++) await PlaceModel.create({ _id: `stale:${n}`, by: 'other' });
    await CounterModel.create({ _id: 'test:stale', value: 33 });
    expect(await take('stale', 'this')).toBe(41);
    expect(await positionsOf('stale')).toHaveLength(41);
  });

  it('when a process starts without a guess, then it starts from the counter', async () => {
    for (let n = 1; n <= 20; n++) await PlaceModel.create({ _id: `cold:${n}`, by: 'other' });
    await CounterModel.create({ _id: 'test:cold', value: 17 });
    forgetHands();
    expect(await take('cold', 'this')).toBe(21);
  });
});

describe('a number whose insert failed', () => {
  it('when an insert fails while others go in, then the next caller takes the number left free', async () => {
    let hiccups = 0;
    const failing = (n: number) =>
      n === 2 && hiccups++ === 0
        ? Promise.reject(new Error('database hiccup'))
        : Promise.resolve(true);
    const attempts = await Promise.allSettled(
      [1, 2, 3].map(() =>
        takeNext('test:hole', 1, (n) =>
          failing(n).then(() =>
            insertedUnlessTaken(() => PlaceModel.create({ _id: `hole:${n}`, by: 'x' })),
          ),
        ),
      ),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    // 1 was taken alone first; 2 was handed back and taken by whoever came next (the third caller
    // or a later one): no hole.
    await take('hole', 'later');
    expect(await positionsOf('hole')).toEqual([1, 2, 3]);
  });

  it('when a hole stays (its process stopped), then readers look past it', async () => {
    const places = [1, 2, 4, 5, 5 + HOLE_LOOKAHEAD + 1];
    await PlaceModel.insertMany(places.map((n) => ({ _id: `gap:${n}`, by: 'other' })));
    const read = (n: number) => PlaceModel.findById(`gap:${n}`).lean();
    expect((await readPlacesUp(1, read)).map(({ n }) => n)).toEqual(places);
    // The first place is never a hole (a process takes its first number alone): one lookup
    // answers an empty sequence.
    let lookups = 0;
    const none = await readPlacesUp(1, async () => {
      lookups += 1;
      return null;
    });
    expect([none, lookups]).toEqual([[], 1]);
    const taken = async (n: number) => Boolean(await read(n));
    expect(await highestTaken('test:gap', 1, taken)).toBe(5 + HOLE_LOOKAHEAD + 1);
    // Past HOLE_LOOKAHEAD empty places, the list has ended.
    await PlaceModel.create({ _id: `gap:${5 + 2 * HOLE_LOOKAHEAD + 3}`, by: 'other' });
    expect(await highestTaken('test:gap', 1, taken)).toBe(5 + HOLE_LOOKAHEAD + 1);
  });
});

describe('blocks (a list that another process appends to as well)', () => {
  it('when another process took a place, then this one takes blocks: it tries only their first places, hands a block on to its next callers, and leaves at most BLOCK - 1 places empty in a row', async () => {
    const take = (by: string) =>
      takeNext(
        'test:blocks',
        1,
        (n) => insertedUnlessTaken(() => PlaceModel.create({ _id: `blocks:${n}`, by })),
        { blocks: true },
      );
    expect(await take('this')).toBe(1); // alone: one place after another
    await PlaceModel.create({ _id: 'blocks:2', by: 'other' }); // another process
    expect(await take('this')).toBe(1 + BLOCK); // lost 2: the next block's first place
    // The rest of that block goes to this process's next callers, whoever else appends.
    expect((await Promise.all(['a', 'b', 'c'].map(take))).sort((a, b) => a - b)).toEqual([
      BLOCK + 2,
      BLOCK + 3,
      BLOCK + 4,
    ]);
    await PlaceModel.create({ _id: `blocks:${2 * BLOCK + 1}`, by: 'other' }); // its block
    expect(await take('this')).toBe(3 * BLOCK + 1); // that block's other places are not tried
    // A block held longer than a second is left: the list stays in about the order of its places.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await take('this')).toBe(4 * BLOCK + 1);
    const read = async (n: number) => Boolean(await PlaceModel.exists({ _id: `blocks:${n}` }));
    expect(await highestTaken('test:blocks', 1, read)).toBe(4 * BLOCK + 1);
    const empty: number[] = [];
    for (let n = 1; n <= 4 * BLOCK + 1; n++) if (!(await read(n))) empty.push(n);
    expect(empty).toEqual([
      3,
      4,
      2 * BLOCK + 2,
      2 * BLOCK + 3,
      2 * BLOCK + 4,
      3 * BLOCK + 2,
      3 * BLOCK + 3,
      3 * BLOCK + 4,
    ]);
    expect(BLOCK - 1).toBeLessThanOrEqual(HOLE_LOOKAHEAD);
  });
});

/** A time bucket's options: no counter, holes filled by a 'filler' place after 20 ms. */
const bucketOptions = (list: string) => ({
  counter: false,
  fillAfterMs: 20,
  fill: (n: number) =>
    insertedUnlessTaken(() => PlaceModel.create({ _id: `${list}:${n}`, by: 'filler' })),
});

describe('a time bucket (no caller comes back to it)', () => {
  it('when more inserts fail side by side than readers look past, and a later one goes in, then the failed places are filled and a reader reaches the later one', async () => {
    const failing = new Set(Array.from({ length: HOLE_LOOKAHEAD + 1 }, (_, i) => i + 2));
    let databaseFails = true;
    const tryTake = (n: number) =>
      databaseFails && failing.has(n)
        ? Promise.reject(new Error('database hiccup'))
        : insertedUnlessTaken(() => PlaceModel.create({ _id: `bucket:${n}`, by: 'caller' }));
    const options = bucketOptions('bucket');
    await takeNext('test:bucket', 1, tryTake, options); // 1
    const attempts = await Promise.allSettled(
      Array.from({ length: HOLE_LOOKAHEAD + 2 }, () =>
        takeNext('test:bucket', 1, tryTake, options),
      ),
    );
    const later = HOLE_LOOKAHEAD + 3;
    expect(attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []))).toEqual([later]);
    const read = (n: number) => PlaceModel.findById(`bucket:${n}`).lean();
    // Until filled, the run of holes hides the later place from a reader.
    expect((await readPlacesUp(1, read)).map(({ n }) => n)).toEqual([1]);
    databaseFails = false;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const places = await readPlacesUp(1, read);
    expect(places.map(({ n }) => n)).toEqual(Array.from({ length: later }, (_, i) => i + 1));
    expect(places.filter(({ item }) => item.by === 'filler').map(({ n }) => n)).toEqual([
      ...failing,
    ]);
  });

  it('when its first callers come at once, then none waits for another, and a first place whose insert failed is filled', async () => {
    let failFirst = true;
    const tryTake = (n: number) =>
      n === 1 && failFirst
        ? ((failFirst = false), Promise.reject(new Error('database hiccup')))
        : insertedUnlessTaken(() => PlaceModel.create({ _id: `fresh:${n}`, by: 'caller' }));
    const options = bucketOptions('fresh');
    const attempts = await Promise.allSettled(
      [1, 2, 3].map(() => takeNext('test:fresh', 1, tryTake, options)),
    );
    expect(attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []))).toEqual([2, 3]);
    const read = (n: number) => PlaceModel.findById(`fresh:${n}`).lean();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await readPlacesUp(1, read)).map(({ n, item }) => `${n}:${item.by}`)).toEqual([
      '1:filler',
      '2:caller',
      '3:caller',
    ]);
  });
});

describe('readBucketsUp', () => {
  it('when several buckets hold items in several slots, with holes, then each bucket’s items come back slot by slot in place order, their first places in one lookup', async () => {
    const placesOf: Record<string, Array<[number, number]>> = {
      a: [
        [0, 1],
        [0, 2],
        [0, 4],
        [3, 1],
        [3, 2 + HOLE_LOOKAHEAD],
      ],
      b: [[WRITER_SLOTS - 1, 1]],
      c: [],
    };
    const id = (bucket: string, slot: number, n: number) =>
      `${slotPrefix(`buckets:${bucket}`, slot)}:${n}`;
    await PlaceModel.insertMany(
      Object.entries(placesOf).flatMap(([bucket, places]) =>
        places.map(([slot, n]) => ({ _id: id(bucket, slot, n), by: bucket })),
      ),
    );
    const lookups: string[][] = [];
    const found = await readBucketsUp(Object.keys(placesOf), id, (ids) => {
      lookups.push(ids);
      return findByKeys<{ by: string }>(PlaceModel, ids);
    });
    for (const bucket of Object.keys(placesOf))
      expect(found.get(bucket)!.map(({ slot, n }) => [slot, n])).toEqual(placesOf[bucket]);
    // First places of the 3 buckets' slots, then the three slots that had one, and so on.
    expect(lookups[0]).toHaveLength(3 * WRITER_SLOTS);
    expect(lookups[1]).toHaveLength(3 * (HOLE_LOOKAHEAD + 1));
  });
});

describe('takeNextOfEach', () => {
  it('when several lists reach their RAISE_EVERY-th place together, then their counters are raised by one command, after the places are answered', async () => {
    const lists = ['raise-a', 'raise-b'];
    const appendAll = () =>
      takeNextOfEach(
        lists.map((list) => ({ counter: `test:${list}`, first: 1 })),
        (candidates) =>
          insertedManyUnlessTaken(
            PlaceModel.collection,
            candidates.map(({ index, n }) => ({ _id: `${lists[index]}:${n}`, by: 'me' })),
          ),
      );
    for (let i = 1; i < RAISE_EVERY; i++) await appendAll();
    const bulk = vi.spyOn(CounterModel.collection, 'bulkWrite');
    try {
      expect(await appendAll()).toEqual([RAISE_EVERY, RAISE_EVERY]);
      const raised = async () =>
        Promise.all(
          lists.map(async (list) => (await CounterModel.findById(`test:${list}`).lean())?.value),
        );
      for (let wait = 0; wait < 50 && (await raised()).some((v) => v === undefined); wait++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await raised()).toEqual([RAISE_EVERY + 1, RAISE_EVERY + 1]);
      expect(bulk.mock.calls.map(([operations]) => operations.length)).toEqual([2]);
    } finally {
      bulk.mockRestore();
    }
  });

  it('when several lists take a place at once, some of them raced, then each list stays dense', async () => {
    const lists = ['each-a', 'each-b', 'each-c'];
    // Another replica holds each-b's first two places.
    await PlaceModel.insertMany([
      { _id: 'each-b:1', by: 'other' },
      { _id: 'each-b:2', by: 'other' },
    ]);
    let calls = 0;
    const appendAll = (by: string) =>
      takeNextOfEach(
        lists.map((list) => ({ counter: `test:${list}`, first: 1 })),
        (candidates) => {
          calls += 1;
          return insertedManyUnlessTaken(
            PlaceModel.collection,
            candidates.map(({ index, n }) => ({ _id: `${lists[index]}:${n}`, by })),
          );
        },
      );
    const results = await Promise.all([appendAll('x'), appendAll('y'), appendAll('z')]);
    expect(results.map((r) => r[0]).sort()).toEqual([1, 2, 3]);
    expect(results.map((r) => r[1]).sort()).toEqual([3, 4, 5]);
    expect(await positionsOf('each-a')).toHaveLength(3);
    expect(await positionsOf('each-b')).toHaveLength(5);
    expect(await positionsOf('each-c')).toHaveLength(3);
    // Alone, a caller's lists go in with one insert call.
    calls = 0;
    expect(await appendAll('w')).toEqual([4, 6, 4]);
    expect(calls).toBe(1);
  });

  it('when the process has no guess for several lists, then their counters are read with one command and each starts from its own', async () => {
    const lists = ['cold-each-a', 'cold-each-b', 'cold-each-c'];
    // Another process took cold-each-a's first 20 places and raised its counter past them.
    for (let n = 1; n <= 20; n++) await PlaceModel.create({ _id: `cold-each-a:${n}`, by: 'other' });
    await CounterModel.create({ _id: 'test:cold-each-a', value: 21 });
    forgetHands();
    const find = vi.spyOn(CounterModel.collection, 'find');
    const findOne = vi.spyOn(CounterModel.collection, 'findOne');
    try {
      const taken = await takeNextOfEach(
        lists.map((list) => ({ counter: `test:${list}`, first: 1 })),
        (candidates) =>
          insertedManyUnlessTaken(
            PlaceModel.collection,
            candidates.map(({ index, n }) => ({ _id: `${lists[index]}:${n}`, by: 'this' })),
          ),
      );
      expect(taken).toEqual([21, 1, 1]);
      expect(find).toHaveBeenCalledTimes(1);
      expect(findOne).not.toHaveBeenCalled();
    } finally {
      find.mockRestore();
      findOne.mockRestore();
    }
  });

  it('when an insert fails for another reason than a taken place, then the failure is thrown', async () => {
    await expect(
      insertedManyUnlessTaken(PlaceModel.collection, [{ _id: 'bad:1', by: 'x' }, { by: 'x' }]),
    ).resolves.toEqual([true, true]);
    await expect(
      insertedManyUnlessTaken(
        {
          insertMany: () =>
            Promise.reject(
              Object.assign(new Error('down'), { writeErrors: [{ index: 0, code: 1 }] }),
            ),
        },
        [{ _id: 'x' }],
      ),
    ).rejects.toThrow('down');
  });
});

describe('highestTaken', () => {
  it('when the counter lags far behind, then the top is found by a few lookups', async () => {
    await PlaceModel.insertMany(
      Array.from({ length: 300 }, (_, i) => ({ _id: `top:${i + 1}`, by: 'other' })),
    );
    let lookups = 0;
    const top = await highestTaken('test:top', 1, async (n) => {
      lookups += 1;
      return Boolean(await PlaceModel.exists({ _id: `top:${n}` }));
    });
    expect(top).toBe(300);
    expect(lookups).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(300)) + 2 + HOLE_LOOKAHEAD);
    expect(await highestTaken('test:empty', 1, async () => false)).toBe(0);
  });
});
