// CSV as spreadsheets read it (RFC 4180: comma-separated, CRLF, a cell quoted when it holds a comma,
// a quote or a line break), every cell made safe from formula injection first.
import { spreadsheetSafe } from '@shop/contracts';

/**
 * An amount the shop worked out (never text someone typed): written as the number it is, a minus
 * sign included, so a spreadsheet adds it up.
 */
export interface Amount {
  readonly amount: string;
}

export type Cell = string | number | Amount | null | undefined;

function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return value.amount;
  const text = spreadsheetSafe(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: Cell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A spreadsheet takes the file as UTF-8 when it starts with the byte order mark. */
export const UTF8_BOM = '\uFEFF';
