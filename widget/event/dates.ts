/**
 * Dates and times as guests read them: calendar dates as they are (no time zone shift), and
 * instants in the occasion's time zone with its abbreviation, so a guest abroad reads the
 * local time of the event.
 */

type RangeFormat = Intl.DateTimeFormat & { formatRange?(start: Date, end: Date): string };

const range = (format: RangeFormat, start: Date, end: Date | null): string =>
  end && end.getTime() !== start.getTime() && format.formatRange
    ? format.formatRange(start, end)
    : format.format(start);

/** A `YYYY-MM-DD` date as noon UTC, formatted in UTC, so no zone moves it to another day. */
const calendarDate = (date: string): Date => new Date(`${date}T12:00:00Z`);

/** The occasion's dates: `Friday, June 11 – Sunday, June 13, 2027`, or one day. */
export function formatDates(startDate: string, endDate: string, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  return range(format, calendarDate(startDate), endDate ? calendarDate(endDate) : null);
}

/** An activity's time: `Sat, June 12, 4:00 – 5:00 PM EDT`, in the occasion's time zone. */
export function formatTimes(startsAt: string, endsAt: string | null, timeZone: string, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: safeZone(timeZone),
    weekday: 'short',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return range(format, new Date(startsAt), endsAt ? new Date(endsAt) : null);
}

/** An instant (the RSVP deadline): `June 1, 2027 at 7:59 PM EDT`, in the occasion's time zone. */
export function formatInstant(instant: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: safeZone(timeZone),
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(instant));
}

/** The zone if this browser knows it, else UTC (an unknown zone would throw). */
function safeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}
