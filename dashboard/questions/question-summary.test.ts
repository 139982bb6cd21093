import { describe, expect, it } from 'vitest';
import type { Answer } from '../../core/schemas/answer';
import type { Question } from '../../core/schemas/question';
import { answerText, summariseAnswers } from './question-summary';

const question = (id: string, kind: Question['kind'], extra: Partial<Question> = {}): Question => ({
  id,
  occasionId: 'o',
  activityId: null,
  kind,
  prompt: id,
  helpText: '',
  options: [],
  min: null,
  max: null,
  scope: 'GUEST',
  required: false,
  sortOrder: 0,
  createdAt: '',
  updatedAt: '',
  ...extra,
});
const answer = (questionId: string, value: Answer['value']): Answer => ({ questionId, householdId: 'h', guestId: null, value, updatedAt: '' });
const days = question('days', 'MULTIPLE_CHOICE', { options: [{ value: 'fri', text: 'Friday' }, { value: 'sat', text: 'Saturday', disabled: true }] });

describe('the summary of a question', () => {
  it('counts choices in option order, yes and no, lists texts, and gives min, average and max', () => {
    const answers = [answer('days', ['fri', 'sat']), answer('days', ['sat']), answer('ok', true), answer('ok', false), answer('ok', true), answer('n', 2), answer('n', 5), answer('t', 'Hi')];
    expect(summariseAnswers(days, answers)).toEqual({ kind: 'counts', answered: 2, counts: [{ label: 'Friday', count: 1 }, { label: 'Saturday (closed)', count: 2 }] });
    expect(summariseAnswers(question('ok', 'YES_NO'), answers)).toEqual({ kind: 'counts', answered: 3, counts: [{ label: 'Yes', count: 2 }, { label: 'No', count: 1 }] });
    expect(summariseAnswers(question('n', 'NUMBER'), answers)).toEqual({ kind: 'numbers', answered: 2, min: 2, max: 5, average: 3.5 });
    expect(summariseAnswers(question('t', 'LONG_TEXT'), answers)).toEqual({ kind: 'texts', answered: 1, texts: ['Hi'] });
    expect(summariseAnswers(question('none', 'SHORT_TEXT'), answers)).toEqual({ kind: 'none', answered: 0 });
  });

  it('writes answers as people read them', () => {
    expect(answerText(days, ['fri', 'sat'])).toBe('Friday, Saturday');
    expect(answerText(question('ok', 'YES_NO'), false)).toBe('No');
    expect(answerText(question('n', 'NUMBER'), 2.5)).toBe('2.5');
  });
});
