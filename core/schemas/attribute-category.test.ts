import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AttributeCategoryCreateSchema, AttributeCategoryUpdateSchema } from './attribute-category';
import { toApiIssues } from './error';

function issues(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? [] : toApiIssues(result.issues);
}

describe('AttributeCategoryCreateSchema', () => {
  it('needs a name and defaults the rest', () => {
    expect(v.parse(AttributeCategoryCreateSchema, { name: 'Side' })).toEqual({
      name: 'Side',
      multiple: false,
      options: [],
      sortOrder: 0,
    });
    expect(issues(AttributeCategoryCreateSchema, {})).toEqual([{ path: 'name', message: 'Name is required.' }]);
    expect(issues(AttributeCategoryCreateSchema, { name: 'x'.repeat(101) })).toEqual([
      { path: 'name', message: 'Name must be at most 100 characters.' },
    ]);
  });

  it('needs unique option values', () => {
    const options = [
      { value: 'bride', text: 'Bride' },
      { value: 'groom', text: 'Groom' },
      { value: 'bride', text: 'Also bride' },
    ];
    expect(issues(AttributeCategoryCreateSchema, { name: 'Side', options })).toEqual([
      { path: 'options.2.value', message: 'Option value "bride" is used more than once.' },
    ]);
  });

  it('needs a boolean multiple', () => {
    expect(issues(AttributeCategoryCreateSchema, { name: 'Side', multiple: 'no' })).toEqual([
      { path: 'multiple', message: 'Multiple must be true or false.' },
    ]);
  });
});

describe('AttributeCategoryUpdateSchema', () => {
  it('takes any subset and refuses read-only fields', () => {
    expect(v.parse(AttributeCategoryUpdateSchema, { multiple: true })).toEqual({ multiple: true });
    expect(issues(AttributeCategoryUpdateSchema, { occasionId: 'x' })).toEqual([
      { path: 'occasionId', message: 'Unknown field "occasionId".' },
    ]);
  });
});
