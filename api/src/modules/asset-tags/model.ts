// Spreadsheets of labels: one document per uploaded file, holding its rows. A sheet is read whole
// (checked, drawn in a proof, written to the production file) and never changed: a fixed file is a
// new upload, so an order keeps pointing at exactly the rows it was checked and priced with.
import mongoose, { Schema, type Types } from 'mongoose';

export interface LabelSheetRecord {
  _id: Types.ObjectId;
  /** The session that uploaded it, and the customer signed in then (or on signing in later). */
  sessionId: string;
  customerId: string | null;
  originalName: string;
  format: 'csv' | 'xlsx';
  /** Row 1's names, one per column. */
  columns: string[];
  /**
   * The rows' cells row after row, `columns.length` to a row (a flat list: nested arrays are not
   * stored on every engine the shop runs on).
   */
  cells: string[];
  /** Each row's number in the spreadsheet (row 1 is the header). */
  rowNumbers: number[];
  rowCount: number;
  createdAt: Date;
  /**
   * A guest's sheet that no order holds: when the sweep looks at it (GUEST_SHEET_KEPT_DAYS after it
   * was uploaded; later while the guest's cart holds it). Absent on a customer's sheet, on one an
   * order was placed with, and on one uploaded before it existed: those are kept.
   */
  sweepAfter?: Date | null;
}

/** How long a guest's sheet no cart or order holds is kept: as long as a guest's cart (cart/model.ts). */
export const GUEST_SHEET_KEPT_DAYS = 90;

const labelSheetSchema = new Schema<LabelSheetRecord>(
  {
    sessionId: { type: String, required: true },
    customerId: { type: String, default: null },
    originalName: { type: String, required: true },
    format: { type: String, required: true, enum: ['csv', 'xlsx'] },
    columns: { type: [String], required: true },
    cells: { type: [String], required: true },
    rowNumbers: { type: [Number], required: true },
    rowCount: { type: Number, required: true },
    sweepAfter: { type: Date },
  },
  {
    collection: 'label_sheets',
    timestamps: { createdAt: true, updatedAt: false },
    versionKey: false,
  },
);
// Signing in hands the session's sheets no customer holds to the customer.
labelSheetSchema.index({ sessionId: 1, customerId: 1 });
// A deleted customer's sheets (accounts' deleteCustomer).
labelSheetSchema.index({ customerId: 1 });
// The sweep: guests' sheets due to be looked at, oldest first.
labelSheetSchema.index({ sweepAfter: 1 });

export const LabelSheetModel = mongoose.model<LabelSheetRecord>('LabelSheet', labelSheetSchema);

/** The cells of the sheet's row at this index (0-based, among the rows under the header). */
export function sheetRow(sheet: LabelSheetRecord, index: number): string[] {
  const width = sheet.columns.length;
  return sheet.cells.slice(index * width, (index + 1) * width);
}
