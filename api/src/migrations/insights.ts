// The insights kept an hour's figures in `insight_slices` and a past day's in `insight_days`; both
// are `insight_figures` now, told apart by `grain`. They are copied, not dropped: a past day is read
// again from the orders only when asked for, so after a drop the next call of each period would
// read up to 90 days of orders at once. A copy keeps its reading's time and goes over an older
// reading only (a second run or process changes nothing); a collection goes once wholly copied. The
// new feed starts where the old one was before the copy: a process of the earlier version still
// serving may advance the old one, reading again into the old collections.
import mongoose from 'mongoose';
import type { InsightFiguresRecord, StoredFigures } from '../modules/insights/model';
import { keepIfNewer, startFeed } from '../modules/insights/repository';
import type { Logger } from '../platform/logger';
import { dropCollectionIfThere, hasCollection } from './collections';

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
