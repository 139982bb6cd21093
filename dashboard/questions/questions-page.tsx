import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { Answer } from '../../core/schemas/answer';
import type { Question } from '../../core/schemas/question';
import { DeleteDialog } from '../components/dialog';
import { serverErrors } from '../components/form-errors';
import { FormMessage } from '../components/text-input';
import { Empty, ErrorState, Loading } from '../components/states';
import { useKindly, useQuery } from '../data/kindly';
import { useOccasion } from '../occasion/occasion-context';
import { QuestionDialog } from './question-dialog';
import { summariseAnswers } from './question-summary';

const KIND_NAMES: Record<Question['kind'], string> = {
  SHORT_TEXT: 'Short text',
  LONG_TEXT: 'Long text',
  SINGLE_CHOICE: 'One choice',
  MULTIPLE_CHOICE: 'Several choices',
  YES_NO: 'Yes or no',
  NUMBER: 'Number',
};

/** `/occasion/:id/questions`: the host's questions (add, edit, delete, reorder) and a summary of the answers. */
export default function QuestionsPage() {
  const occasion = useOccasion();
  const { stores } = useKindly();
  const questions = useQuery((s) => s.questions(occasion.id), occasion.id);
  const answers = useQuery((s) => s.answers(occasion.id), occasion.id);
  const activities = useQuery((s) => s.activities(occasion.id), occasion.id);
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const list = questions.data ?? [];

  /** Why the last move failed, shown on the question that was moved. */
  const [moveFailure, setMoveFailure] = useState<{ questionId: string; message: string }>();

  /** Swaps a question with its neighbour: every question gets its place as its sort order; stops at a failure. */
  async function move(index: number, by: -1 | 1) {
    const moved = list[index]!;
    setMoveFailure(undefined);
    const order = [...list];
    [order[index], order[index + by]] = [order[index + by]!, order[index]!];
    for (const [place, question] of order.entries()) {
      if (question.sortOrder === place) continue;
      const result = await stores.$updateQuestion.mutate({ occasionId: occasion.id, questionId: question.id, body: { sortOrder: place } });
      if (result.error) {
        setMoveFailure({ questionId: moved.id, message: `“${moved.prompt}” could not be moved: ${serverErrors(result.error).message}` });
        return;
      }
    }
  }

  return (
    <>
      <div className="page-head">
        <div>
          <h2>Questions</h2>
          <p className="small muted">Ask guests more than meals: song requests, shuttle seats, allergies, arrival day…</p>
        </div>
        <Button className="button button--primary" onPress={() => setEditing('new')}>
          Add question
        </Button>
      </div>
      {questions.error ? (
        <ErrorState error={questions.error} what="the questions" onRetry={questions.retry} />
      ) : questions.pending ? (
        <Loading />
      ) : list.length === 0 ? (
        <Empty title="No questions yet">
          <p>For example “Which song gets you dancing?” or “Do you need the shuttle?”.</p>
        </Empty>
      ) : (
        <ol className="stack" style={{ listStyle: 'none', padding: 0 }} aria-label="Questions">
          {list.map((question, index) => (
            <li key={question.id} className="card">
              <div className="page-head" style={{ marginBottom: 4 }}>
                <h3 style={{ margin: 0 }}>
                  {question.prompt}{' '}
                  <span className="small muted">
                    ({KIND_NAMES[question.kind]}, {question.scope === 'HOUSEHOLD' ? 'once per household' : 'per guest'}
                    {question.required ? ', required' : ''}
                    {question.activityId ? `, ${activities.data?.find((a) => a.id === question.activityId)?.name ?? 'one activity'} only` : ''})
                  </span>
                </h3>
                <div className="row">
                  <Button className="button button--small" isDisabled={index === 0} onPress={() => void move(index, -1)} aria-label={`Move ${question.prompt} up`}>
                    Up
                  </Button>
                  <Button className="button button--small" isDisabled={index === list.length - 1} onPress={() => void move(index, 1)} aria-label={`Move ${question.prompt} down`}>
                    Down
                  </Button>
                  <Button className="button button--small" onPress={() => setEditing(question)} aria-label={`Edit ${question.prompt}`}>
                    Edit
                  </Button>
                  <Button className="button button--small" onPress={() => setDeleting(question)} aria-label={`Delete ${question.prompt}`}>
                    Delete
                  </Button>
                </div>
              </div>
              <FormMessage messages={[moveFailure?.questionId === question.id ? moveFailure.message : undefined]} focus />
              <Summary question={question} answers={answers.data ?? []} />
            </li>
          ))}
        </ol>
      )}
      {editing ? (
        <QuestionDialog question={editing === 'new' ? undefined : editing} nextSortOrder={list.length} activities={activities.data ?? []} onClose={() => setEditing(null)} />
      ) : null}
      <DeleteDialog
        title={deleting ? `Delete “${deleting.prompt}”?` : 'Delete question?'}
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        confirmLabel="Delete question"
        remove={() => stores.$deleteQuestion.mutate({ occasionId: occasion.id, questionId: deleting!.id })}
      >
        <p>Its answers are deleted with it.</p>
      </DeleteDialog>
    </>
  );
}

/** The answers so far: counts, a list of texts, or min, average and max. */
function Summary({ question, answers }: { question: Question; answers: readonly Answer[] }) {
  const summary = summariseAnswers(question, answers);
  const answered = `${summary.answered} ${summary.answered === 1 ? 'answer' : 'answers'}`;
  if (summary.kind === 'none') return <p className="small muted">No answers yet.</p>;
  if (summary.kind === 'numbers') {
    const round = (value: number) => Math.round(value * 100) / 100;
    return <p className="small">{`${answered} · min ${round(summary.min)} · average ${round(summary.average)} · max ${round(summary.max)}`}</p>;
  }
  if (summary.kind === 'texts') {
    return (
      <details>
        <summary className="small">{answered}</summary>
        <ul className="small">
          {summary.texts.map((text, index) => (
            <li key={index}>{text}</li>
          ))}
        </ul>
      </details>
    );
  }
  return (
    <table className="small" aria-label={`Answers to ${question.prompt}`}>
      <caption className="muted" style={{ textAlign: 'left' }}>
        {answered}
      </caption>
      <tbody>
        {summary.counts.map((row) => (
          <tr key={row.label}>
            <th scope="row" style={{ textAlign: 'left', fontWeight: 'normal', paddingRight: 12 }}>
              {row.label}
            </th>
            <td>{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
