import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CHECK_IN_MARKS_MAX, CheckInMarksSchema, checkInCodeFrom, formatCheckInCode } from './check-in';
import { toApiIssues } from './error';

function issues(input: unknown) {
  const result = v.safeParse(CheckInMarksSchema, input);
  return result.success ? [] : toApiIssues(result.issues);
}

const mark = (overrides: Record<string, unknown> = {}) => ({
  id: 'mark-0001',
  guestId: 'g1',
  activityId: 'a1',
  arrived: true,
  at: '2027-06-12T18:30:00Z',
  ...overrides,
});

describe('checkInCodeFrom', () => {
  it('reads a typed code in any case, ignoring spaces and dashes', () => {
    expect(checkInCodeFrom('ABCDE12345')).toBe('ABCDE12345');
    expect(checkInCodeFrom(' abcde-12345 ')).toBe('ABCDE12345');
    expect(checkInCodeFrom('ab cd e1 23-45')).toBe('ABCDE12345');
  });

  it('maps Crockford look-alikes and full-width characters', () => {
    expect(checkInCodeFrom('oil0A-BCDEF')).toBe('0110ABCDEF');
    expect(checkInCodeFrom('ＡＢＣＤＥ１２３４５')).toBe('ABCDE12345');
  });

  it('reads a scanned check-in link', () => {
    expect(checkInCodeFrom('https://rsvp.example.com/c/ABCDE12345')).toBe('ABCDE12345');
    expect(checkInCodeFrom('https://rsvp.example.com/c/abcde-12345?from=qr')).toBe('ABCDE12345');
    expect(checkInCodeFrom('http://localhost:3000/c/ZZZZZ00000/')).toBe('ZZZZZ00000');
  });

  it('refuses what holds no code', () => {
    expect(checkInCodeFrom('')).toBeUndefined();
    expect(checkInCodeFrom('ABCDE1234')).toBeUndefined();
    expect(checkInCodeFrom('ABCDE123456')).toBeUndefined();
    expect(checkInCodeFrom('ABCDU12345')).toBeUndefined();
    expect(checkInCodeFrom('ABCDE!2345')).toBeUndefined();
    expect(checkInCodeFrom('https://rsvp.example.com/r/ABCDE12345')).toBeUndefined();
    expect(checkInCodeFrom('https://rsvp.example.com/c/ABCDE')).toBeUndefined();
  });
});

describe('formatCheckInCode', () => {
  it('groups a code in fives', () => {
    expect(formatCheckInCode('ABCDE12345')).toBe('ABCDE-12345');
  });

  it('leaves anything else as it is', () => {
    expect(formatCheckInCode('ABC')).toBe('ABC');
    expect(formatCheckInCode('ABCDE-12345')).toBe('ABCDE-12345');
  });

  it('round-trips with checkInCodeFrom', () => {
    expect(checkInCodeFrom(formatCheckInCode('7KM2PQ9XYZ'))).toBe('7KM2PQ9XYZ');
  });
});

describe('CheckInMarksSchema', () => {
  it('takes 1 to 200 marks and normalises their instants to UTC', () => {
    expect(v.parse(CheckInMarksSchema, { marks: [mark({ at: '2027-06-12T20:30:00+02:00' })] })).toEqual({
      marks: [{ id: 'mark-0001', guestId: 'g1', activityId: 'a1', arrived: true, at: '2027-06-12T18:30:00.000Z' }],
    });
    const most = Array.from({ length: CHECK_IN_MARKS_MAX }, (_, index) => mark({ id: `mark-${index.toString().padStart(4, '0')}` }));
    expect(v.parse(CheckInMarksSchema, { marks: most }).marks).toHaveLength(200);
    expect(issues({ marks: [...most, mark()] })).toEqual([{ path: 'marks', message: 'Marks can have at most 200 entries.' }]);
    expect(issues({ marks: [] })).toEqual([{ path: 'marks', message: 'Give at least one mark.' }]);
  });

  it('takes a mark id of 8 to 64 URL-safe characters only', () => {
    expect(issues({ marks: [mark({ id: 'a'.repeat(8) }), mark({ id: 'Z_-9'.repeat(16) })] })).toEqual([]);
    for (const id of ['short12', 'a'.repeat(65), 'has space1', 'semi;colon', 7]) {
      expect(issues({ marks: [mark({ id })] })).toEqual([{ path: 'marks.0.id', message: expect.stringMatching(/Mark id/) }]);
    }
  });

  it('names each bad field by its path', () => {
    expect(issues({ marks: [mark(), mark({ guestId: 'no spaces', arrived: 'yes', at: '2027-06-12 18:30' })] })).toEqual([
      { path: 'marks.1.guestId', message: 'Guest id is not a valid id.' },
      { path: 'marks.1.arrived', message: 'Arrived must be true or false.' },
      { path: 'marks.1.at', message: expect.stringMatching(/^Marked at must be a date and time/) },
    ]);
  });

  it('refuses unknown fields, missing fields and anything but an object', () => {
    expect(issues({ marks: [mark({ extra: 1 })] })).toEqual([expect.objectContaining({ path: 'marks.0.extra' })]);
    const { activityId: _, ...withoutActivity } = mark();
    expect(issues({ marks: [withoutActivity] })).toEqual([{ path: 'marks.0.activityId', message: 'Activity id is required.' }]);
    expect(issues({ marks: ['m'] })).toEqual([{ path: 'marks.0', message: 'Mark must be an object.' }]);
    expect(issues({ marks: mark() })).toEqual([{ path: 'marks', message: 'Marks must be a list.' }]);
    expect(issues([])).toHaveLength(1);
  });
});
