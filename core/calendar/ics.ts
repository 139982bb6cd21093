/**
 * An iCalendar file (RFC 5545) of an occasion's activities: what a guest adds to their
 * calendar after replying, and what a confirmation email can attach. Times are written in the
 * occasion's time zone (`TZID`) with a `VTIMEZONE` built from `Intl`, so calendars show the
 * event's local time wherever the guest lives. Plain strings only: no DOM or Node API.
 */

import type { EventActivity, EventOccasion } from '../schemas/event';

/** What the file needs of the occasion. */
export type CalendarOccasion = Pick<EventOccasion, 'id' | 'title' | 'timezone' | 'venueName' | 'venueAddress' | 'contactEmail'>;

/** What the file needs of an activity. */
export type CalendarActivity = Pick<EventActivity, 'id' | 'name' | 'description' | 'startsAt' | 'endsAt' | 'locationName' | 'address' | 'dressCode'>;

/** Labels written into descriptions, in the guest's language. */
export interface CalendarLabels {
  dressCode: string;
}

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

/**
 * The `.ics` text of the activities, lines ended by CRLF and folded at 75 octets.
 *
 * @param occasion The occasion (its time zone names the times).
 * @param activities The activities to list, one `VEVENT` each (`UID` stable per activity).
 * @param now The `DTSTAMP` instant.
 */
export function activitiesCalendar(
  occasion: CalendarOccasion,
  activities: readonly CalendarActivity[],
  now: Date,
  labels: CalendarLabels = { dressCode: 'Dress code' },
): string {
  const zone = knownZone(occasion.timezone);
  const instants = activities.flatMap((activity) => [activity.startsAt, activity.endsAt ?? activity.startsAt]).map((at) => Date.parse(at));
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Kindly//RSVP//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (zone !== 'UTC' && instants.length) lines.push(...timeZoneLines(zone, Math.min(...instants), Math.max(...instants)));
  for (const activity of activities) {
    const when = (at: string) => (zone === 'UTC' ? `:${utcStamp(Date.parse(at))}` : `;TZID=${zone}:${localStamp(Date.parse(at), zone)}`);
    const description = [activity.description, activity.dressCode && `${labels.dressCode}: ${activity.dressCode}`].filter(Boolean).join('\n');
    const location = [activity.locationName, activity.address].filter(Boolean).join(', ') || [occasion.venueName, occasion.venueAddress].filter(Boolean).join(', ');
    lines.push(
      'BEGIN:VEVENT',
      `UID:${activity.id}.${occasion.id}@kindly`,
      `DTSTAMP:${utcStamp(now.getTime())}`,
      `DTSTART${when(activity.startsAt)}`,
      ...(activity.endsAt ? [`DTEND${when(activity.endsAt)}`] : []),
      `SUMMARY:${escapeText(`${activity.name} · ${occasion.title}`)}`,
      ...(location ? [`LOCATION:${escapeText(location)}`] : []),
      ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
      ...(occasion.contactEmail ? [`ORGANIZER;CN=${paramText(occasion.title)}:mailto:${occasion.contactEmail}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export const escapeText = (value: string): string => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');

/** A parameter value, quoted; quotes cannot be escaped in parameters, so they are dropped. */
const paramText = (value: string): string => `"${value.replace(/["\r\n]/g, '')}"`;

/**
 * A content line folded at 75 octets of UTF-8 (RFC 5545 3.1): CRLF and a space before each
 * continuation, never inside a character.
 */
export function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8Length(character.codePointAt(0)!);
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The UTF-8 octets of one code point (a lone surrogate is written as three, as `TextEncoder` writes its replacement). */
const utf8Length = (codePoint: number): number => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * The zone when this runtime knows it, else UTC (times are then written in UTC). A zone known
 * once has its formatter kept, so the check makes no `Intl.DateTimeFormat` after the first.
 */
function knownZone(zone: string): string {
  try {
    formatterOf(zone);
    return zone;
  } catch {
    return 'UTC';
  }
}

const pad = (value: number, size = 2): string => String(value).padStart(size, '0');

/** `20270611T230000Z` */
const utcStamp = (at: number): string => new Date(at).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');

/** The wall-clock time of an instant in a zone, as `YYYYMMDDTHHMMSS`. */
const localStamp = (at: number, zone: string): string => utcStamp(at + offsetAt(at, zone)).slice(0, -1);

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter of a zone's wall-clock time, one per zone the runtime knows (throws for one it does not). */
function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in milliseconds (whole minutes). */
function offsetAt(at: number, zone: string): number {
  const formatter = formatterOf(zone);
  const part: Record<string, number> = {};
  for (const { type, value } of formatter.formatToParts(at)) part[type] = Number(value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!);
  return wall - Math.floor(at / MINUTE) * MINUTE;
}

/** `-0400` */
function offsetText(offset: number): string {
  const minutes = Math.abs(offset) / MINUTE;
  return `${offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}`;
}

/**
 * The `VTIMEZONE` of a zone over the activities' span: the offset in force at the first
 * activity, and every transition up to the last one (found day by day, then to the minute).
 */
function timeZoneLines(zone: string, from: number, to: number): string[] {
  const start = from - DAY;
  let offset = offsetAt(start, zone);
  const components = [observance(start, offset, offset)];
  for (let day = start; day < to; day += DAY) {
    const next = offsetAt(day + DAY, zone);
    if (next === offset) continue;
    let low = day;
    let high = day + DAY;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (offsetAt(middle, zone) === offset) low = middle;
      else high = middle;
    }
    components.push(observance(high, offset, next));
    offset = next;
  }
  return ['BEGIN:VTIMEZONE', `TZID:${zone}`, ...components.flat(), 'END:VTIMEZONE'];
}

/** One STANDARD or DAYLIGHT block: from the instant on, the offset is `to`. */
function observance(at: number, from: number, to: number): string[] {
  const kind = to > from ? 'DAYLIGHT' : 'STANDARD';
  return [`BEGIN:${kind}`, `DTSTART:${utcStamp(at + from).slice(0, -1)}`, `TZOFFSETFROM:${offsetText(from)}`, `TZOFFSETTO:${offsetText(to)}`, `END:${kind}`];
}
