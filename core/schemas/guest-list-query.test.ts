import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { GUEST_LIST_LIMIT_MAX, GuestListQuerySchema } from './guest-list-query';

describe('GuestListQuerySchema', () => {
  it('takes no limit (the whole list) or a limit as a number, at both bounds', () => {
    expect(v.parse(GuestListQuerySchema, {})).toEqual({});
    expect(v.parse(GuestListQuerySchema, { limit: '1' })).toEqual({ limit: 1 });
    expect(v.parse(GuestListQuerySchema, { limit: String(GUEST_LIST_LIMIT_MAX) })).toEqual({ limit: GUEST_LIST_LIMIT_MAX });
  });

  it('refuses a limit just past its bounds, one that is not a whole number, and unknown keys', () => {
    for (const query of [{ limit: '0' }, { limit: String(GUEST_LIST_LIMIT_MAX + 1) }, { limit: '1.5' }, { limit: '' }, { limit: '-1' }, { limit: '1e2' }, { offset: '2' }]) {
      expect(v.safeParse(GuestListQuerySchema, query).success, JSON.stringify(query)).toBe(false);
    }
  });
});
