import type { AccountCreateBody } from './bodies';
import type { HostClient } from './host-client';
import type { HostCredentials, HostSession } from './host-session';
import type { Result } from './result';

/**
 * Signs a host in (contract section 6): a fresh CSRF token first, then Auth.js's credentials
 * callback, then the new session.
 *
 * @param host The host client.
 * @param credentials The email and password as typed.
 * @returns The session; or the error (401 `INVALID_CREDENTIALS`, 429 `RATE_LIMITED`, network…).
 */
export async function signInHost(host: HostClient, credentials: HostCredentials): Promise<Result<HostSession>> {
  const csrf = await host.getCsrfToken();
  if (csrf.error) return csrf;
  const signedIn = await host.signIn({ email: credentials.email, password: credentials.password, code: credentials.code, csrfToken: csrf.data.csrfToken });
  if (signedIn.error) return signedIn;
  const session = await host.getSession();
  if (session.error) return session;
  if (!session.data) return { error: { status: 401, data: { error: { code: 'UNAUTHENTICATED', message: 'Sign in first.' } } } };
  return { data: session.data };
}

/**
 * Signs a host up: creates the account, then signs in with the same credentials (a fresh CSRF
 * token first).
 *
 * @param host The host client.
 * @param account Email, password, first and last name.
 * @returns The new session; or the error (409 `EMAIL_TAKEN`, 400 with issues, …).
 */
export async function signUpHost(host: HostClient, account: AccountCreateBody): Promise<Result<HostSession>> {
  const created = await host.createAccount(account);
  if (created.error) return created;
  return signInHost(host, account);
}

/**
 * Signs the host out: a fresh CSRF token, then Auth.js's sign-out, which ends the session on
 * the server.
 *
 * @param host The host client.
 * @returns Nothing on success, or the error.
 */
export async function signOutHost(host: HostClient): Promise<Result<void>> {
  const csrf = await host.getCsrfToken();
  if (csrf.error) return csrf;
  const signedOut = await host.signOut({ csrfToken: csrf.data.csrfToken });
  return signedOut.error ? signedOut : { data: undefined };
}
