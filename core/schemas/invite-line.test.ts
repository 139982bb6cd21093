import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toApiIssues } from './error';
import { InviteLineCreateSchema, InviteLineUpdateSchema, InviteLinesBulkSchema } from './invite-line';

function issues(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? [] : toApiIssues(result.issues);
}

describe('InviteLineCreateSchema', () => {
  it('needs a guest and an activity; the answer defaults to pending', () => {
    expect(v.parse(InviteLineCreateSchema, { guestId: 'g1', activityId: 'a1' })).toEqual({
      guestId: 'g1',
      activityId: 'a1',
      response: 'PENDING',
      mealChoice: null,
    });
    expect(issues(InviteLineCreateSchema, {})).toEqual([
      { path: 'guestId', message: 'Guest id is required.' },
      { path: 'activityId', message: 'Activity id is required.' },
    ]);
  });

  it('checks the response and meal choice', () => {
    expect(issues(InviteLineCreateSchema, { guestId: 'g1', activityId: 'a1', response: 'MAYBE', mealChoice: 3 })).toEqual([
      { path: 'response', message: 'Response must be PENDING, ATTENDING or DECLINED.' },
      { path: 'mealChoice', message: 'Meal choice must be text.' },
    ]);
    expect(v.parse(InviteLineCreateSchema, { guestId: 'g1', activityId: 'a1', mealChoice: '' }).mealChoice).toBeNull();
  });
});

describe('InviteLineUpdateSchema', () => {
  it('changes only the answer', () => {
    expect(v.parse(InviteLineUpdateSchema, { response: 'ATTENDING', mealChoice: 'fish' })).toEqual({
      response: 'ATTENDING',
      mealChoice: 'fish',
    });
    expect(v.parse(InviteLineUpdateSchema, {})).toEqual({});
    for (const key of ['guestId', 'activityId', 'respondedAt', 'respondedBy']) {
      expect(issues(InviteLineUpdateSchema, { [key]: 'x' })).toEqual([{ path: key, message: `Unknown field "${key}".` }]);
    }
  });
});

describe('InviteLinesBulkSchema', () => {
  it('takes rows with invited and an optional answer', () => {
    expect(
      v.parse(InviteLinesBulkSchema, {
        lines: [
          { guestId: 'g1', activityId: 'a1', invited: true },
          { guestId: 'g2', activityId: 'a1', invited: false },
          { guestId: 'g3', activityId: 'a1', invited: true, response: 'ATTENDING', mealChoice: 'fish' },
        ],
      }).lines,
    ).toEqual([
      { guestId: 'g1', activityId: 'a1', invited: true },
      { guestId: 'g2', activityId: 'a1', invited: false },
      { guestId: 'g3', activityId: 'a1', invited: true, response: 'ATTENDING', mealChoice: 'fish' },
    ]);
  });

  it('needs 1 to 50,000 rows, each with invited', () => {
    expect(issues(InviteLinesBulkSchema, { lines: [] })).toEqual([{ path: 'lines', message: 'Lines needs at least one line.' }]);
    expect(issues(InviteLinesBulkSchema, { lines: [{ guestId: 'g1', activityId: 'a1' }] })).toEqual([
      { path: 'lines.0.invited', message: 'Invited is required.' },
    ]);
    const rows = Array.from({ length: 50001 }, (_, index) => ({ guestId: `g${index}`, activityId: 'a1', invited: true }));
    expect(issues(InviteLinesBulkSchema, { lines: rows })).toEqual([
      { path: 'lines', message: 'Lines can have at most 50,000 entries.' },
    ]);
  });

  it('refuses the same guest and activity twice, on the repeating row', () => {
    expect(
      issues(InviteLinesBulkSchema, {
        lines: [
          { guestId: 'g1', activityId: 'a1', invited: true },
          { guestId: 'g1', activityId: 'a2', invited: true },
          { guestId: 'g1', activityId: 'a1', invited: false },
        ],
      }),
    ).toEqual([{ path: 'lines.2', message: 'This guest and activity are already in lines.0.' }]);
  });

  it('validates 50,000 rows quickly', () => {
    const lines = Array.from({ length: 50000 }, (_, index) => ({
      guestId: `g${index % 10000}`,
      activityId: `a${Math.floor(index / 10000)}`,
      invited: true,
      response: 'ATTENDING',
      mealChoice: 'fish',
    }));
    const started = performance.now();
    expect(v.safeParse(InviteLinesBulkSchema, { lines }).success).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
