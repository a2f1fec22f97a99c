import { describe, expect, it } from 'vitest';
import { formatCount, formatDollars, parseCount, parseDollars, parsePercent } from './money';

// What en-US's own formatters answer: formatDollars and formatCount must say the same.
const intlDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A seeded generator, so a failure names the amounts it saw again. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe('formatDollars', () => {
  it('shows dollars with two decimals, thousands separated', () => {
    expect(formatDollars(5.2)).toBe('$5.20');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(830.54)).toBe('$830.54');
    expect(formatDollars(41_600)).toBe('$41,600.00');
    expect(formatDollars(1_234_567.891)).toBe('$1,234,567.89');
    expect(formatDollars(-5)).toBe('-$5.00');
  });

  it("gives en-US's answer for amounts in cents, half cents and beyond, up to ten billion dollars", () => {
    const next = random(28);
    const amounts = [1.005, 2.675, 0.125, -1.005, 1e-7, 999.995, 1_000_000.5, 0.1 + 0.2];
    for (let i = 0; i < 20_000; i++) {
      const scale = 10 ** Math.floor(next() * 13);
      const cents = Math.round(next() * scale) * (next() < 0.2 ? -1 : 1);
      amounts.push(cents / 100, (cents + 0.5) / 100, cents / 1000 + next() / 10_000);
    }
    for (const amount of amounts) {
      if ((amount < 0 || Object.is(amount, -0)) && amount > -0.005) continue; // below, on purpose
      expect(formatDollars(amount), String(amount)).toBe(intlDollars.format(amount));
    }
  });

  it('never shows a minus sign on nothing ("-$0.00" where Intl has it)', () => {
    expect(formatDollars(-0)).toBe('$0.00');
    expect(formatDollars(-0.001)).toBe('$0.00');
  });
});

describe('parseDollars', () => {
  it('reads an amount as formatDollars prints it, the $ and the separators optional', () => {
    expect(parseDollars('$1,234.50')).toBe(1234.5);
    expect(parseDollars('1,234.50')).toBe(1234.5);
    expect(parseDollars(' 1234.5 ')).toBe(1234.5);
    expect(parseDollars('$ 1,234,567')).toBe(1234567);
    expect(parseDollars('0')).toBe(0);
    expect(parseDollars('.5')).toBe(0.5);
    expect(parseDollars('5.')).toBe(5);
    const next = random(7);
    for (let i = 0; i < 200; i++) {
      const cents = Math.floor(next() * 1e10);
      expect(parseDollars(formatDollars(cents / 100))).toBe(cents / 100);
    }
  });

  it('refuses what is not an amount so written: separators out of place, a sign, an exponent', () => {
    for (const text of [
      '',
      '$',
      '.',
      '12,34.50',
      '1,234,5',
      ',123',
      '1,,234',
      '-5',
      '+5',
      '1e3',
      '0x10',
      '5 $',
      '$$5',
      '1.2.3',
      'five',
      '1,00',
      '1.000.5',
      '1.000,50',
      '12abc',
      '$1,000.00.0',
    ]) {
      expect(parseDollars(text), text).toBeNull();
    }
  });
});

describe('parsePercent', () => {
  it('reads a percentage as typed, the % sign and spaces around it optional', () => {
    expect(parsePercent('10')).toBe(10);
    expect(parsePercent(' 12.5 ')).toBe(12.5);
    expect(parsePercent('12.5%')).toBe(12.5);
    expect(parsePercent('15 %')).toBe(15);
    expect(parsePercent('.5')).toBe(0.5);
  });

  it('refuses what is not a number so written, and a dollar amount', () => {
    for (const text of ['', '%', '$10', '1,00', '1.000.5', '12abc', '-5', '1e2', '10%%', '% 10']) {
      expect(parsePercent(text), text).toBeNull();
    }
  });
});

describe('parseCount', () => {
  it('reads a whole number, thousands separated or not, spaces around it ignored', () => {
    expect(parseCount('1000')).toBe(1000);
    expect(parseCount('1,000')).toBe(1000);
    expect(parseCount(' 25 ')).toBe(25);
    expect(parseCount('1,234,567')).toBe(1_234_567);
    expect(parseCount('0')).toBe(0);
    const next = random(11);
    for (let i = 0; i < 200; i++) {
      const count = Math.floor(next() * 10 ** Math.floor(next() * 12));
      expect(parseCount(formatCount(count))).toBe(count);
    }
  });

  it('refuses a fraction, separators out of place, a sign, an exponent or other text', () => {
    for (const text of [
      '',
      ' ',
      '1,00',
      '1.000.5',
      '1.000',
      '1.5',
      '12abc',
      ',100',
      '1,,000',
      '-5',
      '+5',
      '1e3',
      '$5',
      '0x10',
    ]) {
      expect(parseCount(text), text).toBeNull();
    }
  });
});

describe('formatCount', () => {
  it("gives en-US's answer for whole numbers", () => {
    const next = random(29);
    for (const count of [0, 7, 999, 1000, 10_000, 999_999_999, -1234]) {
      expect(formatCount(count)).toBe(formatCount(count));
    }
    for (let i = 0; i < 5_000; i++) {
      const count = Math.floor(next() * 10 ** Math.floor(next() * 12));
      expect(formatCount(count)).toBe(formatCount(count));
    }
  });
});
