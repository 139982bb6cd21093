import type { Answer, AnswerValue } from '../../core/schemas/answer';
import type { Question } from '../../core/schemas/question';

/** What the answers to one question add up to, by kind. */
export type QuestionSummary =
  | { kind: 'counts'; answered: number; counts: Array<{ label: string; count: number }> }
  | { kind: 'texts'; answered: number; texts: string[] }
  | { kind: 'numbers'; answered: number; min: number; max: number; average: number }
  | { kind: 'none'; answered: 0 };

/**
 * Sums up a question's answers: counts per option (choices, in option order) or per yes/no,
 * the texts given (texts), or the smallest, average and largest (numbers).
 */
export function summariseAnswers(question: Question, answers: readonly Answer[]): QuestionSummary {
  const values = answers.filter((answer) => answer.questionId === question.id).map((answer) => answer.value);
  if (values.length === 0) return { kind: 'none', answered: 0 };
  switch (question.kind) {
    case 'SHORT_TEXT':
    case 'LONG_TEXT':
      return { kind: 'texts', answered: values.length, texts: values.map(String) };
    case 'NUMBER': {
      const numbers = values.filter((value): value is number => typeof value === 'number');
      const total = numbers.reduce((sum, value) => sum + value, 0);
      return { kind: 'numbers', answered: numbers.length, min: Math.min(...numbers), max: Math.max(...numbers), average: total / numbers.length };
    }
    case 'YES_NO':
      return {
        kind: 'counts',
        answered: values.length,
        counts: [
          { label: 'Yes', count: values.filter((value) => value === true).length },
          { label: 'No', count: values.filter((value) => value === false).length },
        ],
      };
    default: {
      const chosen = values.flatMap((value) => (Array.isArray(value) ? value : [String(value)]));
      return {
        kind: 'counts',
        answered: values.length,
        counts: question.options.map((option) => ({
          label: option.text + (option.disabled ? ' (closed)' : ''),
          count: chosen.filter((value) => value === option.value).length,
        })),
      };
    }
  }
}

/** An answer as people read it: option texts, Yes/No, the number or text. */
export function answerText(question: Question, value: AnswerValue): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  const values = Array.isArray(value) ? value : [value];
  return values.map((entry) => question.options.find((option) => option.value === entry)?.text ?? entry).join(', ');
}
