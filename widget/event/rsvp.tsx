import { useEffect, useMemo, useRef, useState } from 'react';
import type { EventActivity, EventHousehold, EventInfo, Rsvp } from '../../core/schemas/event';
import type { Connection } from '../data/connection';
import { describeError, errorCode, serverMessage } from '../data/errors';
import { useLanguage, useStrings } from '../i18n';
import { Alert, SelectField, TextField } from '../ui/field';
import { useFocusFirstInvalid } from '../ui/focus';
import { formatInstant, formatTimes } from './dates';
import { fullName } from './household';
import {
  answerKey,
  askedInvitations,
  draftProblems,
  initialDraft,
  invitationsOf,
  plusOneHosts,
  rsvpBody,
  type Answer,
  type Draft,
  type Invitation,
} from './rsvp-model';

type Stage = 'form' | 'review' | 'summary';

export interface RsvpCardProps {
  connection: Connection;
  info: EventInfo;
  household: EventHousehold;
  /** The household's reply, or null before the first one. */
  rsvp: Rsvp | null;
}

/**
 * The household's reply: one form for every member and activity (answer, meal, plus-one,
 * message), a review, the confirmation, and changes until the deadline; read-only after it.
 */
export function RsvpCard({ connection, info, household, rsvp: stored }: RsvpCardProps) {
  const { strings, locale } = useLanguage();
  const { occasion } = info;
  const open = occasion.rsvpOpen;
  const [sent, setSent] = useState<Rsvp | null>(null);
  /** The stored reply, or the one just sent while the store fetches it again. */
  const rsvp = sent && (!stored || sent.updatedAt > stored.updatedAt) ? sent : stored;
  const invitations = useMemo(() => invitationsOf(info, household, rsvp), [info, household, rsvp]);
  const [stage, setStage] = useState<Stage>(rsvp || !open ? 'summary' : 'form');
  const [draft, setDraft] = useState<Draft>(() => initialDraft(invitations, household, rsvp));
  const [thanks, setThanks] = useState<'created' | 'updated' | ''>('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const focusTarget = useRef<HTMLElement | null>(null);
  const setFocusTarget = (element: HTMLElement | null) => {
    focusTarget.current = element;
  };
  const moved = useRef(false);

  // Each change of stage puts the focus on the new stage's title (not on the first render).
  useEffect(() => {
    if (moved.current) focusTarget.current?.focus();
    moved.current = true;
  }, [stage]);
  // Closed while the form was open (the deadline passed): show the reply read-only.
  useEffect(() => {
    if (!open) setStage('summary');
  }, [open]);

  const asked = askedInvitations(invitations, household, draft);
  const deadline = occasion.rsvpDeadline ? formatInstant(occasion.rsvpDeadline, occasion.timezone, locale) : '';

  const startEditing = () => {
    setDraft(initialDraft(invitations, household, rsvp));
    setThanks('');
    setFailure('');
    setStage('form');
  };

  const send = async () => {
    if (busy) return;
    setBusy(true);
    setFailure('');
    const body = rsvpBody(info, asked, draft);
    const result = await connection.saveRsvp(body, !!rsvp);
    setBusy(false);
    if (!result.error) {
      setSent(result.data);
      setThanks(rsvp ? 'updated' : 'created');
      setStage('summary');
      return;
    }
    // A validation failure here is a rule only the server knows (say, a meal the hosts just
    // disabled): its message names it.
    const own = errorCode(result.error) === 'VALIDATION_FAILED' ? serverMessage(result.error) : undefined;
    setFailure(own ?? describeError(result.error, strings, connection.lastRetryAfter()));
  };

  return (
    <section className="card" part="card" aria-labelledby="kindly-rsvp">
      <h3 id="kindly-rsvp" part="heading">
        {strings.rsvp}
      </h3>
      {stage === 'form' ? (
        <RsvpForm
          info={info}
          household={household}
          invitations={asked}
          draft={draft}
          onDraft={setDraft}
          intro={deadline ? `${strings.rsvpIntro} ${strings.replyBy(deadline)}` : strings.rsvpIntro}
          titleRef={setFocusTarget}
          onCancel={rsvp ? () => setStage('summary') : undefined}
          onReview={() => setStage('review')}
        />
      ) : stage === 'review' ? (
        <div className="stack">
          <h4 ref={setFocusTarget} tabIndex={-1}>
            {strings.reviewTitle}
          </h4>
          <p className="muted">{strings.reviewIntro}</p>
          <Answers info={info} household={household} invitations={asked} draft={draft} />
          {failure ? <Alert tone="bad">{failure}</Alert> : null}
          <div className="row">
            <button type="button" part="button" aria-disabled={busy || undefined} onClick={() => void send()}>
              {busy ? strings.submitting : strings.submit}
            </button>
            <button type="button" className="secondary" part="button secondary" onClick={() => setStage('form')}>
              {strings.edit}
            </button>
          </div>
        </div>
      ) : (
        <div className="stack">
          <div ref={setFocusTarget} tabIndex={-1} className="stack">
            {thanks ? <Alert tone="good">{thanks === 'created' ? strings.thankYou : strings.updated}</Alert> : null}
            {!open ? (
              <Alert tone="info">
                {strings.rsvpClosed}
                {occasion.contactEmail ? (
                  <>
                    {' '}
                    {strings.rsvpClosedContact}{' '}
                    <a href={`mailto:${occasion.contactEmail}`} part="link">
                      {occasion.contactEmail}
                    </a>
                  </>
                ) : null}
              </Alert>
            ) : null}
          </div>
          {rsvp ? (
            <>
              <h4>{strings.yourAnswers}</h4>
              <Answers info={info} household={household} invitations={invitations} draft={initialDraft(invitations, household, rsvp)} />
              {open && deadline ? <p className="muted">{strings.changeUntil(deadline)}</p> : null}
              {open ? (
                <div>
                  <button type="button" part="button" onClick={startEditing}>
                    {strings.changeRsvp}
                  </button>
                </div>
              ) : null}
            </>
          ) : !open ? (
            <p>{strings.noRsvp}</p>
          ) : (
            <p className="muted">{strings.loading}</p>
          )}
        </div>
      )}
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
}

function RsvpForm(props: RsvpFormProps) {
  const { info, household, invitations, draft, onDraft } = props;
  const { strings, locale } = useLanguage();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, attempt);
  const names = new Map(household.guests.map((guest) => [guest.id, fullName(guest)]));

  const setAnswer = (key: string, change: Partial<Answer>) =>
    onDraft((current) => ({
      ...current,
      answers: { ...current.answers, [key]: { ...(current.answers[key] ?? { response: '', mealChoice: '' }), ...change } },
    }));
  const setPlusOne = (hostId: string, key: 'firstName' | 'lastName') => (value: string) =>
    onDraft((current) => ({
      ...current,
      plusOnes: { ...current.plusOnes, [hostId]: { ...(current.plusOnes[hostId] ?? { firstName: '', lastName: '' }), [key]: value } },
    }));

  const review = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const found = draftProblems(info, invitations, draft, strings);
    setProblems(found);
    setAttempt((count) => count + 1);
    if (Object.keys(found).length === 0) props.onReview();
  };
  const problemCount = Object.keys(problems).length;

  return (
    <form ref={form} className="stack" noValidate onSubmit={review}>
      <p ref={props.titleRef} tabIndex={-1} className="muted">
        {props.intro}
      </p>
      {info.activities.map((activity) => {
        const lines = invitations.filter((line) => line.activityId === activity.id);
        if (lines.length === 0) return null;
        return (
          <fieldset key={activity.id} className="block">
            <legend>
              {activity.name}
              <span className="hint sub">{formatTimes(activity.startsAt, activity.endsAt, info.occasion.timezone, locale)}</span>
            </legend>
            {lines.map((line) => {
              const key = answerKey(line.guestId, line.activityId);
              return (
                <GuestAnswer
                  key={key}
                  answerId={key}
                  name={names.get(line.guestId) ?? ''}
                  activity={activity}
                  answer={draft.answers[key] ?? { response: '', mealChoice: '' }}
                  error={problems[key]}
                  mealError={problems[`meal ${key}`]}
                  onAnswer={(change) => setAnswer(key, change)}
                />
              );
            })}
          </fieldset>
        );
      })}
      {plusOneHosts(household).map((member) => {
        const plusOne = draft.plusOnes[member.id] ?? { firstName: '', lastName: '' };
        return (
          <fieldset key={member.id} className="block">
            <legend>{strings.plusOne}</legend>
            <p className="hint">
              {strings.plusOneFor(fullName(member))} {strings.plusOneHint}
            </p>
            <div className="grid">
              <TextField label={strings.plusOneFirstName} value={plusOne.firstName} onValue={setPlusOne(member.id, 'firstName')} maxLength={100} autoComplete="off" error={problems[`plusOne ${member.id}`]} />
              <TextField label={strings.plusOneLastName} value={plusOne.lastName} onValue={setPlusOne(member.id, 'lastName')} maxLength={100} autoComplete="off" />
            </div>
          </fieldset>
        );
      })}
      <TextField label={strings.message} value={draft.message} onValue={(message) => onDraft((current) => ({ ...current, message }))} multiline maxLength={5000} />
      {problemCount ? <Alert tone="bad">{strings.fixErrors}</Alert> : null}
      <div className="row">
        <button type="submit" part="button">
          {strings.review}
        </button>
        {props.onCancel ? (
          <button type="button" className="secondary" part="button secondary" onClick={props.onCancel}>
            {strings.cancel}
          </button>
        ) : null}
      </div>
    </form>
  );
}

interface GuestAnswerProps {
  answerId: string;
  name: string;
  activity: EventActivity;
  answer: Answer;
  error: string | undefined;
  mealError: string | undefined;
  onAnswer: (change: Partial<Answer>) => void;
}

/** One member's answer for one activity: attending or not, and the meal when attending. */
function GuestAnswer({ answerId, name, activity, answer, error, mealError, onAnswer }: GuestAnswerProps) {
  const strings = useStrings();
  const groupName = `answer ${answerId}`;
  const errorId = `${answerId.replace(' ', '-')}-error`;
  return (
    <fieldset className="sep" aria-describedby={error ? errorId : undefined}>
      <legend>{name}</legend>
      <div className="choices">
        {(['ATTENDING', 'DECLINED'] as const).map((response, index) => (
          <label key={response} className="choice">
            <input
              type="radio"
              name={groupName}
              value={response}
              checked={answer.response === response}
              aria-invalid={error && index === 0 ? true : undefined}
              onChange={() => onAnswer({ response })}
            />
            {response === 'ATTENDING' ? strings.attending : strings.declined}
          </label>
        ))}
      </div>
      {error ? (
        <span id={errorId} className="error" part="error">
          {error}
        </span>
      ) : null}
      {answer.response === 'ATTENDING' && activity.mealOptions.length ? (
        <SelectField
          label={strings.mealFor(name)}
          value={answer.mealChoice}
          onValue={(mealChoice) => onAnswer({ mealChoice })}
          options={activity.mealOptions}
          placeholder={strings.chooseMeal}
          required
          error={mealError}
        />
      ) : null}
    </fieldset>
  );
}

/** The answers as text: per activity, each member's answer and meal; plus-ones; the message. */
function Answers({ info, household, invitations, draft }: { info: EventInfo; household: EventHousehold; invitations: Invitation[]; draft: Draft }) {
  const strings = useStrings();
  const names = new Map(household.guests.map((guest) => [guest.id, fullName(guest)]));
  const plusOnes = Object.entries(draft.plusOnes).filter(([, plusOne]) => plusOne.firstName.trim());
  return (
    <div className="stack answers">
      {info.activities.map((activity) => {
        const lines = invitations.filter((line) => line.activityId === activity.id);
        if (lines.length === 0) return null;
        return (
          <div key={activity.id}>
            <strong>{activity.name}</strong>
            <ul>
              {lines.map((line) => {
                const answer = draft.answers[answerKey(line.guestId, line.activityId)];
                const meal =
                  answer?.response === 'ATTENDING' ? activity.mealOptions.find((option) => option.value === answer.mealChoice)?.text : undefined;
                const said = answer?.response === 'ATTENDING' ? strings.attending : answer?.response === 'DECLINED' ? strings.declined : strings.pending;
                return (
                  <li key={line.guestId}>
                    {names.get(line.guestId)}: {said}
                    {meal ? ` · ${strings.meal}: ${meal}` : ''}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
      {plusOnes.map(([hostId, plusOne]) => (
        <p key={hostId}>
          {names.get(hostId)}: {strings.bringing(`${plusOne.firstName.trim()} ${plusOne.lastName.trim()}`.trim())}
        </p>
      ))}
      <dl>
        <dt>{strings.message}</dt>
        <dd className="text">{draft.message.trim() || strings.noMessage}</dd>
      </dl>
    </div>
  );
}
