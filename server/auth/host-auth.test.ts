import { hash, verify } from '@node-rs/argon2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { BASE, newHostCredentials, signIn, signOut, signUpHost } from '../in-process/host-session';
import { CookieJar } from '../in-process/cookie-jar';
import { hostSessionId } from './host-sessions';
import { createPasswords } from './passwords';
import { createTestApp, TEST_ARGON2_COST, type TestApp } from '../test-support/test-app';

describe('host auth through Auth.js', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('signs in with CSRF token and credentials, shows the session, and revokes it on sign-out', async () => {
    const host = await signUpHost(t.app);
    const session = await t.app.request(`${BASE}/host/v1/auth/session`, { headers: { cookie: host.jar.header() } });
    expect(session.status).toBe(200);
    const body = (await session.json()) as { user: Record<string, string>; expires: string };
    expect(body.user).toEqual({
      id: host.accountId,
      email: host.credentials.email,
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(new Date(body.expires).getTime()).toBeGreaterThan(Date.now());

    const oldCookie = host.jar.header();
    expect((await host.request('GET', '/account')).status).toBe(200);

    const signedOut = await signOut(t.app, host.jar);
    expect(signedOut.status).toBe(200);
    expect(await t.deps.db.selectFrom('hostSession').selectAll().execute()).toEqual([]);

    // The old cookie, replayed after sign-out, is refused everywhere.
    const replayed = await t.app.request(`${BASE}/host/v1/account`, { headers: { cookie: oldCookie } });
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Sign in first.' } });
    const replayedSession = await t.app.request(`${BASE}/host/v1/auth/session`, { headers: { cookie: oldCookie } });
    expect(await replayedSession.json()).toBeNull();
  });

  it('gives no session cookie for a wrong password, and the redirect URL carries error=', async () => {
    const host = await signUpHost(t.app);
    const jar = new CookieJar();
    const response = await signIn(t.app, host.credentials.email, 'not the password', jar);
    const { url } = (await response.json()) as { url: string };
    expect(url).toContain('error=CredentialsSignin');
    expect(jar.get('authjs.session-token')).toBeUndefined();
  });

  it('matches the email case-insensitively', async () => {
    const host = await signUpHost(t.app);
    const jar = new CookieJar();
    await signIn(t.app, host.credentials.email.toUpperCase(), host.credentials.password, jar);
    expect(jar.get('authjs.session-token')).toBeTruthy();
  });

  it('runs one Argon2id verification of the same cost for an unknown email as for a wrong password', async () => {
    const verified: string[] = [];
    const passwords = createPasswords(TEST_ARGON2_COST, {
      hash,
      verify: (hashed, ...rest) => (verified.push(String(hashed)), verify(hashed, ...rest)),
    });
    const app = createApp({ ...t.deps, passwords });
    const host = await signUpHost(app);
    verified.length = 0;
    await signIn(app, 'nobody@example.com', 'wrong password here');
    await signIn(app, host.credentials.email, 'wrong password here');
    const stored = (await t.deps.db.selectFrom('account').select('passwordHash').executeTakeFirstOrThrow()).passwordHash;
    expect(verified).toEqual([expect.any(String), stored]);
    // `$argon2id$v=19$m=…,t=…,p=…$salt$hash`: the same algorithm, version and cost, another hash.
    const cost = (hashed: string) => hashed.split('$').slice(1, 4).join('$');
    expect(cost(verified[0]!)).toBe(cost(stored));
    expect(verified[0]).not.toBe(stored);
  });

  it('rate-limits sign-in per account with 429 and Retry-After', async () => {
    const { email } = newHostCredentials();
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) last = await signIn(t.app, email, 'wrong password here');
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await last!.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
  });

  it('counts a sign-in per account whatever parameters its content type carries, as Auth.js reads the form', async () => {
    const host = await signUpHost(t.app);
    const { email, password } = host.credentials;
    const signInAs = async (contentType: string, secret: string) => {
      const jar = new CookieJar();
      const csrf = await t.app.request(`${BASE}/host/v1/auth/csrf`);
      jar.store(csrf);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const response = await t.app.request(`${BASE}/host/v1/auth/callback/credentials`, {
        method: 'POST',
        headers: { 'content-type': contentType, 'x-auth-return-redirect': '1', cookie: jar.header() },
        body: new URLSearchParams({ email: email.toUpperCase(), password: secret, csrfToken }).toString(),
      });
      jar.store(response);
      return { response, signedIn: Boolean(jar.get('authjs.session-token')) };
    };
    const crafted = 'application/x-www-form-urlencoded; x=json';
    expect((await signInAs(crafted, password)).signedIn).toBe(true);
    for (let i = 1; i < 10; i++) expect((await signInAs(crafted, 'wrong password here')).signedIn).toBe(false);
    const limited = await signInAs('application/x-www-form-urlencoded', password);
    expect(limited.response.status).toBe(429);
    expect(limited.signedIn).toBe(false);
    expect((await signInAs(crafted, password)).response.status).toBe(429);
  });

  it('never logs passwords or tokens', async () => {
    const host = await signUpHost(t.app);
    await host.request('GET', '/account');
    const all = t.logs.join('\n');
    expect(all).toContain('POST /host/v1/auth/callback/credentials');
    expect(all).not.toContain(host.credentials.password);
    expect(all).not.toContain(host.jar.get('authjs.session-token')!);
  });
});

describe('password change', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('ends every other session of the account on the server, keeps this one, and signs in with the new password', async () => {
    const host = await signUpHost(t.app);
    const otherDevice = new CookieJar();
    await signIn(t.app, host.credentials.email, host.credentials.password, otherDevice);
    const newPassword = 'a brand new passphrase';
    expect((await t.app.request(`${BASE}/host/v1/account`, { headers: { cookie: otherDevice.header() } })).status).toBe(200);

    const wrong = await host.request('PUT', '/account/password', { currentPassword: 'not it at all', newPassword });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { issues: Array<{ path: string }> } }).error.issues[0]?.path).toBe('currentPassword');

    const changed = await host.request('PUT', '/account/password', { currentPassword: host.credentials.password, newPassword });
    expect(changed.status).toBe(204);
    expect((await host.request('GET', '/account')).status).toBe(200);
    const other = await t.app.request(`${BASE}/host/v1/account`, { headers: { cookie: otherDevice.header() } });
    expect(other.status).toBe(401);

    const oldPassword = new CookieJar();
    await signIn(t.app, host.credentials.email, host.credentials.password, oldPassword);
    expect(oldPassword.get('authjs.session-token')).toBeUndefined();
    const fresh = new CookieJar();
    await signIn(t.app, host.credentials.email, newPassword, fresh);
    expect(fresh.get('authjs.session-token')).toBeTruthy();
  });
});

describe('the host session check', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('keeps an opaque token in the cookie and only its SHA-256 on the server', async () => {
    const host = await signUpHost(t.app);
    const token = host.jar.get('authjs.session-token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.deps.db.selectFrom('hostSession').select(['id', 'accountId']).execute();
    expect(rows).toEqual([{ id: hostSessionId(token), accountId: host.accountId }]);
  });

  it('refuses a session at once when its account is deleted or its row is gone', async () => {
    const host = await signUpHost(t.app);
    const other = await signUpHost(t.app);
    expect((await host.request('GET', '/occasions')).status).toBe(200);
    await t.deps.db.deleteFrom('account').where('id', '=', host.accountId).execute();
    expect((await host.request('GET', '/occasions')).status).toBe(401);
    expect(await (await t.app.request(`${BASE}/host/v1/auth/session`, { headers: { cookie: host.jar.header() } })).json()).toBeNull();

    expect((await other.request('GET', '/account')).status).toBe(200);
    await t.deps.db.deleteFrom('hostSession').where('accountId', '=', other.accountId).execute();
    expect((await other.request('GET', '/account')).status).toBe(401);
  });

  it('refuses an expired session and a cookie that is not a token of ours', async () => {
    const host = await signUpHost(t.app);
    expect((await host.request('GET', '/account')).status).toBe(200);
    await t.deps.db.updateTable('hostSession').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await host.request('GET', '/account')).status).toBe(401);
    const forged = await t.app.request(`${BASE}/host/v1/account`, { headers: { cookie: `authjs.session-token=${'x'.repeat(43)}` } });
    expect(forged.status).toBe(401);
  });
});
