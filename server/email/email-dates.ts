import { LruMap } from '../lru-map';

/** Dates in messages, as people read them, in the occasion's time zone. */

/** `Saturday, 12 June 2027`, or `Saturday, 12 June 2027 – Sunday, 13 June 2027` for a range. */
export function occasionDates(startDate: string, endDate: string): string {
  const day = (date: string) => calendarDay().format(new Date(`${date}T12:00:00Z`));
  return startDate === endDate ? day(startDate) : `${day(startDate)} – ${day(endDate)}`;
}

let calendarDayFormat: Intl.DateTimeFormat | undefined;

/** One formatter for every message: making one costs more than a message's other dates together. */
const calendarDay = (): Intl.DateTimeFormat =>
  (calendarDayFormat ??= new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));

/** An instant in the occasion's time zone: `Saturday, 12 June 2027 at 15:00 (Europe/Lisbon)`. */
export function localInstant(instant: string, timeZone: string): string {
  const { format, zone } = instantFormat(timeZone);
  return `${format.format(new Date(instant))} (${zone})`;
}

interface InstantFormat {
  format: Intl.DateTimeFormat;
  /** The zone it formats in: the one asked for, or UTC when that one is unknown. */
  zone: string;
}

/**
 * Formatters kept by the zone asked for: making one costs far more than using it, and a
 * confirmation formats every activity in the same zone (three were made a line, 2% of the main
 * thread under the bench's replies).
 */
const instantFormats = new LruMap<string, InstantFormat>(64);

function instantFormat(timeZone: string): InstantFormat {
  let kept = instantFormats.get(timeZone);
  if (!kept) instantFormats.set(timeZone, (kept = makeInstantFormat(timeZone)));
  return kept;
}

function makeInstantFormat(timeZone: string): InstantFormat {
  const options = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' } as const;
  try {
    return { format: new Intl.DateTimeFormat('en-GB', { ...options, timeZone }), zone: timeZone };
  } catch {
    return { format: new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }), zone: 'UTC' };
  }
}
