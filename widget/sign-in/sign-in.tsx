import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { GuestCredentialsInput } from '../../core/client/event-bodies';
import type { Connection } from '../data/connection';
import type { FirstPaintState } from '../mount-options';
import { describeError, fieldIssues } from '../data/errors';
import { warmUpDates, warmUpDatesNow } from '../event/dates';
import { useLanguage } from '../i18n';
import { Alert, Field } from '../ui/field';
import { useFocusFirstInvalid } from '../ui/focus';
import { Heading } from '../ui/heading';

export interface SignInProps {
  connection: Connection;
  /** `?invite=CODE` of the page: filled in, and tried once per page load. */
  inviteCode: string;
  /** The sign-in form widget.js painted, as the guest left it: its code and focus carry over. */
  typed?: FirstPaintState | undefined;
  focusHeading: boolean;
  /** Told when the guest sends the form (focus then follows to the next screen). */
  onSubmit: () => void;
}

/** Sign-in by invite code, or by first and last name and the occasion's passcode. */
export function SignIn({ connection, inviteCode, typed, focusHeading, onSubmit }: SignInProps) {
  const { strings, locale } = useLanguage();
  const [byName, setByName] = useState(!!typed?.byName);
  const [values, setValues] = useState({ inviteCode: typed?.code || inviteCode, firstName: '', lastName: '', passcode: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const attempt = useFocusFirstInvalid(form);
  const mounted = useRef(true);

  const send = async (credentials: GuestCredentialsInput) => {
    setBusy(true);
    setFailure('');
    const answer = connection.signIn(credentials);
    warmUpDatesNow();
    const result = await answer;
    if (!mounted.current || !result.error) return; // signed in: this form is gone
    setBusy(false);
    setErrors(fieldIssues(result.error));
    setFailure(describeError(result.error, strings));
  };

  // In the same task as widget.js's form was removed, so no key the guest is typing is lost.
  useLayoutEffect(() => {
    if (typed?.focused && !typed.submitted) {
      const input = form.current?.querySelector('input');
      input?.focus();
      input?.setSelectionRange(input.value.length, input.value.length);
    }
    if (typed?.byName) form.current?.querySelector('input')?.focus();
    // Once, when the form first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    warmUpDates(locale);
    if (inviteCode && !connection.inviteTried) {
      connection.inviteTried = true;
      void send({ inviteCode });
    }
    return () => void (mounted.current = false);
    // Once, when the form first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const field = (key: keyof typeof values, hint?: string) => ({
    label: strings[key],
    hint,
    value: values[key],
    onValue: (value: string) => setValues({ ...values, [key]: value }),
    error: errors[key],
    autoComplete: key === 'firstName' ? 'given-name' : key === 'lastName' ? 'family-name' : 'off',
  });

  return (
    <section className="card" part="card" aria-labelledby="kindly-sign-in">
      <Heading id="kindly-sign-in" focus={focusHeading}>
        {strings.signInTitle}
      </Heading>
      <p className="muted">{byName ? strings.signInByName : strings.signInByCode}</p>
      {failure ? <Alert tone="bad">{failure}</Alert> : null}
      <form
        ref={form}
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          const { inviteCode: code, firstName, lastName, passcode } = values;
          const missing = byName ? !firstName.trim() && 'firstName' : !code.trim() && 'inviteCode';
          setErrors(missing ? { [missing]: strings.required(strings[missing]) } : {});
          attempt();
          if (missing) return setFailure('');
          onSubmit();
          void send(byName ? { firstName, lastName, ...(passcode.trim() && { passcode }) } : { inviteCode: code });
        }}
      >
        {byName ? (
          <div className="grid">
            <Field {...field('firstName')} required />
            <Field {...field('lastName')} />
            <Field {...field('passcode', strings.passcodeHint)} spellCheck={false} />
          </div>
        ) : (
          <Field {...field('inviteCode', strings.inviteCodeHint)} autoCapitalize="characters" spellCheck={false} required maxLength={32} />
        )}
        <div className="row">
          <button type="submit" part="button" aria-disabled={busy || undefined}>
            {busy ? strings.busy : strings.signIn}
          </button>
          <button
            type="button"
            className="link"
            part="link"
            onClick={() => {
              setByName(!byName);
              setErrors({});
              setFailure('');
            }}
          >
            {byName ? strings.useCode : strings.useName}
          </button>
        </div>
      </form>
    </section>
  );
}
