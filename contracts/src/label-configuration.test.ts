import { describe, expect, it } from 'vitest';
import { lineQuantitySchema } from './label-configuration';
import { MAX_LINE_QUANTITY, quantityProblem } from './label-options';

describe('quantityProblem', () => {
  it('gives the schema’s answer for every kind of quantity', () => {
    const values = [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      -5,
      0,
      0.5,
      1,
      1.5,
      2,
      99,
      MAX_LINE_QUANTITY - 0.5,
      MAX_LINE_QUANTITY,
      MAX_LINE_QUANTITY + 1,
      123_456_789,
      1e20,
    ];
    for (const value of values) {
      const parsed = lineQuantitySchema.safeParse(value);
      const expected = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
      expect({ value, problem: quantityProblem(value) }).toEqual({ value, problem: expected });
    }
  });
});
