import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toApiIssues } from './error';
import { OccasionCreateSchema, OccasionUpdateSchema, type Occasion } from './occasion';

function issues(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? [] : toApiIssues(result.issues);
}

const minimal = { title: 'Sam & Alex', startDate: '2027-06-11', endDate: '2027-06-13' };

describe('OccasionCreateSchema', () => {
  it('needs title and dates, and defaults everything else', () => {
    expect(v.parse(OccasionCreateSchema, minimal)).toEqual({
      ...minimal,
      description: '',
      timezone: 'UTC',
      venueName: '',
      venueAddress: '',
      rsvpDeadline: null,
      passcode: null,
      allowedOrigins: [],
      contactEmail: '',
      rsvpPageUrl: '',
      reminderDaysBeforeDeadline: null,
      digestEnabled: false,
      requireTwoFactor: false,
    });
    expect(issues(OccasionCreateSchema, {})).toEqual([
      { path: 'title', message: 'Title is required.' },
      { path: 'startDate', message: 'Start date is required.' },
      { path: 'endDate', message: 'End date is required.' },
    ]);
  });

  it('cleans and normalises every field', () => {
    const output = v.parse(OccasionCreateSchema, {
      ...minimal,
      title: '  Sam & Alex  ',
      description: 'Line 1\r\nLine 2',
      timezone: 'America/New_York',
      venueAddress: '4100 Orchard Road\nHudson, NY',
      rsvpDeadline: '2027-05-01T23:59:00-04:00',
      passcode: ' willow ',
      allowedOrigins: ['https://Smith-Wedding.com'],
      contactEmail: 'sam@example.com',
    });
    expect(output).toMatchObject({
      title: 'Sam & Alex',
      description: 'Line 1\nLine 2',
      venueAddress: '4100 Orchard Road\nHudson, NY',
      rsvpDeadline: '2027-05-02T03:59:00.000Z',
      passcode: 'willow',
      allowedOrigins: ['https://smith-wedding.com'],
    });
  });

  it('refuses an end date before the start date, on endDate', () => {
    expect(issues(OccasionCreateSchema, { ...minimal, endDate: '2027-06-10' })).toEqual([
      { path: 'endDate', message: 'End date cannot be before the start date.' },
    ]);
    expect(issues(OccasionCreateSchema, { ...minimal, endDate: '2027-06-11' })).toEqual([]);
  });

  it('checks the rest field by field', () => {
    expect(
      issues(OccasionCreateSchema, {
        ...minimal,
        title: 'x'.repeat(201),
        timezone: 'Mars/Base',
        rsvpDeadline: '2027-05-01',
        passcode: 'abc',
        allowedOrigins: ['https://ok.com/'],
        contactEmail: 'sam',
        description: 'x'.repeat(5001),
      }),
    ).toEqual([
      { path: 'title', message: 'Title must be at most 200 characters.' },
      { path: 'description', message: 'Description must be at most 5,000 characters.' },
      { path: 'timezone', message: 'Time zone must be a time zone name such as Europe/Paris or America/New_York.' },
      { path: 'rsvpDeadline', message: 'RSVP deadline must be a date and time with a time zone, like 2027-06-12T22:00:00Z.' },
      { path: 'passcode', message: 'Passcode must be at least 4 characters.' },
      {
        path: 'allowedOrigins.0',
        message: '"https://ok.com/" is not an origin. Write it like https://smith-wedding.com, without a path or a trailing slash.',
      },
      { path: 'contactEmail', message: 'Contact email must be a valid email address.' },
    ]);
  });

  it('takes a blank passcode or deadline as null', () => {
    expect(v.parse(OccasionCreateSchema, { ...minimal, passcode: '', rsvpDeadline: ' ' })).toMatchObject({
      passcode: null,
      rsvpDeadline: null,
    });
  });

  it('refuses read-only and unknown fields', () => {
    expect(issues(OccasionCreateSchema, { ...minimal, summary: {} })).toEqual([{ path: 'summary', message: 'Unknown field "summary".' }]);
    expect(issues(OccasionCreateSchema, { ...minimal, id: 'x' })).toEqual([{ path: 'id', message: 'Unknown field "id".' }]);
  });

  it('re-validates a merged entity, so a patch cannot break the date rule', () => {
    const stored = v.parse(OccasionCreateSchema, { ...minimal, rsvpDeadline: '2027-05-01T00:00:00Z', allowedOrigins: ['https://a.com'] });
    // Re-parsing what was stored changes nothing (the server merges and re-validates).
    expect(v.parse(OccasionCreateSchema, stored)).toEqual(stored);
    const patch = v.parse(OccasionUpdateSchema, { startDate: '2027-07-01' });
    expect(issues(OccasionCreateSchema, { ...stored, ...patch })).toEqual([
      { path: 'endDate', message: 'End date cannot be before the start date.' },
    ]);
  });

  it('exposes its writable keys', () => {
    expect(Object.keys(OccasionCreateSchema.entries)).toEqual([
      'title', 'description', 'startDate', 'endDate', 'timezone', 'venueName', 'venueAddress',
      'rsvpDeadline', 'passcode', 'allowedOrigins', 'contactEmail', 'rsvpPageUrl', 'reminderDaysBeforeDeadline', 'digestEnabled',
      'requireTwoFactor',
    ]);
  });
});

describe('OccasionUpdateSchema', () => {
  it('takes any subset of the fields and applies no defaults', () => {
    expect(v.parse(OccasionUpdateSchema, {})).toEqual({});
    expect(v.parse(OccasionUpdateSchema, { title: ' New ' })).toEqual({ title: 'New' });
    expect(v.parse(OccasionUpdateSchema, { passcode: null, rsvpDeadline: null })).toEqual({ passcode: null, rsvpDeadline: null });
  });

  it('still validates what is given, and the dates when both are given', () => {
    expect(issues(OccasionUpdateSchema, { title: '' })).toEqual([{ path: 'title', message: 'Title is required.' }]);
    expect(issues(OccasionUpdateSchema, { startDate: '2027-06-12', endDate: '2027-06-11' })).toEqual([
      { path: 'endDate', message: 'End date cannot be before the start date.' },
    ]);
  });

  it('refuses read-only fields', () => {
    for (const key of ['id', 'createdAt', 'updatedAt', 'summary', 'role', 'slug']) {
      expect(issues(OccasionUpdateSchema, { [key]: 'x' })).toEqual([{ path: key, message: `Unknown field "${key}".` }]);
    }
  });

  it('has an entity type that matches the create output plus read-only fields', () => {
    const stored = v.parse(OccasionCreateSchema, minimal);
    const occasion: Occasion = {
      ...stored,
      id: 'occ_1',
      createdAt: '2027-01-01T00:00:00.000Z',
      updatedAt: '2027-01-01T00:00:00.000Z',
      summary: { guests: 0, households: 0, activities: 0, perActivity: [] },
      slug: null,
      role: 'owner',
    };
    expect(occasion.timezone).toBe('UTC');
  });
});
