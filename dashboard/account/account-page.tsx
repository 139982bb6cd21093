import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { errorMessage } from '../../core/client/result';
import type { Account } from '../../core/schemas/account';
import { AccountUpdateSchema, EmailChangeSchema, PasswordChangeSchema } from '../../core/schemas/account';
import { validateForm } from '../components/form-errors';
import { ErrorState, Loading } from '../components/states';
import { FormMessage, TextInput } from '../components/text-input';
import { useKindly, useQuery } from '../data/kindly';
import { Saved, Section, useFormState } from './account-section';
import { DeleteAccountSection } from './delete-account';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';
import { CurrentPasswordInput } from './current-password-input';

/** Account settings: name, email (with its verification), password, sessions, two-factor sign-in, deletion. */
export function AccountPage() {
  const account = useQuery((s) => s.$account, 'account');
  return (
    <main className="page page--medium" id="main">
      <div className="page-head">
        <h1>Account settings</h1>
      </div>
      {account.error && !account.data ? (
        <ErrorState error={account.error} what="your account" onRetry={account.retry} />
      ) : !account.data ? (
        <Loading />
      ) : (
        <>
          <VerificationNotice account={account.data} />
          <NameSection account={account.data} />
          <EmailSection account={account.data} />
          <PasswordSection />
          <SessionsSection />
          <TwoFactorSection account={account.data} />
          <DeleteAccountSection account={account.data} />
        </>
      )}
    </main>
  );
}

/** Until the address is confirmed: what that means, and a way to get the link again. */
function VerificationNotice({ account }: { account: Account }) {
  const { stores } = useKindly();
  const [state, setState] = useState<string>();
  if (account.emailVerified) return null;
  return (
    <div className="notice notice--warn" role="status">
      <p>
        Confirm your email address: we sent a link to <strong>{account.email}</strong>. Until then you can plan everything, but Kindly
        sends no email to your guests.
      </p>
      <button
        type="button"
        className="button button--small"
        onClick={async () => {
          const result = await stores.$requestEmailVerification.mutate();
          setState(result.error ? errorMessage(result.error) : `We sent a new link to ${account.email}.`);
        }}
      >
        Send the link again
      </button>
      {state ? <p className="small">{state}</p> : null}
    </div>
  );
}

function NameSection({ account }: { account: Account }) {
  const { stores } = useKindly();
  const [firstName, setFirstName] = useState(account.firstName);
  const [lastName, setLastName] = useState(account.lastName);
  const form = useFormState();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(AccountUpdateSchema, { firstName, lastName });
    form.setErrors(checked.errors);
    if (!checked.ok) return;
    await form.run(() => stores.$updateAccount.mutate(checked.output), 'Your name is saved.');
  }
  return (
    <Section id="name" title="Name">
      <Form className="form form-grid" onSubmit={submit} validationBehavior="aria" aria-label="Name">
        <TextInput label="First name" autoComplete="given-name" value={firstName} onChange={setFirstName} error={form.errors.firstName} isRequired />
        <TextInput label="Last name" autoComplete="family-name" value={lastName} onChange={setLastName} error={form.errors.lastName} isRequired />
        <div>
          <Button type="submit" className="button button--primary" isDisabled={form.busy}>
            {form.busy ? 'Saving…' : 'Save name'}
          </Button>
        </div>
      </Form>
      <FormMessage messages={[form.message]} />
      <Saved text={form.done} />
    </Section>
  );
}

function EmailSection({ account }: { account: Account }) {
  const { stores } = useKindly();
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const form = useFormState();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(EmailChangeSchema, { email, currentPassword });
    form.setErrors(checked.errors);
    if (!checked.ok) return;
    const changed = await form.run(() => stores.$changeEmail.mutate(checked.output), `We sent a link to ${checked.output.email}. Your address changes when you open it.`);
    if (changed.ok) {
      setEmail('');
      setCurrentPassword('');
    }
  }
  return (
    <Section id="email" title="Email">
      <p>
        You sign in as <strong>{account.email}</strong> ({account.emailVerified ? 'confirmed' : 'not confirmed yet'}).
      </p>
      {account.pendingEmail ? (
        <p className="small">
          Waiting for <strong>{account.pendingEmail}</strong> to be confirmed from the link we sent there.
        </p>
      ) : null}
      <Form className="form" onSubmit={submit} validationBehavior="aria" aria-label="Change email">
        <TextInput label="New email" type="email" autoComplete="email" value={email} onChange={setEmail} error={form.errors.email} isRequired />
        <CurrentPasswordInput value={currentPassword} onChange={setCurrentPassword} error={form.errors.currentPassword} />
        <div>
          <Button type="submit" className="button button--primary" isDisabled={form.busy}>
            {form.busy ? 'Sending…' : 'Change email'}
          </Button>
        </div>
      </Form>
      <FormMessage messages={[form.message]} />
      <Saved text={form.done} />
    </Section>
  );
}

function PasswordSection() {
  const { stores } = useKindly();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const form = useFormState();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateForm(PasswordChangeSchema, { currentPassword, newPassword });
    form.setErrors(checked.errors);
    if (!checked.ok) return;
    if ((await form.run(() => stores.$changePassword.mutate(checked.output), 'Your password is changed. Every other session has ended.')).ok) {
      setCurrentPassword('');
      setNewPassword('');
    }
  }
  return (
    <Section id="password" title="Password">
      <Form className="form" onSubmit={submit} validationBehavior="aria" aria-label="Change password">
        <CurrentPasswordInput value={currentPassword} onChange={setCurrentPassword} error={form.errors.currentPassword} />
        <TextInput
          label="New password"
          description="At least 8 characters. Every other session ends when you change it."
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={setNewPassword}
          error={form.errors.newPassword}
          isRequired
        />
        <div>
          <Button type="submit" className="button button--primary" isDisabled={form.busy}>
            {form.busy ? 'Saving…' : 'Change password'}
          </Button>
        </div>
      </Form>
      <FormMessage messages={[form.message]} />
      <Saved text={form.done} />
    </Section>
  );
}

