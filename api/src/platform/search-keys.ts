// The admin's searches (orders, customers) find a name or an email from the start of a word on
// indexed keys: each searched field is also kept lower-cased, and a typed word is a range on it.
import { ORDER_SEARCH_WORD_MIN, type SearchWord } from '@shop/contracts';
import { trusted } from './db';

/** A name or an email as its search key: trimmed and lower-cased. */
export function searchKeyOf(text: string): string {
  return text.trim().toLowerCase();
}

/** An email's lower-cased domain, the part after its (last) '@': "exam" finds ...@example.com. */
export function emailDomainKeyOf(email: string): string {
  const key = searchKeyOf(email);
  return key.slice(key.lastIndexOf('@') + 1);
}

/** Keys that begin with `prefix`: [prefix, prefix with its last character raised). */
export function startsWith(prefix: string) {
  const last = prefix.codePointAt(prefix.length - 1)!;
  const upper = prefix.slice(0, prefix.length - String.fromCodePoint(last).length);
  return trusted({ $gte: prefix, $lt: upper + String.fromCodePoint(last + 1) });
}

/**
 * A typed word (the contracts' searchWords) finds a document one of whose keys begins with it as
 * typed ("o'neil", "example.com"), or with its one part ("neil." finds Neil), or, when it has two
 * parts or more of ORDER_SEARCH_WORD_MIN letters each, one each of whose parts begins a key
 * ("jane.doe" finds Jane Doe, "mary-jo" Mary Jones).
 */
export function wordMatch(keys: readonly string[], word: SearchWord) {
  const ranges = (prefix: string) => keys.map((key) => ({ [key]: startsWith(prefix) }));
  const { typed, parts } = word;
  const [only] = parts;
  if (parts.length === 1 && only !== typed && only!.length >= ORDER_SEARCH_WORD_MIN)
    return { $or: [...ranges(typed), ...ranges(only!)] };
  if (parts.length < 2 || parts.some((part) => part.length < ORDER_SEARCH_WORD_MIN))
    return { $or: ranges(typed) };
  return { $or: [...ranges(typed), { $and: parts.map((part) => ({ $or: ranges(part) })) }] };
}
