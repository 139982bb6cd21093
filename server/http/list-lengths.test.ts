import { describe, expect, it } from 'vitest';
import { GuestBulkSchema } from '../../core/schemas/guest';
import { InviteLinesBulkSchema } from '../../core/schemas/invite-line';
import { ApiError } from '../data/api-error';
import { refuseLongLists, topLevelListLengths } from './list-lengths';

describe('topLevelListLengths', () => {
  it('counts the items of the lists directly in the body object, whatever the items hold', () => {
    const body = {
      lines: [{ a: [1, 2, 3], b: { c: '], [, {' } }, 'x,y', 3, null, [], {}],
      empty: [],
      nested: { inner: [1, 2] },
      text: 'not a list, [1, 2]',
      quoted: ['he said \"a, b\"', 'back\\\\slash, and more'],
    };
    expect(topLevelListLengths(JSON.stringify(body))).toEqual(new Map([['lines', 6], ['empty', 0], ['quoted', 2]]));
    expect(topLevelListLengths(JSON.stringify(body, null, 2))).toEqual(new Map([['lines', 6], ['empty', 0], ['quoted', 2]]));
    expect(topLevelListLengths('[1, 2, 3]')).toEqual(new Map());
    expect(topLevelListLengths('{"lines":[ ]}')).toEqual(new Map([['lines', 0]]));
  });

  it('counts 2.7 million rows of an 8 MB body in a fraction of the time parsing takes', () => {
    const text = `{"lines":[${'{},'.repeat(2_700_000)}{}]}`;
    const started = performance.now();
    expect(topLevelListLengths(text).get('lines')).toBe(2_700_001);
    const counted = performance.now() - started;
    const parseStarted = performance.now();
    JSON.parse(text);
    const parsed = performance.now() - parseStarted;
    expect(counted).toBeLessThan(parsed);
  });
});

describe('refuseLongLists', () => {
  const refusal = (schema: Parameters<typeof refuseLongLists>[0], text: string) => {
    try {
      refuseLongLists(schema, text);
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      return { status: (error as ApiError).status, code: (error as ApiError).code, issues: (error as ApiError).issues };
    }
  };

  it("refuses a list longer than the schema's bound with the schema's message, and lets the rest through", () => {
    const rows = (n: number) => `{"lines":[${Array(n).fill('{}').join(',')}]}`;
    expect(refusal(InviteLinesBulkSchema, rows(50_001))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'lines', message: 'Lines can have at most 50,000 entries.' }],
    });
    expect(refusal(InviteLinesBulkSchema, rows(50_000))).toBeUndefined();
    expect(refusal(GuestBulkSchema, `{"guests":[${Array(10_001).fill('{}').join(',')}]}`)?.issues).toEqual([
      { path: 'guests', message: 'Guests can have at most 10,000 entries.' },
    ]);
    expect(refusal(GuestBulkSchema, `{"other":[${Array(10_001).fill('{}').join(',')}]}`)).toBeUndefined();
  });
});
