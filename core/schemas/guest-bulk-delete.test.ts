import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toApiIssues } from './error';
import { GuestBulkDeleteSchema } from './guest-bulk-delete';

function issues(input: unknown) {
  const result = v.safeParse(GuestBulkDeleteSchema, input);
  return result.success ? [] : toApiIssues(result.issues);
}

const ids = (count: number) => Array.from({ length: count }, (_, index) => `guest${index}`);

describe('GuestBulkDeleteSchema', () => {
  it('takes 1 to 10,000 distinct guest ids', () => {
    expect(v.parse(GuestBulkDeleteSchema, { ids: ['a1', 'b2'] })).toEqual({ ids: ['a1', 'b2'] });
    expect(v.parse(GuestBulkDeleteSchema, { ids: ids(10000) }).ids).toHaveLength(10000);
    expect(issues({ ids: [] })).toEqual([{ path: 'ids', message: 'Give at least one guest id.' }]);
    expect(issues({ ids: ids(10001) })).toEqual([{ path: 'ids', message: 'Guest ids can have at most 10,000 entries.' }]);
  });

  it('checks the count before the items: a huge list of bad items is one issue', () => {
    const result = v.safeParse(GuestBulkDeleteSchema, { ids: Array.from({ length: 100_000 }, () => ({})) });
    expect(result.issues?.map((issue) => issue.message)).toEqual(['Guest ids can have at most 10,000 entries.']);
  });

  it('names the bad or repeated item by its index', () => {
    expect(issues({ ids: ['a1', 'no spaces', 7, 'a1'] })).toEqual([
      { path: 'ids.1', message: 'Guest id is not a valid id.' },
      { path: 'ids.2', message: expect.stringMatching(/Guest id/) },
    ]);
    expect(issues({ ids: ['a1', 'b2', 'a1'] })).toEqual([{ path: 'ids.2', message: 'This guest is already in ids.0.' }]);
  });

  it('refuses anything but { ids: [...] }', () => {
    expect(issues({ ids: 'a1' })).toEqual([{ path: 'ids', message: 'Guest ids must be a list.' }]);
    expect(issues({ ids: ['a1'], all: true })).toEqual([expect.objectContaining({ path: 'all' })]);
    expect(issues([])).toHaveLength(1);
  });
});
