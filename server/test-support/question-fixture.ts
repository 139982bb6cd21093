import type { Question } from '../../core/schemas/question';
import type { HostClient } from '../in-process/host-session';

/** One question of each kind, made through the host API for the event fixture's occasion. */
export interface QuestionFixture {
  /** Short text per guest, for everyone who attends anything; optional. */
  song: Question;
  /** Long text per guest; optional. */
  allergies: Question;
  /** Single choice per guest at the dinner; required; option `c` disabled. */
  seat: Question;
  /** Multiple choice per household; optional; option `late` disabled. */
  days: Question;
  /** Yes/no per household; required. */
  shuttle: Question;
  /** Number 1 to 5 per household; optional. */
  rooms: Question;
  /** Short text per guest at the brunch only (the Joneses). */
  brunchNote: Question;
}

async function createQuestion(host: HostClient, occasionId: string, body: object): Promise<Question> {
  const response = await host.request('POST', `/occasion/${occasionId}/question`, body);
  if (response.status !== 201) throw new Error(`question: ${response.status} ${await response.text()}`);
  return (await response.json()) as Question;
}

/** Builds the questions; `activities` are the event fixture's. */
export async function createQuestionFixture(
  host: HostClient,
  occasionId: string,
  activities: { dinner: string; brunch: string },
): Promise<QuestionFixture> {
  const ask = (body: object) => createQuestion(host, occasionId, body);
  return {
    song: await ask({ kind: 'SHORT_TEXT', prompt: 'Which song gets you dancing?', sortOrder: 1 }),
    allergies: await ask({ kind: 'LONG_TEXT', prompt: 'Allergies we should know about', sortOrder: 2 }),
    seat: await ask({
      kind: 'SINGLE_CHOICE',
      prompt: 'Where would you like to sit?',
      activityId: activities.dinner,
      required: true,
      options: [
        { value: 'a', text: 'Near the band' },
        { value: 'b', text: 'Near the garden' },
        { value: 'c', text: 'Near the kitchen', disabled: true },
      ],
      sortOrder: 3,
    }),
    days: await ask({
      kind: 'MULTIPLE_CHOICE',
      prompt: 'Which days are you around?',
      scope: 'HOUSEHOLD',
      options: [
        { value: 'fri', text: 'Friday' },
        { value: 'sat', text: 'Saturday' },
        { value: 'late', text: 'Monday', disabled: true },
      ],
      sortOrder: 4,
    }),
    shuttle: await ask({ kind: 'YES_NO', prompt: 'Do you need the shuttle?', scope: 'HOUSEHOLD', required: true, sortOrder: 5 }),
    rooms: await ask({ kind: 'NUMBER', prompt: 'How many rooms?', scope: 'HOUSEHOLD', min: 1, max: 5, sortOrder: 6 }),
    brunchNote: await ask({ kind: 'SHORT_TEXT', prompt: 'Brunch wishes', activityId: activities.brunch, sortOrder: 7 }),
  };
}
