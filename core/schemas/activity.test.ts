import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ActivityCreateSchema, ActivityUpdateSchema } from './activity';
import { toApiIssues } from './error';

function issues(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? [] : toApiIssues(result.issues);
}

const minimal = { name: 'Ceremony', startsAt: '2027-06-12T20:00:00Z' };

describe('ActivityCreateSchema', () => {
  it('needs a name and a start, and defaults the rest', () => {
    expect(v.parse(ActivityCreateSchema, minimal)).toEqual({
      name: 'Ceremony',
      description: '',
      startsAt: '2027-06-12T20:00:00.000Z',
      endsAt: null,
      locationName: '',
      address: '',
      dressCode: '',
      mealOptions: [],
      sortOrder: 0,
    });
    expect(issues(ActivityCreateSchema, {})).toEqual([
      { path: 'name', message: 'Name is required.' },
      { path: 'startsAt', message: 'Start time is required.' },
    ]);
  });

  it('refuses an end before the start, on endsAt, comparing instants across offsets', () => {
    expect(issues(ActivityCreateSchema, { ...minimal, endsAt: '2027-06-12T19:59:59Z' })).toEqual([
      { path: 'endsAt', message: 'End time cannot be before the start time.' },
    ]);
    // 21:00+02:00 is 19:00Z, before the 20:00Z start.
    expect(issues(ActivityCreateSchema, { ...minimal, endsAt: '2027-06-12T21:00:00+02:00' })).toEqual([
      { path: 'endsAt', message: 'End time cannot be before the start time.' },
    ]);
    expect(v.parse(ActivityCreateSchema, { ...minimal, endsAt: '2027-06-12T23:00:00+02:00' }).endsAt).toBe(
      '2027-06-12T21:00:00.000Z',
    );
    expect(issues(ActivityCreateSchema, { ...minimal, endsAt: null })).toEqual([]);
  });

  it('checks meal options: entries, unique values', () => {
    expect(
      v.parse(ActivityCreateSchema, {
        ...minimal,
        mealOptions: [
          { value: 'beef', text: 'Beef' },
          { value: 'veg', text: 'Vegetarian', disabled: true },
        ],
      }).mealOptions,
    ).toEqual([
      { value: 'beef', text: 'Beef' },
      { value: 'veg', text: 'Vegetarian', disabled: true },
    ]);
    expect(
      issues(ActivityCreateSchema, {
        ...minimal,
        mealOptions: [
          { value: 'beef', text: 'Beef' },
          { value: 'beef', text: 'Steak' },
        ],
      }),
    ).toEqual([{ path: 'mealOptions.1.value', message: 'Option value "beef" is used more than once.' }]);
    expect(issues(ActivityCreateSchema, { ...minimal, mealOptions: 'beef' })).toEqual([
      { path: 'mealOptions', message: 'Meal options must be a list.' },
    ]);
  });

  it('needs a whole sortOrder', () => {
    expect(issues(ActivityCreateSchema, { ...minimal, sortOrder: 1.5 })).toEqual([
      { path: 'sortOrder', message: 'Sort order must be a whole number.' },
    ]);
  });

  it('refuses read-only fields', () => {
    expect(issues(ActivityCreateSchema, { ...minimal, occasionId: 'o' })).toEqual([
      { path: 'occasionId', message: 'Unknown field "occasionId".' },
    ]);
  });
});

describe('ActivityUpdateSchema', () => {
  it('takes any subset without defaults', () => {
    expect(v.parse(ActivityUpdateSchema, { dressCode: 'Garden formal' })).toEqual({ dressCode: 'Garden formal' });
    expect(v.parse(ActivityUpdateSchema, { endsAt: '' })).toEqual({ endsAt: null });
  });

  it('checks the times when both are given, and via the merged entity otherwise', () => {
    expect(issues(ActivityUpdateSchema, { startsAt: '2027-06-12T20:00:00Z', endsAt: '2027-06-12T19:00:00Z' })).toEqual([
      { path: 'endsAt', message: 'End time cannot be before the start time.' },
    ]);
    const stored = v.parse(ActivityCreateSchema, { ...minimal, endsAt: '2027-06-12T22:00:00Z' });
    const patch = v.parse(ActivityUpdateSchema, { startsAt: '2027-06-12T23:00:00Z' });
    expect(issues(ActivityCreateSchema, { ...stored, ...patch })).toEqual([
      { path: 'endsAt', message: 'End time cannot be before the start time.' },
    ]);
  });
});
