import { useEffect, useState } from 'react';
import type { EventHousehold, EventInfo, Rsvp } from '../../core/schemas/event';
import { useWholeStrings } from '../i18n/later-strings';
import { Alert } from '../ui/field';
import { namesOf } from './names';
import type { QuestionsChunk } from './questions-chunk';
import { answerKey, initialDraft, plusOneMealActivities, type Draft, type Invitation } from './rsvp-model';

/**
 * The RSVP's steps after its form (the review, the confirmation and summary, the read-only
 * view after the deadline): in the folded parts' chunk, so the first load carries the form only.
 */
interface ShownAnswers {
  info: EventInfo;
  household: EventHousehold;
  invitations: Invitation[];
  questions: QuestionsChunk | undefined;
  /** Receives the step's first element (focused when the step changes). */
  titleRef: (element: HTMLElement | null) => void;
}

export interface RsvpReviewProps extends ShownAnswers {
  draft: Draft;
  failure: string;
  busy: boolean;
  onSend: () => void;
  onEdit: () => void;
}

/** The answers about to be sent, with "Send RSVP" and "Change answers". */
export function RsvpReview({ info, household, invitations, draft, questions, failure, busy, titleRef, onSend, onEdit }: RsvpReviewProps) {
  const strings = useWholeStrings();
  return (
    <>
      <h4 ref={titleRef} tabIndex={-1}>
        {strings.reviewTitle}
      </h4>
      <Answers info={info} household={household} invitations={invitations} draft={draft} questions={questions} />
      {failure ? <Alert tone="bad">{failure}</Alert> : null}
      <div className="row">
        <button type="button" part="button" aria-disabled={busy || undefined} onClick={onSend}>
          {busy ? strings.busy : strings.submit}
        </button>
        <button type="button" className="secondary" part="button secondary" onClick={onEdit}>
          {strings.edit}
        </button>
      </div>
    </>
  );
}

export interface RsvpSummaryProps extends ShownAnswers {
  /** The household's reply, or null when it has none (after the deadline). */
  rsvp: Rsvp | null;
  /** The thanks for a reply just sent, or `''`. */
  thanks: string;
  /** The RSVP deadline as written for the guest, or `''`. */
  deadline: string;
  onEdit: (rsvp: Rsvp) => void;
}

/** The reply as stored (with "Add to calendar" and "Change answers" until the deadline). */
export function RsvpSummary({ info, household, invitations, rsvp, thanks, deadline, questions, titleRef, onEdit }: RsvpSummaryProps) {
  const strings = useWholeStrings();
  const { occasion } = info;
  const open = occasion.rsvpOpen;
  return (
    <>
      <div ref={titleRef} tabIndex={-1} className="stack">
        {thanks ? <Alert tone="good">{thanks}</Alert> : null}
        {open ? null : (
          <Alert tone="info">
            {strings.rsvpClosed}{' '}
            {occasion.contactEmail ? (
              <>
                {strings.rsvpClosedContact}{' '}
                <a href={`mailto:${occasion.contactEmail}`} part="link">
                  {occasion.contactEmail}
                </a>
              </>
            ) : null}
          </Alert>
        )}
      </div>
      {rsvp ? (
        <>
          <h4>{strings.yourAnswers}</h4>
          <Answers info={info} household={household} invitations={invitations} draft={initialDraft(invitations, household, rsvp)} questions={questions} />
          <CalendarLink info={info} rsvp={rsvp} />
          {open ? (
            <>
              {deadline ? <p className="muted">{strings.changeUntil(deadline)}</p> : null}
              <div>
                <button type="button" part="button" onClick={() => onEdit(rsvp)}>
                  {strings.edit}
                </button>
              </div>
            </>
          ) : null}
        </>
      ) : (
        <p>{strings.noRsvp}</p>
      )}
    </>
  );
}

/**
 * "Add to calendar": an `.ics` of the activities someone in the household attends, made here
 * (core's generator, which confirmation emails can reuse) and offered as a download.
 */
function CalendarLink({ info, rsvp }: { info: EventInfo; rsvp: Rsvp }) {
  const strings = useWholeStrings();
  const [calendar, setCalendar] = useState<typeof import('../../core/calendar/ics')>();
  const attended = new Set(rsvp.responses.filter((line) => line.response === 'ATTENDING').map((line) => line.activityId));
  const activities = info.activities.filter((activity) => attended.has(activity.id));
  useEffect(() => {
    // Its own chunk: only guests who have replied need it.
    if (activities.length) void import('../../core/calendar/ics').then(setCalendar, () => undefined);
  }, [activities.length]);
  if (!activities.length || !calendar) return null;
  const text = calendar.activitiesCalendar(info.occasion, activities, new Date(rsvp.updatedAt), { dressCode: strings.dressCode });
  const name = info.occasion.title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').toLowerCase() || 'rsvp';
  return (
    <p>
      <a href={`data:text/calendar;charset=utf-8,${encodeURIComponent(text)}`} download={`${name}.ics`} part="link">
        {strings.addToCalendar}
      </a>
    </p>
  );
}

interface AnswersProps {
  info: EventInfo;
  household: EventHousehold;
  invitations: Invitation[];
  draft: Draft;
  questions: QuestionsChunk | undefined;
}

/** The answers as text: per activity, each member's answer and meal; plus-ones; the message. */
function Answers({ info, household, invitations, draft, questions }: AnswersProps) {
  const strings = useWholeStrings();
  const names = namesOf(household);
  return (
    <div className="stack">
      {info.activities.map((activity) => {
        const lines = invitations.filter((line) => line.activityId === activity.id);
        return lines.length ? (
          <div key={activity.id}>
            <strong>{activity.name}</strong>
            <ul>
              {lines.map((line) => {
                const { response, mealChoice } = draft.answers[answerKey(line)] ?? {};
                const attending = response === 'ATTENDING';
                const meal = attending && activity.mealOptions.find((option) => option.value === mealChoice)?.text;
                return (
                  <li key={line.guestId}>
                    {names.get(line.guestId)}: {attending ? strings.attending : response ? strings.declined : strings.pending}
                    {meal ? ` · ${strings.meal}: ${meal}` : ''}
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null;
      })}
      {Object.entries(draft.plusOnes).map(([hostId, [first, last]]) =>
        first.trim() ? (
          <p key={hostId}>
            {`${names.get(hostId)}: ${strings.bringing(`${first} ${last}`.trim())}`}
            {plusOneMealActivities(info, household, draft, hostId).map((activity) => {
              const meal = activity.mealOptions.find((option) => option.value === draft.plusOneMeals[hostId]?.[activity.id])?.text;
              return meal ? ` · ${activity.name}, ${strings.meal}: ${meal}` : '';
            })}
          </p>
        ) : null,
      )}
      {questions ? (
        <questions.QuestionAnswers info={info} household={household} draft={draft} />
      ) : null}
      <dl>
        <dt>{strings.message}</dt>
        <dd className="text">{draft.message.trim() || strings.noMessage}</dd>
      </dl>
    </div>
  );
}
