/** A host signed in to the app in-process (the demo's seeding, the tests, the benchmarks): calls with its session cookie. */
import type { Hono } from 'hono';
import type { AccountCreate } from '../../core/schemas/account';
import type { AppEnv } from '../app-env';
import { CookieJar } from './cookie-jar';

/** A host's sign-up body. */
export type HostCredentials = AccountCreate;

let counter = 0;

export function newHostCredentials(): HostCredentials {
  counter += 1;
  return {
    email: `host${counter}.${Date.now()}@example.com`,
    password: 'correct horse battery staple',
    firstName: 'Ada',
    lastName: 'Lovelace',
  };
}

export const BASE = 'http://localhost';

/** A signed-in host: its cookies and a JSON `request` that carries them. */
export interface HostClient {
  jar: CookieJar;
  accountId: string;
  credentials: HostCredentials;
  request(method: string, path: string, body?: unknown): Promise<Response>;
}

/** Signs in through Auth.js's own routes: CSRF token, then the credentials callback. */
export async function signIn(app: Hono<AppEnv>, email: string, password: string, jar = new CookieJar()): Promise<Response> {
  const csrfResponse = await app.request(`${BASE}/host/v1/auth/csrf`, { headers: { cookie: jar.header() } });
  jar.store(csrfResponse);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const response = await app.request(`${BASE}/host/v1/auth/callback/credentials`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-auth-return-redirect': '1',
      cookie: jar.header(),
    },
    body: new URLSearchParams({ email, password, csrfToken }).toString(),
  });
  jar.store(response);
  return response;
}

/** Signs out through Auth.js's own routes (CSRF token, then the sign-out form), as the dashboard does. */
export async function signOut(app: Hono<AppEnv>, jar: CookieJar): Promise<Response> {
  const csrf = await app.request(`${BASE}/host/v1/auth/csrf`, { headers: { cookie: jar.header() } });
  jar.store(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return app.request(`${BASE}/host/v1/auth/signout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1', cookie: jar.header() },
    body: new URLSearchParams({ csrfToken }).toString(),
  });
}

/** Creates an account and signs it in. */
export async function signUpHost(app: Hono<AppEnv>, credentials = newHostCredentials()): Promise<HostClient> {
  const created = await app.request(`${BASE}/host/v1/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (created.status !== 201) throw new Error(`sign-up failed: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const jar = new CookieJar();
  const response = await signIn(app, credentials.email, credentials.password, jar);
  if (!jar.get('authjs.session-token')) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return asHost(app, jar, id, credentials);
}

/** A `HostClient` for cookies that are already signed in. */
export function asHost(app: Hono<AppEnv>, jar: CookieJar, accountId: string, credentials: HostCredentials): HostClient {
  return {
    jar,
    accountId,
    credentials,
    request: async (method, path, body) =>
      app.request(`${BASE}/host/v1${path}`, {
        method,
        headers: { cookie: jar.header(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      }),
  };
}
