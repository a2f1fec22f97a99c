// A workbook's number cells as its spreadsheet shows them (docs/product.md section 12): a cell stores
// a number and, through its style, a number format. A tag number 7 formatted 0000 shows 0007, a date
// is a day count, 0.1 + 0.2 is stored as 0.30000000000000004. The label engraves what the shopper
// saw, so the common formats are applied: General (15 significant digits, as Excel shows a value),
// zero-padded and fixed decimals (0000, 0.00), thousands (#,##0), percentages, digits split by text
// (000-000) and dates and times with their text (dd\/mm\/yyyy, "Fitted "mmm yyyy). A format this does
// not know shows the number as General does.

/** Excel's built-in formats (ECMA-376 part 1, 18.8.30) that the sheets of labels use. */
const BUILT_IN: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  14: 'm/d/yyyy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yyyy h:mm',
  45: 'mm:ss',
  49: '@',
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The format codes of a workbook's cell styles (xl/styles.xml), by the style index a cell names. */
export class NumberFormats {
  private readonly custom = new Map<number, string>();
  private readonly styles: number[] = [];

  /** A <numFmt numFmtId formatCode> of the styles part. */
  addFormat(id: number, code: string) {
    this.custom.set(id, code);
  }

  /** The next <xf numFmtId> of the styles part's <cellXfs>. */
  addStyle(formatId: number) {
    this.styles.push(formatId);
  }

  /** The format of a cell's style index (its `s`); General when it has none. */
  formatOf(style: string | undefined): string {
    const id = this.styles[Number(style ?? 0)] ?? 0;
    return this.custom.get(id) ?? BUILT_IN[id] ?? 'General';
  }
}

/** The number as General shows it: at most 15 significant digits, no trailing zeros. */
function general(value: number): string {
  return String(Number(value.toPrecision(15)));
}

/** The date of a day count (1900 system: day 1 is 1900-01-01, with Excel's 1900-02-29 kept). */
function dateOf(serial: number, date1904: boolean): Date {
  const days = date1904 ? serial + 1462 : serial;
  // Day 60 is Excel's 1900-02-29; from day 61 on a day is one behind the real calendar's.
  const epoch = Date.UTC(1899, 11, days >= 61 || date1904 ? 30 : 31);
  return new Date(epoch + Math.round(days * 86_400_000));
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A date format's tokens: its fields, AM/PM, and the text between them. */
const DATE_TOKENS = /yyyy|yy|mmmmm|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|am\/pm|a\/p|[^ymdhsa]+/g;

/** Quoted text and an escaped character: shown as written, never read as a field. */
const LITERAL = /"([^"]*)"|\\(.)/g;

/**
 * A date format's pieces: its fields and AM/PM lower-cased, and its literal text (quoted, escaped, or
 * between fields) as `{ text }`; null for a letter this does not know (an era, a calendar).
 */
function dateTokens(code: string): Array<string | { text: string }> | null {
  const known = /^(yyyy|yy|m{1,5}|d{1,4}|hh?|ss?|am\/pm|a\/p|[^a-z]+)$/;
  const tokens: Array<string | { text: string }> = [];
  let at = 0;
  const fields = (part: string) => {
    const lower = part.toLowerCase();
    const found = lower.match(DATE_TOKENS) ?? [];
    if (found.join('') !== lower || !found.every((token) => known.test(token))) return false;
    for (const token of found) tokens.push(/^[a-z]/.test(token) ? token : { text: token });
    return true;
  };
  for (const match of code.matchAll(LITERAL)) {
    if (!fields(code.slice(at, match.index))) return null;
    tokens.push({ text: match[1] ?? match[2] ?? '' });
    at = match.index + match[0].length;
  }
  return fields(code.slice(at)) ? tokens : null;
}

/**
 * A date format's tokens filled in, or null for a token this does not know (the caller shows the
 * number as General): `m` next to an hour or a second is minutes, and AM/PM makes the hours 12-hour.
 */
function formatDate(code: string, date: Date): string | null {
  const two = (n: number) => String(n).padStart(2, '0');
  const tokens = dateTokens(code);
  if (!tokens) return null;
  const isField = (token: string | { text: string } | undefined) =>
    typeof token === 'string' && /^[ymdhs]/.test(token);
  const neighbour = (index: number, step: 1 | -1): string => {
    for (let at = index + step; at >= 0 && at < tokens.length; at += step) {
      const token = tokens[at];
      if (typeof token === 'string' && isField(token)) return token;
    }
    return '';
  };
  const twelveHour = tokens.some((token) => token === 'am/pm' || token === 'a/p');
  const hours = date.getUTCHours();
  const shownHours = twelveHour ? hours % 12 || 12 : hours;
  const month = MONTHS[date.getUTCMonth()]!;
  return tokens
    .map((token, index) => {
      if (typeof token !== 'string') return token.text;
      switch (token) {
        case 'yyyy':
          return String(date.getUTCFullYear());
        case 'yy':
          return two(date.getUTCFullYear() % 100);
        case 'mmmmm':
          return month.slice(0, 1);
        case 'mmmm':
          return month;
        case 'mmm':
          return month.slice(0, 3);
        case 'mm':
        case 'm': {
          const minutes = /^h/.test(neighbour(index, -1)) || /^s/.test(neighbour(index, 1));
          const n = minutes ? date.getUTCMinutes() : date.getUTCMonth() + 1;
          return token === 'mm' ? two(n) : String(n);
        }
        case 'dddd':
          return WEEKDAYS[date.getUTCDay()]!;
        case 'ddd':
          return WEEKDAYS[date.getUTCDay()]!.slice(0, 3);
        case 'dd':
          return two(date.getUTCDate());
        case 'd':
          return String(date.getUTCDate());
        case 'hh':
          return two(shownHours);
        case 'h':
          return String(shownHours);
        case 'ss':
          return two(date.getUTCSeconds());
        case 's':
          return String(date.getUTCSeconds());
        case 'am/pm':
          return hours < 12 ? 'AM' : 'PM';
        case 'a/p':
          return hours < 12 ? 'A' : 'P';
        default:
          return token;
      }
    })
    .join('');
}

/** The value rounded to `decimals` places as a person rounds it: half away from zero, in decimal. */
function roundDecimal(value: number, decimals: number): number {
  // From the 15 digits Excel shows, through an exponent: 2.675 to 2 places is 2.68, not 2.67.
  const shown = Number(Math.abs(value).toPrecision(15));
  return Math.sign(value) * Number(`${Math.round(Number(`${shown}e${decimals}`))}e-${decimals}`);
}

/** A format's literal text: quoted text and escaped characters as they read, the rest dropped. */
function literal(part: string): string {
  return part
    .replace(/\[[^\]]*\]/g, '')
    .replace(/[_*]./g, '')
    .replace(/"([^"]*)"|\\(.)/g, (_, quoted?: string, escaped?: string) => quoted ?? escaped ?? '');
}

/**
 * A whole number in a format whose digits are split by text (000-000, (000) 000-0000): filled from
 * the right, a 0 showing 0 where the number has no more digits and a # nothing, the first
 * placeholder taking what is left. Null for a format that is not only that.
 */
function digitGroups(section: string, value: number): string | null {
  const pieces: Array<{ digit: '0' | '#' } | { text: string }> = [];
  const pattern = /"([^"]*)"|\\(.)|\[[^\]]*\]|[_*].|([0#])|([^0#"\\[_*.,%eE?/@])/g;
  let read = 0;
  for (const match of section.matchAll(pattern)) {
    if (match.index !== read) return null;
    read = match.index + match[0].length;
    if (match[3]) pieces.push({ digit: match[3] as '0' | '#' });
    else if (match[1] !== undefined || match[2] !== undefined || match[4] !== undefined)
      pieces.push({ text: match[1] ?? match[2] ?? match[4]! });
  }
  const placeholders = pieces.filter((piece) => 'digit' in piece).length;
  if (read !== section.length || placeholders === 0) return null;
  let digits = String(Math.abs(roundDecimal(value, 0)));
  const shown: string[] = [];
  let left = placeholders;
  for (let index = pieces.length - 1; index >= 0; index--) {
    const piece = pieces[index]!;
    if ('text' in piece) {
      shown.unshift(piece.text);
      continue;
    }
    left -= 1;
    const take = left === 0 ? digits : digits.slice(-1);
    digits = left === 0 ? '' : digits.slice(0, -1);
    shown.unshift(take || (piece.digit === '0' ? '0' : ''));
  }
  return `${value < 0 ? '-' : ''}${shown.join('')}`;
}

/** The value of a number cell as its format shows it. */
export function shownNumber(stored: string, format: string, date1904 = false): string {
  const value = Number(stored);
  if (stored.trim() === '' || !Number.isFinite(value)) return stored;
  // The first section (positive numbers, and negative ones when it is the only section).
  const section = format.split(';')[0] ?? '';
  const bare = section.replace(/"[^"]*"|\[[^\]]*\]|\\.|[_*]./g, '').trim();
  if (/^(general|@)?$/i.test(bare)) return general(value);
  if (/[ymdh]/i.test(bare) && !/[0#]/.test(bare)) {
    const code = section.replace(/\[[^\]]*\]|[_*]./g, '').trim();
    return formatDate(code, dateOf(value, date1904)) ?? general(value);
  }
  // Scientific (0.00E+00): the mantissa to the format's decimals, then the exponent with its sign
  // (E+ shows + and -, E- only -) and at least the format's digits. Engineering (##0.0E+0) is not read.
  const scientific = /^0(?:\.(0+))?E([+-])(0+)$/i.exec(bare);
  if (scientific) {
    const [, fraction = '', sign, exponentDigits = '0'] = scientific;
    const [mantissa = '', exponent = '0'] = Math.abs(value)
      .toExponential(fraction.length)
      .split('e');
    const power = Number(exponent);
    const powerSign = power < 0 ? '-' : sign === '+' ? '+' : '';
    const powerDigits = String(Math.abs(power)).padStart(exponentDigits.length, '0');
    return `${value < 0 ? '-' : ''}${mantissa}E${powerSign}${powerDigits}`;
  }
  // Literal text, then the digits' shape (0000, #,##0.00), then % and literal text.
  const shape =
    /^((?:"[^"]*"|\\.|\[[^\]]*\]|[^#0"\\[])*)([#,]*0+)(?:\.(0+))?(%?)((?:"[^"]*"|\\.|[^#0.])*)$/.exec(
      section,
    );
  if (!shape) return digitGroups(section, value) ?? general(value);
  const [, before = '', whole = '0', fraction = '', percent = '', after = ''] = shape;
  const shown = Math.abs(roundDecimal(percent ? value * 100 : value, fraction.length));
  const [integer = '0', decimals] = shown.toFixed(fraction.length).split('.');
  let digits = integer.padStart(whole.replace(/[#,]/g, '').length, '0');
  if (whole.includes(',')) digits = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const number = decimals === undefined ? digits : `${digits}.${decimals}`;
  return `${value < 0 ? '-' : ''}${literal(before)}${number}${percent}${literal(after)}`;
}
