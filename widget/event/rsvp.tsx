import { useRef, useState } from 'react';
import type { EventActivity, EventHousehold, EventInfo, Rsvp } from '../../core/schemas/event';
import type { Connection } from '../data/connection';
import { describeError, errorCode, serverMessage } from '../data/errors';
import { useLanguage, useStrings } from '../i18n';
import { Alert, Field } from '../ui/field';
import { Busy } from '../ui/status';
import { useFocusFirstInvalid } from '../ui/focus';
import { useAfterFirstFrame } from '../ui/after-first-frame';
import { formatInstant, formatTimes } from './dates';
import { fullName, namesOf } from './names';
import { useQuestionsChunk, type QuestionsChunk } from './questions-chunk';
import {
  acceptAll,
  answerKey,
  askedInvitations,
  draftProblems,
  initialDraft,
  invitationsOf,
  plusOneHosts,
  plusOneMealActivities,
  rsvpBody,
  type Answer,
  type Draft,
  type Invitation,
} from './rsvp-model';

export interface RsvpCardProps {
  connection: Connection;
  info: EventInfo;
  household: EventHousehold;
  /** The household's reply, or null before the first one. */
  rsvp: Rsvp | null;
  /** The folded parts' chunk, once loaded: it has the review and the summary. */
  later: LaterParts | undefined;
}

/** The chunk of the parts that are not the RSVP form (./folded). */
export type LaterParts = typeof import('./folded');

/**
 * The household's reply: one form for every member and activity (answer, meal, plus-one,
 * message), a review, the confirmation, and changes until the deadline; read-only after it.
 * Each step puts the focus on its first line, so keyboard and screen reader users follow.
 */
export function RsvpCard({ connection, info, household, rsvp: stored, later }: RsvpCardProps) {
  const { strings, locale } = useLanguage();
  const { occasion } = info;
  const open = occasion.rsvpOpen;
  const [sent, setSent] = useState<Rsvp | null>(null);
  /** The stored reply, or the one just sent until the stored one catches up. */
  const rsvp = sent && (!stored || sent.updatedAt > stored.updatedAt) ? sent : stored;
  const invitations = invitationsOf(info, household);
  const [stage, setStage] = useState(rsvp ? 'summary' : 'form');
  const [draft, setDraft] = useState<Draft>(() => initialDraft(invitations, household, rsvp));
  const [thanks, setThanks] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const title = useRef<HTMLElement | null>(null);
  const setTitle = (element: HTMLElement | null) => void (title.current = element);
  const go = (next: string) => {
    setStage(next);
    setFailure('');
    setTimeout(() => title.current?.focus());
  };
  const asked = askedInvitations(invitations, household, draft);
  const questions = useQuestionsChunk(info.questions.length > 0);
  const deadline = occasion.rsvpDeadline ? formatInstant(occasion.rsvpDeadline, occasion.timezone, locale) : '';

  const send = async () => {
    if (busy) return;
    setBusy(true);
    setFailure('');
    const body = rsvpBody(info, household, asked, draft, questions?.answersBody(info, draft));
    const result = await connection.saveRsvp(body, !!rsvp);
    setBusy(false);
    if (result.error) {
      // A validation failure here is a rule only the server knows (a meal the hosts just
      // disabled, say): its message names it.
      const own = errorCode(result.error) === 'VALIDATION_FAILED' && serverMessage(result.error);
      return setFailure(own || describeError(result.error, strings));
    }
    setSent(result.data);
    setThanks(rsvp ? strings.updated : strings.thankYou);
    go('summary');
  };

  let body;
  if (open && stage === 'form') {
    body = (
      <RsvpForm
        info={info}
        household={household}
        invitations={asked}
        draft={draft}
        onDraft={setDraft}
        intro={`${strings.rsvpIntro}${deadline && ` ${strings.replyBy(deadline)}`}`}
        titleRef={setTitle}
        onCancel={rsvp ? () => go('summary') : undefined}
        onReview={() => go('review')}
        questions={questions}
      />
    );
  } else if (!later) {
    body = <Busy />; // the review and the summary come with the folded parts' chunk
  } else if (open && stage === 'review') {
    body = (
      <later.RsvpReview
        info={info}
        household={household}
        invitations={asked}
        draft={draft}
        questions={questions}
        failure={failure}
        busy={busy}
        titleRef={setTitle}
        onSend={send}
        onEdit={() => go('form')}
      />
    );
  } else {
    body = (
      <later.RsvpSummary
        info={info}
        household={household}
        invitations={invitations}
        rsvp={rsvp}
        thanks={thanks}
        deadline={deadline}
        questions={questions}
        titleRef={setTitle}
        onEdit={(reply) => {
          setDraft(initialDraft(invitations, household, reply));
          setThanks('');
          go('form');
        }}
      />
    );
  }

  return (
    <section className="card" part="card" aria-labelledby="kindly-rsvp">
      <h3 id="kindly-rsvp" part="heading">
        {strings.rsvp}
      </h3>
      {body}
    </section>
  );
}

interface RsvpFormProps {
  info: EventInfo;
  household: EventHousehold;
  invitations: Invitation[];
  draft: Draft;
  onDraft: (update: (draft: Draft) => Draft) => void;
  intro: string;
  titleRef: (element: HTMLElement | null) => void;
  onCancel: (() => void) | undefined;
  onReview: () => void;
  /** The question fields' chunk, once loaded (when the occasion has questions). */
  questions: QuestionsChunk | undefined;
}

function RsvpForm({ info, household, invitations, draft, onDraft, intro, titleRef, onCancel, onReview, questions }: RsvpFormProps) {
  const { strings, locale } = useLanguage();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const attempt = useFocusFirstInvalid(form);
  // The answers are the first screen; the plus-ones, questions, message and buttons below it
  // render after that screen's frame (the form's first paint after sign-in waits for less).
  const belowPainted = useAfterFirstFrame();
  const names = namesOf(household);
  const change = (update: (draft: Draft) => Partial<Draft>) => onDraft((current) => ({ ...current, ...update(current) }));

  const check = (checked: Draft) => {
    const found = {
      ...draftProblems(info, household, invitations, checked, strings),
      ...questions?.questionProblems(info, checked, strings),
    };
    setProblems(found);
    attempt();
    if (!Object.keys(found).length) onReview();
  };

  return (
    <form
      ref={form}
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        check(draft);
      }}
    >
      <p ref={titleRef} tabIndex={-1} className="muted">
        {intro}
      </p>
      {invitations.length > 1 ? (
        <div>
          <button
            type="button"
            className="secondary"
            part="button secondary"
            onClick={() => {
              // One step: everyone attends; only meals still to choose keep the form open.
              const accepted = acceptAll(draft, invitations);
              onDraft(() => accepted);
              check(accepted);
            }}
          >
            {strings.acceptAll}
          </button>
        </div>
      ) : null}
      {info.activities.map((activity) => {
        const lines = invitations.filter((line) => line.activityId === activity.id);
        return lines.length ? (
          <fieldset key={activity.id} className="block">
            <legend>
              {activity.name}
              <span className="hint sub">{formatTimes(activity.startsAt, activity.endsAt, info.occasion.timezone, locale)}</span>
            </legend>
            {lines.map((line) => {
              const key = answerKey(line);
              return (
                <GuestAnswer
                  key={key}
                  id={key.replace(' ', '-')}
                  name={names.get(line.guestId)!}
                  activity={activity}
                  answer={draft.answers[key] ?? { response: '', mealChoice: '' }}
                  error={problems[key]}
                  mealError={problems[`meal ${key}`]}
                  onAnswer={(answer) => change((current) => ({ answers: { ...current.answers, [key]: { ...current.answers[key]!, ...answer } } }))}
                />
              );
            })}
          </fieldset>
        ) : null;
      })}
      {belowPainted ? (
        <>
          {plusOneHosts(household).map((member) => {
            const name = draft.plusOnes[member.id] ?? ['', ''];
            const setName = (index: number) => (value: string) =>
              change((current) => ({ plusOnes: { ...current.plusOnes, [member.id]: index ? [name[0], value] : [value, name[1]] } }));
            return (
              <fieldset key={member.id} className="block">
                <legend>{strings.plusOne}</legend>
                <p className="hint">
                  {strings.plusOneFor(fullName(member))}
                </p>
                <div className="grid">
                  <Field label={strings.plusOneFirstName} value={name[0]} onValue={setName(0)} maxLength={100} error={problems[`plusOne ${member.id}`]} />
                  <Field label={strings.plusOneLastName} value={name[1]} onValue={setName(1)} maxLength={100} />
                  {plusOneMealActivities(info, household, draft, member.id).map((activity) => (
                    <Field
                      key={activity.id}
                      label={strings.plusOneMealAt(`${name[0]} ${name[1]}`.trim(), activity.name)}
                      value={draft.plusOneMeals[member.id]?.[activity.id] ?? ''}
                      onValue={(meal) =>
                        change((current) => ({
                          plusOneMeals: { ...current.plusOneMeals, [member.id]: { ...current.plusOneMeals[member.id], [activity.id]: meal } },
                        }))
                      }
                      options={activity.mealOptions}
                      placeholder={strings.choose}
                      required
                      error={problems[`plusOneMeal ${member.id} ${activity.id}`]}
                    />
                  ))}
                </div>
              </fieldset>
            );
          })}
          {questions ? (
            <questions.QuestionFields info={info} household={household} draft={draft} problems={problems} onDraft={change} />
          ) : null}
          <Field label={strings.message} value={draft.message} onValue={(message) => change(() => ({ message }))} multiline maxLength={5000} />
          {Object.keys(problems).length ? <Alert tone="bad">{strings.fixErrors}</Alert> : null}
          <div className="row">
            <button type="submit" part="button">
              {strings.review}
            </button>
            {onCancel ? (
              <button type="button" className="secondary" part="button secondary" onClick={onCancel}>
                {strings.cancel}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </form>
  );
}

interface GuestAnswerProps {
  id: string;
  name: string;
  activity: EventActivity;
  answer: Answer;
  error: string | undefined;
  mealError: string | undefined;
  onAnswer: (change: Partial<Answer>) => void;
}

/** One member's answer for one activity: attending or not, and the meal when attending. */
function GuestAnswer({ id, name, activity, answer, error, mealError, onAnswer }: GuestAnswerProps) {
  const strings = useStrings();
  return (
    <fieldset className="sep" aria-describedby={error && `${id}-error`}>
      <legend>{name}</legend>
      <div className="choices">
        {['ATTENDING', 'DECLINED'].map((response, index) => (
          <label key={response} className="choice">
            <input
              type="radio"
              name={id}
              checked={answer.response === response}
              aria-invalid={(error && !index) || undefined}
              onChange={() => onAnswer({ response })}
            />
            {index ? strings.declined : strings.attending}
          </label>
        ))}
      </div>
      {error ? (
        <span id={`${id}-error`} className="error" part="error">
          {error}
        </span>
      ) : null}
      {answer.response === 'ATTENDING' && activity.mealOptions.length ? (
        <Field
          label={strings.mealFor(name)}
          value={answer.mealChoice}
          onValue={(mealChoice) => onAnswer({ mealChoice })}
          options={activity.mealOptions}
          placeholder={strings.choose}
          required
          error={mealError}
        />
      ) : null}
    </fieldset>
  );
}
