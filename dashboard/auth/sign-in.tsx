import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import { Link, useSearch } from 'wouter';
import { SignInSchema } from '../../core/schemas/account';
import { serverErrors, validateForm, type FieldErrors } from '../components/form-errors';
import { FormMessage, TextInput } from '../components/text-input';
import { useKindly } from '../data/kindly';
import { AuthFrame, authErrorMessage } from './auth-frame';

/**
 * Sign-in: email and password, then (for an account with two-factor sign-in) the code of its
 * authenticator or a recovery code; wrong credentials and rate limits read clearly.
 */
export function SignInPage() {
  const { stores } = useKindly();
  const search = useSearch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Shown once the server asked for it (the password was right).
  const [code, setCode] = useState<string>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(undefined);
    const checked = validateForm(SignInSchema, { email, password });
    setErrors(checked.errors);
    if (!checked.ok) return;
    setBusy(true);
    // On success the session store changes and the /auth route sends the host on.
    const result = await stores.$signIn.mutate({ ...checked.output, ...(code ? { code } : {}) });
    setBusy(false);
    if (result.error) {
      const data = 'data' in result.error ? result.error.data : undefined;
      const errorCode = typeof data === 'object' && data !== null && 'error' in data ? data.error.code : undefined;
      if (errorCode === 'TWO_FACTOR_REQUIRED' || errorCode === 'TWO_FACTOR_INVALID') setCode((typed) => typed ?? '');
      setErrors(serverErrors(result.error).errors);
      setMessage(authErrorMessage(result.error));
    }
  }

  return (
    <AuthFrame title="Sign in to Kindly">
      <Form className="form" onSubmit={submit} validationBehavior="aria" aria-label="Sign in">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
          isRequired
          autoFocus
        />
        <TextInput
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          isRequired
        />
        {code !== undefined ? (
          <TextInput
            label="Authentication code"
            description="Six digits from your authenticator app, or a recovery code."
            autoComplete="one-time-code"
            inputMode="text"
            value={code}
            onChange={setCode}
            isRequired
            autoFocus
          />
        ) : null}
        <FormMessage messages={[message]} focus />
        <Button type="submit" className="button button--primary" isDisabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </Form>
      <p className="small">
        <Link href="/forgot-password">Forgot password?</Link>
      </p>
      <p className="small">
        New to Kindly? <Link href={`/sign-up${search ? `?${search}` : ''}`}>Create an account</Link>
      </p>
    </AuthFrame>
  );
}
