// Data access for spreadsheets of labels: found by _id; a session's, by sessionId.
import { Types } from 'mongoose';
import { trusted } from '../../platform/db';
import { LabelSheetModel, type LabelSheetRecord } from './model';

export type NewLabelSheet = Omit<LabelSheetRecord, '_id' | 'createdAt'>;

export async function insertSheet(sheet: NewLabelSheet): Promise<LabelSheetRecord> {
  const created = await LabelSheetModel.create(sheet);
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
  const sheets = await LabelSheetModel.find({ sessionId }, { customerId: 1 }).lean<
    Array<Pick<LabelSheetRecord, '_id' | 'customerId'>>
  >();
  const guests = sheets.filter((sheet) => !sheet.customerId).map((sheet) => sheet._id);
  if (guests.length > 0) {
    await LabelSheetModel.updateMany({ _id: trusted({ $in: guests }) }, { $set: { customerId } });
  }
}
