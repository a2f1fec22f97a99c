// The phone number rule (docs/product.md section 5): the carrier and the shop call the number given at
// checkout, so it must be one that can be dialled. Free of zod, so the checkout page's first render
// reads it; checkout.ts (required there) and accounts.ts (optional on the profile) use it.

/** E.164 numbers have at most 15 digits; below 7 no local number is complete. */
const PHONE_DIGITS_MIN = 7;
const PHONE_DIGITS_MAX = 15;

const PHONE_EXAMPLE = '312 555 0100';
export const phoneInvalidMessage = `Please enter a valid phone number (e.g., ${PHONE_EXAMPLE}).`;

// "ext. 42", "ext 42", "x 42", "x42" at the end: up to 6 digits, not counted in the number's.
const EXTENSION = /\s*(?:ext\.?|x)\s*\d{1,6}$/i;
// An optional leading +, then digits with spaces, dots, hyphens and parentheses between them.
const NUMBER = /^\+?[\d(][\d ().-]*[\d)]$/;

// A number pasted from a web page, a document or a spreadsheet: Unicode spaces (no-break, narrow
// no-break, figure, thin, ideographic, ...) and tabs stand for a space; the hyphen, non-breaking
// hyphen, figure dash, en and em dashes, horizontal bar and minus sign for a hyphen.
const SPACES = /[\p{Zs}\t]/gu;
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g;
// Characters that show nothing and come along with a copied number: zero-width space, non-joiner and
// joiner, left-to-right and right-to-left marks, word joiner, byte order mark, and the bidi
// embeddings, overrides and isolates some pages wrap a number in. Dropped.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/**
 * The number as the shop keeps it: its invisible characters dropped, trimmed, its Unicode spaces and
 * dashes written as ' ' and '-'. Blank when nothing visible is left.
 */
export function normalizePhoneNumber(value: string): string {
  return value.replace(INVISIBLE, '').trim().replace(SPACES, ' ').replace(DASHES, '-');
}

/**
 * Digits (7 to 15) with an optional leading +, spaces, dots, hyphens, parentheses, and an extension;
 * read as normalizePhoneNumber writes it.
 */
export function isDialablePhoneNumber(value: string): boolean {
  const number = normalizePhoneNumber(value).replace(EXTENSION, '');
  if (!NUMBER.test(number)) return false;
  const digits = number.replace(/\D/g, '').length;
  return digits >= PHONE_DIGITS_MIN && digits <= PHONE_DIGITS_MAX;
}
