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

/**
 * The date warm-up's steps: the locale's data (`Intl.Locale`), the locales ICU has for dates
 * (V8's list, the biggest piece), a formatter, then ranges. A worker runs them from their
 * source text, so each uses only its argument and globals.
 */
const WARM_UP = [
  (locale: string) => new Intl.Locale(locale).maximize(),
  (locale: string) => Intl.DateTimeFormat.supportedLocalesOf(locale),
  (locale: string) => new Intl.DateTimeFormat(locale).format(0),
  (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).formatRange(0, 864e5),
];
/** The steps still to run on the main thread. */
let warmUpSteps: (() => unknown)[] = [];
let warmUpHurried = false;
/** The locale warmed up (or being warmed up): the data is the process's once loaded. */
let warmedLocale: string | undefined;
/** The warm-up's worker while it runs: the main thread's steps wait for it, not beside it. */
let warmUpWorker: Worker | undefined;

/**
 * Makes the browser load its date data while the guest types at sign-in, so the RSVP form's
 * first render does not wait for it. The first `Intl.DateTimeFormat` comes in two pieces no
 * script can split, each 84 to 117 ms of CPU at 4× (traced: `Intl.Locale`'s `maximize`, ICU's
 * locale data, and `supportedLocalesOf`), the longest tasks of a guest's visit. Both fill
 * caches of the whole renderer process (ICU's and V8's), not of one JavaScript realm: made in a
 * worker they cost the main thread nothing (measured at 4× on a test page: 0 to 2.2 ms each
 * after a worker instead of 77 to 163).
 * So a worker (a `data:` URL: no blob to revoke, and Intl needs no origin) runs the steps;
 * where the page has no workers or refuses them (a CSP that does not allow `data:` workers,
 * reported as the worker's error event), the main thread runs them, a step per idle period.
 */
export function warmUpDates(locale: string): void {
  if (warmedLocale === locale) return;
  warmedLocale = locale;
  warmUpSteps = WARM_UP.map((step) => () => step(locale));
  try {
    const worker = (warmUpWorker = new Worker(`data:text/javascript,${encodeURIComponent(warmUpSource(locale))}`));
    worker.onmessage = worker.onerror = (event: Event) => {
      worker.terminate();
      warmUpWorker = undefined;
      if (event.type === 'message') warmUpSteps = []; // the process has the data
      nextWarmUpStep();
    };
  } catch {
    nextWarmUpStep();
  }
}

/** The warm-up worker's script: every step, then a message (after an error, none: the main thread's steps run). */
export const warmUpSource = (locale: string): string => `${WARM_UP.map((step) => `(${step})(${JSON.stringify(locale)})`).join(';')};postMessage(0)`;

/**
 * The guest has sent the sign-in form: the RSVP form needs the dates as soon as the answers
 * are in, so what is left of the main thread's warm-up runs now, a step per task, while the
 * sign-in answer is on its way (at least 150 ms). On a busy machine the idle steps had often
 * not run by then (traced: the first waited 390 ms for an idle period) and the form's render
 * paid for them. A worker still at it is left to finish: the same steps here would wait for it.
 */
export function warmUpDatesNow(): void {
  if (warmUpHurried) return;
  warmUpHurried = true;
  if (!warmUpWorker) nextWarmUpStep();
}

function nextWarmUpStep(): void {
  if (!warmUpSteps.length) return;
  // Each step once, in a task of its own (hurrying adds a second chain beside a waiting idle one).
  const step = () => {
    try {
      warmUpSteps.shift()?.();
    } catch {
      // a tag this browser refuses: the formatters fall back when they are made
    }
    nextWarmUpStep();
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
