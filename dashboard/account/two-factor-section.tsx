import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import type { Account, TwoFactorSetup } from '../../core/schemas/account';
import { PasswordConfirmSchema, TwoFactorEnableSchema } from '../../core/schemas/account';
import { ModalDialog } from '../components/dialog';
import { validateForm } from '../components/form-errors';
import { FormMessage, TextInput } from '../components/text-input';
import { useKindly } from '../data/kindly';
import { Saved, Section, useFormState } from './account-section';
import { CurrentPasswordInput } from './current-password-input';

type Step = { kind: 'password'; action: 'setup' | 'codes' | 'off' } | { kind: 'scan'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] };

/**
 * Optional two-factor sign-in: set up with an authenticator app (its secret as a link and as
 * text), confirmed with a code; ten recovery codes shown once; new codes; turning it off.
 */
export function TwoFactorSection({ account }: { account: Account }) {
  const [step, setStep] = useState<Step>();
  const [note, setNote] = useState<string>();
  const close = () => setStep(undefined);
  return (
    <Section id="two-factor" title="Two-factor sign-in">
      {account.twoFactorEnabled ? (
        <>
          <p>
            On: signing in asks for a code from your authenticator app after the password. {account.recoveryCodesLeft} of 10 recovery codes
            left.
          </p>
          <div className="button-row">
            <button type="button" className="button" onClick={() => setStep({ kind: 'password', action: 'codes' })}>
              New recovery codes
            </button>
            <button type="button" className="button button--danger" onClick={() => setStep({ kind: 'password', action: 'off' })}>
              Turn off two-factor sign-in
            </button>
          </div>
        </>
      ) : (
        <>
          <p>Off. With it on, signing in also asks for a code from an authenticator app on your phone.</p>
          <button type="button" className="button button--primary" onClick={() => setStep({ kind: 'password', action: 'setup' })}>
            Set up two-factor sign-in
          </button>
        </>
      )}
      <Saved text={note} />
      <ModalDialog
        title={step?.kind === 'codes' ? 'Your recovery codes' : step?.kind === 'scan' ? 'Add Kindly to your authenticator' : 'Confirm your password'}
        isOpen={step !== undefined}
        onOpenChange={(open) => (open ? undefined : close())}
        isDismissable={step?.kind !== 'codes'}
      >
        {step?.kind === 'password' ? (
          <PasswordStep
            action={step.action}
            onDone={(next) => {
              if (next.kind === 'off') {
                setNote('Two-factor sign-in is off.');
                close();
              } else setStep(next);
            }}
            onCancel={close}
          />
        ) : step?.kind === 'scan' ? (
          <ScanStep setup={step.setup} onDone={(codes) => setStep({ kind: 'codes', codes })} onCancel={close} />
        ) : step?.kind === 'codes' ? (
          <>
            <p>Each code signs you in once instead of an authenticator code. Keep them somewhere safe: they are not shown again.</p>
            <ul className="recovery-codes" aria-label="Recovery codes">
              {step.codes.map((code) => (
                <li key={code}>
                  <code>{code}</code>
                </li>
              ))}
            </ul>
            <div className="dialog-actions">
              <Button
                className="button button--primary"
                onPress={() => {
                  setNote(account.twoFactorEnabled ? 'New recovery codes replace the old ones.' : 'Two-factor sign-in is on.');
                  close();
                }}
              >
                I have kept them
              </Button>
            </div>
          </>
        ) : null}
      </ModalDialog>
    </Section>
  );
}

function PasswordStep({
  action,
  onDone,
  onCancel,
}: {
  action: 'setup' | 'codes' | 'off';
  onDone(next: Step | { kind: 'off' }): void;
  onCancel(): void;
}) {
  const { client, stores } = useKindly();
  const [currentPassword, setCurrentPassword] = useState('');
  const form = useFormState();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(PasswordConfirmSchema, { currentPassword });
    form.setErrors(checked.errors);
    if (!checked.ok) return;
    if (action === 'setup') {
      const result = await form.run(() => client.setUpTwoFactor(checked.output), '');
      if (result.ok) onDone({ kind: 'scan', setup: result.data });
    } else if (action === 'codes') {
      const result = await form.run(() => stores.$renewRecoveryCodes.mutate(checked.output), '');
      if (result.ok) onDone({ kind: 'codes', codes: result.data.recoveryCodes });
    } else {
      const result = await form.run(() => stores.$disableTwoFactor.mutate(checked.output), '');
      if (result.ok) onDone({ kind: 'off' });
    }
  }
  return (
    <Form className="form" onSubmit={submit} validationBehavior="aria" aria-label="Confirm your password">
      <CurrentPasswordInput value={currentPassword} onChange={setCurrentPassword} error={form.errors.currentPassword} autoFocus />
      <FormMessage messages={[form.message]} />
      <div className="dialog-actions">
        <Button className="button" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" className={action === 'off' ? 'button button--danger' : 'button button--primary'} isDisabled={form.busy}>
          {action === 'off' ? 'Turn off' : 'Continue'}
        </Button>
      </div>
    </Form>
  );
}

function ScanStep({ setup, onDone, onCancel }: { setup: TwoFactorSetup; onDone(codes: string[]): void; onCancel(): void }) {
  const { stores } = useKindly();
  const [code, setCode] = useState('');
  const form = useFormState();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(TwoFactorEnableSchema, { code });
    form.setErrors(checked.errors);
    if (!checked.ok) return;
    const result = await form.run(() => stores.$enableTwoFactor.mutate(checked.output), '');
    if (result.ok) onDone(result.data.recoveryCodes);
  }
  return (
    <Form className="form" onSubmit={submit} validationBehavior="aria" aria-label="Confirm the authenticator">
      <p>
        In your authenticator app, add an account with this key, or <a href={setup.uri}>open it in the app</a> on this device:
      </p>
      <p>
        <code className="secret" aria-label="Setup key">
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
      </p>
      <TextInput
        label="Code from the app"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={setCode}
        error={form.errors.code}
        isRequired
        autoFocus
      />
      <FormMessage messages={[form.message]} />
      <div className="dialog-actions">
        <Button className="button" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" className="button button--primary" isDisabled={form.busy}>
          Turn on
        </Button>
      </div>
    </Form>
  );
}
