import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { answerListSchema, answerValueSchema, askedOf, missingRequiredAnswers, RsvpAnswerSchema, type AnswerableQuestion } from './answer';
import { toApiIssues } from './error';
import { RsvpSchema } from './event';

const question = (kind: AnswerableQuestion['kind'], extra: Partial<AnswerableQuestion> = {}): AnswerableQuestion => ({
  id: kind.toLowerCase(),
  kind,
  options: [],
  min: null,
  max: null,
  scope: 'GUEST',
  ...extra,
});
const choices = [
  { value: 'a', text: 'A' },
  { value: 'b', text: 'B', disabled: true },
];
const single = question('SINGLE_CHOICE', { options: choices });
const multiple = question('MULTIPLE_CHOICE', { options: choices, scope: 'HOUSEHOLD' });
const number = question('NUMBER', { min: 1, max: 5 });

function message(schema: v.GenericSchema, input: unknown): string | undefined {
  const result = v.safeParse(schema, input);
  return result.success ? undefined : result.issues[0].message;
}

describe('answerValueSchema', () => {
  it('checks texts by length, just past the limits', () => {
    expect(v.parse(answerValueSchema(question('SHORT_TEXT')), ` ${'x'.repeat(200)} `)).toBe('x'.repeat(200));
    expect(message(answerValueSchema(question('SHORT_TEXT')), 'x'.repeat(201))).toBe('Answer must be at most 200 characters.');
    expect(message(answerValueSchema(question('SHORT_TEXT')), 'a\nb')).toBe('Answer contains characters that are not allowed.');
    expect(v.parse(answerValueSchema(question('LONG_TEXT')), 'a\r\nb')).toBe('a\nb');
    expect(message(answerValueSchema(question('LONG_TEXT')), 'x'.repeat(5001))).toBe('Answer must be at most 5,000 characters.');
  });

  it('takes enabled options, and a disabled one only when the stored answer holds it', () => {
    expect(v.parse(answerValueSchema(single), 'a')).toBe('a');
    expect(message(answerValueSchema(single), 'b')).toBe('Choose one of the options.');
    expect(message(answerValueSchema(single), 'z')).toBe('Choose one of the options.');
    expect(v.parse(answerValueSchema(single, 'b'), 'b')).toBe('b');
    expect(v.parse(answerValueSchema(multiple, ['b']), ['a', 'b'])).toEqual(['a', 'b']);
    expect(message(answerValueSchema(multiple), ['a', 'b'])).toBe('Choose one of the options.');
    expect(message(answerValueSchema(multiple), ['a', 'a'])).toBe('An option is chosen twice.');
    expect(message(answerValueSchema(multiple), 'a')).toBe('Choose one of the options.');
  });

  it('checks yes/no and numbers within their bounds', () => {
    expect(v.parse(answerValueSchema(question('YES_NO')), false)).toBe(false);
    expect(message(answerValueSchema(question('YES_NO')), 'no')).toBe('Answer yes or no.');
    expect(v.parse(answerValueSchema(number), 5)).toBe(5);
    expect(message(answerValueSchema(number), 5.01)).toBe('Answer must be at most 5.');
    expect(message(answerValueSchema(number), 0.99)).toBe('Answer must be at least 1.');
    expect(message(answerValueSchema(question('NUMBER')), Number.NaN)).toBe('Answer must be a number.');
  });
});

describe('answerListSchema', () => {
  const schema = v.object({ answers: answerListSchema([single, multiple, number], { previous: (answer) => (answer.questionId === single.id ? 'b' : undefined) }) });
  const issues = (answers: unknown[]) => {
    const result = v.safeParse(schema, { answers });
    return result.success ? [] : toApiIssues(result.issues);
  };

  it('checks each answer against its question, scope and repeats, with answer paths', () => {
    expect(
      issues([
        { questionId: 'nope', guestId: 'g1', value: 'x' },
        { questionId: single.id, guestId: null, value: 'a' },
        { questionId: multiple.id, guestId: 'g1', value: ['a'] },
        { questionId: number.id, guestId: 'g1', value: 9 },
        { questionId: single.id, guestId: 'g1', value: 'b' },
        { questionId: single.id, guestId: 'g1', value: 'a' },
      ]),
    ).toEqual([
      { path: 'answers.0.questionId', message: 'This question is not asked here.' },
      { path: 'answers.1.guestId', message: 'Say which guest this answer is for.' },
      { path: 'answers.2.guestId', message: 'This question is answered once for the household.' },
      { path: 'answers.3.value', message: 'Answer must be at most 5.' },
      { path: 'answers.5.guestId', message: 'This question is already answered here.' },
    ]);
  });

  it('tells household answers of different households apart, and lets null through', () => {
    expect(
      issues([
        { questionId: multiple.id, householdId: 'h1', guestId: null, value: ['a'] },
        { questionId: multiple.id, householdId: 'h2', guestId: null, value: null },
      ]),
    ).toEqual([]);
  });
});

describe('who is asked', () => {
  const attendance = new Map([
    ['jane', new Set(['dinner', 'ceremony'])],
    ['jose', new Set(['ceremony'])],
    ['timmy', new Set<string>()],
  ]);

  it('asks guest questions of attendees of the activity, or of anything, and household ones when anyone comes', () => {
    expect(askedOf({ activityId: 'dinner', scope: 'GUEST' }, attendance)).toEqual({ household: false, guestIds: ['jane'] });
    expect(askedOf({ activityId: null, scope: 'GUEST' }, attendance)).toEqual({ household: false, guestIds: ['jane', 'jose'] });
    expect(askedOf({ activityId: 'brunch', scope: 'HOUSEHOLD' }, attendance)).toEqual({ household: false, guestIds: [] });
    expect(askedOf({ activityId: null, scope: 'HOUSEHOLD' }, attendance)).toEqual({ household: true, guestIds: [] });
  });

  it('finds required answers missing only for those asked', () => {
    const questions = [
      { id: 'seat', activityId: 'dinner', scope: 'GUEST' as const, required: true },
      { id: 'song', activityId: null, scope: 'GUEST' as const, required: false },
      { id: 'shuttle', activityId: null, scope: 'HOUSEHOLD' as const, required: true },
    ];
    expect(missingRequiredAnswers(questions, attendance, () => undefined)).toEqual([
      { questionId: 'seat', guestId: 'jane' },
      { questionId: 'shuttle', guestId: null },
    ]);
    expect(missingRequiredAnswers(questions, attendance, (id) => (id === 'seat' ? '' : false))).toEqual([{ questionId: 'seat', guestId: 'jane' }]);
    expect(missingRequiredAnswers(questions, new Map([['jane', new Set<string>()]]), () => undefined)).toEqual([]);
  });
});

describe('RSVP answers in the body', () => {
  it('defaults to none and checks the shape of each answer', () => {
    expect(v.parse(RsvpSchema, { responses: [] }).answers).toEqual([]);
    expect(v.parse(RsvpAnswerSchema, { questionId: 'q1', value: 3 })).toEqual({ questionId: 'q1', guestId: null, value: 3 });
    expect(v.safeParse(RsvpAnswerSchema, { questionId: 'q1', value: { a: 1 } }).success).toBe(false);
    const tooMany = Array.from({ length: 1001 }, () => ({ questionId: 'q1', value: 1 }));
    expect(v.safeParse(RsvpSchema, { responses: [], answers: tooMany }).success).toBe(false);
  });
});
