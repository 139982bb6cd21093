/**
 * Dates and times as guests read them: calendar dates as they are (no time zone moves them to
 * another day), instants in the occasion's time zone with its abbreviation, so a guest abroad
 * reads the local time of the event.
 */

const AT: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

function format(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions, start: string, end?: string | null): string {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
  } catch {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }); // a zone this browser does not know
  }
  const from = new Date(start);
  return end && end !== start ? formatter.formatRange(from, new Date(end)) : formatter.format(from);
}

/** A `YYYY-MM-DD` date as noon UTC, formatted in UTC. */
const noon = (date: string): string => `${date}T12:00:00Z`;

/** The occasion's dates: `Friday, June 11 – Sunday, June 13, 2027`, or one day. */
export const formatDates = (startDate: string, endDate: string, locale: string): string =>
  format(locale, 'UTC', { dateStyle: 'full' }, noon(startDate), endDate && noon(endDate));

/** An activity's time: `Fri, June 11, 7:00 – 10:00 PM EDT`, in the occasion's time zone. */
export const formatTimes = (startsAt: string, endsAt: string | null, timeZone: string, locale: string): string =>
  format(locale, timeZone, { weekday: 'short', ...AT }, startsAt, endsAt);

/** An instant (the RSVP deadline): `May 1, 2027 at 7:59 PM EDT`, in the occasion's time zone. */
export const formatInstant = (instant: string, timeZone: string, locale: string): string =>
  format(locale, timeZone, { year: 'numeric', ...AT }, instant);
