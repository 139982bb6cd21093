import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toApiIssues } from './error';
import { fieldLabel, humanise, strictBody } from './strict-body';
import { text } from './text';

describe('humanise', () => {
  it('turns camelCase keys into sentence case', () => {
    expect(humanise('firstName')).toBe('First name');
    expect(humanise('plusOneAllowed')).toBe('Plus one allowed');
    expect(humanise('addressLine1')).toBe('Address line1');
    expect(humanise('id')).toBe('Id');
  });
});

describe('fieldLabel', () => {
  it('reads the title through optional and nullable wrappers, or humanises the key', () => {
    const name = text({ label: 'Household name', min: 1 });
    expect(fieldLabel(name, 'name')).toBe('Household name');
    expect(fieldLabel(v.optional(name, ''), 'name')).toBe('Household name');
    expect(fieldLabel(v.nullable(v.optional(name)), 'name')).toBe('Household name');
    expect(fieldLabel(v.string(), 'venueName')).toBe('Venue name');
  });
});

describe('strictBody', () => {
  const body = strictBody({
    firstName: text({ label: 'First name', min: 1 }),
    nickname: v.optional(text({ label: 'Nickname' }), ''),
    count: v.number(),
  });

  it('parses a valid body and applies defaults', () => {
    expect(v.parse(body, { firstName: ' Ana ', count: 1 })).toEqual({ firstName: 'Ana', nickname: '', count: 1 });
  });

  it('says which fields are required, by label', () => {
    const result = v.safeParse(body, {});
    expect(toApiIssues(result.issues ?? [])).toEqual([
      { path: 'firstName', message: 'First name is required.' },
      { path: 'count', message: 'Count is required.' },
    ]);
  });

  it('refuses unknown and read-only fields by name', () => {
    const result = v.safeParse(body, { firstName: 'Ana', count: 1, id: 'x' });
    expect(toApiIssues(result.issues ?? [])).toEqual([{ path: 'id', message: 'Unknown field "id".' }]);
    const long = v.safeParse(body, { firstName: 'Ana', count: 1, ['k'.repeat(100)]: 1 });
    expect(long.issues?.[0]?.message).toBe(`Unknown field "${'k'.repeat(40)}…".`);
  });

  it('refuses a __proto__ key rather than dropping it', () => {
    const input = JSON.parse('{"firstName":"Ana","count":1,"__proto__":{"admin":true}}');
    expect(v.safeParse(body, input).issues?.[0]?.message).toBe('Unknown field "__proto__".');
  });

  it('refuses an array, also once made partial, rather than taking it for an empty object', () => {
    const patch = v.partial(strictBody({ name: v.string() }));
    expect(v.safeParse(patch, {}).success).toBe(true);
    const result = v.safeParse(patch, []);
    expect(result.success).toBe(false);
    expect(toApiIssues(result.issues ?? [])).toEqual([{ path: '', message: 'Expected a JSON object.' }]);
    expect(result.issues?.[0]?.input).toEqual([]);
    expect(v.safeParse(v.pipe(patch, v.check(() => true)), []).success).toBe(false);
  });

  it('says when the body is not an object', () => {
    expect(v.safeParse(body, 'x').issues?.[0]?.message).toBe('Expected a JSON object.');
    expect(v.safeParse(body, null).issues?.[0]?.message).toBe('Expected a JSON object.');
    expect(v.safeParse(body, []).issues?.[0]?.message).toBe('Expected a JSON object.');
    expect(v.safeParse(strictBody({}, { label: 'Each line' }), 3).issues?.[0]?.message).toBe(
      'Each line must be an object.',
    );
  });
});
