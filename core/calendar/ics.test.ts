import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { activitiesCalendar, fold, type CalendarActivity } from './ics';

const occasion = {
  id: 'occ1',
  title: 'Sam & Alex; the wedding, at last',
  timezone: 'America/New_York',
  venueName: 'Willow Creek Farm',
  venueAddress: '4100 Orchard Road, Hudson, NY 12534',
  contactEmail: 'hosts@example.com',
};
const activity = (id: string, startsAt: string, endsAt: string | null, extra: Partial<CalendarActivity> = {}): CalendarActivity => ({
  id,
  name: 'Welcome dinner',
  description: '',
  startsAt,
  endsAt,
  locationName: 'The Old Barn',
  address: '',
  dressCode: '',
  ...extra,
});

/** Parses with ical.js, registering the file's own VTIMEZONE (as calendar apps do). */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

describe('activitiesCalendar', () => {
  const now = new Date('2027-01-02T03:04:05.678Z');

  it('writes events a real parser reads back: local times in the occasion zone, escaped text, stable ids', () => {
    const text = activitiesCalendar(
      occasion,
      [
        activity('dinner', '2027-06-11T23:00:00.000Z', '2027-06-12T02:00:00.000Z', {
          description: 'Bring a jumper;\nevenings are cool, really.',
          dressCode: 'Smart casual',
          address: 'Barn Lane 1, Hudson',
        }),
        activity('ceremony', '2027-06-12T20:00:00.000Z', null, { name: 'Ceremony', locationName: '' }),
      ],
      now,
    );
    const [dinner, ceremony] = parse(text);
    expect(dinner!.uid).toBe('dinner.occ1@kindly');
    expect(dinner!.summary).toBe('Welcome dinner · Sam & Alex; the wedding, at last');
    expect(dinner!.description).toBe('Bring a jumper;\nevenings are cool, really.\nDress code: Smart casual');
    expect(dinner!.location).toBe('The Old Barn, Barn Lane 1, Hudson');
    expect(dinner!.startDate.toJSDate().toISOString()).toBe('2027-06-11T23:00:00.000Z');
    expect(dinner!.endDate.toJSDate().toISOString()).toBe('2027-06-12T02:00:00.000Z');
    expect(dinner!.startDate.zone.tzid).toBe('America/New_York');
    expect(dinner!.startDate.toString()).toBe('2027-06-11T19:00:00');
    expect(ceremony!.location).toBe('Willow Creek Farm, 4100 Orchard Road, Hudson, NY 12534');
    expect(ceremony!.startDate.toJSDate().toISOString()).toBe('2027-06-12T20:00:00.000Z');
    expect(text).toContain('DTSTAMP:20270102T030405Z\r\n');
    expect(text).toContain('TZOFFSETTO:-0400\r\n');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
  });

  it('keeps local times right across a daylight-saving change', () => {
    const text = activitiesCalendar(
      occasion,
      [activity('a', '2027-03-13T17:00:00.000Z', null), activity('b', '2027-03-15T16:00:00.000Z', null)],
      now,
    );
    const [before, after] = parse(text);
    expect(before!.startDate.toString()).toBe('2027-03-13T12:00:00');
    expect(after!.startDate.toString()).toBe('2027-03-15T12:00:00');
    expect(after!.startDate.toJSDate().toISOString()).toBe('2027-03-15T16:00:00.000Z');
    expect(text).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20270314T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400');
  });

  it('writes UTC times for a zone the runtime does not know', () => {
    const text = activitiesCalendar({ ...occasion, timezone: 'Mars/Olympus' }, [activity('a', '2027-06-11T23:00:00.000Z', null)], now);
    expect(text).toContain('DTSTART:20270611T230000Z\r\n');
    expect(text).not.toContain('VTIMEZONE');
    expect(parse(text)[0]!.startDate.toJSDate().toISOString()).toBe('2027-06-11T23:00:00.000Z');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = fold(line);
    for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replaceAll('\r\n ', '')).toBe(line);
  });

  it('fills each folded line with as many whole characters of one to four octets as fit', () => {
    const line = `SUMMARY:${'a€é😀'.repeat(30)}\uD800`;
    const octets = (text: string) => new TextEncoder().encode(text).length;
    const parts = fold(line).split('\r\n ');
    expect(parts.join('')).toBe(line);
    parts.forEach((part, i) => {
      const limit = i === 0 ? 75 : 74;
      expect(octets(part)).toBeLessThanOrEqual(limit);
      const next = parts[i + 1];
      if (next !== undefined) expect(octets(part) + octets(String.fromCodePoint(next.codePointAt(0)!))).toBeGreaterThan(limit);
    });
  });
});
