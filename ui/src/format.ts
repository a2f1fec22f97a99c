import {
  COLOR_SWATCHES,
  formatDollars,
  MATERIAL_LABELS,
  MOUNTING_LABELS,
  type Color,
  type Material,
  type Mounting,
} from '@shop/contracts';
import { formatCount } from '@shop/contracts/money';

export { formatDollars };

/** One formatter per style and time zone (the browser's when none is given), made once. */
const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(options: Intl.DateTimeFormatOptions, timeZone: string | undefined) {
  const key = `${JSON.stringify(options)}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** An instant shown in a style, in a time zone (the browser's by default); unreadable: `unreadable`. */
function formatInstant(
  iso: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
  unreadable: string,
): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? unreadable : formatIn(options, timeZone).format(date);
}

/** "March 5, 2025"; an unreadable date is shown as it came. The admin passes the shop's time zone. */
export function formatDate(iso: string, timeZone?: string): string {
  return formatInstant(iso, { dateStyle: 'long' }, timeZone, iso);
}

/** "Mar 5, 2025", for table columns. */
export function formatShortDate(iso: string, timeZone?: string): string {
  return formatInstant(iso, { dateStyle: 'medium' }, timeZone, iso);
}

/** A calendar day (YYYY-MM-DD) as "Jun 30, 2030", the same day wherever the browser is. */
export function formatDay(day: string): string {
  return formatInstant(`${day}T00:00:00Z`, { dateStyle: 'medium' }, 'UTC', day);
}

/** "3:05 PM". */
export function formatTime(iso: string, timeZone?: string): string {
  return formatInstant(iso, { timeStyle: 'short' }, timeZone, '');
}

/**
 * "3:55 PM EST": the time with its zone's name, where two people may read one moment (the customer's
 * order page in their browser's zone, the admin's in the shop's).
 */
export function formatTimeWithZone(iso: string, timeZone?: string): string {
  const options = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
  return formatInstant(iso, options, timeZone, '');
}

/**
 * "1 line", "33 labels": what a cart counts, named. A line is one configuration in the cart; its
 * quantity is how many labels of it are engraved (the API's itemCount is the labels, summed).
 */
export function countOf(count: number, noun: 'line' | 'label'): string {
  return `${formatCount(count)} ${count === 1 ? noun : `${noun}s`}`;
}

/** 3 -> 3″, 2.5 -> 2.5″ (the inch mark formatSize writes too) */
export function formatInches(value: number): string {
  return `${Number(value.toFixed(2))}″`;
}

/** 3″ × 2.5″: sizes keep their two decimals only when they have them. */
export function formatSize(width: number, height: number): string {
  const inches = (value: number) => String(Number(value.toFixed(2)));
  return `${inches(width)}″ × ${inches(height)}″`;
}

/** Shop wording for a label's options; an option the contracts do not know shows as sent. */
export function materialName(material: string): string {
  return MATERIAL_LABELS[material as Material]?.name ?? material;
}

export function colorName(color: string): string {
  return COLOR_SWATCHES[color as Color]?.name ?? color;
}

export function colorSwatch(color: string): { background: string; text: string; name: string } {
  return COLOR_SWATCHES[color as Color] ?? { background: '#e2e8f0', text: '#0f172a', name: color };
}

export function mountingName(mounting: string): string {
  return MOUNTING_LABELS[mounting as Mounting] ?? mounting;
}

/** "10% off" or "$5.00 off". */
export function formatDiscountValue(type: string, value: number): string {
  return type === 'percentage' ? `${Number(value.toFixed(2))}% off` : `${formatDollars(value)} off`;
}
