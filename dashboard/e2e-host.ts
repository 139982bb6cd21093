import type { APIRequestContext, BrowserContext } from 'playwright-core';

/** The host API as a browser context calls it: its cookies, JSON in and out. */
export interface E2eHost {
  email: string;
  password: string;
  /** `GET`/`POST`/`PUT`/`DELETE` under `/host/v1`; throws on an unexpected status. */
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

let accounts = 0;

/**
 * Creates an account and signs it in through Auth.js's own routes within `context`, so the
 * browser's pages are signed in too (setup for browser tests that are not about signing up).
 */
export async function signUpInContext(context: BrowserContext, url: string): Promise<E2eHost> {
  const request: APIRequestContext = context.request;
  accounts += 1;
  const email = `e2e${accounts}.${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  const created = await request.post(`${url}/host/v1/account`, { data: { email, password, firstName: 'Ada', lastName: 'Host' } });
  if (created.status() !== 201) throw new Error(`sign-up: ${created.status()} ${await created.text()}`);
  await signInInContext(context, url, email, password);
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await request.fetch(`${url}/host/v1${path}`, { method, ...(body === undefined ? {} : { data: body }) });
    if (response.status() >= 300) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return (response.status() === 204 ? undefined : await response.json()) as T;
  };
  return { email, password, call };
}

/** Signs an existing account in within `context` (CSRF token, then the credentials callback). */
export async function signInInContext(context: BrowserContext, url: string, email: string, password: string): Promise<void> {
  const { csrfToken } = (await (await context.request.get(`${url}/host/v1/auth/csrf`)).json()) as { csrfToken: string };
  const signedIn = await context.request.post(`${url}/host/v1/auth/callback/credentials`, {
    form: { email, password, csrfToken },
    headers: { 'x-auth-return-redirect': '1' },
  });
  if (signedIn.status() >= 400) throw new Error(`sign-in: ${signedIn.status()}`);
}
