import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, formatShortDate, formatTime, formatTimeWithZone } from './format';

describe('dates and times', () => {
  // 03:30 UTC on December 3 is still December 2 in New York.
  const instant = '2026-12-03T03:30:00.000Z';

  it('are shown in the time zone asked for', () => {
    expect(formatDate(instant, 'America/New_York')).toBe('December 2, 2026');
    expect(formatDate(instant, 'UTC')).toBe('December 3, 2026');
    expect(formatShortDate(instant, 'America/New_York')).toBe('Dec 2, 2026');
    expect(formatTime(instant, 'America/New_York')).toBe('10:30 PM');
    expect(formatTime(instant, 'UTC')).toBe('3:30 AM');
    // Named where the customer's browser and the shop may be in different zones.
    expect(formatTimeWithZone(instant, 'America/New_York')).toBe('10:30 PM EST');
    expect(formatTimeWithZone('2026-07-03T03:30:00.000Z', 'America/New_York')).toBe('11:30 PM EDT');
    expect(formatTimeWithZone(instant, 'UTC')).toBe('3:30 AM UTC');
  });

  it('show a calendar day as that day wherever the browser is, and an unreadable date as it came', () => {
    expect(formatDay('2030-06-30')).toBe('Jun 30, 2030');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatShortDate('not a date', 'UTC')).toBe('not a date');
    expect(formatTime('not a date')).toBe('');
  });
});
