import { useEffect, useRef, useState } from 'react';
import type { GuestCredentialsInput } from '../../core/client/event-bodies';
import type { Connection } from '../data/connection';
import { describeError, fieldIssues } from '../data/errors';
import { useStrings } from '../i18n';
import { Alert, TextField } from '../ui/field';
import { platform, useFocusFirstInvalid } from '../ui/focus';
import { Heading } from '../ui/heading';

export interface SignInProps {
  connection: Connection;
  /** `?invite=CODE` of the page: filled in, and tried once per page load. */
  inviteCode: string;
  focusHeading: boolean;
  /** Told when the guest sends the form (focus then follows to the next screen). */
  onSubmit: () => void;
}

/** Sign-in by invite code, or by first and last name and the occasion's passcode. */
export function SignIn({ connection, inviteCode, focusHeading, onSubmit }: SignInProps) {
  const strings = useStrings();
  const [byName, setByName] = useState(false);
  const [code, setCode] = useState(inviteCode);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [passcode, setPasscode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const mounted = useRef(true);
  useFocusFirstInvalid(form, attempt);

  const send = async (credentials: GuestCredentialsInput) => {
    setBusy(true);
    setFailure('');
    const result = await connection.signIn({ ...credentials, platform: platform() });
    if (!mounted.current || !result.error) return; // signed in: this form is gone
    setBusy(false);
    setErrors(fieldIssues(result.error));
    setFailure(describeError(result.error, strings, connection.lastRetryAfter()));
  };

  useEffect(() => {
    if (inviteCode && !connection.inviteTried) {
      connection.inviteTried = true;
      void send({ inviteCode });
    }
    return () => {
      mounted.current = false;
    };
    // Once, when the form first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (busy) return;
    const missing: Record<string, string> = {};
    if (byName) {
      if (!firstName.trim()) missing.firstName = strings.required(strings.firstName);
    } else if (!code.trim()) missing.inviteCode = strings.required(strings.inviteCode);
    setErrors(missing);
    setAttempt((count) => count + 1);
    if (Object.keys(missing).length) {
      setFailure('');
      return;
    }
    onSubmit();
    void send(
      byName
        ? { firstName, lastName, ...(passcode.trim() ? { passcode } : {}) }
        : { inviteCode: code },
    );
  };

  return (
    <section className="card" part="card" aria-labelledby="kindly-sign-in">
      <Heading id="kindly-sign-in" focus={focusHeading}>
        {strings.signInTitle}
      </Heading>
      <p className="muted">{byName ? strings.signInByName : strings.signInByCode}</p>
      {failure ? <Alert tone="bad">{failure}</Alert> : null}
      <form ref={form} className="stack" noValidate onSubmit={submit}>
        {byName ? (
          <div className="grid">
            <TextField label={strings.firstName} value={firstName} onValue={setFirstName} name="given-name" autoComplete="given-name" required error={errors.firstName} />
            <TextField label={strings.lastName} value={lastName} onValue={setLastName} name="family-name" autoComplete="family-name" error={errors.lastName} />
            <TextField label={strings.passcode} hint={strings.passcodeHint} value={passcode} onValue={setPasscode} name="passcode" autoComplete="off" spellCheck={false} error={errors.passcode} />
          </div>
        ) : (
          <TextField
            label={strings.inviteCode}
            hint={strings.inviteCodeHint}
            value={code}
            onValue={setCode}
            name="invite-code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            maxLength={32}
            error={errors.inviteCode}
          />
        )}
        <div className="row">
          <button type="submit" part="button" aria-disabled={busy || undefined}>
            {busy ? strings.signingIn : strings.signIn}
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
