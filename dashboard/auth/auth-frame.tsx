import type { ReactNode } from 'react';
import type { ClientError } from '../../core/client/result';
import { errorMessage } from '../../core/client/result';

/** The calm centred card of the sign-in and sign-up screens. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth" id="main">
      <div className="card">
        <p className="brand" aria-hidden="true">
          Kindly
        </p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** The form-level message for a failed sign-in or sign-up, by the error's code. */
export function authErrorMessage(error: ClientError): string {
  if (typeof error.status === 'number' && 'data' in error) {
    const code = error.data?.error?.code;
    if (code === 'INVALID_CREDENTIALS') return 'Wrong email or password. Check both and try again.';
    if (code === 'TWO_FACTOR_REQUIRED') return 'Enter the code your authenticator app shows, or one of your recovery codes.';
    if (code === 'TWO_FACTOR_INVALID') return 'That code is not right, or was used already. Try the newest code.';
    if (code === 'EMAIL_TAKEN') return 'An account with this email already exists. Sign in instead, or use another email.';
    if (code === 'RATE_LIMITED' || error.status === 429) {
      return 'Too many attempts from here. Wait a few minutes, then try again.';
    }
  }
  return errorMessage(error);
}
