/**
 * Dates and times as guests read them: calendar dates as they are (no time zone moves them to
 * another day), instants in the occasion's time zone with its abbreviation, so a guest abroad
 * reads the local time of the event.
 */

const AT: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

/** Formatters already made: making one costs far more than using it (the first loads ICU's data). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, timeZone, options]);
  let made = formatters.get(key);
  if (!made) {
    try {
      made = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      made = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }); // a zone this browser does not know
    }
    formatters.set(key, made);
  }
  return made;
}

function format(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions, start: string, end?: string | null): string {
  const from = new Date(start);
  const made = formatter(locale, timeZone, options);
  return end && end !== start ? made.formatRange(from, new Date(end)) : made.format(from);
}

/** The steps of the date warm-up still to run. */
let warmUpSteps: (() => unknown)[] = [];
let warmUpHurried = false;

/**
 * Makes the browser load its date data while the guest types at sign-in, when it is idle, so
 * the RSVP form's first render does not wait for it. In four idle steps, because the first
 * `Intl.DateTimeFormat` was one task of 55 to 85 ms at 4× CPU (traced): the locale's data
 * (`Intl.Locale`), then V8's list of the locales ICU has for dates (`supportedLocalesOf`, the
 * biggest piece, 35 to 58 ms, which cannot be split), then a formatter, then ranges.
 */
export function warmUpDates(locale: string): void {
  warmUpSteps = [
    () => new Intl.Locale(locale).maximize(),
    () => Intl.DateTimeFormat.supportedLocalesOf(locale),
    () => new Intl.DateTimeFormat(locale).format(0),
    () => formatDates('2000-01-01', '2000-01-02', locale),
  ];
  nextWarmUpStep();
}

/**
 * The guest has sent the sign-in form: the RSVP form needs the dates as soon as the answers
 * are in, so what is left of the warm-up runs now, a step per task, while the sign-in answer
 * is on its way (at least 150 ms). On a busy machine the idle steps had often not run by then
 * (traced: the first waited 390 ms for an idle period) and the form's render paid for them.
 */
export function warmUpDatesNow(): void {
  if (warmUpHurried) return;
  warmUpHurried = true;
  nextWarmUpStep();
}

function nextWarmUpStep(): void {
  // Each step once, in a task of its own (hurrying adds a second chain beside a waiting idle one).
  const step = () => {
    try {
      warmUpSteps.shift()?.();
    } catch {
      // a tag this browser refuses: the formatters fall back when they are made
    }
    if (warmUpSteps.length) nextWarmUpStep();
  };
  if (warmUpHurried) setTimeout(step);
  else whenIdle(step);
}

const whenIdle = (work: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 200);
};

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
