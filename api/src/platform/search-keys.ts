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

/**
 * The keys of a customer's name from its second, third, fourth and fifth word on ("Mary Ann de la
 * Cruz": "ann de la cruz", "de la cruz", "la cruz", "cruz"), beside the first and last name's own
 * keys: a word the admin types finds the name when it begins any of its words, and typed as the
 * customer wrote it ("de la cruz", "Van Dyke") each word finds one. A name of one word keeps itself as
 * its second key, so every keyed document has that key; the later ones are null when there is none.
 */
export const NAME_WORD_KEYS = ['nameWord2Key', 'nameWord3Key', 'nameWord4Key', 'nameWord5Key'];

export interface NameWordKeys {
  nameWord2Key: string;
  nameWord3Key: string | null;
  nameWord4Key: string | null;
  nameWord5Key: string | null;
}

export function nameWordKeysOf(firstName: string, lastName: string): NameWordKeys {
  const words = searchKeyOf(`${firstName} ${lastName}`).split(/\s+/).filter(Boolean);
  const from = (index: number) => words.slice(index).join(' ') || null;
  return {
    nameWord2Key: from(1) ?? words.join(' '),
    nameWord3Key: from(2),
    nameWord4Key: from(3),
    nameWord5Key: from(4),
  };
}

/** Keys that begin with `prefix`: [prefix, prefix with its last character raised). */
function startsWith(prefix: string) {
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
