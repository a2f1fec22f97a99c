// Calendar days in the shop's time zone (SHOP_TIME_ZONE): a discount code's last day, the admin's
// order date filter. Intl gives the zone's offset at an instant; no library needed.

// A formatter per zone and shape, made once: making an Intl.DateTimeFormat costs far more than
// formatting with it, and a paid order's proof reminder asks for dozens of days.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(
  locale: string,
  options: Intl.DateTimeFormatOptions & { timeZone: string },
): Intl.DateTimeFormat {
  const key = `${locale}|${options.timeZone}|${options.hour ?? ''}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, made);
  }
  return made;
}

/** The zone's wall clock at an instant: year, month (1 to 12), day, hour (0 to 23), minute, second. */
function wallClock(timeZone: string, instant: Date) {
  const parts = formatter('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

function offsetMs(timeZone: string, instant: Date): number {
  const { year, month, day, hour, minute, second } = wallClock(timeZone, instant);
  const wallClockAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return wallClockAsUtc - (instant.getTime() - instant.getUTCMilliseconds());
}

/** The instant a calendar day (YYYY-MM-DD) starts in the zone (daylight saving included). */
export function startOfDayIn(timeZone: string, day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, date);
  const first = midnightUtc - offsetMs(timeZone, new Date(midnightUtc));
  const start = new Date(midnightUtc - offsetMs(timeZone, new Date(first)));
  if (dayIn(timeZone, start) === day) return start;
  // No midnight that day (clocks forward at 00:00, as in Havana or Santiago): the day starts when
  // the clocks jump, the instant of midnight by the day before's offset.
  return new Date(first);
}

/** An instant as the zone's clock reads it: YYYY-MM-DD HH:MM (the exports for the books). */
export function clockTimeIn(timeZone: string, instant: Date): string {
  const { year, month, day, hour, minute } = wallClock(timeZone, instant);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}`;
}

/** The first and the last day the shop's dates take (the day after the last is still a date). */
export const FIRST_DAY = '1970-01-01';
export const LAST_DAY = '9998-12-31';

/** A YYYY-MM-DD that is a day of the calendar (not 2026-02-30), from FIRST_DAY to LAST_DAY. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < FIRST_DAY || day > LAST_DAY) return false;
  const at = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the zone. */
export function dayIn(timeZone: string, instant: Date): string {
  return formatter('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

function isWeekend(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/**
 * The instant `days` business days (Monday to Friday in the zone) after `start`: the same time of
 * day that many weekdays later; a start on a weekend counts from the following Monday's beginning.
 */
export function addBusinessDays(start: Date, days: number, timeZone: string): Date {
  let day = dayIn(timeZone, start);
  let timeOfDayMs = start.getTime() - startOfDayIn(timeZone, day).getTime();
  if (isWeekend(day)) {
    while (isWeekend(day)) day = nextDay(day);
    timeOfDayMs = 0;
  }
  for (let added = 0; added < days;) {
    day = nextDay(day);
    if (!isWeekend(day)) added += 1;
  }
  return new Date(startOfDayIn(timeZone, day).getTime() + timeOfDayMs);
}
