import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { GuestErasureParamsSchema, HouseholdErasureParamsSchema, RetentionPostponeSchema, RetentionUpdateSchema } from './data-rights';

const paths = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? [] : result.issues.map((issue) => v.getDotPath(issue));
};

describe('data rights schemas', () => {
  it('takes retention days from 1 to 3,650 and postponements from 1 to 365, whole numbers only', () => {
    expect(v.parse(RetentionUpdateSchema, { days: 1 })).toEqual({ days: 1 });
    expect(v.parse(RetentionUpdateSchema, { days: 3650 })).toEqual({ days: 3650 });
    for (const days of [0, 3651, 1.5, '30', null, -1]) expect(paths(RetentionUpdateSchema, { days })).toEqual(['days']);
    expect(paths(RetentionUpdateSchema, { days: 30, extra: true })).toEqual(['extra']);
    expect(v.parse(RetentionPostponeSchema, { days: 365 })).toEqual({ days: 365 });
    for (const days of [0, 366, 2.5]) expect(paths(RetentionPostponeSchema, { days })).toEqual(['days']);
  });

  it('takes ids in the erasure paths and refuses anything else', () => {
    expect(v.parse(GuestErasureParamsSchema, { occasionId: 'o-1', guestId: 'g_2' })).toEqual({ occasionId: 'o-1', guestId: 'g_2' });
    expect(paths(GuestErasureParamsSchema, { occasionId: 'o', guestId: 'a b' })).toEqual(['guestId']);
    expect(paths(HouseholdErasureParamsSchema, { occasionId: 'o', householdId: 'x'.repeat(65) })).toEqual(['householdId']);
  });
});
