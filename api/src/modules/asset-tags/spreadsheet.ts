// Reading a spreadsheet of labels (docs/product.md section 12): a CSV file (csv-parse) or the first
// sheet of an Excel workbook (.xlsx: a zip, unpacked by fflate, its XML read by saxes). Checked by
// content, not by name: a CSV must be UTF-8 text with no NUL byte; a workbook must be a zip holding
// xl/workbook.xml. What is unpacked is bounded as it streams (a small zip may unpack to gigabytes),
// and only the parts a sheet needs are unpacked at all. Row 1 holds the column names; blank rows are
// skipped, and every row keeps the number the shopper's spreadsheet shows it under. A number cell
// reads as its format shows it (cell-numbers.ts).
import { TextDecoder } from 'node:util';
import { parse as parseCsv } from 'csv-parse/sync';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { SaxesParser } from 'saxes';
import { columnLetter, formatCount, MAX_SHEET_COLUMNS, MAX_SHEET_ROWS } from '@shop/contracts';
import { AppError } from '../../platform/errors';
import { NumberFormats, shownNumber } from './cell-numbers';

export const MAX_SHEET_FILE_BYTES = 5 * 1024 * 1024;
/** What a workbook's sheet, shared strings and workbook parts may unpack to, together. */
const MAX_UNPACKED_BYTES = 40 * 1024 * 1024;
const MAX_CELL_LENGTH = 500;
/** All the rows' text together, in UTF-8 bytes: kept in one document, well under its 16MB. */
const MAX_SHEET_TEXT_BYTES = 6 * 1024 * 1024;

interface ParsedSheet {
  format: 'csv' | 'xlsx';
  /** Row 1: the column names (a blank name reads as its letter). */
  columns: string[];
  /** The rows under it, blank rows left out; cells trimmed of nothing (the check trims). */
  rows: string[][];
  /** Each row's number in the spreadsheet (row 1 is the header). */
  rowNumbers: number[];
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, prefix: number[]) =>
  bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);

const unsupported = (name: string, why: string) =>
  AppError.unsupportedMedia(`The file "${name}" ${why}`);

/** The spreadsheet in these bytes; a file that is not one, or breaks a limit, is refused with why. */
export function readSpreadsheet(name: string, bytes: Uint8Array): ParsedSheet {
  if (bytes.length === 0) throw AppError.invalid(`The file "${name}" is empty.`);
  if (bytes.length > MAX_SHEET_FILE_BYTES) {
    throw AppError.tooLarge(
      `The file "${name}" is larger than 5MB. A sheet of 10,000 labels fits well within that: remove other sheets, pictures or columns.`,
    );
  }
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (startsWith(bytes, OLE) || extension === 'xls') {
    throw unsupported(
      name,
      'is an Excel 97-2003 workbook (.xls), which is not read here: save it as .xlsx or as CSV UTF-8.',
    );
  }
  if (startsWith(bytes, ZIP)) return finish(name, 'xlsx', readWorkbook(name, bytes));
  if (extension === 'xlsx') {
    throw unsupported(name, 'is not an Excel workbook: its content is not a .xlsx file.');
  }
  const csv = readCsv(name, bytes);
  return finish(name, 'csv', csv.table, csv.filledRows);
}

/** `filledRows`: how many filled rows the file has, header included, when `table` holds fewer. */
function finish(
  name: string,
  format: ParsedSheet['format'],
  table: Array<[number, string[]]>,
  filledRows?: number,
) {
  const filled = table.filter(([, cells]) => cells.some((cell) => cell.trim() !== ''));
  const [header, ...rows] = filled;
  if (!header || rows.length === 0) {
    throw AppError.invalid(
      `The file "${name}" has no rows under its first row. Row 1 holds the column names; each row under it is one label.`,
    );
  }
  const labels = (filledRows ?? filled.length) - 1;
  if (labels > MAX_SHEET_ROWS) {
    throw AppError.invalid(
      `The file "${name}" has ${formatCount(labels)} rows: at most 10,000 labels fit in one line. Split it into files of at most 10,000 rows.`,
    );
  }
  const width = Math.max(
    ...filled.map(([, cells]) => cells.findLastIndex((cell) => cell.trim() !== '') + 1),
  );
  if (width > MAX_SHEET_COLUMNS) {
    throw AppError.invalid(
      `The file "${name}" has ${width} columns: at most ${MAX_SHEET_COLUMNS} (A to Z) are read. Remove the columns the labels do not need.`,
    );
  }
  let textBytes = 0;
  for (const [rowNumber, cells] of filled) {
    for (const cell of cells) textBytes += Buffer.byteLength(cell);
    if (textBytes > MAX_SHEET_TEXT_BYTES) {
      throw AppError.tooLarge(
        `The file "${name}" holds more than 6MB of text: more than 10,000 labels can show. Remove the columns the labels do not need.`,
      );
    }
    const long = cells.findIndex((cell) => cell.length > MAX_CELL_LENGTH);
    if (long >= 0) {
      throw AppError.invalid(
        `Row ${rowNumber}, column ${columnLetter(long)} of "${name}" holds more than ${MAX_CELL_LENGTH} characters: no label has room for that much.`,
      );
    }
  }
  const pad = (cells: string[]) => Array.from({ length: width }, (_, index) => cells[index] ?? '');
  return {
    format,
    columns: pad(header[1]).map((cell, index) => cell.trim() || columnLetter(index)),
    rows: rows.map(([, cells]) => pad(cells)),
    rowNumbers: rows.map(([rowNumber]) => rowNumber),
  } satisfies ParsedSheet;
}

/** A cell's line breaks as one character: a Windows (CR LF) or old Mac (CR) break is a line break. */
const oneLineBreak = (text: string) => text.replace(/\r\n?/g, '\n');

// --- CSV ---------------------------------------------------------------------------------------

function readCsv(
  name: string,
  bytes: Uint8Array,
): { table: Array<[number, string[]]>; filledRows: number } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw unsupported(
      name,
      'is saved as UTF-16 text. Save it as "CSV UTF-8" (Excel: Save As, CSV UTF-8).',
    );
  }
  if (bytes.includes(0)) {
    throw unsupported(
      name,
      'is not a spreadsheet: it holds binary data. Upload a CSV (UTF-8) or an Excel workbook (.xlsx).',
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw unsupported(
      name,
      'is not UTF-8 text (it may be saved as "CSV" in a Windows or Mac encoding). Save it as "CSV UTF-8" and upload it again.',
    );
  }
  const delimiter = csvDelimiter(text);
  // Each filled row under the number a spreadsheet shows it at: blank lines count (a spreadsheet
  // shows them as rows), and a cell's line break does not. Blank rows (",,," from an Excel export)
  // are read to the end of the file, never kept; filled rows past the most a sheet may hold are
  // counted, not kept, so the refusal says how many there are.
  const table: Array<[number, string[]]> = [];
  let filled = 0;
  try {
    parseCsv(text, {
      delimiter,
      // A quote inside a cell that does not start with one is text (6" PIPE), as a spreadsheet reads it.
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_CELL_LENGTH * MAX_SHEET_COLUMNS * 2,
      on_record: (record: string[], { records, empty_lines }) => {
        if (record.some((cell) => cell.trim() !== '') && ++filled <= MAX_SHEET_ROWS + 1)
          table.push([records + empty_lines, record.map(oneLineBreak)]);
        return null;
      },
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const message =
      code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'a cell opens a quote (") that is never closed. Close it, or take the quote out, and upload the file again.'
        : error instanceof Error
          ? error.message
          : String(error);
    throw AppError.invalid(`The file "${name}" could not be read as CSV: ${message}`);
  }
  return { table, filledRows: filled };
}

/** The delimiter of a CSV of one column: a character no CSV read here holds (readCsv refuses NUL). */
const ONE_COLUMN = '\u0000';

/** How many of a CSV's first lines choose its delimiter. */
const DELIMITER_SAMPLE_LINES = 20;

/**
 * A CSV's delimiter: of comma, semicolon and tab, the one that splits the first lines into the same
 * number of cells, more than one (a semicolon file, as Excel saves CSV where the decimal mark is a
 * comma, may hold commas in its text: "Pump 3, east wing"); of several, the one giving the most
 * cells; of none, the one splitting the header most. A header none of them splits (its first lines
 * read with each) names one column, and the file is read as that column: a cell's own commas
 * ("Building 3, Room 2") stay its text, not spilling into columns the header does not name.
 */
function csvDelimiter(text: string): string {
  const candidates = [',', ';', '\t'].map((delimiter) => {
    let widths: number[] = [];
    try {
      const records = parseCsv(text, {
        delimiter,
        relax_quotes: true,
        relax_column_count: true,
        skip_empty_lines: true,
        to_line: DELIMITER_SAMPLE_LINES,
      }) as string[][];
      widths = records
        .filter((record) => record.some((cell) => cell.trim() !== ''))
        .map((record) => record.length);
    } catch {
      // An unclosed quote within the sample: this delimiter's widths are unknown.
    }
    const consistent = widths.length > 0 && widths.every((width) => width === widths[0]);
    return {
      delimiter,
      header: widths[0] ?? 1,
      consistent: consistent && widths[0]! > 1,
      read: widths.length > 0,
    };
  });
  const ranked = [...candidates].sort(
    (a, b) => Number(b.consistent) - Number(a.consistent) || b.header - a.header,
  );
  const oneColumn = candidates.every(({ read, header }) => read && header === 1);
  if (oneColumn) return ONE_COLUMN;
  return ranked[0]!.delimiter;
}

// --- XLSX --------------------------------------------------------------------------------------

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELATIONS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const STYLES = 'xl/styles.xml';
const isWorksheet = (path: string) => /^xl\/worksheets\/[^/]+\.xml$/.test(path);
const CHUNK = 16 * 1024;

/** The parts a sheet needs, unpacked; past MAX_UNPACKED_BYTES in all, the workbook is refused. */
function unpack(name: string, bytes: Uint8Array): Map<string, Buffer> {
  const parts = new Map<string, Buffer[]>();
  let unpacked = 0;
  let tooLarge = false;
  let broken: unknown = null;
  const unzip = new Unzip((file: UnzipFile) => {
    if (
      ![WORKBOOK, WORKBOOK_RELATIONS, SHARED_STRINGS, STYLES].includes(file.name) &&
      !isWorksheet(file.name)
    )
      return;
    const chunks: Buffer[] = [];
    parts.set(file.name, chunks);
    file.ondata = (error, chunk) => {
      if (error) {
        broken = error;
        return;
      }
      unpacked += chunk.length;
      if (unpacked > MAX_UNPACKED_BYTES) {
        tooLarge = true;
        file.terminate();
        return;
      }
      chunks.push(Buffer.from(chunk));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // Pushed in small pieces: one piece of deflated data unpacks to at most about a thousand times
    // its size, so the bound is checked long before memory runs out.
    for (let offset = 0; offset < bytes.length && !tooLarge && !broken; offset += CHUNK) {
      unzip.push(bytes.subarray(offset, offset + CHUNK), offset + CHUNK >= bytes.length);
    }
  } catch (error) {
    broken = error;
  }
  if (tooLarge) {
    throw AppError.tooLarge(
      `The workbook "${name}" unpacks to more than 40MB. Save the sheet of labels on its own, as .xlsx or CSV UTF-8.`,
    );
  }
  if (broken) throw unsupported(name, 'is not a readable Excel workbook (the zip is damaged).');
  return new Map([...parts].map(([part, chunks]) => [part, Buffer.concat(chunks)]));
}

/** Walks an XML part: each element's opening (name without prefix, attributes) and its text. */
function walkXml(
  name: string,
  xml: Buffer,
  handlers: {
    open?(element: string, attributes: Record<string, string>): void;
    text?(text: string): void;
    close?(element: string): void;
  },
) {
  const parser = new SaxesParser();
  const local = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);
  // Without the xmlns option, saxes gives each attribute as its plain string value.
  parser.on('opentag', (tag) => handlers.open?.(local(tag.name), tag.attributes));
  parser.on('text', (text) => handlers.text?.(text));
  parser.on('cdata', (text) => handlers.text?.(text));
  parser.on('closetag', (tag) => handlers.close?.(local(tag.name)));
  try {
    parser.write(xml.toString('utf8')).close();
  } catch {
    throw unsupported(name, 'is not a readable Excel workbook (a part of it is not valid XML).');
  }
}

/** The first sheet's part: the workbook's first <sheet>, through the workbook's relationships. */
function firstSheetPath(name: string, parts: Map<string, Buffer>): string {
  const workbook = parts.get(WORKBOOK);
  if (!workbook) throw unsupported(name, 'is not an Excel workbook: it has no xl/workbook.xml.');
  let relationId: string | null = null;
  walkXml(name, workbook, {
    open(element, attributes) {
      if (element === 'sheet' && relationId === null) {
        relationId =
          Object.entries(attributes).find(([key]) => key === 'r:id' || key.endsWith(':id'))?.[1] ??
          null;
      }
    },
  });
  let target: string | undefined;
  const relations = parts.get(WORKBOOK_RELATIONS);
  if (relations && relationId) {
    walkXml(name, relations, {
      open(element, attributes) {
        if (element === 'Relationship' && attributes.Id === relationId) target = attributes.Target;
      },
    });
  }
  // A target is relative to xl/, or absolute in the zip; without one, the usual first sheet.
  const path = !target
    ? 'xl/worksheets/sheet1.xml'
    : target.startsWith('/')
      ? target.slice(1)
      : `xl/${target}`;
  if (!parts.has(path))
    throw unsupported(name, 'is not an Excel workbook: its first sheet is missing.');
  return path;
}

/**
 * A workbook's text as its spreadsheet shows it: a character XML cannot hold is written `_xHHHH_`
 * (ECMA-376 part 1, 22.9.2.19, ST_Xstring: a carriage return pasted into a cell is `_x000D_`, an
 * underscore starting such a sequence `_x005F_`), and a carriage return before a line break, or
 * alone, breaks the line as a line break does.
 */
function workbookText(text: string): string {
  return oneLineBreak(
    text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    ),
  );
}

function sharedStringsOf(name: string, part: Buffer | undefined): string[] {
  const strings: string[] = [];
  if (!part) return strings;
  let current: string | null = null;
  let inText = false;
  // Phonetic runs (<rPh>) repeat the reading of East Asian text: not part of the value.
  let inPhonetic = false;
  walkXml(name, part, {
    open(element) {
      if (element === 'si') current = '';
      else if (element === 'rPh') inPhonetic = true;
      else if (element === 't' && !inPhonetic) inText = true;
    },
    text(text) {
      if (inText && current !== null) current += text;
    },
    close(element) {
      if (element === 't') inText = false;
      else if (element === 'rPh') inPhonetic = false;
      else if (element === 'si') {
        strings.push(workbookText(current ?? ''));
        current = null;
      }
    },
  });
  return strings;
}

/** The number formats of the workbook's cell styles (cell-numbers.ts); none without a styles part. */
function numberFormatsOf(name: string, part: Buffer | undefined): NumberFormats {
  const formats = new NumberFormats();
  if (!part) return formats;
  let inCellStyles = false;
  walkXml(name, part, {
    open(element, attributes) {
      if (element === 'numFmt') {
        formats.addFormat(Number(attributes.numFmtId), attributes.formatCode ?? '');
      } else if (element === 'cellXfs') inCellStyles = true;
      else if (element === 'xf' && inCellStyles) formats.addStyle(Number(attributes.numFmtId ?? 0));
    },
    close(element) {
      if (element === 'cellXfs') inCellStyles = false;
    },
  });
  return formats;
}

/** Whether the workbook counts its dates from 1904 (a workbook made on an old Mac). */
function countsFrom1904(name: string, workbook: Buffer): boolean {
  let from1904 = false;
  walkXml(name, workbook, {
    open(element, attributes) {
      if (element === 'workbookPr') from1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
    },
  });
  return from1904;
}

/** Column letters of a cell reference ("AB12") as a 0-based index. */
function columnIndex(reference: string): number {
  let index = 0;
  for (const character of reference) {
    const code = character.charCodeAt(0);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
}

/** The first sheet's filled rows as read, each with its row number (before finish checks them). */
export function readWorkbook(name: string, bytes: Uint8Array): Array<[number, string[]]> {
  const parts = unpack(name, bytes);
  const sheet = parts.get(firstSheetPath(name, parts))!;
  const shared = sharedStringsOf(name, parts.get(SHARED_STRINGS));
  const formats = numberFormatsOf(name, parts.get(STYLES));
  const date1904 = countsFrom1904(name, parts.get(WORKBOOK)!);
  const table: Array<[number, string[]]> = [];
  let row: string[] | null = null;
  let rowNumber = 0;
  let cell: {
    column: number;
    type: string;
    style: string | undefined;
    reference: string;
    formula: boolean;
    valued: boolean;
  } | null = null;
  // The first cell holding a formula whose result was never saved (a workbook written by a program
  // that does not calculate): its value is unknown, and engraving it blank would be wrong.
  let uncalculated: string | null = null;
  let value = '';
  let reading = false;
  let tooWide = false;
  let filled = 0;
  walkXml(name, sheet, {
    open(element, attributes) {
      if (element === 'row') {
        rowNumber = attributes.r ? Number(attributes.r) : rowNumber + 1;
        // Past the header and 10,000 rows the rest is not read: that there is more is enough.
        row = filled > MAX_SHEET_ROWS + 1 ? null : [];
      } else if (element === 'c' && row) {
        const column = attributes.r ? columnIndex(attributes.r) : row.length;
        if (column >= MAX_SHEET_COLUMNS) tooWide = true;
        cell = {
          column,
          type: attributes.t ?? 'n',
          style: attributes.s,
          reference: attributes.r ?? `${columnLetter(column)}${rowNumber}`,
          formula: false,
          valued: false,
        };
        value = '';
      } else if ((element === 'v' || element === 't') && cell) {
        reading = true;
        cell.valued = true;
      } else if (element === 'f' && cell) {
        cell.formula = true;
      }
    },
    text(text) {
      if (reading) value += text;
    },
    close(element) {
      if (element === 'v' || element === 't') reading = false;
      else if (element === 'c' && cell && row) {
        // A cell without a value is blank (a text cell's Number('') would read the first string,
        // a true/false one FALSE).
        const text = !cell.valued
          ? ''
          : cell.type === 's'
            ? (shared[Number(value)] ?? '')
            : cell.type === 'b'
              ? value === '1'
                ? 'TRUE'
                : 'FALSE'
              : cell.type === 'n'
                ? shownNumber(value, formats.formatOf(cell.style), date1904)
                : cell.type === 'inlineStr' || cell.type === 'str'
                  ? workbookText(value)
                  : value;
        if (cell.formula && !cell.valued) {
          uncalculated ??= cell.reference;
        }
        if (cell.column < MAX_SHEET_COLUMNS) row[cell.column] = text;
        else if (text.trim() !== '') tooWide = true;
        cell = null;
      } else if (element === 'row' && row) {
        const cells = Array.from(row as string[], (text) => text ?? '');
        // Only filled rows are kept, as for a CSV: a small workbook of millions of empty <row/>
        // elements would otherwise hold a table of them in memory.
        if (cells.some((text) => text.trim() !== '')) {
          filled += 1;
          table.push([rowNumber, cells]);
        }
        row = null;
      }
    },
  });
  if (tooWide) {
    throw AppError.invalid(
      `The file "${name}" has cells past column Z: at most ${MAX_SHEET_COLUMNS} columns (A to Z) are read. Remove the columns the labels do not need.`,
    );
  }
  if (uncalculated !== null) {
    throw AppError.invalid(
      `The workbook "${name}" has formulas whose results were never saved (the first in cell ${uncalculated}): open it in Excel or LibreOffice and save it, or save it as CSV UTF-8, then upload it again.`,
    );
  }
  if (filled > MAX_SHEET_ROWS + 1) {
    throw AppError.invalid(
      `The file "${name}" has more than 10,000 rows: at most 10,000 labels fit in one line. Split it into files of at most 10,000 rows.`,
    );
  }
  return table;
}
