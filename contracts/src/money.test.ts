import { describe, expect, it } from 'vitest';
import { formatDollars } from './money';

describe('formatDollars', () => {
  it('shows dollars with two decimals, thousands separated', () => {
    expect(formatDollars(5.2)).toBe('$5.20');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(830.54)).toBe('$830.54');
    expect(formatDollars(41_600)).toBe('$41,600.00');
    expect(formatDollars(1_234_567.891)).toBe('$1,234,567.89');
    expect(formatDollars(-5)).toBe('-$5.00');
  });
});
