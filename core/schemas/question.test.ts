import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toApiIssues } from './error';
import { QuestionCreateSchema, QuestionUpdateSchema } from './question';

function issues(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? [] : toApiIssues(result.issues);
}

const options = [
  { value: 'a', text: 'A' },
  { value: 'b', text: 'B', disabled: true },
];

describe('QuestionCreateSchema', () => {
  it('needs a kind and a prompt, and defaults the rest', () => {
    expect(v.parse(QuestionCreateSchema, { kind: 'YES_NO', prompt: ' Shuttle? ' })).toEqual({
      activityId: null,
      kind: 'YES_NO',
      prompt: 'Shuttle?',
      helpText: '',
      options: [],
      min: null,
      max: null,
      scope: 'GUEST',
      required: false,
      sortOrder: 0,
    });
    expect(issues(QuestionCreateSchema, {})).toEqual([
      { path: 'kind', message: 'Kind is required.' },
      { path: 'prompt', message: 'Question is required.' },
    ]);
    expect(issues(QuestionCreateSchema, { kind: 'YES_NO', prompt: 'x'.repeat(201) })).toEqual([
      { path: 'prompt', message: 'Question must be at most 200 characters.' },
    ]);
    expect(issues(QuestionCreateSchema, { kind: 'YES_NO', prompt: 'x', helpText: 'x'.repeat(1001) })).toEqual([
      { path: 'helpText', message: 'Help text must be at most 1,000 characters.' },
    ]);
  });

  it('gives choice questions 1 to 100 options with unique values, and other kinds none', () => {
    expect(v.parse(QuestionCreateSchema, { kind: 'SINGLE_CHOICE', prompt: 'x', options }).options).toEqual(options);
    expect(issues(QuestionCreateSchema, { kind: 'MULTIPLE_CHOICE', prompt: 'x' })).toEqual([
      { path: 'options', message: 'A choice question needs at least one option.' },
    ]);
    expect(issues(QuestionCreateSchema, { kind: 'LONG_TEXT', prompt: 'x', options })).toEqual([
      { path: 'options', message: 'Only choice questions have options.' },
    ]);
    expect(issues(QuestionCreateSchema, { kind: 'SINGLE_CHOICE', prompt: 'x', options: [...options, { value: 'a', text: 'Again' }] })).toEqual([
      { path: 'options.2.value', message: 'Option value "a" is used more than once.' },
    ]);
    const many = Array.from({ length: 101 }, (_, index) => ({ value: `v${index}`, text: `T${index}` }));
    expect(issues(QuestionCreateSchema, { kind: 'SINGLE_CHOICE', prompt: 'x', options: many })).toEqual([
      { path: 'options', message: 'Options can have at most 100 entries.' },
    ]);
  });

  it('gives number questions bounds in order, and other kinds none', () => {
    expect(v.parse(QuestionCreateSchema, { kind: 'NUMBER', prompt: 'x', min: 1, max: 1 })).toMatchObject({ min: 1, max: 1 });
    expect(issues(QuestionCreateSchema, { kind: 'NUMBER', prompt: 'x', min: 2, max: 1 })).toEqual([
      { path: 'max', message: 'The maximum cannot be below the minimum.' },
    ]);
    expect(issues(QuestionCreateSchema, { kind: 'SHORT_TEXT', prompt: 'x', max: 3 })).toEqual([
      { path: 'min', message: 'Only number questions have a minimum and a maximum.' },
    ]);
    expect(issues(QuestionCreateSchema, { kind: 'NUMBER', prompt: 'x', min: -1_000_000_001 })).toEqual([
      { path: 'min', message: 'Minimum must be between -1,000,000,000 and 1,000,000,000.' },
    ]);
    expect(issues(QuestionCreateSchema, { kind: 'NUMBER', prompt: 'x', min: '1' })).toEqual([{ path: 'min', message: 'Minimum must be a number.' }]);
  });

  it('refuses unknown kinds and scopes and read-only fields', () => {
    expect(issues(QuestionCreateSchema, { kind: 'DATE', prompt: 'x', scope: 'TABLE', id: 'x' }).map((issue) => issue.path)).toEqual([
      'kind',
      'scope',
      'id',
    ]);
  });
});

describe('QuestionUpdateSchema', () => {
  it('takes any subset and checks the rules among the fields it is given', () => {
    expect(v.parse(QuestionUpdateSchema, { required: true })).toEqual({ required: true });
    expect(issues(QuestionUpdateSchema, { min: 5, max: 4 })).toEqual([{ path: 'max', message: 'The maximum cannot be below the minimum.' }]);
  });
});
