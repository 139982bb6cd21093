import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { Link, useSearch } from 'wouter';
import { AccountCreateSchema } from '../../core/schemas/account';
import { serverErrors, validateForm, type FieldErrors } from '../components/form-errors';
import { FormMessage, TextInput } from '../components/text-input';
import { useKindly } from '../data/kindly';
import { AuthFrame, authErrorMessage } from './auth-frame';

/** Sign-up: first name, last name, email and password; then the host is signed in. */
export function SignUpPage() {
  const { stores } = useKindly();
  const search = useSearch();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(undefined);
    const checked = validateForm(AccountCreateSchema, form);
    setErrors(checked.errors);
    if (!checked.ok) return;
    setBusy(true);
    const result = await stores.$signUp.mutate(checked.output);
    setBusy(false);
    if (result.error) {
      const { errors: fieldErrors } = serverErrors(result.error);
      const code = typeof result.error.status === 'number' && 'data' in result.error ? result.error.data?.error?.code : undefined;
      if (code === 'EMAIL_TAKEN') fieldErrors.email ??= 'An account with this email already exists.';
      setErrors(fieldErrors);
      setMessage(authErrorMessage(result.error));
    }
  }

  return (
    <AuthFrame title="Create your Kindly account">
      <Form className="form" onSubmit={submit} validationBehavior="aria" aria-label="Sign up">
        <div className="form-grid">
          <TextInput
            label="First name"
            autoComplete="given-name"
            value={form.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
            isRequired
            autoFocus
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            value={form.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
            isRequired
          />
        </div>
        <TextInput label="Email" type="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} isRequired />
        <TextInput
          label="Password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={errors.password}
          description="At least 8 characters; not a common password."
          isRequired
        />
        <FormMessage messages={[message]} focus />
        <Button type="submit" className="button button--primary" isDisabled={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </Button>
      </Form>
      <p className="small">
        Already have an account? <Link href={`/sign-in${search ? `?${search}` : ''}`}>Sign in</Link>
      </p>
    </AuthFrame>
  );
}
