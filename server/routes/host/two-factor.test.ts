import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE, signUpHost, type HostClient } from '../../in-process/host-session';
import { CookieJar } from '../../in-process/cookie-jar';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';

/** A sign-in through Auth.js's credentials callback with an optional code: the answer's URL and whether a session began. */
async function signInWith(t: TestApp, email: string, password: string, code?: string) {
  const jar = new CookieJar();
  const csrf = await t.app.request(`${BASE}/host/v1/auth/csrf`);
  jar.store(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await t.app.request(`${BASE}/host/v1/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1', cookie: jar.header() },
    body: new URLSearchParams({ email, password, csrfToken, ...(code === undefined ? {} : { code }) }).toString(),
  });
  jar.store(response);
  const { url } = (await response.json()) as { url: string };
  return { url, signedIn: jar.get('authjs.session-token') !== undefined };
}

const codeAt = (secret: string, offsetSteps: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });

describe(`two-factor sign-in (${testDatabaseKind})`, () => {
  let t: TestApp;
  let host: HostClient;
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
  });
  afterEach(() => t.close());

  async function turnOn(): Promise<{ secret: string; enabledWith: string; recoveryCodes: string[] }> {
    const { secret } = (await (await host.request('POST', '/account/two-factor', { currentPassword: host.credentials.password })).json()) as { secret: string };
    const enabledWith = codeAt(secret, 0);
    const on = await host.request('PUT', '/account/two-factor', { code: enabledWith });
    expect(on.status).toBe(200);
    return { secret, enabledWith, ...((await on.json()) as { recoveryCodes: string[] }) };
  }

  it('is set up with the password and a right code, then answers ten recovery codes once', async () => {
    expect((await host.request('POST', '/account/two-factor', { currentPassword: 'not the password' })).status).toBe(400);
    const setup = (await (await host.request('POST', '/account/two-factor', { currentPassword: host.credentials.password })).json()) as { secret: string; uri: string };
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Kindly:.+secret=/);
    const wrong = await host.request('PUT', '/account/two-factor', { code: codeAt(setup.secret, 0) === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect((await host.request('PUT', '/account/two-factor', { code: 'abc' })).status).toBe(400);
    expect(await (await host.request('GET', '/account')).json()).toMatchObject({ twoFactorEnabled: false });
    // Off, the password alone signs in.
    expect((await signInWith(t, host.credentials.email, host.credentials.password)).signedIn).toBe(true);

    const { recoveryCodes } = (await (await host.request('PUT', '/account/two-factor', { code: codeAt(setup.secret, 0) })).json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(await (await host.request('GET', '/account')).json()).toMatchObject({ twoFactorEnabled: true, recoveryCodesLeft: 10 });
    const stored = JSON.stringify(await t.deps.db.selectFrom('recoveryCode').selectAll().execute());
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replace('-', ''));
    expect((await host.request('PUT', '/account/two-factor', { code: codeAt(setup.secret, 0) })).status).toBe(409);
  });

  it('asks for a code after the right password; a code signs in once; a wrong one is refused', async () => {
    const { secret, enabledWith } = await turnOn();
    const { email, password } = host.credentials;
    const asked = await signInWith(t, email, password);
    expect(asked.signedIn).toBe(false);
    expect(asked.url).toContain('code=two-factor-required');
    // A wrong password says nothing of two-factor sign-in.
    const wrongPassword = await signInWith(t, email, 'not the password', codeAt(secret, 1));
    expect(wrongPassword).toMatchObject({ signedIn: false });
    expect(wrongPassword.url).not.toContain('two-factor');

    // The code that turned it on is spent; the next step's code works once.
    expect((await signInWith(t, email, password, enabledWith)).signedIn).toBe(false);
    const next = codeAt(secret, 1);
    expect((await signInWith(t, email, password, next)).signedIn).toBe(true);
    // That session is marked as begun with a second factor; the one from before setup is not.
    const marks = await t.deps.db.selectFrom('hostSession').select('secondFactor').orderBy('createdAt').execute();
    expect(marks.map((row) => Number(row.secondFactor))).toEqual([0, 1]);
    const replayed = await signInWith(t, email, password, next);
    expect(replayed.signedIn).toBe(false);
    expect(replayed.url).toContain('code=two-factor-invalid');
  });

  it('takes each recovery code once, in any case and spacing', async () => {
    const { recoveryCodes } = await turnOn();
    const { email, password } = host.credentials;
    expect((await signInWith(t, email, password, ` ${recoveryCodes[3]!.toLowerCase()} `)).signedIn).toBe(true);
    expect((await signInWith(t, email, password, recoveryCodes[3])).signedIn).toBe(false);
    expect((await signInWith(t, email, password, 'ABCDE-FGHJK')).signedIn).toBe(false);
    expect(await (await host.request('GET', '/account')).json()).toMatchObject({ recoveryCodesLeft: 9 });

    // New codes replace the old ones.
    const renewed = (await (await host.request('POST', '/account/two-factor/recovery-codes', { currentPassword: password })).json()) as { recoveryCodes: string[] };
    expect((await signInWith(t, email, password, recoveryCodes[4])).signedIn).toBe(false);
    expect((await signInWith(t, email, password, renewed.recoveryCodes[0])).signedIn).toBe(true);
  });

  it('turns off with the password, and the password alone signs in again', async () => {
    await turnOn();
    const { email, password } = host.credentials;
    expect((await host.request('POST', '/account/two-factor/deactivation', { currentPassword: 'nope nope nope' })).status).toBe(400);
    expect((await signInWith(t, email, password)).signedIn).toBe(false);
    expect((await host.request('POST', '/account/two-factor/deactivation', { currentPassword: password })).status).toBe(204);
    expect((await signInWith(t, email, password)).signedIn).toBe(true);
    expect(await t.deps.db.selectFrom('recoveryCode').selectAll().execute()).toEqual([]);
    expect(await (await host.request('GET', '/account')).json()).toMatchObject({ twoFactorEnabled: false, recoveryCodesLeft: 0 });
  });
});
