import { describe, expect, it } from 'vitest';
import { dayIn, nextDay, startOfDayIn } from './time-zone';

describe('startOfDayIn', () => {
  it('is the zone’s midnight, daylight saving included', () => {
    expect(startOfDayIn('America/New_York', '2026-07-01').toISOString()).toBe(
      '2026-07-01T04:00:00.000Z',
    );
    expect(startOfDayIn('America/New_York', '2026-12-01').toISOString()).toBe(
      '2026-12-01T05:00:00.000Z',
    );
    // The days the clocks change at 2 am start at an ordinary midnight.
    expect(startOfDayIn('America/New_York', '2026-03-08').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(startOfDayIn('Europe/London', '2026-10-25').toISOString()).toBe(
      '2026-10-24T23:00:00.000Z',
    );
  });

  it('is when the clocks jump on a day that has no midnight, never a time of the day before', () => {
    // Havana: 2026-03-08 00:00 CST becomes 01:00 CDT (05:00 UTC).
    const havana = startOfDayIn('America/Havana', '2026-03-08');
    expect(havana.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(dayIn('America/Havana', new Date(havana.getTime() - 1))).toBe('2026-03-07');
    // Every day of two years, in zones with and without such days: each starts on itself, and the
    // instant before it is the day before.
    for (const zone of ['America/Havana', 'America/Santiago', 'America/Asuncion', 'Asia/Tokyo']) {
      for (let day = '2026-01-01'; day < '2028-01-01'; day = nextDay(day)) {
        const start = startOfDayIn(zone, day);
        expect(dayIn(zone, start), `${zone} ${day}`).toBe(day);
        expect(dayIn(zone, new Date(start.getTime() - 1)), `${zone} ${day}`).not.toBe(day);
      }
    }
  });
});
