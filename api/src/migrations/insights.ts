// The insights' kept figures brought into today's shape: moved into one collection
// (mergeInsightFigures), then each charge filed under the hour it was paid in (fileChargesByHourPaid).
import mongoose from 'mongoose';
import type { InsightFiguresRecord, StoredFigures } from '../modules/insights/model';
import { keepIfNewer, startFeed } from '../modules/insights/repository';
import { chargesMadeBetween } from '../modules/orders/orders';
import type { Logger } from '../platform/logger';
import { BATCH, dropCollectionIfThere, hasCollection } from './collections';

/**
 * The insights kept an hour's figures in `insight_slices` and a past day's in `insight_days`; both
 * are `insight_figures` now, told apart by `grain`. They are copied, not dropped: a past day is read
 * again from the orders only when asked for, so after a drop the next call of each period would read
 * up to 90 days of orders at once. A copy keeps its reading's time and goes over an older reading
 * only (a second run or process changes nothing); a collection goes once wholly copied. The new feed
 * starts where the old one was before the copy: a process of the earlier version still serving may
 * advance the old one, reading again into the old collections.
 */
export async function mergeInsightFigures(logger: Logger): Promise<void> {
  const db = mongoose.connection.db!;
  const feeds = db.collection<{ _id: string; through: Date }>('insight_feed');
  const old = await feeds.findOne({ _id: 'orders' });
  if (old) await startFeed(old.through);
  let copied = 0;
  for (const grain of ['hour', 'day'] as const) {
    const name = grain === 'hour' ? 'insight_slices' : 'insight_days';
    if (!(await hasCollection(name))) continue;
    // One dropped meanwhile was wholly copied by the process that dropped it.
    const documents = await db
      .collection<StoredFigures<InsightFiguresRecord>>(name)
      .find()
      .toArray()
      .catch(async (error: unknown) => {
        if (await hasCollection(name)) throw error;
        return [];
      });
    await keepIfNewer(documents.map((document) => ({ ...document, grain })));
    copied += documents.length;
    await dropCollectionIfThere(name);
  }
  if (old) await feeds.deleteOne({ _id: 'orders' });
  if (copied > 0) logger.info({ copied }, 'Copied the hours and days into insight_figures');
}

/** An hour's figures as kept before its charges were filed by the hour paid: no `charges`. */
type KeptHour = Pick<InsightFiguresRecord, '_id' | 'computedAt'> & {
  start: Date;
  end: Date;
  charges?: number;
};

/**
 * Figures were kept with each charge under the hour its order was PLACED; a charge is now the hour's
 * it was PAID in (docs/product.md section 11), and `charges` counts them. Each hour kept the old way
 * (no `charges`) gets its charges, what they were charged and how many were cancelled since, from the
 * orders paid in it: one read of the charges since the first such hour, on the orders' paidAt index.
 * The rest of the hour (placings, the funnel, what sold, the approvals) is by the hour placed as
 * before, and its reading's time is kept, so a settled hour is not read again: 90 days of orders are
 * not read again at the next dashboard call, and the admin never sees it empty or waits on it. A day
 * kept the old way is dropped: it is summed again from its hours (now right) when asked for, which
 * reads no order. Each write goes only over the hour as read (same reading, still no `charges`): of
 * two processes the second changes nothing, an hour read again meanwhile by this version is left
 * alone, and one written the old way by an earlier version still serving is left out by the
 * dashboard (repository.ts findFigures) and read again, as is an old day.
 */
export async function fileChargesByHourPaid(logger: Logger): Promise<void> {
  const figures = mongoose.connection.db!.collection<KeptHour>('insight_figures');
  const hours = (
    await figures
      .find(
        { grain: 'hour', charges: { $exists: false } },
        { projection: { computedAt: 1, start: 1, end: 1 } },
      )
      .toArray()
  ).sort((a, b) => a.start.getTime() - b.start.getTime());
  let filed = 0;
  if (hours.length > 0) {
    const paid = await chargesMadeBetween(hours[0]!.start, hours.at(-1)!.end);
    const sums = hours.map(() => ({ charges: 0, chargedCents: 0, cancelled: 0 }));
    for (const charge of paid) {
      // The last hour starting at or before the charge, if the charge is before its end.
      let [low, high] = [0, hours.length - 1];
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (hours[middle]!.start.getTime() <= charge.paidAt.getTime()) low = middle;
        else high = middle - 1;
      }
      if (charge.paidAt < hours[low]!.start || charge.paidAt >= hours[low]!.end) continue;
      const sum = sums[low]!;
      sum.charges += 1;
      sum.chargedCents += charge.totalCents;
      if (charge.status === 'cancelled') sum.cancelled += 1;
    }
    for (let i = 0; i < hours.length; i += BATCH) {
      const written = await figures.bulkWrite(
        hours.slice(i, i + BATCH).map((hour, j) => ({
          updateOne: {
            filter: { _id: hour._id, computedAt: hour.computedAt, charges: { $exists: false } },
            update: { $set: sums[i + j]! },
          },
        })),
        { ordered: false },
      );
      filed += written.modifiedCount;
    }
  }
  const dropped = await figures.deleteMany({ grain: 'day', charges: { $exists: false } });
  if (filed > 0 || dropped.deletedCount > 0)
    logger.info(
      { hours: filed, days: dropped.deletedCount },
      'Filed the kept hours’ charges by the hour paid',
    );
}
