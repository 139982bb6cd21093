import { useId } from 'react';
import * as v from 'valibot';
import { answerValueSchema, isBlankAnswer, missingRequiredAnswers, type AnswerValue } from '../../core/schemas/answer';
import type { EventHousehold, EventInfo } from '../../core/schemas/event';
import type { EventQuestion } from '../../core/schemas/question';
import { primary, useLanguage, type FirstScreenStrings } from '../i18n';
import { Field, ErrorText } from '../ui/field';
import { fullName } from '../event/names';
import type { Draft } from '../event/rsvp-model';
import { askedQuestions, attendanceOf, questionAnswersBody, questionKey, type QuestionValues } from './question-model';

/**
 * The host's questions in the RSVP form: its own chunk, fetched only when the occasion has
 * questions. Values are checked with core's answer schemas, as the server checks them.
 */

/** Yes, No and the required mark, per language (the few words this chunk adds). */
const WORDS: Record<string, readonly [string, string, string]> = {
  en: ['Yes', 'No', 'required'],
  es: ['Sí', 'No', 'obligatorio'],
  fr: ['Oui', 'Non', 'obligatoire'],
  de: ['Ja', 'Nein', 'Pflichtfeld'],
  it: ['Sì', 'No', 'obbligatorio'],
  pt: ['Sim', 'Não', 'obrigatório'],
};

function useWords(): readonly [string, string, string] {
  return WORDS[primary(useLanguage().locale)] ?? WORDS.en!;
}

/** The problems of the answers by `q <key>`: required ones missing, values that do not fit. */
export function questionProblems({ questions }: EventInfo, draft: Draft, strings: FirstScreenStrings): Record<string, string> {
  const attendance = attendanceOf(draft.answers);
  const values = valuesOf(draft);
  const stored = valuesOf({ questions: {}, stored: draft.stored });
  const problems: Record<string, string> = {};
  for (const { question, who } of askedQuestions(questions, attendance)) {
    for (const guestId of who) {
      const key = questionKey(question.id, guestId);
      const value = values[key];
      if (isBlankAnswer(value)) continue;
      const result = v.safeParse(answerValueSchema(question, stored[key]), value);
      if (!result.success) problems[`q ${key}`] = result.issues[0].message;
    }
  }
  for (const { questionId, guestId } of missingRequiredAnswers(questions, attendance, (id, guestId) => values[questionKey(id, guestId)])) {
    problems[`q ${questionKey(questionId, guestId)}`] = strings.answerRequired;
  }
  return problems;
}

/** The answers being edited: those on record, overridden by the form's. */
function valuesOf(draft: Pick<Draft, 'questions' | 'stored'>): QuestionValues {
  const values: QuestionValues = {};
  for (const answer of draft.stored) values[questionKey(answer.questionId, answer.guestId)] = answer.value;
  return { ...values, ...draft.questions };
}

/** The `answers` of the RSVP body for the draft (see `questionAnswersBody`). */
export const answersBody = ({ questions }: EventInfo, draft: Draft) => questionAnswersBody(questions, attendanceOf(draft.answers), valuesOf(draft));

export interface QuestionFieldsProps {
  info: EventInfo;
  household: EventHousehold;
  draft: Draft;
  problems: Record<string, string>;
  onDraft: (update: (draft: Draft) => Partial<Draft>) => void;
}

/** Every question asked now, once for the household or per guest who attends. */
export function QuestionFields({ info: { questions }, household, draft, problems, onDraft }: QuestionFieldsProps) {
  const [, , requiredWord] = useWords();
  const attendance = attendanceOf(draft.answers);
  const values = valuesOf(draft);
  const stored = valuesOf({ questions: {}, stored: draft.stored });
  const onValue = (key: string, value: AnswerValue) => onDraft((current) => ({ questions: { ...current.questions, [key]: value } }));
  const names = new Map(household.guests.map((guest) => [guest.id, fullName(guest)]));
  return (
    <>
      {askedQuestions(questions, attendance).map(({ question, who }) => {
        const prompt = question.required ? `${question.prompt} (${requiredWord})` : question.prompt;
        const control = (guestId: string | null, label: string) => {
          const key = questionKey(question.id, guestId);
          return (
            <AnswerControl
              key={key}
              question={question}
              label={label}
              hint={guestId === null ? question.helpText : ''}
              value={values[key] ?? ''}
              stored={stored[key]}
              error={problems[`q ${key}`]}
              onValue={(value) => onValue(key, value)}
            />
          );
        };
        if (who[0] === null) return <div key={question.id} className="block">{control(null, prompt)}</div>;
        return (
          <fieldset key={question.id} className="block">
            <legend>{prompt}</legend>
            {question.helpText ? <p className="hint">{question.helpText}</p> : null}
            {who.map((guestId) => control(guestId, names.get(guestId!) ?? ''))}
          </fieldset>
        );
      })}
    </>
  );
}

interface AnswerControlProps {
  question: EventQuestion;
  label: string;
  hint: string;
  value: AnswerValue;
  stored: AnswerValue | undefined;
  error: string | undefined;
  onValue: (value: AnswerValue) => void;
}

/** One answer with the native control of its kind. */
function AnswerControl({ question, label, hint, value, stored, error, onValue }: AnswerControlProps) {
  const id = useId();
  const [yes, no] = useWords();
  const required = question.required || undefined;
  switch (question.kind) {
    case 'SHORT_TEXT':
    case 'LONG_TEXT':
      return (
        <Field
          label={label}
          hint={hint || undefined}
          value={String(value)}
          onValue={onValue}
          multiline={question.kind === 'LONG_TEXT'}
          maxLength={question.kind === 'LONG_TEXT' ? 5000 : 200}
          required={required}
          error={error}
        />
      );
    case 'NUMBER':
      return (
        <div className="field">
          <label htmlFor={id} part="label">
            {label}
          </label>
          {hint ? (
            <span id={`${id}h`} className="hint" part="hint">
              {hint}
            </span>
          ) : null}
          <input
            id={id}
            part="input"
            type="number"
            inputMode="decimal"
            min={question.min ?? undefined}
            max={question.max ?? undefined}
            required={required}
            value={typeof value === 'number' ? String(value) : ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={[hint && `${id}h`, error && `${id}e`].filter(Boolean).join(' ') || undefined}
            onInput={(event) => {
              const text = event.currentTarget.value.trim();
              onValue(text === '' || Number.isNaN(Number(text)) ? '' : Number(text));
            }}
          />
          {error ? <ErrorText id={`${id}e`}>{error}</ErrorText> : null}
        </div>
      );
    default: {
      const multiple = question.kind === 'MULTIPLE_CHOICE';
      const chosen = new Set(Array.isArray(value) ? value : typeof value === 'string' ? [value] : []);
      const kept = new Set(Array.isArray(stored) ? stored : typeof stored === 'string' ? [stored] : []);
      const options =
        question.kind === 'YES_NO'
          ? [
              { value: 'true', text: yes },
              { value: 'false', text: no },
            ]
          : question.options.filter((option) => !option.disabled || kept.has(option.value));
      const isChecked = (option: string) => (question.kind === 'YES_NO' ? String(value) === option : chosen.has(option));
      const choose = (option: string, checked: boolean) => {
        if (question.kind === 'YES_NO') return onValue(option === 'true');
        if (!multiple) return onValue(option);
        onValue(question.options.map((entry) => entry.value).filter((entry) => (entry === option ? checked : chosen.has(entry))));
      };
      return (
        <fieldset className="sep" aria-describedby={[hint && `${id}h`, error && `${id}e`].filter(Boolean).join(' ') || undefined}>
          <legend>{label}</legend>
          {hint ? (
            <span id={`${id}h`} className="hint" part="hint">
              {hint}
            </span>
          ) : null}
          <div className="choices">
            {options.map((option) => (
              <label key={option.value} className="choice">
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={id}
                  value={option.value}
                  checked={isChecked(option.value)}
                  required={multiple ? undefined : required}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => choose(option.value, event.currentTarget.checked)}
                />
                {option.text}
              </label>
            ))}
          </div>
          {error ? <ErrorText id={`${id}e`}>{error}</ErrorText> : null}
        </fieldset>
      );
    }
  }
}

/** The answers as text, for the review and the summary. */
export function QuestionAnswers({ info: { questions }, household, draft }: Omit<QuestionFieldsProps, 'problems' | 'onDraft'>) {
  const [yes, no] = useWords();
  const attendance = attendanceOf(draft.answers);
  const values = valuesOf(draft);
  const names = new Map(household.guests.map((guest) => [guest.id, fullName(guest)]));
  const text = (question: EventQuestion, value: AnswerValue): string => {
    if (typeof value === 'boolean') return value ? yes : no;
    const values = Array.isArray(value) ? value : [String(value)];
    return values.map((entry) => question.options.find((option) => option.value === entry)?.text ?? entry).join(', ');
  };
  const rows = askedQuestions(questions, attendance).flatMap(({ question, who }) =>
    who.flatMap((guestId) => {
      const value = values[questionKey(question.id, guestId)];
      if (isBlankAnswer(value)) return [];
      const whose = guestId === null ? '' : ` (${names.get(guestId)})`;
      return [{ key: questionKey(question.id, guestId), label: `${question.prompt}${whose}`, text: text(question, value!) }];
    }),
  );
  if (!rows.length) return null;
  return (
    <dl>
      {rows.map((row) => (
        <div key={row.key}>
          <dt>{row.label}</dt>
          <dd className="text">{row.text}</dd>
        </div>
      ))}
    </dl>
  );
}

// See folded.ts: one shared chunk rather than several small ones.
export { fieldIssues } from '../data/errors';
export { useFocusFirstInvalid } from '../ui/focus';
export { Busy } from '../ui/status';
export { formatDates } from '../event/dates';
export { initialDraft } from '../event/rsvp-model';
