/** Answers to the host's questions as cells: written on export, read back on import. */
import * as v from 'valibot';
import { answerValueSchema, type Answer, type AnswerValue } from '../../core/schemas/answer';
import type { Guest } from '../../core/schemas/guest';
import type { Question } from '../../core/schemas/question';
import { matchOption, optionText, splitOptions, yesNoValue } from './cell-values';

/** Stored answers by question and holder (`<questionId> <guestId>` or `<questionId> h<householdId>`). */
export type StoredAnswers = ReadonlyMap<string, AnswerValue>;

/** The key of a guest's answer (`guestId`) or a household's (`householdId`, no guest). */
export function answerKey(questionId: string, holder: { guestId: string | null; householdId: string | null }): string {
  return `${questionId} ${holder.guestId ?? `h${holder.householdId}`}`;
}

export function storedAnswers(answers: readonly Answer[]): StoredAnswers {
  return new Map(answers.map((answer) => [answerKey(answer.questionId, answer), answer.value]));
}

/** The stored answer of the guest, or of the guest's household for a household question. */
export function storedAnswerOf(stored: StoredAnswers, question: Question, guest: Guest): AnswerValue | undefined {
  const holder = question.scope === 'HOUSEHOLD' ? { guestId: null, householdId: guest.householdId } : { guestId: guest.id, householdId: null };
  return stored.get(answerKey(question.id, holder));
}

/** An answer as a cell: option texts joined with `; `, Yes or No, the number or the text. */
export function answerCell(question: Question, value: AnswerValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((entry) => optionText(question.options, entry)).join('; ');
  return question.kind === 'SINGLE_CHOICE' ? optionText(question.options, String(value)) : String(value);
}

/** The question's options as a cell may name them (whether one is closed is the schema's to judge). */
function openAndClosedOptions(question: Question): { value: string; text: string }[] {
  return question.options.map(({ disabled: _disabled, ...option }) => option);
}

/** A cell's value before the schema's check: by the question's kind, or `{ problem }`. */
function cellAnswer(question: Question, text: string): AnswerValue | { problem: string } {
  switch (question.kind) {
    case 'YES_NO':
      return yesNoValue(text) ?? { problem: `“${text}” is not Yes or No.` };
    case 'NUMBER':
      return Number(text.replace(',', '.'));
    case 'SINGLE_CHOICE':
      return matchOption(openAndClosedOptions(question), text)?.value ?? text;
    case 'MULTIPLE_CHOICE': {
      const options = openAndClosedOptions(question);
      return splitOptions(options, text).map((part) => matchOption(options, part)?.value ?? part);
    }
    default:
      return text;
  }
}

/**
 * A question's cell as an answer: choices by option value or text (several split like
 * attributes), Yes/No words, a number; empty clears. Checked with core's schema, so a closed
 * option is taken only where the stored answer already holds it.
 */
export function readAnswerCell(question: Question, text: string, stored: AnswerValue | undefined): { value: AnswerValue | null } | { problem: string } {
  if (text === '') return { value: null };
  const value = cellAnswer(question, text);
  if (typeof value === 'object' && !Array.isArray(value)) return value;
  const checked = v.safeParse(answerValueSchema(question, stored), value);
  return checked.success ? { value: checked.output } : { problem: checked.issues[0].message };
}
