import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Occasion } from '../../../core/schemas/occasion';
import { CookieJar } from '../../in-process/cookie-jar';
import { asHost, BASE, signUpHost, type HostClient } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';
import { verifyAccount } from '../../test-support/verify-account';
import { create, createOccasion, expectError, read, update } from './host-fixtures';
import { addPerson } from './people-fixtures';

const codeAt = (secret: string, offsetSteps: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });

/** Turns on two-factor sign-in for the person's account, then signs them in again with a code: the new session began with a second factor. */
async function signInWithCode(t: TestApp, person: HostClient): Promise<HostClient> {
  const { secret } = (await (await person.request('POST', '/account/two-factor', { currentPassword: person.credentials.password })).json()) as { secret: string };
  expect((await person.request('PUT', '/account/two-factor', { code: codeAt(secret, 0) })).status).toBe(200);
  const jar = new CookieJar();
  const csrf = await t.app.request(`${BASE}/host/v1/auth/csrf`);
  jar.store(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const { email, password } = person.credentials;
  const response = await t.app.request(`${BASE}/host/v1/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1', cookie: jar.header() },
    body: new URLSearchParams({ email, password, csrfToken, code: codeAt(secret, 1) }).toString(),
  });
  jar.store(response);
  expect(jar.get('authjs.session-token')).toBeDefined();
  return asHost(t.app, jar, person.accountId, person.credentials);
}

describe(`an occasion that requires two-factor sign-in (${testDatabaseKind})`, () => {
  let t: TestApp;
  let owner: HostClient;
  let editor: HostClient;
  let occasionId: string;
  let base: string;
  beforeEach(async () => {
    t = await createTestApp();
    owner = await signUpHost(t.app);
    await verifyAccount(t.deps.db, owner.credentials.email);
    const occasion = await createOccasion(owner);
    expect(occasion.requireTwoFactor).toBe(false);
    occasionId = occasion.id;
    base = `/occasion/${occasionId}`;
    editor = await addPerson(t, owner, occasionId, 'editor');
  });
  afterEach(() => t.close());

  it('is turned on only by an owner whose own session used a second factor', async () => {
    const before = await snapshotDatabase(t.deps.db);
    // An owner signed in with a password alone would lock themselves out: refused.
    const unsafe = await expectError(owner, 'PUT', base, { requireTwoFactor: true }, 403, 'FORBIDDEN');
    expect(unsafe.message).toMatch(/sign in with two-factor sign-in yourself first/);
    await expectError(owner, 'POST', '/occasion', { title: 'Other', startDate: '2027-06-01', endDate: '2027-06-01', requireTwoFactor: true }, 403, 'FORBIDDEN');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    // An editor may not change it, even signed in with a code.
    const editorWithCode = await signInWithCode(t, editor);
    const before2 = await snapshotDatabase(t.deps.db);
    const notOwner = await expectError(editorWithCode, 'PUT', base, { requireTwoFactor: true, title: 'Renamed' }, 403, 'FORBIDDEN');
    expect(notOwner.message).toMatch(/Only an owner/);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before2);
    // Sending the value it already has is no change: an editor's whole form still saves.
    expect((await update<Occasion>(editorWithCode, base, { requireTwoFactor: false, title: 'Renamed' })).title).toBe('Renamed');

    const ownerWithCode = await signInWithCode(t, owner);
    expect((await update<Occasion>(ownerWithCode, base, { requireTwoFactor: true })).requireTwoFactor).toBe(true);
    expect((await read<Occasion>(ownerWithCode, base)).requireTwoFactor).toBe(true);
    // The editor cannot turn it off either.
    await expectError(editorWithCode, 'PUT', base, { requireTwoFactor: false }, 403, 'FORBIDDEN');
    expect((await read<Occasion>(ownerWithCode, base)).requireTwoFactor).toBe(true);
    // An owner with a code may create an occasion that requires it.
    expect((await create<Occasion>(ownerWithCode, '/occasion', { title: 'Other', startDate: '2027-06-01', endDate: '2027-06-01', requireTwoFactor: true })).requireTwoFactor).toBe(true);
  });

  it('refuses every session without a second factor, on reads and writes, changing nothing, until the person signs in with a code', async () => {
    const ownerWithCode = await signInWithCode(t, owner);
    await update<Occasion>(ownerWithCode, base, { requireTwoFactor: true });
    const before = await snapshotDatabase(t.deps.db);

    const refused = await expectError(editor, 'GET', base, undefined, 403, 'TWO_FACTOR_REQUIRED');
    expect(refused.message).toMatch(/^This occasion asks everyone who helps run it to sign in with two-factor sign-in/);
    await expectError(editor, 'GET', `${base}/households`, undefined, 403, 'TWO_FACTOR_REQUIRED');
    await expectError(editor, 'GET', `${base}/people`, undefined, 403, 'TWO_FACTOR_REQUIRED');
    await expectError(editor, 'PUT', base, { title: 'Changed' }, 403, 'TWO_FACTOR_REQUIRED');
    await expectError(editor, 'POST', `${base}/household`, { name: 'The Smiths' }, 403, 'TWO_FACTOR_REQUIRED');
    // Refused before the body is read: a bad body is refused the same way.
    await expectError(editor, 'POST', `${base}/household`, { name: 42 }, 403, 'TWO_FACTOR_REQUIRED');
    // The owner's own earlier session, signed in with a password alone, is refused too.
    await expectError(owner, 'GET', base, undefined, 403, 'TWO_FACTOR_REQUIRED');
    await expectError(owner, 'DELETE', base, undefined, 403, 'TWO_FACTOR_REQUIRED');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);

    // The list still shows it, so the person can see why.
    const listed = await read<Occasion[]>(editor, '/occasions');
    expect(listed.map((occasion) => [occasion.id, occasion.requireTwoFactor])).toEqual([[occasionId, true]]);
    // Someone with no role still gets 404, as if the occasion did not exist.
    const stranger = await signUpHost(t.app);
    await expectError(stranger, 'GET', base, undefined, 404, 'NOT_FOUND');

    const editorWithCode = await signInWithCode(t, editor);
    expect((await read<Occasion>(editorWithCode, base)).id).toBe(occasionId);
    expect(await create<{ name: string }>(editorWithCode, `${base}/household`, { name: 'The Smiths' })).toMatchObject({ name: 'The Smiths' });

    // Turned off again, password-only sessions get through.
    await update<Occasion>(ownerWithCode, base, { requireTwoFactor: false });
    expect((await read<Occasion>(editor, base)).requireTwoFactor).toBe(false);
  });
});
