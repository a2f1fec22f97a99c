/**
 * Serialized asset tags (docs/product.md section 12): a numbered series, a barcode or QR code on the
 * label, and one label per spreadsheet row. The shapes the browser sends, and the pure rules both
 * sides apply to them: the number of a label in a series, what its text and code say, which
 * characters a code type takes. Drawing a code is label-code-drawing.ts (bwip-js, loaded only where
 * a code is drawn); how large it must be is label-codes.ts.
 */
import { z } from 'zod';
import { describeSeries, formatSeriesNumber, seriesLast } from './asset-tag-terms';
import {
  CODE_TYPES,
  CODE_TYPE_LABELS,
  CODE_PLACEMENTS,
  CODE_VALUE_MAX_LENGTH,
  SERIES_MAX_NUMBER,
  SERIES_MAX_STEP,
  SERIES_MAX_PADDING,
  MAX_SHEET_COLUMNS,
  MAX_TEXT_COLUMNS,
  type CodeType,
} from './asset-tag-options';
import { formatCount } from './money';

export * from './asset-tag-options';
export * from './asset-tag-terms';

/** A numbered series: the labels are start, start + step, ... (quantity of them), zero-padded. */
export const seriesSchema = z.strictObject({
  start: z
    .number({ error: 'The first number must be a number' })
    .int('The first number must be a whole number')
    .min(0, 'The first number must be 0 or more')
    .max(SERIES_MAX_NUMBER, 'The first number must be at most 999,999,999'),
  step: z
    .number({ error: 'The step must be a number' })
    .int('The step must be a whole number')
    .min(1, 'The step must be at least 1')
    .max(SERIES_MAX_STEP, 'The step must be at most 1,000'),
  padding: z
    .number({ error: 'The digits must be a number' })
    .int('The digits must be a whole number')
    .min(0, 'The digits must be 0 or more')
    .max(SERIES_MAX_PADDING, `Numbers are padded to at most ${SERIES_MAX_PADDING} digits`),
});
export type LabelSeries = z.infer<typeof seriesSchema>;

/** A code on the label: its type, where it goes, and what it encodes (`{n}` is the label's number). */
export const labelCodeSchema = z.strictObject({
  type: z.enum(CODE_TYPES, { error: 'Code type must be one of code128, qrcode, datamatrix' }),
  placement: z.enum(CODE_PLACEMENTS, { error: 'Code placement must be beside or below' }),
  value: z.string({ error: 'The code value must be text' }).max(300, 'The code value is too long'),
});
export type LabelCode = z.infer<typeof labelCodeSchema>;

/** One label per row of a checked spreadsheet: which columns are the text lines and the code. */
export const sheetRowsSchema = z.strictObject({
  sheetId: z.string().regex(/^[0-9a-f]{24}$/i, 'Unknown spreadsheet'),
  textColumns: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(MAX_SHEET_COLUMNS - 1, 'Unknown column'),
    )
    .max(MAX_TEXT_COLUMNS, `A label takes text from at most ${MAX_TEXT_COLUMNS} columns`),
  codeColumn: z
    .number()
    .int()
    .min(0)
    .max(MAX_SHEET_COLUMNS - 1, 'Unknown column')
    .nullable(),
});
export type SheetRows = z.infer<typeof sheetRowsSchema>;

/**
 * A line's rows as the cart and its order keep them: the mapping, the file's name as uploaded and
 * the first row's label (what the order page draws; older lines lack both).
 */
export const keptSheetRowsSchema = sheetRowsSchema.extend({
  originalName: z.string().optional(),
  firstLabel: z.object({ text: z.string(), codeValue: z.string().nullable() }).optional(),
});
export type KeptSheetRows = z.infer<typeof keptSheetRowsSchema>;

/** What makes a label vary, as a line carries it (each null when unused). */
export interface VariableData {
  series: LabelSeries | null;
  code: LabelCode | null;
  rows: SheetRows | null;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Why a code of this type cannot carry the value, or null when it can. Code 128 and Data Matrix take
 * printable ASCII here (letters, digits, space and punctuation); a QR code any text but control
 * characters.
 */
export function codeValueProblem(type: CodeType, value: string): string | null {
  const name = CODE_TYPE_LABELS[type];
  if (value.trim() === '') return `The ${name} has no value to encode`;
  if (value.length > CODE_VALUE_MAX_LENGTH[type]) {
    return `A ${name} here takes at most ${CODE_VALUE_MAX_LENGTH[type]} characters (this one has ${value.length})`;
  }
  if (type === 'qrcode') {
    return CONTROL.test(value) ? `A QR code cannot carry control characters` : null;
  }
  if (!PRINTABLE_ASCII.test(value)) {
    const bad = [...value].find((character) => !PRINTABLE_ASCII.test(character)) ?? '';
    const shown = CONTROL.test(bad) ? 'a control character' : `"${bad}"`;
    return `A ${name} takes letters A-Z, digits, spaces and ASCII punctuation only: ${shown} cannot be encoded`;
  }
  return null;
}

/** A numbered series whose numbers would pass the largest number sold: its message, or null. */
export function seriesRangeProblem(series: LabelSeries, quantity: number): string | null {
  const last = seriesLast(series, quantity);
  return last > SERIES_MAX_NUMBER
    ? `This series would end at ${formatCount(last)}: numbers go up to 999,999,999`
    : null;
}

/**
 * A cell of a spreadsheet the shop writes (the engraver's CSV): a value a spreadsheet program would
 * run as a formula (starting with =, +, -, @, a tab or a return) is written with a leading
 * apostrophe, which shows it as text; every cell is quoted, and quotes inside doubled.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A line's series, code and rows in one fixed shape (nulls for what it lacks), to compare or copy. */
export function variableDataOf(config: {
  series?: LabelSeries | null;
  code?: LabelCode | null;
  rows?: KeptSheetRows | null;
}): VariableData & { rows: KeptSheetRows | null } {
  const { series, code, rows } = config;
  return {
    series: series ? { start: series.start, step: series.step, padding: series.padding } : null,
    code: code ? { type: code.type, placement: code.placement, value: code.value } : null,
    rows: rows
      ? {
          sheetId: rows.sheetId,
          textColumns: [...rows.textColumns],
          codeColumn: rows.codeColumn,
          ...(rows.originalName !== undefined ? { originalName: rows.originalName } : {}),
          ...(rows.firstLabel !== undefined ? { firstLabel: { ...rows.firstLabel } } : {}),
        }
      : null,
  };
}

/** Whether two lines carry the same series, code and rows (what is kept of the file aside). */
export function sameVariableData(
  a: Parameters<typeof variableDataOf>[0],
  b: Parameters<typeof variableDataOf>[0],
): boolean {
  const key = (config: Parameters<typeof variableDataOf>[0]) => {
    const data = variableDataOf(config);
    return JSON.stringify({
      ...data,
      rows: data.rows && { ...data.rows, originalName: undefined, firstLabel: undefined },
    });
  };
  return key(a) === key(b);
}

/** A numbered series or spreadsheet rows: every label of the line differs. */
export const isVariableLine = (config: { series?: unknown; rows?: unknown }) =>
  Boolean(config.series || config.rows);

/** A line of a cart or an order, as repeatedLabel reads it. */
interface EngravedLineOf {
  productConfig: {
    material: string;
    width: number;
    height: number;
    color: string;
    mounting: string;
    customText: string;
    series?: LabelSeries | null;
    code?: LabelCode | null;
    rows?: (SheetRows & { originalName?: string }) | null;
  };
  quantity: number;
}

/** Two lines of one cart (0-based, the earlier first) that would engrave the same label. */
export interface RepeatedLabel {
  kind: 'series' | 'rows';
  lines: [number, number];
  /** The label both engrave ("PUMP 2001"), or the rows both take ("the rows of tags.csv"). */
  label: string;
}

/**
 * The first number both series engrave alike (the same number, padded to the same digits: 2001 reads
 * 2001 padded to 0 or to 4), or null: the line with fewer labels is walked, at most
 * MAX_LINE_QUANTITY tests.
 */
function sharedNumber(a: LabelSeries, aQuantity: number, b: LabelSeries, bQuantity: number) {
  const holds = (series: LabelSeries, quantity: number, number: number) =>
    number >= series.start &&
    number <= seriesLast(series, quantity) &&
    (number - series.start) % series.step === 0;
  const [walked, walkedQuantity, other, otherQuantity] =
    aQuantity <= bQuantity ? [a, aQuantity, b, bQuantity] : [b, bQuantity, a, aQuantity];
  for (let index = 0; index < walkedQuantity; index++) {
    const number = walked.start + walked.step * index;
    if (
      holds(other, otherQuantity, number) &&
      formatSeriesNumber(walked, number) === formatSeriesNumber(other, number)
    )
      return number;
  }
  return null;
}

/**
 * The first label two lines would both engrave, or null. A series' number is engraved once in an
 * order: two series lines of the same label (options, size, text, code) may not share a number as
 * engraved (its padding). A spreadsheet's rows are engraved once: two lines may not take the same sheet's rows into
 * the same columns of the same label. Plain lines are left alone: more of one label is its quantity.
 * `involving`: only the pairs with that line (the one being added or changed).
 */
export function repeatedLabel(
  lines: readonly EngravedLineOf[],
  { involving }: { involving?: number } = {},
): RepeatedLabel | null {
  const labelKey = ({ productConfig: c }: EngravedLineOf) =>
    JSON.stringify([c.material, c.width, c.height, c.color, c.mounting, c.customText, c.code]);
  for (let second = 1; second < lines.length; second++) {
    const b = lines[second]!;
    for (let first = 0; first < second; first++) {
      const a = lines[first]!;
      if (involving !== undefined && first !== involving && second !== involving) continue;
      if (labelKey(a) !== labelKey(b)) continue;
      const [seriesA, seriesB] = [a.productConfig.series, b.productConfig.series];
      if (seriesA && seriesB) {
        const number = sharedNumber(seriesA, a.quantity, seriesB, b.quantity);
        if (number === null) continue;
        const at = { ...seriesA, start: number, step: 1 };
        const line = { ...a.productConfig, series: at, code: a.productConfig.code ?? null };
        return { kind: 'series', lines: [first, second], label: describeSeries(line, 1) };
      }
      const [rowsA, rowsB] = [a.productConfig.rows, b.productConfig.rows];
      if (
        rowsA &&
        rowsB &&
        rowsA.sheetId === rowsB.sheetId &&
        rowsA.codeColumn === rowsB.codeColumn &&
        rowsA.textColumns.join() === rowsB.textColumns.join()
      ) {
        const name = rowsA.originalName ?? rowsB.originalName;
        const label = `the rows of ${name ?? 'one spreadsheet'}`;
        return { kind: 'rows', lines: [first, second], label };
      }
    }
  }
  return null;
}

/**
 * Why a line that repeats a label cannot be added (the second line is the one being added, not in the
 * cart yet), a line cannot be changed so (the change is not made), or the cart cannot be ordered,
 * naming the lines as the cart numbers them.
 */
export function repeatedLabelMessage(
  { kind, lines: [first, second], label }: RepeatedLabel,
  when: 'adding' | 'changing' | 'ordering',
): string {
  const which = {
    adding: `Line ${first + 1} of your cart already engraves ${label}`,
    changing: `This change would have lines ${first + 1} and ${second + 1} of your cart both engrave ${label}`,
    ordering: `Lines ${first + 1} and ${second + 1} of your cart both engrave ${label}`,
  }[when];
  const fix = {
    series: {
      adding: 'Start this series after it, or remove that line.',
      changing: 'Change the first number of one of them, or remove one.',
      ordering: 'Change the first number of one of them, or remove one.',
    },
    rows: {
      adding: 'Take other columns, or remove that line first.',
      changing: 'Take other columns on one of them, or remove one.',
      ordering: 'Take other columns on one of them, or remove one.',
    },
  }[kind][when];
  return `${which}: a label is engraved once in an order. ${fix}`;
}

/** POST /api/label-sheets (201) and GET /api/label-sheets/{id}?from=&limit=: names and some rows. */
export const sheetSummarySchema = z.object({
  id: z.string(),
  originalName: z.string(),
  columns: z.array(z.string()),
  rowCount: z.number().int(),
  from: z.number().int(),
  /** Each row's number in the spreadsheet (row 1 is the header) and its cells. */
  rows: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })),
  /** Every label's row, in a few pairs (SheetRowStarts): what the preview's row picker names. */
  rowStarts: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type SheetSummary = z.infer<typeof sheetSummarySchema>;

/** POST /api/label-sheets/{id}/check: every row checked; the first problems listed, one per row. */
export const sheetCheckSchema = z.object({
  rowCount: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type SheetCheck = z.infer<typeof sheetCheckSchema>;
