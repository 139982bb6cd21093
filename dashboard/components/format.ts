import { formatCount } from '../../core/format/format-count';
import type { OptionEntry } from '../../core/options';
import type { ActivitySummary } from '../../core/schemas/occasion';

// Made on first use: creating an Intl format loads locale data, which screens without dates skip.
let dateFormat: Intl.DateTimeFormat | undefined;

/** `2027-06-12` → `Sat, June 12, 2027`. */
export function formatDate(date: string): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  dateFormat ??= new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return Number.isNaN(time) ? date : dateFormat.format(time);
}

/** A start and end date, once when they are the same day. */
export function formatDateRange(start: string, end: string): string {
  return start === end || !end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`;
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant shown in a time zone: `Sat, Jun 12, 2027, 6:00 PM EDT`. */
export function formatInstant(iso: string, timeZone: string): string {
  let format = instantFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    }
    instantFormats.set(timeZone, format);
  }
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : format.format(time);
}

/** Only the time of day of an instant in a zone: `6:00 PM`. */
export function formatTime(iso: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(Date.parse(iso));
  } catch {
    return iso;
  }
}

let zones: OptionEntry[] | undefined;

/** Every IANA time zone the browser knows, plus UTC, as options. */
export function timeZoneOptions(): OptionEntry[] {
  if (!zones) {
    const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    zones = ['UTC', ...names.filter((name) => name !== 'UTC')].map((name) => ({ value: name, text: name.replace(/_/g, ' ') }));
  }
  return zones;
}

/** The browser's own time zone (a sensible default for a new occasion). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Replies received over all invitations of an occasion. */
export function replyProgress(perActivity: readonly ActivitySummary[]): { invited: number; replied: number; attending: number } {
  let invited = 0;
  let replied = 0;
  let attending = 0;
  for (const activity of perActivity) {
    invited += activity.invited;
    replied += activity.attending + activity.declined;
    attending += activity.attending;
  }
  return { invited, replied, attending };
}

export { formatCount };

/** `1 guest`, `2 guests`. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

