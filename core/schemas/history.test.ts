import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { GuestBulkQuerySchema, HISTORY_LIMIT_MAX, HistoryQuerySchema } from './history';

describe('HistoryQuerySchema', () => {
  it('reads the limit as a number (50 unless given) and keeps the cursor and filters', () => {
    expect(v.parse(HistoryQuerySchema, {})).toEqual({ limit: 50 });
    expect(v.parse(HistoryQuerySchema, { limit: '200', cursor: '41', guestId: 'g1', householdId: 'h1' })).toEqual({
      limit: 200,
      cursor: '41',
      guestId: 'g1',
      householdId: 'h1',
    });
  });

  it('refuses a limit just past its bounds, a cursor that is not one, and unknown keys', () => {
    for (const query of [{ limit: '0' }, { limit: String(HISTORY_LIMIT_MAX + 1) }, { limit: '1.5' }, { cursor: '0' }, { cursor: '1'.repeat(16) }, { cursor: '-1' }, { page: '2' }]) {
      expect(v.safeParse(HistoryQuerySchema, query).success, JSON.stringify(query)).toBe(false);
    }
    expect(v.safeParse(HistoryQuerySchema, { cursor: '9'.repeat(15) }).success).toBe(true);
  });
});

describe('GuestBulkQuerySchema', () => {
  it('takes no source or import, nothing else', () => {
    expect(v.parse(GuestBulkQuerySchema, {})).toEqual({});
    expect(v.parse(GuestBulkQuerySchema, { source: 'import' })).toEqual({ source: 'import' });
    expect(v.safeParse(GuestBulkQuerySchema, { source: 'robot' }).success).toBe(false);
    expect(v.safeParse(GuestBulkQuerySchema, { other: 'x' }).success).toBe(false);
  });
});
