// Asset tags (docs/product.md section 12): spreadsheets of labels, the checks a numbered series or a
// sheet's rows pass before they reach the cart, and what each label of a line says. The module's face:
// the cart, the proofs and the orders call these functions only.
import {
  CODE_TYPE_LABELS,
  describeSeries,
  formatCount,
  type KeptSheetRows,
  type LabelConfiguration,
  type OrderedProductConfig,
  rowLabel,
  seriesLabel,
  sheetRowStarts,
  type SheetCheck,
  type SheetSummary,
} from '@shop/contracts';
import type { CartOwner } from '../../platform/auth-guards';
import { AppError } from '../../platform/errors';
import { notEngravedMessage } from '../../platform/pdf-fonts';
import { checkSeriesCodes, checkSheetRows } from './checking';
import { sheetRow, type LabelSheetRecord } from './model';
import { deleteSheetsOfCustomer, findSheet, insertSheet, sweepDueSheets } from './repository';
import { readSpreadsheet } from './spreadsheet';

export { assignSessionSheetsToCustomer, keepOrderedSheets } from './repository';

const SHEET_NOT_FOUND_MESSAGE = 'That spreadsheet is not on file for this session: upload it again';

function ownedBy(sheet: LabelSheetRecord, owner: CartOwner): boolean {
  return sheet.customerId
    ? sheet.customerId === owner.customerId
    : sheet.sessionId === owner.sessionId;
}

/** The owner's sheet; another's, or one that is not there, reads as not found. */
export async function findOwnedSheet(owner: CartOwner, id: string): Promise<LabelSheetRecord> {
  const sheet = await findSheet(id);
  if (!sheet || !ownedBy(sheet, owner)) throw AppError.notFound(SHEET_NOT_FOUND_MESSAGE);
  return sheet;
}

/**
 * The sheet an order was placed with, for `owner` to order again from (the caller may read the order:
 * its owner, its guest link's holder): its id when it is theirs, else the id of a copy kept for them;
 * null when it is no longer on file.
 */
export async function reuseOrderedSheet(owner: CartOwner, id: string): Promise<string | null> {
  const sheet = await findSheet(id);
  if (!sheet) return null;
  if (ownedBy(sheet, owner)) return id;
  const { originalName, format, columns, cells, rowNumbers, rowCount } = sheet;
  const copy = await insertSheet({
    sessionId: owner.sessionId,
    customerId: owner.customerId ?? null,
    originalName,
    format,
    columns,
    cells,
    rowNumbers,
    rowCount,
  });
  return copy._id.toString();
}

/** The sheet's names and a page of its rows (from is 0-based, among the rows under the header). */
export function summarizeSheet(sheet: LabelSheetRecord, from = 0, limit = 20): SheetSummary {
  const end = Math.min(sheet.rowCount, from + limit);
  const rows = Array.from({ length: Math.max(0, end - from) }, (_, offset) => ({
    row: sheet.rowNumbers[from + offset]!,
    cells: sheetRow(sheet, from + offset),
  }));
  return {
    id: sheet._id.toString(),
    originalName: sheet.originalName,
    columns: sheet.columns,
    rowCount: sheet.rowCount,
    from,
    rows,
    rowStarts: sheetRowStarts(sheet.rowNumbers.slice(0, sheet.rowCount)),
  };
}

/** An uploaded spreadsheet, read and kept for this owner (refused with the reason when it is not one). */
export async function keepSheet(
  owner: CartOwner,
  file: { originalName: string; bytes: Uint8Array },
): Promise<SheetSummary> {
  const parsed = readSpreadsheet(file.originalName, file.bytes);
  const sheet = await insertSheet({
    sessionId: owner.sessionId,
    customerId: owner.customerId ?? null,
    originalName: file.originalName,
    format: parsed.format,
    columns: parsed.columns,
    cells: parsed.rows.flat(),
    rowNumbers: parsed.rowNumbers,
    rowCount: parsed.rows.length,
  });
  return summarizeSheet(sheet);
}

/** POST /api/label-sheets/{id}/check: every row of the owner's sheet, as this label maps them. */
export async function checkSheet(
  owner: CartOwner,
  id: string,
  label: LabelConfiguration,
): Promise<SheetCheck> {
  if (!label.rows || label.rows.sheetId !== id) {
    throw AppError.invalidField('rows', 'Choose the columns of this spreadsheet');
  }
  return checkSheetRows(await findOwnedSheet(owner, id), label);
}

/** A plain label's or a series' code scans on every label of the line; else a 400 naming why. */
export function assertCodesScan(label: LabelConfiguration): void {
  const problem = checkSeriesCodes(label);
  if (problem) throw AppError.invalidField('code', problem);
}

/**
 * What a line of asset tags must pass before the cart takes it: a code that scans on every label, and
 * for a spreadsheet the owner's checked rows, one label each. Answers the rows as a line keeps them
 * (with the file's name and the first row's label); throws a 400 naming the first problem otherwise.
 */
export async function checkLabelData(
  owner: CartOwner,
  label: LabelConfiguration,
): Promise<{ rows: KeptSheetRows | null }> {
  if (!label.rows) {
    const notEngraved = notEngravedMessage(label.customText);
    if (notEngraved) throw AppError.invalidField('customText', notEngraved);
    assertCodesScan(label);
    return { rows: null };
  }
  const sheet = await findSheet(label.rows.sheetId);
  if (!sheet || !ownedBy(sheet, owner)) {
    throw AppError.invalidField('rows.sheetId', SHEET_NOT_FOUND_MESSAGE);
  }
  if (label.quantity !== sheet.rowCount) {
    const message = `The spreadsheet has ${formatCount(sheet.rowCount)} rows: one label each, so the quantity is ${formatCount(sheet.rowCount)}`;
    throw AppError.invalidField('quantity', message);
  }
  const check = checkSheetRows(sheet, label);
  if (check.errorCount > 0) {
    const message = `${formatCount(check.errorCount)} ${check.errorCount === 1 ? 'row needs' : 'rows need'} fixing before the labels go in the cart. ${check.errors[0]!.message}`;
    throw AppError.invalid(
      message,
      check.errors.map((error) => ({ path: `rows.${error.row}`, message: error.message })),
    );
  }
  // The line keeps the file's name and its first label, which the order page draws.
  const firstLabel = rowLabel(sheetRow(sheet, 0), label.rows);
  return { rows: { ...label.rows, originalName: sheet.originalName, firstLabel } };
}

/** One label of a line: its text, its code's value, and its row in the spreadsheet if it has one. */
type LineLabel = ReturnType<typeof seriesLabel> & { row: number | null };

/** Every label of an order's or cart's line, one by one, and how the line is named in a sentence. */
export interface LineLabels {
  count: number;
  at(index: number): LineLabel;
  /** "PUMP 1501 to PUMP 2000", "Rows 2 to 801 of valves.csv", or the text. */
  description: string;
  /** The code's name ("QR code"), or null. */
  codeName: string | null;
}

/**
 * The labels of a line the caller may see (the order's reader or an admin was checked): a series'
 * numbers, a sheet's rows (read as the shop), or the same text on each.
 */
export async function lineLabels(
  config: OrderedProductConfig,
  quantity: number,
): Promise<LineLabels> {
  const line = {
    customText: config.customText,
    series: config.series ?? null,
    code: config.code ?? null,
  };
  const codeName = line.code ? CODE_TYPE_LABELS[line.code.type] : null;
  if (config.rows) {
    const mapping = config.rows;
    const sheet = await findSheet(mapping.sheetId);
    if (!sheet) throw AppError.notFound('The spreadsheet of this line is no longer on file');
    return {
      count: sheet.rowCount,
      codeName,
      description: `Rows ${sheet.rowNumbers[0]} to ${sheet.rowNumbers[sheet.rowCount - 1]} of ${sheet.originalName}`,
      at: (index) => ({
        ...rowLabel(sheetRow(sheet, index), mapping),
        row: sheet.rowNumbers[index] ?? null,
      }),
    };
  }
  return {
    count: quantity,
    codeName,
    description: line.series
      ? describeSeries({ ...line, series: line.series }, quantity)
      : (line.customText.split('\n')[0] ?? ''),
    at: (index) => ({ ...seriesLabel(line, line.series ? index : 0), row: null }),
  };
}

/** A deleted customer's spreadsheets go, but those their paid orders were made from. */
export async function forgetCustomerSheets(
  customerId: string,
  ordered: ReadonlySet<string>,
): Promise<void> {
  await deleteSheetsOfCustomer(customerId, ordered);
}

/** The sheets a guest's cart holds and when that cart is abandoned; null when the guest has none. */
type GuestCartSheets = (
  sessionId: string,
) => Promise<{ sheets: ReadonlySet<string>; abandonedAfter: Date } | null>;

/**
 * Guests' sheets no order was placed with, looked at GUEST_SHEET_KEPT_DAYS after they were uploaded
 * (model.ts, sweepAfter), up to `batch` a round: one the guest's cart still holds is looked at again
 * when that cart would be abandoned; any other goes. How many went.
 */
export function sweepGuestSheets(
  guestCart: GuestCartSheets,
  now: Date,
  batch: number,
): Promise<number> {
  return sweepDueSheets(now, batch, async (sheet) => {
    const cart = await guestCart(sheet.sessionId);
    return cart?.sheets.has(sheet._id.toString()) ? cart.abandonedAfter : null;
  });
}
