import { useQuery } from '../data/kindly';
import { answerText } from './question-summary';

/**
 * The answers to the host's questions of one guest (their own) or one household (its own and
 * its members'), as a definition list; nothing when there are none.
 */
export function AnswersOf({ occasionId, guestId, householdId }: { occasionId: string; guestId?: string; householdId?: string }) {
  const questions = useQuery((s) => s.questions(occasionId), occasionId);
  const answers = useQuery((s) => s.answers(occasionId), occasionId);
  const guests = useQuery((s) => s.guests(occasionId), occasionId);
  const byId = new Map((questions.data ?? []).map((question) => [question.id, question]));
  const names = new Map((guests.data ?? []).map((guest) => [guest.id, `${guest.firstName} ${guest.lastName}`.trim()]));
  const shown = (answers.data ?? []).filter((answer) => (guestId ? answer.guestId === guestId : answer.householdId === householdId) && byId.has(answer.questionId));
  if (shown.length === 0) return null;
  return (
    <section aria-label="Answers to your questions">
      <h3 className="label" style={{ fontWeight: 600 }}>
        Answers to your questions
      </h3>
      <dl className="small">
        {shown.map((answer) => {
          const question = byId.get(answer.questionId)!;
          const whose = !guestId && answer.guestId ? ` (${names.get(answer.guestId) ?? 'a guest'})` : '';
          return (
            <div key={`${answer.questionId} ${answer.guestId ?? ''}`}>
              <dt>{`${question.prompt}${whose}`}</dt>
              <dd>{answerText(question, answer.value)}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
