// The admin's searches (orders, customers) find a name or an email from the start of a word on
// indexed keys: each searched field is also kept lower-cased, and a typed word is a range on it.
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

/** A typed word matches a document one of whose keys begins with it ("exam" finds ...@example.com). */
export function anyStartsWith(keys: readonly string[], word: string) {
  return { $or: keys.map((key) => ({ [key]: startsWith(word) })) };
}
