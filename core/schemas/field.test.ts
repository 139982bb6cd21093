import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toApiIssues } from './error';
import { choice, crossCheck, flag, integer, list, MAX_LIST_ISSUES, nullOr, uniqueItems } from './field';
import { strictBody } from './strict-body';
import { instantField, text } from './text';

function messages(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
}

describe('flag', () => {
  it('accepts only booleans', () => {
    expect(v.parse(flag('Multiple'), true)).toBe(true);
    expect(v.parse(flag('Multiple'), false)).toBe(false);
    expect(messages(flag('Multiple'), 'true')).toEqual(['Multiple must be true or false.']);
    expect(messages(flag('Multiple'), 1)).toEqual(['Multiple must be true or false.']);
    expect(v.getTitle(flag('Multiple'))).toBe('Multiple');
  });
});

describe('integer', () => {
  const sortOrder = integer({ label: 'Sort order' });

  it('accepts whole numbers within a 32-bit column', () => {
    expect(v.parse(sortOrder, 0)).toBe(0);
    expect(v.parse(sortOrder, -5)).toBe(-5);
    expect(v.parse(sortOrder, 2147483647)).toBe(2147483647);
  });

  it('refuses fractions, strings and out-of-range numbers', () => {
    expect(messages(sortOrder, 1.5)).toEqual(['Sort order must be a whole number.']);
    expect(messages(sortOrder, '3')).toEqual(['Sort order must be a number.']);
    expect(messages(sortOrder, 2147483648)).toEqual(['Sort order must be between -2147483648 and 2147483647.']);
    expect(messages(integer({ label: 'Count', min: 0, max: 10 }), -1)).toEqual(['Count must be between 0 and 10.']);
  });
});

describe('choice', () => {
  it('lists the allowed values in its message', () => {
    const ageGroup = choice(['ADULT', 'CHILD', 'INFANT'], 'Age group');
    expect(v.parse(ageGroup, 'CHILD')).toBe('CHILD');
    expect(messages(ageGroup, 'child')).toEqual(['Age group must be ADULT, CHILD or INFANT.']);
    expect(messages(choice(['YES'], 'Answer'), 'NO')).toEqual(['Answer must be YES.']);
  });
});

describe('nullOr', () => {
  const deadline = nullOr(instantField({ label: 'RSVP deadline' }));

  it('accepts null, and a blank string as null', () => {
    expect(v.parse(deadline, null)).toBeNull();
    expect(v.parse(deadline, '')).toBeNull();
    expect(v.parse(deadline, '   ')).toBeNull();
  });

  it('validates and transforms a present value with the inner schema', () => {
    expect(v.parse(deadline, '2027-05-01T23:59:00-04:00')).toBe('2027-05-02T03:59:00.000Z');
    expect(messages(deadline, 'soon')).toEqual([
      'RSVP deadline must be a date and time with a time zone, like 2027-06-12T22:00:00Z.',
    ]);
    expect(messages(deadline, 5)).toEqual(['RSVP deadline must be text.']);
    expect(v.getTitle(deadline)).toBe('RSVP deadline');
  });
});

describe('list', () => {
  const names = list(text({ label: 'Name', min: 1 }), { label: 'Names', min: 1, max: 2, tooFew: 'Add a name.' });

  it('bounds the number of items', () => {
    expect(v.parse(names, ['a', 'b'])).toEqual(['a', 'b']);
    expect(messages(names, [])).toEqual(['Add a name.']);
    expect(messages(names, ['a', 'b', 'c'])).toEqual(['Names can have at most 2 entries.']);
    expect(messages(names, 'a')).toEqual(['Names must be a list.']);
  });

  it('reports item issues at their index', () => {
    const result = v.safeParse(names, ['a', '']);
    expect(toApiIssues(result.issues ?? [])).toEqual([{ path: '1', message: 'Name is required.' }]);
  });

  it('refuses a list past its bound without checking any item', () => {
    const checked: unknown[] = [];
    const spy = list(v.pipe(v.unknown(), v.check((item) => (checked.push(item), false), 'Bad.')), { label: 'Rows', max: 3 });
    expect(messages(spy, Array.from({ length: 1_000_000 }, () => ({})))).toEqual(['Rows can have at most 3 entries.']);
    expect(checked).toEqual([]);
  });

  it(`stops checking items once ${MAX_LIST_ISSUES} issues are found`, () => {
    const rows = list(v.object({ a: v.string(), b: v.string() }), { label: 'Rows', max: 50_000 });
    const result = v.safeParse(rows, Array.from({ length: 50_000 }, () => ({})));
    expect(result.issues).toHaveLength(MAX_LIST_ISSUES);
    expect(toApiIssues(result.issues ?? []).slice(0, 3).map((issue) => issue.path)).toEqual(['0.a', '0.b', '1.a']);
  });
});

describe('uniqueItems', () => {
  it('reports each repeat at its own index, naming the first', () => {
    const schema = v.pipe(
      v.array(v.object({ k: v.string() })),
      uniqueItems(
        (item: { k: string }) => item.k,
        (key, first) => `${key} repeats item ${first}.`,
        'k',
      ),
    );
    const result = v.safeParse(schema, [{ k: 'a' }, { k: 'b' }, { k: 'a' }, { k: 'a' }]);
    expect(toApiIssues(result.issues ?? [])).toEqual([
      { path: '2.k', message: 'a repeats item 0.' },
      { path: '3.k', message: 'a repeats item 0.' },
    ]);
    expect(v.is(schema, [{ k: 'a' }, { k: 'b' }])).toBe(true);
  });

  it('skips items without a key', () => {
    const schema = v.pipe(
      v.array(v.object({ k: v.optional(v.string()) })),
      uniqueItems((item: { k?: string }) => item.k, () => 'repeat'),
    );
    expect(v.is(schema, [{}, {}, { k: 'x' }])).toBe(true);
    const result = v.safeParse(schema, [{ k: 'x' }, { k: 'x' }]);
    expect(toApiIssues(result.issues ?? [])).toEqual([{ path: '1', message: 'repeat' }]);
  });
});

describe('crossCheck', () => {
  interface Range {
    from?: number;
    to?: number;
    name?: string;
  }
  function ordered<T extends Range>(): v.RawCheckAction<T> {
    return crossCheck<T>(['from', 'to'], 'to', ({ from, to }) =>
      from !== undefined && to !== undefined && to < from ? 'To cannot be before from.' : undefined,
    );
  }
  const schema = v.pipe(
    strictBody({
      from: v.optional(v.number('From must be a number.')),
      to: v.optional(v.number('To must be a number.')),
      name: v.optional(text({ label: 'Name', min: 1 })),
    }),
    ordered(),
  );

  it('reports a broken rule on the target field', () => {
    const result = v.safeParse(schema, { from: 5, to: 3 });
    expect(toApiIssues(result.issues ?? [])).toEqual([{ path: 'to', message: 'To cannot be before from.' }]);
    expect(v.is(schema, { from: 3, to: 5 })).toBe(true);
    expect(v.is(schema, { to: 1 })).toBe(true);
  });

  it('still runs when unrelated fields fail, and not when its own fields fail', () => {
    const both = v.safeParse(schema, { from: 5, to: 3, name: '' });
    expect(toApiIssues(both.issues ?? [])).toEqual([
      { path: 'name', message: 'Name is required.' },
      { path: 'to', message: 'To cannot be before from.' },
    ]);
    const own = v.safeParse(schema, { from: 'x', to: 3 });
    expect(toApiIssues(own.issues ?? [])).toEqual([{ path: 'from', message: 'From must be a number.' }]);
  });
});
