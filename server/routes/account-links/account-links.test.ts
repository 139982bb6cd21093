import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE, signIn, signUpHost, type HostClient } from '../../in-process/host-session';
import { CookieJar } from '../../in-process/cookie-jar';
import { accountLinkPath, latestAccountEmail } from '../../test-support/account-mail';
import { queueScheduledMail } from '../../email/scheduled-mail';
import { renderEmailHere } from '../../email/render-email';
import { createEventFixture } from '../../test-support/event-fixture';
import { verifyAccount } from '../../test-support/verify-account';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';

/** A page of a link, as a browser opens it (with the jar's cookies when given). */
async function open(t: TestApp, path: string, jar?: CookieJar) {
  const response = await t.app.request(`${BASE}${path}`, { headers: jar ? { cookie: jar.header() } : {} });
  return { status: response.status, html: await response.text() };
}

async function submit(t: TestApp, path: string, form: Record<string, string> = {}, jar?: CookieJar) {
  const response = await t.app.request(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(jar ? { cookie: jar.header() } : {}) },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, html: await response.text() };
}

/** Whether the credentials sign in (a session cookie is set). */
async function signsIn(t: TestApp, email: string, password: string): Promise<boolean> {
  const jar = new CookieJar();
  await signIn(t.app, email, password, jar);
  return jar.get('authjs.session-token') !== undefined;
}

describe(`scheduled reminders (${testDatabaseKind})`, () => {
  it('wait for the account to be verified, then go', async () => {
    const t = await createTestApp();
    try {
      const f = await createEventFixture(t);
      await t.deps.db.updateTable('account').set({ emailVerifiedAt: null }).execute();
      const deadline = new Date(Date.now() + 2 * 86_400_000).toISOString();
      expect((await f.host.request('PUT', `/occasion/${f.occasionId}`, { rsvpDeadline: deadline, reminderDaysBeforeDeadline: 3 })).status).toBe(200);
      expect((await f.host.request('PUT', `/occasion/${f.occasionId}/household/${f.smith.id}`, { email: 'smiths@example.com' })).status).toBe(200);
      const reminders = async () => (await t.deps.db.selectFrom('email').select('id').where('kind', '=', 'REMINDER').execute()).length;
      await queueScheduledMail(t.deps.db, t.deps.dbKind, 'https://rsvp.example.com', new Date(), renderEmailHere);
      expect(await reminders()).toBe(0);
      await verifyAccount(t.deps.db, f.host.credentials.email);
      await queueScheduledMail(t.deps.db, t.deps.dbKind, 'https://rsvp.example.com', new Date(), renderEmailHere);
      expect(await reminders()).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe(`account links (${testDatabaseKind})`, () => {
  let t: TestApp;
  let host: HostClient;
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
  });
  afterEach(() => t.close());

  const account = () => t.deps.db.selectFrom('account').selectAll().where('id', '=', host.accountId).executeTakeFirstOrThrow();
  const verifyPath = async () => accountLinkPath((await latestAccountEmail(t.deps.db, host.credentials.email, 'VERIFY_EMAIL'))!.text, 'verify');

  it('verifies the address once: sending to guests is refused before, allowed after; the link used again changes nothing', async () => {
    expect(await (await host.request('GET', '/account')).json()).toMatchObject({ emailVerified: false, pendingEmail: null });
    const occasion = (await (await host.request('POST', '/occasion', { title: 'Ours', startDate: '2027-06-12', endDate: '2027-06-12' })).json()) as { id: string };
    for (const kind of ['INVITATION', 'REMINDER']) {
      const refused = await host.request('POST', `/occasion/${occasion.id}/emails`, { kind });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('EMAIL_NOT_VERIFIED');
    }
    // Planning goes on meanwhile.
    expect((await host.request('POST', `/occasions/${occasion.id}/guests`, { guests: [{ firstName: 'Ann', householdName: 'Ann', email: 'ann@example.com' }] })).status).toBe(200);

    const path = await verifyPath();
    // Opening the link shows a button and changes nothing (a mail scanner spends nothing).
    const shown = await open(t, path);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Confirm my address');
    expect((await account()).emailVerifiedAt).toBeNull();
    const confirmed = await submit(t, path);
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain('Your address is confirmed');
    const verifiedAt = (await account()).emailVerifiedAt;
    expect(verifiedAt).not.toBeNull();
    expect(await (await host.request('GET', '/account')).json()).toMatchObject({ emailVerified: true });
    expect((await host.request('POST', `/occasion/${occasion.id}/emails`, { kind: 'INVITATION' })).status).toBe(202);

    for (const again of [await open(t, path), await submit(t, path)]) {
      expect(again.status).toBe(410);
      expect(again.html).toContain('This link was used already');
    }
    expect((await account()).emailVerifiedAt).toBe(verifiedAt);
  });

  it('refuses an expired link, a mistyped one, and one opened signed in to another account, changing nothing', async () => {
    const path = await verifyPath();
    const other = await signUpHost(t.app);
    const elsewhere = await submit(t, path, {}, other.jar);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.html).toContain('This link is for another account');

    const token = path.split('/').pop()!;
    const mistyped = `/account/verify/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await submit(t, mistyped)).toMatchObject({ status: 404 });
    expect((await open(t, '/account/verify/short')).html).toContain('This link is not valid');
    // A verification link is not a reset link.
    expect((await open(t, path.replace('/verify/', '/reset/'))).status).toBe(404);

    await t.deps.db.updateTable('accountToken').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).execute();
    const expired = await submit(t, path);
    expect(expired.status).toBe(410);
    expect(expired.html).toContain('This link has expired');
    expect((await account()).emailVerifiedAt).toBeNull();
    expect(await t.deps.db.selectFrom('accountToken').select('usedAt').where('accountId', '=', host.accountId).executeTakeFirstOrThrow()).toEqual({ usedAt: null });
  });

  it('stores a link as its selector and the hash of its secret, never the token', async () => {
    const token = (await verifyPath()).split('/').pop()!;
    const [selector, secret] = token.split('.') as [string, string];
    const rows = JSON.stringify(await t.deps.db.selectFrom('accountToken').selectAll().execute());
    expect(rows).toContain(selector);
    expect(rows).not.toContain(secret);
  });

  it('a newer verification link replaces the older one', async () => {
    const first = await verifyPath();
    // Resending waits a millisecond so the two messages order by time.
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect((await host.request('POST', '/account/verification')).status).toBe(202);
    const second = await verifyPath();
    expect(second).not.toBe(first);
    expect((await submit(t, first)).status).toBe(404);
    expect((await submit(t, second)).status).toBe(200);
    expect((await host.request('POST', '/account/verification')).status).toBe(409);
  });

  it('changes the address only once the new one is confirmed, with a notice to the old one', async () => {
    const { email: oldEmail, password } = host.credentials;
    const newEmail = `new.${oldEmail}`;
    const wrong = await host.request('PUT', '/account/email', { email: newEmail, currentPassword: 'not the password' });
    expect(wrong.status).toBe(400);
    const taken = await signUpHost(t.app);
    expect((await host.request('PUT', '/account/email', { email: taken.credentials.email, currentPassword: password })).status).toBe(409);
    expect(await latestAccountEmail(t.deps.db, newEmail, 'CHANGE_EMAIL')).toBeUndefined();

    const asked = await host.request('PUT', '/account/email', { email: newEmail, currentPassword: password });
    expect(asked.status).toBe(202);
    expect(await asked.json()).toMatchObject({ email: oldEmail, pendingEmail: newEmail });
    const notice = await latestAccountEmail(t.deps.db, oldEmail, 'EMAIL_CHANGE_NOTICE');
    expect(notice?.text).toContain(newEmail);
    expect((await account()).email).toBe(oldEmail);

    const path = accountLinkPath((await latestAccountEmail(t.deps.db, newEmail, 'CHANGE_EMAIL'))!.text, 'email');
    expect((await submit(t, path)).html).toContain('Your new address is in use');
    expect(await account()).toMatchObject({ email: newEmail, emailKey: newEmail.toLowerCase() });
    expect((await account()).emailVerifiedAt).not.toBeNull();
    expect((await submit(t, path)).status).toBe(410);
    expect(await signsIn(t, newEmail, password)).toBe(true);
    expect(await signsIn(t, oldEmail, password)).toBe(false);
  });
});
