import type { EventQuestion } from './question';

// Who is asked what, without valibot: the widget's first chunk uses these, the schemas the rest.

/** An answer's value by the question's kind: text, a chosen value, chosen values, yes/no, a number. */
export type AnswerValue = string | string[] | boolean | number;

/** Whether a value means "no answer": blank text or no choice. */
export function isBlankAnswer(value: AnswerValue | null | undefined): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Which guests attend which activities: guest id → activity ids answered `ATTENDING`. */
export type Attendance = ReadonlyMap<string, ReadonlySet<string>>;

/** Who in a household a question is asked of. */
export interface AskedOf {
  /** A household question: whether the household is asked. */
  household: boolean;
  /** A guest question: the guests asked. */
  guestIds: string[];
}

/**
 * Who a question is asked of, given who attends what: a guest question of each guest who attends
 * its activity (or, without one, anything); a household question of the household when anyone
 * does. Someone who attends nothing is asked nothing.
 *
 * @param question The question's activity and scope.
 * @param attendance Who attends what.
 * @returns The household flag and the guests asked.
 */
export function askedOf(question: Pick<EventQuestion, 'activityId' | 'scope'>, attendance: Attendance): AskedOf {
  const guestIds = [...attendance].flatMap(([guestId, activities]) =>
    (question.activityId === null ? activities.size > 0 : activities.has(question.activityId)) ? [guestId] : [],
  );
  return question.scope === 'HOUSEHOLD' ? { household: guestIds.length > 0, guestIds: [] } : { household: false, guestIds };
}

/** Whether `guestId` (null: the household) is asked `question`. */
export function isAsked(question: Pick<EventQuestion, 'activityId' | 'scope'>, attendance: Attendance, guestId: string | null): boolean {
  const asked = askedOf(question, attendance);
  return guestId === null ? asked.household : asked.guestIds.includes(guestId);
}

/**
 * The required answers still missing: for each required question, the household or the guests it
 * is asked of whose answer is absent or blank.
 *
 * @param questions The questions of the household.
 * @param attendance Who attends what.
 * @param answerOf The answer of a question and guest (null: the household), if any.
 * @returns The missing pairs, in question order.
 */
export function missingRequiredAnswers(
  questions: readonly Pick<EventQuestion, 'id' | 'activityId' | 'scope' | 'required'>[],
  attendance: Attendance,
  answerOf: (questionId: string, guestId: string | null) => AnswerValue | undefined,
): Array<{ questionId: string; guestId: string | null }> {
  return questions.flatMap((question) => {
    if (!question.required) return [];
    const asked = askedOf(question, attendance);
    const who = question.scope === 'HOUSEHOLD' ? (asked.household ? [null] : []) : asked.guestIds;
    return who.filter((guestId) => isBlankAnswer(answerOf(question.id, guestId))).map((guestId) => ({ questionId: question.id, guestId }));
  });
}
