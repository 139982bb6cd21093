import { describe, expect, it } from 'vitest';
import { createEventFixture, eventRequest, PASSCODE, signInGuest, smithsWholeReply } from './test-support/event-fixture';
import { createApp } from './app';
import { BASE, signIn } from './in-process/host-session';
import { accountLinkPath, latestAccountEmail } from './test-support/account-mail';
import { memoryLogger } from './test-support/memory-log';
import { createTestApp, testConfig, testDatabaseKind } from './test-support/test-app';

const AUTH_SECRET = 'auth-secret-that-must-never-be-logged-0123456789';

interface LogEntry {
  level: number;
  msg: string;
  err?: { message: string };
}

describe('the whole log of guest and host flows, a failed sign-in, account links, an unsubscribe and a server error', () => {
  it(`holds none of the secrets they used (${testDatabaseKind})`, async () => {
    const lines: string[] = [];
    const t = await createTestApp({ log: memoryLogger(lines), config: { ...testConfig, authSecret: AUTH_SECRET } });
    let closed = false;
    try {
      // Host: sign up and in, an occasion with its households and guests (the fixture), a second sign-in.
      const f = await createEventFixture(t);
      const { email, password } = f.host.credentials;
      expect((await signIn(t.app, email, password)).status).toBe(200);
      const hostCookie = f.host.jar.get('authjs.session-token')!;
      expect((await f.host.request('PUT', `/occasion/${f.occasionId}/household/${f.smith.id}`, { email: 'smiths@example.com' })).status).toBe(200);

      // A failed sign-in of each kind.
      const wrongPassword = 'not-the-password-at-all';
      await signIn(t.app, email, wrongPassword);
      const wrongCode = 'QQQQ-RRRR-SSSS';
      expect((await eventRequest(t.app, 'POST', '/auth/credentials', { body: { occasionId: f.occasionId, inviteCode: wrongCode } })).status).toBe(401);

      // An invitation sent, and unsubscribed from by its link.
      expect((await f.host.request('POST', `/occasion/${f.occasionId}/emails`, { kind: 'INVITATION', householdIds: [f.smith.id] })).status).toBe(202);
      const { unsubscribeToken } = await t.deps.db.selectFrom('email').select('unsubscribeToken').where('kind', '=', 'INVITATION').executeTakeFirstOrThrow();
      expect((await t.app.request(`${BASE}/unsubscribe/${unsubscribeToken}`, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200);

      // Account links: a verification link opened and used, a reset asked for (with a mistyped
      // address too), its link opened, a bad form sent to it, then used.
      // (The fixture's host is verified: asked again as an unverified one, its link comes anew.)
      await t.deps.db.updateTable('account').set({ emailVerifiedAt: null }).execute();
      expect((await f.host.request('POST', '/account/verification')).status).toBe(202);
      const verification = accountLinkPath((await latestAccountEmail(t.deps.db, email, 'VERIFY_EMAIL'))!.text, 'verify');
      expect((await t.app.request(`${BASE}${verification}`)).status).toBe(200);
      expect((await t.app.request(`${BASE}${verification}`, { method: 'POST' })).status).toBe(200);
      const held: Array<() => Promise<void>> = [];
      const resetApp = createApp({ ...t.deps, afterAnswer: (task) => held.push(task) });
      for (const address of [email, 'nobody.at.all@example.com']) {
        const asked = await resetApp.request(`${BASE}/host/v1/account/password-reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: address }) });
        expect(asked.status).toBe(202);
      }
      for (const task of held) await task();
      const reset = accountLinkPath((await latestAccountEmail(t.deps.db, email, 'RESET_PASSWORD'))!.text, 'reset');
      const resetForm = (body: string) => t.app.request(`${BASE}${reset}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      expect((await t.app.request(`${BASE}${reset}`)).status).toBe(200);
      const resetPassword = 'reset-password-never-logged';
      expect((await resetForm(`newPassword=${resetPassword}&repeatPassword=mismatch`)).status).toBe(400);
      expect((await resetForm(`newPassword=${resetPassword}&repeatPassword=${resetPassword}`)).status).toBe(200);
      expect((await resetForm(`newPassword=${resetPassword}&repeatPassword=${resetPassword}`)).status).toBe(410);
      const verificationToken = verification.split('/').pop()!;
      const resetToken = reset.split('/').pop()!;

      // Guest: sign in with the invite code, read, reply.
      const guest = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
      // And by name with the occasion's passcode.
      await signInGuest(t.app, { occasionId: f.occasionId, firstName: 'Ann', lastName: 'Jones', passcode: PASSCODE });
      expect((await eventRequest(t.app, 'GET', '/household', { token: guest.token })).status).toBe(200);
      expect((await eventRequest(t.app, 'POST', '/rsvp', { token: guest.token, body: smithsWholeReply(f) })).status).toBe(201);

      // A server error: the database closed under the app, then the same guest and link again.
      await t.close();
      closed = true;
      const failed = await eventRequest(t.app, 'GET', '/household', { token: guest.token });
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect((await t.app.request(`${BASE}/unsubscribe/${unsubscribeToken}`, { method: 'POST' })).status).toBeGreaterThanOrEqual(500);

      const log = lines.join('\n');
      const entries = lines.map((line) => JSON.parse(line) as LogEntry);
      // The log did see all of it.
      for (const seen of ['POST /event/v1/auth/credentials 200', 'POST /event/v1/auth/credentials 401', 'POST /event/v1/rsvp 201', 'POST /unsubscribe/:token 200', 'POST /host/v1/auth/callback/credentials', 'POST /account/reset/:token 200', 'POST /account/verify/:token 200', 'POST /host/v1/account/password-reset 202']) {
        expect(log).toContain(seen);
      }
      expect(entries.filter((entry) => entry.level >= 40 && entry.err)).not.toEqual([]);
      const secrets = { password, wrongPassword, passcode: PASSCODE, inviteCode: f.smith.inviteCode, wrongCode, guestToken: guest.token, hostCookie, unsubscribeToken, authSecret: AUTH_SECRET, verificationToken, resetToken, resetPassword };
      for (const [name, secret] of Object.entries(secrets)) {
        expect(secret.length, name).toBeGreaterThan(8);
        expect(log.includes(secret), `${name} is in the log`).toBe(false);
      }
      // Nor either half of an account link's token.
      for (const half of [...verificationToken.split('.'), ...resetToken.split('.')]) expect(log.includes(half)).toBe(false);
      // An invite code is logged neither as typed nor without its dashes.
      expect(log).not.toContain(f.smith.inviteCode.replace(/-/g, ''));
    } finally {
      if (!closed) await t.close();
    }
  });
});
