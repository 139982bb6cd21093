import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toApiIssues } from './error';
import { GuestBulkSchema, GuestCreateSchema, GuestUpdateSchema, GuestUpsertSchema } from './guest';

function issues(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? [] : toApiIssues(result.issues);
}

describe('GuestCreateSchema', () => {
  it('needs a first name and defaults the rest', () => {
    expect(v.parse(GuestCreateSchema, { firstName: 'Ana' })).toEqual({
      householdId: null,
      firstName: 'Ana',
      lastName: '',
      email: '',
      phone: '',
      ageGroup: 'ADULT',
      plusOneAllowed: false,
      dietaryNotes: '',
      attributes: {},
      notes: '',
    });
    expect(issues(GuestCreateSchema, {})).toEqual([{ path: 'firstName', message: 'First name is required.' }]);
  });

  it('checks each field', () => {
    expect(
      issues(GuestCreateSchema, {
        householdId: 'no spaces allowed',
        firstName: 'x'.repeat(101),
        lastName: 'y'.repeat(101),
        email: 'ana@',
        phone: '1'.repeat(33),
        ageGroup: 'TEEN',
        plusOneAllowed: 'yes',
        dietaryNotes: 'z'.repeat(1001),
      }),
    ).toEqual([
      { path: 'householdId', message: 'Household id is not a valid id.' },
      { path: 'firstName', message: 'First name must be at most 100 characters.' },
      { path: 'lastName', message: 'Last name must be at most 100 characters.' },
      { path: 'email', message: 'Email must be a valid email address.' },
      { path: 'phone', message: 'Phone must be at most 32 characters.' },
      { path: 'ageGroup', message: 'Age group must be ADULT, CHILD or INFANT.' },
      { path: 'plusOneAllowed', message: 'Plus-one allowed must be true or false.' },
      { path: 'dietaryNotes', message: 'Dietary notes must be at most 1,000 characters.' },
    ]);
  });

  it('maps attribute category ids to option values, without repeats', () => {
    expect(
      v.parse(GuestCreateSchema, { firstName: 'Ana', attributes: { cat_side: ['bride', 'bride'], cat_list: ['A'] } }).attributes,
    ).toEqual({ cat_side: ['bride'], cat_list: ['A'] });
    expect(issues(GuestCreateSchema, { firstName: 'Ana', attributes: { 'bad id': ['x'] } })).toEqual([
      { path: 'attributes.bad id', message: 'Attribute category id is not a valid id.' },
    ]);
    expect(issues(GuestCreateSchema, { firstName: 'Ana', attributes: { cat: 'bride' } })).toEqual([
      { path: 'attributes.cat', message: 'Attribute values must be a list.' },
    ]);
    expect(issues(GuestCreateSchema, { firstName: 'Ana', attributes: { cat: [''] } })).toEqual([
      { path: 'attributes.cat.0', message: 'Attribute value is required.' },
    ]);
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, index) => [`c${index}`, ['x']]));
    expect(issues(GuestCreateSchema, { firstName: 'Ana', attributes: many })).toEqual([
      { path: 'attributes', message: 'Attributes can have at most 200 categories.' },
    ]);
  });

  it('refuses read-only fields', () => {
    for (const key of ['plusOneOf', 'invitations', 'occasionId', 'id', 'createdAt']) {
      expect(issues(GuestCreateSchema, { firstName: 'Ana', [key]: null })).toEqual([
        { path: key, message: `Unknown field "${key}".` },
      ]);
    }
  });
});

describe('GuestUpdateSchema', () => {
  it('takes any subset without defaults, including a null household', () => {
    expect(v.parse(GuestUpdateSchema, { householdId: null })).toEqual({ householdId: null });
    expect(v.parse(GuestUpdateSchema, { ageGroup: 'CHILD' })).toEqual({ ageGroup: 'CHILD' });
    expect(issues(GuestUpdateSchema, { firstName: '' })).toEqual([{ path: 'firstName', message: 'First name is required.' }]);
  });
});

describe('GuestUpsertSchema', () => {
  it('updates with an id and any subset of fields', () => {
    expect(v.parse(GuestUpsertSchema, { id: 'g1', email: 'ana@example.com' })).toEqual({ id: 'g1', email: 'ana@example.com' });
  });

  it('creates without an id, which needs a first name', () => {
    expect(v.parse(GuestUpsertSchema, { firstName: 'Ana', householdName: 'The Silvas' })).toEqual({
      firstName: 'Ana',
      householdName: 'The Silvas',
    });
    expect(issues(GuestUpsertSchema, { lastName: 'Silva' })).toEqual([{ path: 'firstName', message: 'First name is required.' }]);
  });

  it('takes a household id or a household name, not both', () => {
    expect(issues(GuestUpsertSchema, { firstName: 'Ana', householdId: 'h1', householdName: 'The Silvas' })).toEqual([
      { path: 'householdName', message: 'Give either a household id or a household name, not both.' },
    ]);
    expect(issues(GuestUpsertSchema, { firstName: 'Ana', householdId: null, householdName: 'The Silvas' })).toEqual([]);
    expect(issues(GuestUpsertSchema, { firstName: 'Ana', householdName: '' })).toEqual([
      { path: 'householdName', message: 'Household name is required.' },
    ]);
  });

  it('feeds GuestCreateSchema for new guests', () => {
    const { householdName: _name, ...row } = v.parse(GuestUpsertSchema, { firstName: 'Ana', householdName: 'The Silvas' });
    expect(v.parse(GuestCreateSchema, row)).toMatchObject({ firstName: 'Ana', ageGroup: 'ADULT', householdId: null });
  });
});

describe('GuestBulkSchema', () => {
  it('accepts 1 to 10,000 rows', () => {
    expect(issues(GuestBulkSchema, { guests: [] })).toEqual([{ path: 'guests', message: 'Guests needs at least one guest.' }]);
    const rows = Array.from({ length: 10001 }, (_, index) => ({ firstName: `Guest ${index}` }));
    expect(issues(GuestBulkSchema, { guests: rows })).toEqual([
      { path: 'guests', message: 'Guests can have at most 10,000 entries.' },
    ]);
    expect(v.parse(GuestBulkSchema, { guests: rows.slice(0, 10000) }).guests).toHaveLength(10000);
  });

  it('reports a bad row by index', () => {
    const guests = Array.from({ length: 45 }, (_, index) => ({ firstName: `Guest ${index}`, email: '' }));
    guests[41] = { firstName: 'Ana', email: 'ana at example.com' };
    expect(issues(GuestBulkSchema, { guests })).toEqual([
      { path: 'guests.41.email', message: 'Email must be a valid email address.' },
    ]);
    expect(issues(GuestBulkSchema, { guests: [{ firstName: 'Ana', color: 'red' }] })).toEqual([
      { path: 'guests.0.color', message: 'Unknown field "color".' },
    ]);
    expect(issues(GuestBulkSchema, { guests: ['Ana'] })).toEqual([{ path: 'guests.0', message: 'Each guest must be an object.' }]);
  });

  it('refuses the same guest id twice', () => {
    expect(issues(GuestBulkSchema, { guests: [{ id: 'g1' }, { firstName: 'New' }, { id: 'g1', lastName: 'X' }] })).toEqual([
      { path: 'guests.2.id', message: 'This guest is already in guests.0.' },
    ]);
  });

  it('validates 10,000 full rows quickly', () => {
    const guests = Array.from({ length: 10000 }, (_, index) => ({
      firstName: `Guest ${index}`,
      lastName: 'Silva',
      email: `guest${index}@example.com`,
      phone: '555-123-4567',
      householdName: `Household ${index % 4000}`,
      attributes: { side: ['bride'] },
      dietaryNotes: 'No nuts',
    }));
    const started = performance.now();
    expect(v.safeParse(GuestBulkSchema, { guests }).success).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
