// Data access for the insights' collections; plain objects out. A figure document is written only
// over an older reading (`computedAt`), so of two readings racing, the later one stays.
import { Types } from 'mongoose';
import { isDuplicateKeyError, olderThan, trusted } from '../../platform/db';
import {
  ExportModel,
  InsightFeedModel,
  InsightFiguresModel,
  type ExportRecord,
  type Figures,
  type InsightFiguresRecord,
  type StoredFigures,
} from './model';

// `orders` was the feed of the collections insight_figures replaced (migrations/insights.ts).
const FEED = 'figures';

function toStored<T extends Figures>(record: T): StoredFigures<T> {
  return {
    ...record,
    approvals: record.approvals.map(({ minutes, orders }) => `${minutes}:${orders}`).join(','),
  };
}

function fromStored<T extends Figures>(record: StoredFigures<T>): T {
  const approvals = record.approvals
    ? record.approvals.split(',').map((pair) => {
        const [minutes, orders] = pair.split(':').map(Number);
        return { minutes: minutes!, orders: orders! };
      })
    : [];
  return { ...record, approvals } as unknown as T;
}

/**
 * Writes figure documents as kept in one write, each over an older reading only. A document there
 * with a reading as late or later makes its upsert's insert collide, which is no error.
 */
export async function keepIfNewer(
  documents: Array<StoredFigures<InsightFiguresRecord>>,
): Promise<void> {
  if (documents.length === 0) return;
  await InsightFiguresModel.bulkWrite(
    documents.map(({ _id, ...fields }) => ({
      updateOne: {
        filter: { _id, computedAt: trusted({ $lt: fields.computedAt }) },
        update: { $set: fields },
        upsert: true,
      },
    })),
    { ordered: false },
  ).catch((error: unknown) => {
    const errors = (error as { writeErrors?: unknown[] }).writeErrors;
    if (!errors || !errors.every((one) => isDuplicateKeyError(one))) throw error;
  });
}

export const saveFigures = (records: InsightFiguresRecord[]) => keepIfNewer(records.map(toStored));

/**
 * One grain's figures from `from` to `to` (YYYY-MM-DD, both included), by `_id`. A document without
 * `charges` was kept with each charge under the hour its order was placed (an earlier version's,
 * written beside this one during a rolling start; migrations/insights.ts brings over those kept
 * before): it is left out, so it is read again from the orders.
 */
export async function findFigures<T extends InsightFiguresRecord>(
  grain: T['grain'],
  from: string,
  to: string,
): Promise<Map<string, T>> {
  const found = await InsightFiguresModel.find({ grain, day: trusted({ $gte: from, $lte: to }) })
    .lean<Array<StoredFigures<T>>>()
    .exec();
  return new Map(
    found
      .filter((record) => typeof record.charges === 'number')
      .map((record) => [record._id, fromStored(record)]),
  );
}

/**
 * Up to when changed orders were taken in; a first reading starts the feed at `now` and drops
 * figures kept before (nothing says what changed since they were read). Null for that first one.
 */
export async function feedThrough(now: Date): Promise<Date | null> {
  const feed = await InsightFeedModel.findById(FEED).lean().exec();
  if (feed) return feed.through;
  if (await startFeed(now)) await InsightFiguresModel.deleteMany({}).exec();
  return null;
}

/** Starts the feed at `through` unless it was started; true when this call started it. */
export async function startFeed(through: Date): Promise<boolean> {
  const started = await InsightFeedModel.updateOne(
    { _id: FEED },
    { $setOnInsert: { through } },
    { upsert: true },
  )
    .exec()
    .catch((error: unknown) => {
      if (isDuplicateKeyError(error)) return { upsertedCount: 0 };
      throw error;
    });
  return started.upsertedCount === 1;
}

export async function advanceFeed(through: Date): Promise<void> {
  await InsightFeedModel.updateOne({ _id: FEED }, { $max: { through } }).exec();
}

// --- Exports ------------------------------------------------------------------------------------

export async function insertExport(
  record: Omit<ExportRecord, '_id' | 'byId' | 'rowCount' | 'downloads'> & { byId: string },
): Promise<ExportRecord> {
  const created = await ExportModel.create({
    ...record,
    byId: new Types.ObjectId(record.byId),
    rowCount: null,
    downloads: 0,
  });
  return created.toObject<ExportRecord>();
}

export async function findExport(id: string): Promise<ExportRecord | null> {
  if (!Types.ObjectId.isValid(id)) return null;
  return ExportModel.findById(id).lean<ExportRecord>().exec();
}

/** A download finished: how many rows it wrote. */
export async function recordDownload(id: Types.ObjectId, rowCount: number): Promise<void> {
  await ExportModel.updateOne({ _id: id }, { $set: { rowCount }, $inc: { downloads: 1 } }).exec();
}

/** The exports made, newest first, after the one named by `before`. */
export async function listExports(
  before: ExportRecord | null,
  limit: number,
): Promise<ExportRecord[]> {
  return ExportModel.find(before ? olderThan('at', before) : {})
    .sort({ at: -1, _id: -1 })
    .limit(limit)
    .lean<ExportRecord[]>()
    .exec();
}
