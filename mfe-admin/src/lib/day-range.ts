/** A range of days (YYYY-MM-DD, the shop's time zone) from two date fields: From and To. */

export const DAY_RANGE_BACKWARDS = 'The first day must be on or before the last';

/**
 * What is wrong with a range, or null: the first day after the last (the Orders filter and the
 * Exports form say it the same way; a blank end is not checked here).
 */
export function dayRangeError(from: string, to: string): string | null {
  return from && to && from > to ? DAY_RANGE_BACKWARDS : null;
}
