import { describe, expect, it } from 'vitest';
import { RevisionedAnswers } from './revisioned-answers';

describe('RevisionedAnswers', () => {
  it('gives an answer back only at its version, and drops it at another', () => {
    const answers = new RevisionedAnswers<string>(10);
    answers.set('o/g1', '7', '{"a":1}');
    expect(answers.get('o/g1', '7')).toBe('{"a":1}');
    expect(answers.get('o/g1', '8')).toBeUndefined();
    expect(answers.size).toBe(0);
    expect(answers.get('o/g1', '7')).toBeUndefined();
  });

  it('keeps at most its bound, dropping the least recently used key', () => {
    const answers = new RevisionedAnswers<string>(2);
    answers.set('a', '1', 'A');
    answers.set('b', '1', 'B');
    expect(answers.get('a', '1')).toBe('A');
    answers.set('c', '1', 'C');
    expect(answers.size).toBe(2);
    expect(answers.get('b', '1')).toBeUndefined();
    expect([answers.get('a', '1'), answers.get('c', '1')]).toEqual(['A', 'C']);
  });
});
