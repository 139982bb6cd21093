import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { Link } from 'wouter';
import { PasswordResetRequestSchema } from '../../core/schemas/account';
import { serverErrors, validateForm, type FieldErrors } from '../components/form-errors';
import { FormMessage, TextInput } from '../components/text-input';
import { useKindly } from '../data/kindly';
import { AuthFrame, authErrorMessage } from './auth-frame';

/**
 * "Forgot password?": asks for a reset link. The answer is the same whether or not the address
 * has an account, so the screen says what happens if it does.
 */
export function ForgotPasswordPage() {
  const { stores } = useKindly();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(undefined);
    const checked = validateForm(PasswordResetRequestSchema, { email });
    setErrors(checked.errors);
    if (!checked.ok) return;
    setBusy(true);
    const result = await stores.$requestPasswordReset.mutate(checked.output);
    setBusy(false);
    if (result.error) {
      setErrors(serverErrors(result.error).errors);
      setMessage(authErrorMessage(result.error));
      return;
    }
    setSentTo(checked.output.email);
  }

  if (sentTo) {
    return (
      <AuthFrame title="Check your email">
        <p role="status">
          If an account uses <strong>{sentTo}</strong>, we sent it a link to choose a new password. The link works for 30 minutes,
          once, and signs the account out everywhere.
        </p>
        <p className="small">
          No message after a few minutes? Look in the spam folder, or <Link href="/forgot-password" onClick={() => setSentTo(undefined)}>try again</Link>.
        </p>
        <p className="small">
          <Link href="/sign-in">Back to sign-in</Link>
        </p>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title="Forgot your password?">
      <p>Enter the email you sign in with. We will send you a link to choose a new password.</p>
      <Form className="form" onSubmit={submit} validationBehavior="aria" aria-label="Reset password">
        <FormMessage messages={[message]} />
        <TextInput label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} isRequired autoFocus />
        <Button type="submit" className="button button--primary" isDisabled={busy}>
          {busy ? 'Sending…' : 'Send me a link'}
        </Button>
      </Form>
      <p className="small">
        <Link href="/sign-in">Back to sign-in</Link>
      </p>
    </AuthFrame>
  );
}
