/**
 * A whole number as en-US writes it (`10,000`) without Intl. The first number Intl formats in a
 * page (or a `toLocaleString`) builds the engine's list of number locales: ~40 ms in Chromium
 * at full speed, and the schemas wrote their limits into messages that way as their modules
 * were evaluated (45 ms of the dashboard's guest form chunk at 4× CPU, profiled).
 *
 * @param count The number; anything but a safe integer is left to `toLocaleString`.
 * @returns The number with commas between groups of three digits.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en-US');
  return String(count).replace(/\B(?=(\d{3})+$)/g, ',');
}
