/**
 * What a line of asset tags says (docs/product.md section 12), without a schema: each label's text and
 * code value, and the line's series, rows and code in a few words. Free of zod, so the cart's and the
 * order pages' first render read them without zod's classic API; asset-tags.ts holds the schemas
 * (whose types fit the shapes here) and re-exports these.
 */
import {
  CODE_TYPE_LABELS,
  NUMBER_FIELD,
  type CodePlacement,
  type CodeType,
} from './asset-tag-options';
import { characterWidthEm, engravedArtworkOf, labelLayout } from './label-layout';
import type { Color, Mounting } from './label-options';
import { formatCount } from './money';

/** A numbered series, as asset-tags.ts' seriesSchema reads it (LabelSeries). */
interface Series {
  start: number;
  step: number;
  padding: number;
}

/** A code on the label, as labelCodeSchema reads it (LabelCode). */
interface Code {
  type: CodeType;
  placement: CodePlacement;
  value: string;
}

/** Which columns of a checked spreadsheet a line takes, as sheetRowsSchema reads them (SheetRows). */
interface RowsMapping {
  textColumns: readonly number[];
  codeColumn: number | null;
}

/** The number of the label at index (0-based) of a series. */
export function seriesNumber(series: Series, index: number): number {
  return series.start + series.step * index;
}

export function formatSeriesNumber(series: Series, number: number): string {
  return String(number).padStart(series.padding, '0');
}

/** The last number of a series of `quantity` labels. */
export function seriesLast(series: Series, quantity: number): number {
  return seriesNumber(series, quantity - 1);
}

/**
 * The index of the label whose number is widest as engraved (the most digits, then the fewest narrow
 * ones: "10" is wider than "11"), the last of equals: the label whose text is set smallest, which the
 * checks of a series' text lay out. Not always the last ("EQUIPMENT 10" of 1 to 11).
 */
export function widestSeriesIndex(series: Series, quantity: number): number {
  let widest = 0;
  let widestEm = -1;
  for (let index = 0; index < quantity; index++) {
    const digits = formatSeriesNumber(series, seriesNumber(series, index));
    let em = 0;
    for (const digit of digits) em += characterWidthEm(digit);
    if (em >= widestEm) [widest, widestEm] = [index, em];
  }
  return widest;
}

/** The template with every `{n}` replaced by the label's number. */
export function fillNumber(template: string, series: Series, index: number): string {
  return template.split(NUMBER_FIELD).join(formatSeriesNumber(series, seriesNumber(series, index)));
}

/** What one label of a numbered (or plain) line says: its text and its code's value. */
export function seriesLabel(
  line: { customText: string; series: Series | null; code: Code | null },
  index: number,
): { text: string; codeValue: string | null } {
  const fill = (template: string) =>
    line.series ? fillNumber(template, line.series, index) : template;
  return { text: fill(line.customText), codeValue: line.code ? fill(line.code.value) : null };
}

/** A row's label: its text lines from the mapped columns, and the code's value from its column. */
export function rowLabel(
  cells: readonly string[],
  mapping: RowsMapping,
): { text: string; codeValue: string | null } {
  return {
    text: mapping.textColumns.map((column) => (cells[column] ?? '').trim()).join('\n'),
    codeValue: mapping.codeColumn === null ? null : (cells[mapping.codeColumn] ?? '').trim(),
  };
}

/**
 * "PUMP 1501 to PUMP 2000": the first and last label of a series, on one line, each named by the
 * text line its number is on ("TAG 1501" of "BOILER ROOM / TAG {n}"), else by its code's value.
 */
export function describeSeries(
  line: { customText: string; series: Series; code: Code | null },
  quantity: number,
): string {
  const first = seriesLabel(line, 0);
  const last = seriesLabel(line, quantity - 1);
  const numbered = line.customText.split('\n').findIndex((piece) => piece.includes(NUMBER_FIELD));
  const name = (label: { text: string; codeValue: string | null }) =>
    numbered >= 0
      ? (label.text.split('\n')[numbered]?.trim() ?? '')
      : ((label.codeValue ?? label.text)
          .split('\n')
          .find((piece) => piece.trim() !== '')
          ?.trim() ?? '');
  const step = line.series.step === 1 ? '' : `, every ${line.series.step}`;
  return quantity === 1 ? name(first) : `${name(first)} to ${name(last)}${step}`;
}

/**
 * A sheet's row numbers in a few pairs, [index, row]: the first label's, and each one's whose number
 * is not the one before plus 1 (blank rows are left out, and each label keeps the row its spreadsheet
 * shows it at). A label between two pairs is the row after the one before it.
 */
export type SheetRowStarts = ReadonlyArray<readonly [index: number, row: number]>;

/** The pairs of these row numbers (sheetRowNumber reads them back). */
export function sheetRowStarts(rowNumbers: readonly number[]): Array<[number, number]> {
  const starts: Array<[number, number]> = [];
  rowNumbers.forEach((row, index) => {
    if (index === 0 || row !== rowNumbers[index - 1]! + 1) starts.push([index, row]);
  });
  return starts;
}

/** The spreadsheet row of the label at this index (0-based); row 2 on, when there are no pairs. */
export function sheetRowNumber(starts: SheetRowStarts, index: number): number {
  let start: readonly [number, number] = [0, 2];
  for (const pair of starts) {
    if (pair[0] > index) break;
    start = pair;
  }
  return start[1] + (index - start[0]);
}

/**
 * The index of the label on this spreadsheet row; a row holding none (a blank one, the header) gives
 * the next label's, and a row past the last the last label's.
 */
export function sheetRowIndex(starts: SheetRowStarts, count: number, row: number): number {
  const pairs = starts.length > 0 ? starts : [[0, 2] as const];
  for (let at = 0; at < pairs.length; at++) {
    const [index, first] = pairs[at]!;
    const end = at + 1 < pairs.length ? pairs[at + 1]![0] : count;
    if (row < first) return index;
    if (row < first + (end - index)) return index + (row - first);
  }
  return Math.max(count - 1, 0);
}

/** Spreadsheet letters for a column index: 0 is A, 25 is Z. */
export function columnLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/**
 * A line's series, code and rows in a few words each, for the cart, the order and its history:
 * `[['Series', 'PUMP 1501 to PUMP 2000'], ['Code', 'QR code under the text: https://…/t/{n}']]`.
 */
export function variableDataTerms(
  config: {
    customText: string;
    series?: Series | null;
    code?: Code | null;
    rows?: (RowsMapping & { sheetId: string; originalName?: string }) | null;
  },
  quantity: number,
): Array<[term: string, detail: string]> {
  const { series = null, code = null, rows = null } = config;
  const terms: Array<[string, string]> = [];
  if (series) {
    const padded = series.padding > 0 ? `, ${series.padding} digits` : '';
    terms.push([
      'Series',
      `${describeSeries({ customText: config.customText, series, code }, quantity)} (${formatCount(quantity)} labels${padded})`,
    ]);
  }
  if (rows) {
    const columns = rows.textColumns.map(columnLetter).join(', ');
    terms.push([
      'Rows',
      `${rows.originalName ?? 'Spreadsheet'}: ${formatCount(quantity)} rows, one label each${columns ? ` (text from column ${columns})` : ''}`,
    ]);
  }
  if (code) {
    const where = code.placement === 'below' ? 'under the text' : 'beside the text';
    const value = rows
      ? rows.codeColumn === null
        ? ''
        : `column ${columnLetter(rows.codeColumn)}`
      : code.value;
    terms.push(['Code', `${CODE_TYPE_LABELS[code.type]} ${where}${value ? `: ${value}` : ''}`]);
  }
  return terms;
}

/** A line of the cart or an order, as far as how its text lays out goes. */
export interface EngravedLine {
  productConfig: {
    width: number;
    height: number;
    color: Color;
    mounting: Mounting;
    customText: string;
    series?: Series | null;
    code?: { type: CodeType; placement: CodePlacement; value?: string } | null;
    rows?: unknown;
  };
  files: ReadonlyArray<{ hashedName: string }>;
  quantity: number;
}

/**
 * Whether a line's text lays out under the smallest the shop engraves (MIN_CAP_HEIGHT_INCHES), as
 * the preview and the proof lay it out: a series' widest label (widestSeriesIndex). Such a line gets
 * a proof however the order is placed. A spreadsheet's rows were each checked to fit when the sheet
 * was (the API's asset-tags/checking.ts).
 */
export function lineTextTooSmall({
  productConfig: config,
  files,
  quantity,
}: EngravedLine): boolean {
  if (config.rows) return false;
  const text = config.series
    ? seriesLabel(
        { customText: config.customText, series: config.series, code: null },
        widestSeriesIndex(config.series, quantity),
      ).text
    : config.customText;
  if (text.trim() === '') return false;
  return labelLayout({
    width: config.width,
    height: config.height,
    color: config.color,
    mounting: config.mounting,
    customText: text,
    artwork: engravedArtworkOf(files) !== null,
    code: config.code ? { type: config.code.type, placement: config.code.placement } : null,
  }).textTooSmall;
}

/** The numbers (from 1) of the lines whose text is too small to engrave (lineTextTooSmall). */
export function linesTooSmallToEngrave(lines: readonly EngravedLine[]): number[] {
  return lines.flatMap((line, index) => (lineTextTooSmall(line) ? [index + 1] : []));
}

/** "Label 2" or "Labels 1, 3". */
export function labelNumbers(numbers: readonly number[]): string {
  return numbers.length === 1 ? `Label ${numbers[0]}` : `Labels ${numbers.join(', ')}`;
}
