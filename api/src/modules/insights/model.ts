// The insights' own collections: figures kept per period (an hour of a day in the shop's time zone,
// or a day), recomputed from the orders (figures.ts), the point up to which changed orders were
// taken in, and the record of every export made.
import mongoose, { Schema, type Types } from 'mongoose';
import type { ExportRecordAnswer, OrderStatus } from '@shop/contracts';

/**
 * The figures of the orders placed in a stretch of time, and of the charges and the refunds made in
 * it (figures.ts); money in cents.
 */
export interface Figures {
  /** Checkouts placed (orders written, paid or not). */
  placed: number;
  /** Of the checkouts placed, those paid (the funnel's last step), whenever they were paid. */
  paid: number;
  /** The orders paid in it (its charges), whichever day they were placed; cancelled ones included. */
  charges: number;
  /** Of those, the ones cancelled since. */
  cancelled: number;
  /** What the orders paid in it were charged. */
  chargedCents: number;
  /** The refunds made in it, whichever day their orders were placed. */
  refundedCents: number;
  cartsStarted: number;
  /** Every order placed by its status now. */
  byStatus: Array<{ status: OrderStatus; orders: number }>;
  /** The next three over the orders kept (paid and not cancelled). */
  materials: Array<{ material: string; labels: number; orders: number; salesCents: number }>;
  sizes: Array<{ width: number; height: number; labels: number; orders: number }>;
  codes: Array<{ code: string; uses: number; discountCents: number }>;
  /** Minutes from the first proof to the customer's approval, with how many orders took each. */
  approvals: Array<{ minutes: number; orders: number }>;
}

/** Figures as a document keeps them: the approval times' tally as one string (see `approvals` below). */
export type StoredFigures<T extends Figures> = Omit<T, 'approvals'> & { approvals: string };

/**
 * The figures of one period, `grain` telling which: an hour (`_id` `{day}#{index}`: the orders placed
 * and the charges and the refunds made in [start, end), the `index`-th hour from the day's start in the shop's time
 * zone, a day of a clock change having 23 or 25) or a past day (`_id` `{day}`: the sum of its hours,
 * kept once every hour was read after the day had ended, so no order of the day was still being
 * written). `computedAt` is when the orders were read: a later reading replaces an earlier one,
 * never the other way round.
 */
export interface InsightFiguresRecord extends Figures {
  _id: string;
  grain: 'hour' | 'day';
  /** The day (YYYY-MM-DD), or the hour's. */
  day: string;
  index?: number;
  start?: Date;
  end?: Date;
  computedAt: Date;
}

export interface InsightSliceRecord extends InsightFiguresRecord {
  grain: 'hour';
  index: number;
  start: Date;
  end: Date;
}

const figuresSchema = new Schema<StoredFigures<InsightFiguresRecord>>(
  {
    _id: { type: String, required: true },
    grain: { type: String, required: true },
    day: { type: String, required: true },
    index: Number,
    start: Date,
    end: Date,
    computedAt: { type: Date, required: true },
    placed: { type: Number, required: true },
    paid: { type: Number, required: true },
    // Absent from the figures kept before a charge was filed by the hour it was paid in
    // (migrations/insights.ts): those are read again.
    charges: { type: Number, required: true },
    cancelled: { type: Number, required: true },
    chargedCents: { type: Number, required: true },
    refundedCents: { type: Number, required: true },
    cartsStarted: { type: Number, required: true },
    byStatus: { type: Schema.Types.Mixed, required: true },
    materials: { type: Schema.Types.Mixed, required: true },
    sizes: { type: Schema.Types.Mixed, required: true },
    codes: { type: Schema.Types.Mixed, required: true },
    // `minutes:orders` pairs joined by commas (repository.ts): a day holds as many as its orders took
    // distinct minutes, and the embedded database converts every element of an array at each read,
    // so one string keeps the 90-day dashboard's read as quick in a large shop as in a small one.
    approvals: { type: String, required: true },
  },
  { collection: 'insight_figures', versionKey: false, minimize: false },
);
// One grain's figures over a range of days: a day's hours, or a period's days.
figuresSchema.index({ grain: 1, day: 1 });

export const InsightFiguresModel = mongoose.model<StoredFigures<InsightFiguresRecord>>(
  'InsightFigures',
  figuresSchema,
);

/** Up to when the orders changed were taken in (`_id: 'figures'`, repository.ts). */
interface InsightFeedRecord {
  _id: string;
  through: Date;
}

export const InsightFeedModel = mongoose.model<InsightFeedRecord>(
  'InsightFeed',
  new Schema<InsightFeedRecord>(
    { _id: { type: String, required: true }, through: { type: Date, required: true } },
    { collection: 'insight_feed', versionKey: false },
  ),
);

/**
 * An export: who made it, when, and which rows (docs/product.md section 11); the fields it shares
 * with the admin's answer are the contract's.
 */
export interface ExportRecord extends Pick<
  ExportRecordAnswer,
  'kind' | 'rows' | 'from' | 'to' | 'status' | 'by' | 'rowCount'
> {
  _id: Types.ObjectId;
  byId: Types.ObjectId;
  at: Date;
  downloads: number;
}

const exportSchema = new Schema<ExportRecord>(
  {
    kind: { type: String, required: true },
    rows: { type: String, required: true },
    from: { type: String, required: true },
    to: { type: String, required: true },
    status: { type: String, default: null },
    by: { type: String, required: true },
    byId: { type: Schema.Types.ObjectId, required: true },
    at: { type: Date, required: true },
    rowCount: { type: Number, default: null },
    downloads: { type: Number, required: true, default: 0 },
  },
  { collection: 'exports', versionKey: false },
);
// The admin's list of exports, newest first, paged by key.
exportSchema.index({ at: -1, _id: -1 });

export const ExportModel = mongoose.model<ExportRecord>('Export', exportSchema);
