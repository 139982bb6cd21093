/** First day a date picker offers unless told otherwise (contract section 6). */
export const DEFAULT_MIN_DATE = '1900-01-01';

/** Last day a date picker offers unless told otherwise. */
export const DEFAULT_MAX_DATE = '2099-12-31';

/**
 * Whether a `YYYY-MM-DD` date lies in a range (both ends included).
 *
 * @param date The date.
 * @param min First allowed day; 1900-01-01 unless given.
 * @param max Last allowed day; 2099-12-31 unless given.
 * @returns `true` when `min <= date <= max`.
 */
export function isInDateRange(date: string, min: string = DEFAULT_MIN_DATE, max: string = DEFAULT_MAX_DATE): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= min && date <= max;
}
