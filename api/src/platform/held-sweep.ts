// Documents a sweep looks at from a time of their own, `sweepAfter` (indexed; absent on the ones kept
// for good: a guest's upload or spreadsheet once an order holds it, say). A round takes the due ones
// oldest first: one something still holds (a guest's cart) is looked at again when that lets it go,
// any other is deleted. Each write is conditional on the `sweepAfter` the round read, so a change
// meanwhile (an order keeping the document) wins over the sweep.
import type { Model, Types } from 'mongoose';
import { trusted } from './db';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Sweepable {
  _id: Types.ObjectId | string;
  sweepAfter?: Date | null;
}

/** What a module's sweep decides about its own documents. */
export interface SweepHooks<D> {
  /** When whatever still holds the document lets it go, or null when nothing does. */
  heldUntil(doc: D): Promise<Date | null>;
  /** After the document went (the file it names, say). */
  removed?(doc: D): Promise<void>;
}

/** How many of up to `batch` due documents went. */
export async function sweepUnheld<D extends Sweepable>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  model: Model<any>,
  {
    now,
    batch,
    fields,
    heldUntil,
    removed,
  }: SweepHooks<D> & {
    now: Date;
    batch: number;
    /** What heldUntil and removed read of a document, besides its _id. */
    fields: Record<string, 1>;
  },
): Promise<number> {
  const due = await model
    .find({ sweepAfter: trusted({ $lte: now }) }, { ...fields, sweepAfter: 1 })
    .sort({ sweepAfter: 1 })
    .limit(batch)
    .lean<D[]>()
    .exec();
  let gone = 0;
  for (const doc of due) {
    const guard = { _id: doc._id, sweepAfter: doc.sweepAfter };
    const held = await heldUntil(doc);
    if (held) {
      // At least a day on: a holder past its own end (a cart its sweep has not removed yet) is not
      // looked at in every round.
      const later = new Date(Math.max(held.getTime(), now.getTime() + DAY_MS));
      await model.updateOne(guard, { $set: { sweepAfter: later } }).exec();
    } else if ((await model.deleteOne(guard).exec()).deletedCount === 1) {
      gone += 1;
      await removed?.(doc);
    }
  }
  return gone;
}
