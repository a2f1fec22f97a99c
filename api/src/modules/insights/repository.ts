// Data access for the insights' collections; plain objects out. A figure document is written only
// over an older reading (`computedAt`), so of two readings racing, the later one stays.
import { Types } from 'mongoose';
import { isDuplicateKeyError, olderThan, trusted } from '../../platform/db';
import {
  ExportModel,
  InsightDayModel,
  InsightFeedModel,
  InsightSliceModel,
  type ExportRecord,
  type Figures,
  type InsightDayRecord,
  type InsightSliceRecord,
  type StoredFigures,
} from './model';

const FEED = 'orders';

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
 * Writes the figure documents in one write, each over an older reading only. A document there with a
 * reading as late or later makes its upsert's insert collide, which is no error.
 */
async function saveIfNewer(
  model: typeof InsightSliceModel | typeof InsightDayModel,
  records: Array<InsightSliceRecord | InsightDayRecord>,
): Promise<void> {
  if (records.length === 0) return;
  await (model as typeof InsightDayModel)
    .bulkWrite(
      records.map(toStored).map(({ _id, ...fields }) => ({
        updateOne: {
          filter: { _id, computedAt: trusted({ $lt: fields.computedAt }) },
          update: { $set: fields },
          upsert: true,
        },
      })),
      { ordered: false },
    )
    .catch((error: unknown) => {
      const errors = (error as { writeErrors?: unknown[] }).writeErrors;
      if (!errors || !errors.every((one) => isDuplicateKeyError(one))) throw error;
    });
}

export const saveSlices = (slices: InsightSliceRecord[]) => saveIfNewer(InsightSliceModel, slices);

export const saveDay = (day: InsightDayRecord) => saveIfNewer(InsightDayModel, [day]);

export async function findSlicesOfDay(day: string): Promise<InsightSliceRecord[]> {
  const slices = await InsightSliceModel.find({ day })
    .sort({ index: 1 })
    .lean<Array<StoredFigures<InsightSliceRecord>>>()
    .exec();
  return slices.map(fromStored);
}

/** The kept days from `from` to `to` (YYYY-MM-DD, both included). */
export async function findDays(from: string, to: string): Promise<InsightDayRecord[]> {
  const days = await InsightDayModel.find({ day: trusted({ $gte: from, $lte: to }) })
    .sort({ day: 1 })
    .lean<Array<StoredFigures<InsightDayRecord>>>()
    .exec();
  return days.map(fromStored);
}

/**
 * Up to when changed orders were taken in; a first reading starts the feed at `now` and drops
 * figures kept before (nothing says what changed since they were read). Null for that first one.
 */
export async function feedThrough(now: Date): Promise<Date | null> {
  const feed = await InsightFeedModel.findById(FEED).lean().exec();
  if (feed) return feed.through;
  const started = await InsightFeedModel.updateOne(
    { _id: FEED },
    { $setOnInsert: { through: now } },
    { upsert: true },
  )
    .exec()
    .catch((error: unknown) => {
      if (isDuplicateKeyError(error)) return { upsertedCount: 0 };
      throw error;
    });
  if (started.upsertedCount === 1) {
    // Every kept figure.
    await InsightSliceModel.deleteMany({}).exec();
    await InsightDayModel.deleteMany({}).exec();
  }
  return null;
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
