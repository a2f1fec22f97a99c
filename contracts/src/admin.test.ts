import { describe, expect, it } from 'vitest';
import { readCustomerSearch, readOrderSearch } from './admin';

describe('the admin searches', () => {
  it('reads an order number, a whole email, or words from the start of names and emails', () => {
    expect(readOrderSearch(' #1042 ')).toEqual({ kind: 'number', number: 1042 });
    expect(readOrderSearch('Ann.Lee@Example.com')).toEqual({
      kind: 'email',
      email: 'ann.lee@example.com',
    });
    expect(readOrderSearch("Mary-Jo  O'Neil")).toEqual({
      kind: 'words',
      words: [
        { typed: 'mary-jo', parts: ['mary', 'jo'] },
        { typed: "o'neil", parts: ['o', 'neil'] },
      ],
    });
    expect(readOrderSearch('example.com')).toEqual({
      kind: 'words',
      words: [{ typed: 'example.com', parts: ['example', 'com'] }],
    });
    // Each word needs 2 letters or digits.
    expect(readOrderSearch('Ann L')).toEqual({ kind: 'too short' });
    expect(readOrderSearch("Ann O'")).toEqual({ kind: 'too short' });
  });

  it('reads a customer search the same way, digits as a word (customers have no number)', () => {
    expect(readCustomerSearch(' #1042 ')).toEqual({
      kind: 'words',
      words: [{ typed: '#1042', parts: ['1042'] }],
    });
    expect(readCustomerSearch('ANN@example.com')).toEqual({
      kind: 'email',
      email: 'ann@example.com',
    });
    expect(readCustomerSearch('ann lee')).toEqual({
      kind: 'words',
      words: [
        { typed: 'ann', parts: ['ann'] },
        { typed: 'lee', parts: ['lee'] },
      ],
    });
    expect(readCustomerSearch('a')).toEqual({ kind: 'too short' });
  });
});
