// Checking asset tags before they reach the cart (docs/product.md section 12): every label of a line
// is looked at, a spreadsheet's rows one by one (its text fits the label, its code takes the value and
// scans at the label's size, no value twice), a series' numbers for its code. A plain label's code
// and a series' are drawn and measured as the configurator's preview measures them (drawCode: a
// series' values of one length encode alike, so one drawing per length). A spreadsheet row's code is
// checked against the largest symbol a value of its kind and length can need (codeModulesBound), so
// 10,000 rows cost a few encodings and layouts, not 10,000 drawings.
import {
  MIN_CAP_HEIGHT_INCHES,
  codeValueProblem,
  engravedArtworkOf,
  fitCode,
  labelLayout,
  rowLabel,
  seriesLabel,
  type LabelConfiguration,
  type LabelLayoutInput,
  type SheetCheck,
} from '@shop/contracts';
import { codeModulesBound, drawCode } from '@shop/contracts/label-code-drawing';
import { notEngravedMessage } from '../../platform/pdf-fonts';
import { sheetRow, type LabelSheetRecord } from './model';

/** At most this many problems are listed (the count says how many there are). */
const MAX_LISTED_PROBLEMS = 200;
const MAX_TEXT_LENGTH = 500;

type Label = Pick<
  LabelConfiguration,
  'material' | 'width' | 'height' | 'color' | 'mounting' | 'code' | 'files'
>;

/**
 * What a spreadsheet shows where a formula failed (Excel's error values, LibreOffice's "Err:502"):
 * kept as text by a workbook and by a CSV saved from one, and never a tag's value.
 */
const FORMULA_ERROR =
  /^(#(NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|GETTING_DATA|SPILL!|CALC!|FIELD!|BLOCKED!|CONNECT!|BUSY!|UNKNOWN!)|Err:\d{3})$/i;

/** The first of the row's chosen cells that shows a formula's error, with its column's name. */
function formulaError(cells: readonly string[], columns: readonly string[], chosen: number[]) {
  for (const column of chosen) {
    const value = (cells[column] ?? '').trim();
    if (FORMULA_ERROR.test(value)) return { value, column: columns[column] ?? '' };
  }
  return null;
}

const letters = (inches: number) => `${inches.toFixed(3)} in`;
const size = (label: Label) => `${label.width.toFixed(2)} × ${label.height.toFixed(2)} in`;

/** The label's layout with this text (the code's box and the artwork's do not depend on the text). */
function layoutFor(label: Label, text: string) {
  const input: LabelLayoutInput = {
    width: label.width,
    height: label.height,
    color: label.color,
    mounting: label.mounting,
    customText: text,
    artwork: engravedArtworkOf(label.files ?? []) !== null,
    code: label.code && { type: label.code.type, placement: label.code.placement },
  };
  return labelLayout(input);
}

/**
 * Why this code value would not do on the label, or null: its size measured by `measure` (the drawn
 * symbol, or the bound of its kind and length).
 */
function codeProblem(
  label: Label,
  value: string,
  box: { x: number; y: number; width: number; height: number } | null,
  measure: typeof drawCode | typeof codeModulesBound,
) {
  if (!label.code) return null;
  const problem = codeValueProblem(label.code.type, value);
  if (problem) return problem;
  if (!box) return null;
  return fitCode(label.code.type, measure(label.code.type, value), box, label.material).problem;
}

/** Every row of the sheet as the label's mapping takes it. */
export function checkSheetRows(sheet: LabelSheetRecord, label: LabelConfiguration): SheetCheck {
  const mapping = label.rows!;
  const width = sheet.columns.length;
  // The first problems, one per row, in row order.
  const errors: SheetCheck['errors'] = [];
  let errorCount = 0;
  const problem = (row: number, message: string) => {
    errorCount += 1;
    if (errors.length < MAX_LISTED_PROBLEMS) errors.push({ row, message });
  };
  const unknown = [...mapping.textColumns, mapping.codeColumn].find(
    (column) => column !== null && column >= width,
  );
  if (unknown !== undefined) {
    return {
      rowCount: sheet.rowCount,
      errorCount: 1,
      errors: [
        {
          row: 1,
          message: `The sheet has no column ${(unknown ?? 0) + 1}: choose its columns again`,
        },
      ],
    };
  }
  const seen = new Map<string, number>();
  const chosen = [
    ...mapping.textColumns,
    ...(mapping.codeColumn === null ? [] : [mapping.codeColumn]),
  ];
  for (let index = 0; index < sheet.rowCount; index++) {
    const row = sheet.rowNumbers[index]!;
    const cells = sheetRow(sheet, index);
    const failed = formulaError(cells, sheet.columns, chosen);
    if (failed) {
      problem(
        row,
        `Row ${row}: "${failed.column}" shows ${failed.value}, a formula's error, not a value to engrave. Correct it in the spreadsheet and upload the file again.`,
      );
      continue;
    }
    const { text, codeValue } = rowLabel(cells, mapping);
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0 && !codeValue) {
      problem(row, `Row ${row}: the columns chosen for the label are empty`);
      continue;
    }
    if (text.length > MAX_TEXT_LENGTH) {
      problem(row, `Row ${row}: the text is longer than ${MAX_TEXT_LENGTH} characters`);
      continue;
    }
    const notEngraved = notEngravedMessage(text);
    if (notEngraved) {
      problem(row, `Row ${row}: ${notEngraved}`);
      continue;
    }
    const layout = layoutFor(label, text);
    if (layout.textTooSmall) {
      problem(
        row,
        `Row ${row}: the text does not fit a ${size(label)} label: its capitals would be ${letters(layout.capHeight)} high, and the smallest we engrave is ${letters(MIN_CAP_HEIGHT_INCHES)}. Shorten it or choose a larger label.`,
      );
      continue;
    }
    if (label.code) {
      if (!codeValue) {
        problem(row, `Row ${row}: there is no value for the code`);
        continue;
      }
      const wrong = codeProblem(label, codeValue, layout.code, codeModulesBound);
      if (wrong) {
        problem(row, `Row ${row}: ${wrong}`);
        continue;
      }
    }
    const key = (codeValue ?? text).trim();
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problem(
        row,
        `Row ${row}: "${key.split('\n').join(' / ')}" is also in row ${earlier}: each tag must be unique`,
      );
      continue;
    }
    seen.set(key, row);
  }
  return { rowCount: sheet.rowCount, errorCount, errors };
}

/**
 * A plain label's or a series' code, for every label of the line: the first problem, or null. A
 * series' text that is too small is a warning, as on any label (the preview and the proof say so);
 * a code that would not scan is refused.
 */
export function checkSeriesCodes(label: LabelConfiguration): string | null {
  if (!label.code) return null;
  const box = layoutFor(label, seriesLabel(label, 0).text).code;
  const count = label.series ? label.quantity : 1;
  let checkedLength = -1;
  for (let index = 0; index < count; index++) {
    const value = seriesLabel(label, index).codeValue!;
    // A series' values differ in their digits only: one check per length of value.
    if (value.length === checkedLength) continue;
    checkedLength = value.length;
    const wrong = codeProblem(label, value, box, drawCode);
    if (wrong) return label.series && count > 1 ? `Label ${index + 1} (${value}): ${wrong}` : wrong;
  }
  return null;
}
