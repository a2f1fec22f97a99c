/** Money travels as dollars with two decimals and is computed in integer cents. */
export type Cents = number;

export function toCents(dollars: number): Cents {
  return Math.round(dollars * 100);
}

export function toDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

// Written out here rather than by Intl.NumberFormat or toLocaleString: a page's first Intl formatter
// loads the browser's locale data, a 100 to 280 ms task on Lighthouse's phone, and every page shows a
// price (docs/design.md, "No Intl on a page's way in"). The answers are en-US's (money.test.ts).

/** "1234567" as "1,234,567". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "$1,234.50": dollars with two decimals, thousands separated so a large amount reads at a glance. */
export function formatDollars(dollars: number): string {
  // Rounded half away from zero from the amount as written (1.005 is $1.01), as Intl rounds it.
  const cents = Math.round(Number((Math.abs(dollars) * 100).toPrecision(15)));
  const sign = dollars < 0 && cents > 0 ? '-' : '';
  const fraction = String(cents % 100).padStart(2, '0');
  return `${sign}$${groupThousands(String(Math.floor(cents / 100)))}.${fraction}`;
}

/** Digits, thousands separated (only every three digits) or not, then a fraction: "1,234.5", ".5". */
const DECIMAL = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;

function parseDecimal(text: string): number | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  return Number(`${whole.replace(/,/g, '') || '0'}.${fraction || '0'}`);
}

/**
 * Dollars typed as the shop prints them (formatDollars): "$1,234.50", "1234.5", "1,234"; the $ and
 * the thousands separators optional, the separators only every three digits. Null for anything else
 * (a sign, an exponent, "12,34", "1.000.5"): an amount is never guessed from a mistyped one.
 */
export function parseDollars(text: string): number | null {
  const match = /^\$?\s*(.*)$/.exec(text.trim());
  return match ? parseDecimal(match[1]!) : null;
}

/** A percentage typed as "12.5" or "12.5 %", read like parseDollars' amounts. Null for anything else. */
export function parsePercent(text: string): number | null {
  const match = /^(.*?)\s*%?$/.exec(text.trim());
  return match ? parseDecimal(match[1]!) : null;
}

/**
 * A whole number typed as the shop prints counts (formatCount): "1,000" or "1000", spaces around it
 * ignored. Null for anything else: a fraction, separators out of place ("1,00"), a sign, other text.
 */
export function parseCount(text: string): number | null {
  const digits = /^(\d{1,3}(?:,\d{3})+|\d+)$/.exec(text.trim())?.[1];
  return digits === undefined ? null : Number(digits.replace(/,/g, ''));
}

/** "12,345": a count (of labels, rows, items), thousands separated. */
export function formatCount(count: number): string {
  const sign = count < 0 ? '-' : '';
  return `${sign}${groupThousands(String(Math.abs(Math.round(count))))}`;
}
