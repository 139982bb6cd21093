import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toApiIssues } from './error';
import { HouseholdCreateSchema, HouseholdUpdateSchema } from './household';

function issues(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? [] : toApiIssues(result.issues);
}

describe('HouseholdCreateSchema', () => {
  it('needs a name and defaults every other field to empty', () => {
    expect(v.parse(HouseholdCreateSchema, { name: 'The Riveras' })).toEqual({
      name: 'The Riveras',
      addressLine1: '',
      addressLine2: '',
      city: '',
      state: '',
      postalCode: '',
      country: '',
      phone: '',
      email: '',
      notes: '',
    });
    expect(issues(HouseholdCreateSchema, {})).toEqual([{ path: 'name', message: 'Household name is required.' }]);
  });

  it('accepts a US address, upper-casing the state code', () => {
    const household = v.parse(HouseholdCreateSchema, {
      name: 'The Riveras',
      addressLine1: '12 Elm St',
      city: 'Hudson',
      state: 'ny',
      postalCode: '12534',
      country: 'USA',
      phone: '555-123-4567',
      email: 'riveras@example.com',
      notes: 'Bring the good wine.\nSeat near the door.',
    });
    expect(household).toMatchObject({ state: 'NY', country: 'USA', notes: 'Bring the good wine.\nSeat near the door.' });
  });

  it('enforces the country list and the state rule', () => {
    expect(issues(HouseholdCreateSchema, { name: 'A', country: 'Wakanda' })).toEqual([
      { path: 'country', message: 'Country must be one of the listed countries.' },
    ]);
    expect(issues(HouseholdCreateSchema, { name: 'A', country: 'Canada', state: 'CA' })).toEqual([
      { path: 'state', message: 'Province must be a Canadian province or territory code, such as ON.' },
    ]);
    expect(issues(HouseholdCreateSchema, { name: 'A', country: 'USA', state: 'BC' })).toEqual([
      { path: 'state', message: 'State must be a US state or territory code, such as NY.' },
    ]);
  });

  it('limits postal code and phone', () => {
    expect(issues(HouseholdCreateSchema, { name: 'A', postalCode: '1'.repeat(21), phone: '1'.repeat(33) })).toEqual([
      { path: 'postalCode', message: 'Postal code must be at most 20 characters.' },
      { path: 'phone', message: 'Phone must be at most 32 characters.' },
    ]);
  });

  it('refuses read-only fields', () => {
    for (const key of ['inviteCode', 'guestIds', 'id', 'occasionId']) {
      expect(issues(HouseholdCreateSchema, { name: 'A', [key]: 'x' })).toEqual([{ path: key, message: `Unknown field "${key}".` }]);
    }
  });
});

describe('HouseholdUpdateSchema', () => {
  it('takes any subset without defaults', () => {
    expect(v.parse(HouseholdUpdateSchema, { city: 'Albany' })).toEqual({ city: 'Albany' });
  });

  it('checks the state rule when both are given, and via the merged entity otherwise', () => {
    expect(issues(HouseholdUpdateSchema, { country: 'USA', state: 'ON' })).toEqual([
      { path: 'state', message: 'State must be a US state or territory code, such as NY.' },
    ]);
    const stored = v.parse(HouseholdCreateSchema, { name: 'A', country: 'USA', state: 'NY' });
    const patch = v.parse(HouseholdUpdateSchema, { country: 'Canada' });
    expect(patch).toEqual({ country: 'Canada' });
    expect(issues(HouseholdCreateSchema, { ...stored, ...patch })).toEqual([
      { path: 'state', message: 'Province must be a Canadian province or territory code, such as ON.' },
    ]);
    expect(v.parse(HouseholdCreateSchema, stored)).toEqual(stored);
  });
});
