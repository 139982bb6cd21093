import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { OccasionCreateSchema, type Occasion } from '../../core/schemas/occasion';
import { EDIT_FIELDS, OWNER_EDIT_FIELDS, occasionBody, occasionFormValues } from './occasion-form';

const occasion = {
  id: 'o1',
  title: 'Sam & Alex',
  description: '',
  startDate: '2027-06-11',
  endDate: '2027-06-13',
  timezone: 'America/New_York',
  venueName: '',
  venueAddress: '',
  rsvpDeadline: '2027-05-01T04:00:00.000Z',
  passcode: null,
  allowedOrigins: ['https://smith-wedding.com'],
  contactEmail: '',
  rsvpPageUrl: 'https://smith-wedding.com/rsvp',
  reminderDaysBeforeDeadline: 7,
  digestEnabled: true,
  requireTwoFactor: false,
  createdAt: '2027-01-01T00:00:00.000Z',
  updatedAt: '2027-01-01T00:00:00.000Z',
  summary: { guests: 0, households: 0, activities: 0, perActivity: [] },
  role: 'owner',
  slug: null,
} satisfies Occasion;

const edited = (patch: Partial<ReturnType<typeof occasionFormValues>>) => occasionBody({ ...occasionFormValues(occasion), ...patch }, EDIT_FIELDS);

describe('the email settings in the occasion form', () => {
  it('sends the saved settings back unchanged, and the body passes the schema', () => {
    const body = edited({});
    expect(body).toMatchObject({ rsvpPageUrl: 'https://smith-wedding.com/rsvp', reminderDaysBeforeDeadline: 7, digestEnabled: true });
    expect(v.safeParse(OccasionCreateSchema, body).success).toBe(true);
  });

  it('reads an empty reminder as off and a number as a number; other text is left for the schema to refuse', () => {
    expect(edited({ reminderDaysBeforeDeadline: ' ' }).reminderDaysBeforeDeadline).toBeNull();
    expect(edited({ reminderDaysBeforeDeadline: '14' }).reminderDaysBeforeDeadline).toBe(14);
    const issues = (patch: Parameters<typeof edited>[0]) => v.safeParse(OccasionCreateSchema, edited(patch)).issues?.map((issue) => issue.message);
    expect(issues({ reminderDaysBeforeDeadline: '91' })).toEqual(['Reminder days before the deadline must be between 1 and 90.']);
    expect(issues({ reminderDaysBeforeDeadline: '2.5' })).toEqual(['Reminder days before the deadline must be a whole number.']);
    expect(issues({ reminderDaysBeforeDeadline: 'a week' })).toEqual(['Reminder days before the deadline must be a number.']);
    expect(issues({ rsvpPageUrl: 'smith-wedding.com/rsvp' })).toHaveLength(1);
  });

  it('starts a new occasion with email off', () => {
    expect(occasionFormValues()).toMatchObject({ rsvpPageUrl: '', reminderDaysBeforeDeadline: '', digestEnabled: false });
  });

  it('sends whether two-factor sign-in is required only from an owner\'s form', () => {
    const values = { ...occasionFormValues({ ...occasion, requireTwoFactor: true }) };
    expect(values.requireTwoFactor).toBe(true);
    expect(occasionBody(values, EDIT_FIELDS)).not.toHaveProperty('requireTwoFactor');
    const owners = occasionBody({ ...values, requireTwoFactor: false }, OWNER_EDIT_FIELDS);
    expect(owners).toMatchObject({ requireTwoFactor: false });
    expect(v.safeParse(OccasionCreateSchema, owners).success).toBe(true);
  });
});
