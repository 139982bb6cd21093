import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test-support/test-app';
import { appFetch, BASE_URL, newAccount, ok, type AppFetch } from './app-fetch.test-helper';
import { signInHost, signOutHost, signUpHost } from './host-auth';
import { createHostClient, type HostClient } from './host-client';

let t: TestApp;
let net: AppFetch;
let host: HostClient;
beforeEach(async () => {
  t = await createTestApp();
  net = appFetch(t);
  host = createHostClient({ baseUrl: BASE_URL, fetch: net.fetch });
});
afterEach(() => t.close());

describe('the account calls on the real app', () => {
  it('renames, lists and ends sessions, asks for a reset, and deletes the account', async () => {
    const account = newAccount();
    ok(await signUpHost(host, account));
    expect(ok(await host.getAccount())).toMatchObject({ emailVerified: false, pendingEmail: null, twoFactorEnabled: false, recoveryCodesLeft: 0 });
    expect(ok(await host.updateAccount({ firstName: 'Grace' }))).toMatchObject({ firstName: 'Grace' });
    const invalid = await host.updateAccount({ firstName: '' });
    expect(invalid.error).toMatchObject({ status: 400, data: { error: { code: 'VALIDATION_FAILED', issues: [{ path: 'firstName' }] } } });
    expect(ok(await host.requestEmailVerification())).toBeUndefined();
    const changed = ok(await host.changeEmail({ email: `new.${account.email}`, currentPassword: account.password }));
    expect(changed).toMatchObject({ email: account.email, pendingEmail: `new.${account.email}` });

    const sessions = ok(await host.listHostSessions());
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ current: true });
    expect(ok(await host.endOtherHostSessions())).toBeUndefined();
    expect((await host.endHostSession('no-such-session')).error?.status).toBe(404);

    ok(await signOutHost(host));
    expect(ok(await host.requestPasswordReset({ email: account.email }))).toBeUndefined();
    expect(ok(await host.requestPasswordReset({ email: 'nobody@example.com' }))).toBeUndefined();

    ok(await signInHost(host, account));
    expect(ok(await host.getAccountDeletion())).toEqual({ occasionsOwnedAlone: [] });
    expect(ok(await host.deleteAccount({ currentPassword: account.password, confirmation: account.email }))).toBeUndefined();
    expect(ok(await host.getSession())).toBeNull();
  });

  it('signs in with two-factor: a missing code and a wrong code are told apart from a wrong password', async () => {
    const account = newAccount();
    ok(await signUpHost(host, account));
    const { secret } = ok(await host.setUpTwoFactor({ currentPassword: account.password }));
    const { recoveryCodes } = ok(await host.enableTwoFactor({ code: TOTP.generate({ secret: Secret.fromBase32(secret) }) }));
    expect(recoveryCodes).toHaveLength(10);
    ok(await signOutHost(host));

    expect((await signInHost(host, account)).error).toMatchObject({ status: 401, data: { error: { code: 'TWO_FACTOR_REQUIRED' } } });
    expect((await signInHost(host, { ...account, code: 'ZZZZZ-ZZZZZ' })).error).toMatchObject({ status: 401, data: { error: { code: 'TWO_FACTOR_INVALID' } } });
    expect((await signInHost(host, { ...account, password: 'wrong password!' })).error).toMatchObject({ data: { error: { code: 'INVALID_CREDENTIALS' } } });
    expect(ok(await signInHost(host, { ...account, code: recoveryCodes[0] })).user.email).toBe(account.email);
    expect(ok(await host.renewRecoveryCodes({ currentPassword: account.password })).recoveryCodes).toHaveLength(10);
    expect(ok(await host.disableTwoFactor({ currentPassword: account.password }))).toBeUndefined();
  });
});
