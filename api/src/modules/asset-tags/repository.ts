// Data access for spreadsheets of labels: found by _id; a session's, by sessionId; guests' due to be
// swept, by sweepAfter.
import { Types } from 'mongoose';
import { trusted } from '../../platform/db';
import { sweepUnheld, type SweepHooks } from '../../platform/held-sweep';
import { GUEST_SHEET_KEPT_DAYS, LabelSheetModel, type LabelSheetRecord } from './model';

type NewLabelSheet = Omit<LabelSheetRecord, '_id' | 'createdAt' | 'sweepAfter'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Keeps a new sheet; a guest's is due to be swept GUEST_SHEET_KEPT_DAYS on. */
export async function insertSheet(sheet: NewLabelSheet): Promise<LabelSheetRecord> {
  const sweep = sheet.customerId
    ? {}
    : { sweepAfter: new Date(Date.now() + GUEST_SHEET_KEPT_DAYS * DAY_MS) };
  const created = await LabelSheetModel.create({ ...sheet, ...sweep });
  return created.toObject<LabelSheetRecord>();
}

export async function findSheet(id: string): Promise<LabelSheetRecord | null> {
  if (!Types.ObjectId.isValid(id)) return null;
  return LabelSheetModel.findById(id).lean<LabelSheetRecord>();
}

/** After sign-in: the session's sheets no customer holds become this customer's. */
export async function assignSessionSheetsToCustomer(
  sessionId: string,
  customerId: string,
): Promise<void> {
  await LabelSheetModel.updateMany(
    { sessionId, customerId: null },
    { $set: { customerId }, $unset: { sweepAfter: 1 } },
  );
}

/** A deleted customer's sheets go, but those in `kept` (their paid orders'); how many went. */
export async function deleteSheetsOfCustomer(
  customerId: string,
  kept: ReadonlySet<string>,
): Promise<number> {
  const theirs = await LabelSheetModel.find({ customerId }, { _id: 1 })
    .lean<Array<{ _id: Types.ObjectId }>>()
    .exec();
  const going = theirs.map((sheet) => sheet._id).filter((id) => !kept.has(id.toString()));
  if (going.length === 0) return 0;
  const deleted = await LabelSheetModel.deleteMany({ _id: trusted({ $in: going }) }).exec();
  return deleted.deletedCount;
}

/** An order is being placed with these sheets: they are kept from now on (the order's labels). */
export async function keepOrderedSheets(ids: string[]): Promise<void> {
  const valid = ids.filter((id) => Types.ObjectId.isValid(id));
  if (valid.length === 0) return;
  await LabelSheetModel.updateMany(
    { _id: trusted({ $in: valid.map((id) => new Types.ObjectId(id)) }) },
    { $unset: { sweepAfter: 1 } },
  ).exec();
}

type DueSheet = Pick<LabelSheetRecord, '_id' | 'sessionId' | 'sweepAfter'>;

/** The sweep of guests' sheets (platform/held-sweep.ts): how many went. */
export function sweepDueSheets(
  now: Date,
  batch: number,
  heldUntil: SweepHooks<DueSheet>['heldUntil'],
): Promise<number> {
  return sweepUnheld<DueSheet>(LabelSheetModel, {
    now,
    batch,
    fields: { sessionId: 1 },
    heldUntil,
  });
}
