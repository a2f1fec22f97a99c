import { describe, expect, it } from 'vitest';
import { keyPageQuerySchema } from './paging';

describe('keyPageQuerySchema', () => {
  const schema = keyPageQuerySchema('a message');

  it('reads a first page as 20 items from the newest', () => {
    expect(schema.parse({})).toEqual({ limit: 20 });
  });

  it('takes the last id read and a limit from the query string', () => {
    expect(schema.parse({ before: '0123456789abcdef01234567', limit: '50' })).toEqual({
      before: '0123456789abcdef01234567',
      limit: 50,
    });
  });

  it('names the item in the message for a key that is not an id, and bounds the limit', () => {
    const bad = schema.safeParse({ before: '$gt', limit: '101' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([
      'before must be the id of a message',
      'limit must be at most 100',
    ]);
  });
});
