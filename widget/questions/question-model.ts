import type { RsvpBody } from '../../core/client/event-bodies';
import { askedOf, isBlankAnswer, type AnswerValue, type Attendance } from '../../core/schemas/asked';
import type { EventQuestion } from '../../core/schemas/question';

/** Question answers being edited, by {@link questionKey}; `''` until given. */
export type QuestionValues = Record<string, AnswerValue>;

/** The key of a question's answer for a guest (null: the household). */
export const questionKey = (questionId: string, guestId: string | null): string => `${questionId} ${guestId ?? ''}`;

/** Who attends what in the form's answers (`<guestId> <activityId>` → response). */
export function attendanceOf(answers: Record<string, { response: string }>): Attendance {
  const attendance = new Map<string, Set<string>>();
  for (const [key, answer] of Object.entries(answers)) {
    const [guestId, activityId] = key.split(' ') as [string, string];
    const activities = attendance.get(guestId) ?? new Set<string>();
    attendance.set(guestId, activities);
    if (answer.response === 'ATTENDING') activities.add(activityId);
  }
  return attendance;
}

/** Each question with who is asked it now: `[null]` for the household, or guest ids; none left out. */
export function askedQuestions(questions: readonly EventQuestion[], attendance: Attendance): Array<{ question: EventQuestion; who: Array<string | null> }> {
  return questions.flatMap((question) => {
    const asked = askedOf(question, attendance);
    const who = question.scope === 'HOUSEHOLD' ? (asked.household ? [null] : []) : asked.guestIds;
    return who.length ? [{ question, who }] : [];
  });
}

/**
 * The `answers` of the RSVP body: every answer asked now (blank ones clear a stored answer);
 * answers of those no longer asked are left out (the server drops them).
 */
export function questionAnswersBody(questions: readonly EventQuestion[], attendance: Attendance, values: QuestionValues): NonNullable<RsvpBody['answers']> {
  return askedQuestions(questions, attendance).flatMap(({ question, who }) =>
    who.map((guestId) => {
      const value = values[questionKey(question.id, guestId)];
      return { questionId: question.id, guestId, value: isBlankAnswer(value) ? '' : value! };
    }),
  );
}
