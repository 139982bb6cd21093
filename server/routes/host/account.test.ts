import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { BASE, signIn, signUpHost, type HostClient } from '../../in-process/host-session';
import { CookieJar } from '../../in-process/cookie-jar';
import { accountLinkPath, latestAccountEmail } from '../../test-support/account-mail';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';

/** Counts the statements an app runs. */
class StatementCounter implements KyselyPlugin {
  count = 0;
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.count += 1;
    return node;
  }
  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function signedIn(t: TestApp, email: string, password: string, userAgent = 'TestBrowser/1.0'): Promise<CookieJar> {
  const jar = new CookieJar();
  const csrf = await t.app.request(`${BASE}/host/v1/auth/csrf`);
  jar.store(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await t.app.request(`${BASE}/host/v1/auth/callback/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1', cookie: jar.header(), 'user-agent': userAgent },
    body: new URLSearchParams({ email, password, csrfToken }).toString(),
  });
  jar.store(response);
  if (!jar.get('authjs.session-token')) throw new Error('not signed in');
  return jar;
}

const accountStatus = async (t: TestApp, jar: CookieJar) => (await t.app.request(`${BASE}/host/v1/account`, { headers: { cookie: jar.header() } })).status;

describe(`password reset (${testDatabaseKind})`, () => {
  let t: TestApp;
  let host: HostClient;
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
  });
  afterEach(() => t.close());

  it('answers an address with an account and one without alike, after the same work, and mails only the account', async () => {
    const held: Array<() => Promise<void>> = [];
    const counter = new StatementCounter();
    const app = createApp({ ...t.deps, db: t.deps.db.withPlugin(counter), afterAnswer: (task) => held.push(task) });
    const ask = async (email: string) => {
      const before = counter.count;
      const response = await app.request(`${BASE}/host/v1/account/password-reset`, json({ email }));
      return { status: response.status, body: await response.text(), type: response.headers.get('content-type'), statements: counter.count - before };
    };
    const known = await ask(host.credentials.email);
    const unknown = await ask('nobody.here@example.com');
    // The same answer, and the same work before it (both queued one task and answered).
    expect(known).toEqual(unknown);
    expect(known.status).toBe(202);
    expect(held).toHaveLength(2);
    expect(await latestAccountEmail(t.deps.db, host.credentials.email, 'RESET_PASSWORD')).toBeUndefined();
    // Neither answer ran a statement: the lookup, the link and the message all come after it.
    expect(known.statements).toBe(0);
    for (const task of held.splice(0, 2)) await task();
    expect(await latestAccountEmail(t.deps.db, host.credentials.email, 'RESET_PASSWORD')).toBeDefined();
    expect(await t.deps.db.selectFrom('accountEmail').select('to').where('kind', '=', 'RESET_PASSWORD').execute()).toEqual([{ to: host.credentials.email }]);
  });

  it('resets the password once from the link and ends every session of the account', async () => {
    const { email, password } = host.credentials;
    const laptop = await signedIn(t, email, password);
    expect(await accountStatus(t, host.jar)).toBe(200);
    expect(await accountStatus(t, laptop)).toBe(200);
    const held: Array<() => Promise<void>> = [];
    const app = createApp({ ...t.deps, afterAnswer: (task) => held.push(task) });
    expect((await app.request(`${BASE}/host/v1/account/password-reset`, json({ email: email.toUpperCase() }))).status).toBe(202);
    await held[0]!();
    const path = accountLinkPath((await latestAccountEmail(t.deps.db, email, 'RESET_PASSWORD'))!.text, 'reset');
    const form = async (fields: Record<string, string>) => {
      const response = await t.app.request(`${BASE}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
      return { status: response.status, html: await response.text() };
    };
    expect((await t.app.request(`${BASE}${path}`)).status).toBe(200);

    // A bad form changes nothing and keeps the link usable.
    const newPassword = 'a brand new passphrase';
    expect(await form({ newPassword, repeatPassword: 'something else' })).toMatchObject({ status: 400, html: expect.stringContaining('The two passwords differ.') });
    expect(await form({ newPassword: 'short', repeatPassword: 'short' })).toMatchObject({ status: 400 });
    expect(await accountStatus(t, laptop)).toBe(200);

    expect(await form({ newPassword, repeatPassword: newPassword })).toMatchObject({ status: 200, html: expect.stringContaining('Your password is changed') });
    expect(await accountStatus(t, host.jar)).toBe(401);
    expect(await accountStatus(t, laptop)).toBe(401);
    expect(await latestAccountEmail(t.deps.db, email, 'PASSWORD_RESET_NOTICE')).toBeDefined();
    await signedIn(t, email, newPassword);
    await expect(signedIn(t, email, password)).rejects.toThrow();

    // Used twice: a clear page, and the password stays the new one.
    const again = await form({ newPassword: 'yet another passphrase', repeatPassword: 'yet another passphrase' });
    expect(again).toMatchObject({ status: 410, html: expect.stringContaining('This link was used already') });
    await signedIn(t, email, newPassword);
  });

  it('takes one reset link posted twice at once only once', async () => {
    const { email } = host.credentials;
    const held: Array<() => Promise<void>> = [];
    const app = createApp({ ...t.deps, afterAnswer: (task) => held.push(task) });
    expect((await app.request(`${BASE}/host/v1/account/password-reset`, json({ email }))).status).toBe(202);
    await held[0]!();
    const path = accountLinkPath((await latestAccountEmail(t.deps.db, email, 'RESET_PASSWORD'))!.text, 'reset');
    const post = (password: string) =>
      t.app.request(`${BASE}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ newPassword: password, repeatPassword: password }).toString() });
    const [first, second] = ['first new passphrase', 'second new passphrase'];
    const statuses = (await Promise.all([post(first), post(second)])).map((response) => response.status);
    expect([...statuses].sort()).toEqual([200, 410]);
    // The password is the one of the request that was taken, and the other cannot sign in.
    const taken = statuses[0] === 200 ? first : second;
    const refused = taken === first ? second : first;
    await signedIn(t, email, taken);
    await expect(signedIn(t, email, refused)).rejects.toThrow();
    expect(await t.deps.db.selectFrom('accountEmail').select('id').where('kind', '=', 'PASSWORD_RESET_NOTICE').execute()).toHaveLength(1);
  });

  it('refuses a link older than 30 minutes, changing nothing', async () => {
    const held: Array<() => Promise<void>> = [];
    const app = createApp({ ...t.deps, afterAnswer: (task) => held.push(task) });
    await app.request(`${BASE}/host/v1/account/password-reset`, json({ email: host.credentials.email }));
    await held[0]!();
    const token = await t.deps.db.selectFrom('accountToken').select(['createdAt', 'expiresAt']).where('purpose', '=', 'RESET_PASSWORD').executeTakeFirstOrThrow();
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBe(30 * 60_000);
    await t.deps.db.updateTable('accountToken').set({ expiresAt: new Date(Date.now() - 1).toISOString() }).where('purpose', '=', 'RESET_PASSWORD').execute();
    const path = accountLinkPath((await latestAccountEmail(t.deps.db, host.credentials.email, 'RESET_PASSWORD'))!.text, 'reset');
    const response = await t.app.request(`${BASE}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'newPassword=another+long+one&repeatPassword=another+long+one' });
    expect(response.status).toBe(410);
    expect(await response.text()).toContain('This link has expired');
    expect(await accountStatus(t, host.jar)).toBe(200);
    await signedIn(t, host.credentials.email, host.credentials.password);
  });

  it('limits requests per address (whoever asks) and per client, the same for unknown addresses', async () => {
    const app = createApp({ ...t.deps, afterAnswer: () => {} });
    const ask = (email: string) => app.request(`${BASE}/host/v1/account/password-reset`, json({ email }));
    for (const email of [host.credentials.email, 'nobody@example.com']) {
      for (let i = 0; i < 3; i++) expect((await ask(email)).status).toBe(202);
      const limited = await ask(email);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    // Six asked from this client so far; four more are let through, then the client is limited.
    for (let i = 0; i < 2; i++) expect((await ask(`third${i}@example.com`)).status).toBe(202);
    expect((await ask('fourth@example.com')).status).toBe(429);
    expect((await app.request(`${BASE}/host/v1/account/password-reset`, json({ email: 'not an address' }))).status).toBe(429);
  });

  it('refuses a bad body with the contract error', async () => {
    const response = await t.app.request(`${BASE}/host/v1/account/password-reset`, json({ email: 'not an address', extra: 1 }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
  });
});

describe(`account settings (${testDatabaseKind})`, () => {
  let t: TestApp;
  let host: HostClient;
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
  });
  afterEach(() => t.close());

  it('renames the account; a bad body changes nothing', async () => {
    const renamed = await host.request('PUT', '/account', { firstName: ' Grace ' });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ firstName: 'Grace', lastName: 'Lovelace' });
    for (const body of [{ firstName: '' }, { lastName: 'x'.repeat(101) }, { email: 'a@b.co' }]) {
      expect((await host.request('PUT', '/account', body)).status).toBe(400);
    }
    expect(await (await host.request('GET', '/account')).json()).toMatchObject({ firstName: 'Grace', lastName: 'Lovelace' });
  });

  it('lists sessions with when and from where, ends one, then all others', async () => {
    const { email, password } = host.credentials;
    const phone = await signedIn(t, email, password, 'Phone/2.0');
    const tablet = await signedIn(t, email, password, 'Tablet/3.0');
    const listed = (await (await host.request('GET', '/account/sessions')).json()) as Array<{ id: string; userAgent: string; address: string; current: boolean; createdAt: string }>;
    expect(listed).toHaveLength(3);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed.map((s) => s.userAgent)).toEqual(expect.arrayContaining(['Phone/2.0', 'Tablet/3.0']));
    // The names shown are neither a token nor a session row's key.
    const rows = await t.deps.db.selectFrom('hostSession').select('id').execute();
    for (const session of listed) expect(rows.map((r) => r.id)).not.toContain(session.id);

    const phoneSession = listed.find((s) => s.userAgent === 'Phone/2.0')!;
    expect((await host.request('DELETE', `/account/session/${phoneSession.id}`)).status).toBe(204);
    expect(await accountStatus(t, phone)).toBe(401);
    expect(await accountStatus(t, tablet)).toBe(200);
    // Another account cannot end this one's sessions.
    const other = await signUpHost(t.app);
    const tabletSession = listed.find((s) => s.userAgent === 'Tablet/3.0')!;
    expect((await other.request('DELETE', `/account/session/${tabletSession.id}`)).status).toBe(404);
    expect(await accountStatus(t, tablet)).toBe(200);

    expect((await host.request('DELETE', '/account/sessions')).status).toBe(204);
    expect(await accountStatus(t, tablet)).toBe(401);
    expect(await accountStatus(t, host.jar)).toBe(200);
  });

  it('deletes the account and the occasions it owns alone after the typed confirmation; another account keeps its own and the ones it co-owns', async () => {
    const mine = (await (await host.request('POST', '/occasion', { title: 'Mine', startDate: '2027-06-12', endDate: '2027-06-12' })).json()) as { id: string };
    const shared = (await (await host.request('POST', '/occasion', { title: 'Shared', startDate: '2027-06-12', endDate: '2027-06-12' })).json()) as { id: string };
    const other = await signUpHost(t.app);
    await t.deps.db.insertInto('occasionRole').values({ occasionId: shared.id, accountId: other.accountId, role: 'owner', createdAt: new Date().toISOString() }).execute();
    const theirs = (await (await other.request('POST', '/occasion', { title: 'Theirs', startDate: '2027-06-12', endDate: '2027-06-12' })).json()) as { id: string };
    expect(await (await host.request('GET', '/account/deletion')).json()).toEqual({ occasionsOwnedAlone: [{ id: mine.id, title: 'Mine' }] });

    const { email, password } = host.credentials;
    expect((await host.request('POST', '/account/deletion', { currentPassword: password, confirmation: 'delete' })).status).toBe(400);
    expect((await host.request('POST', '/account/deletion', { currentPassword: 'wrong password', confirmation: email })).status).toBe(400);
    expect((await host.request('GET', `/occasion/${mine.id}`)).status).toBe(200);

    expect((await host.request('POST', '/account/deletion', { currentPassword: password, confirmation: email.toUpperCase() })).status).toBe(204);
    expect(await accountStatus(t, host.jar)).toBe(401);
    expect(await t.deps.db.selectFrom('occasion').select('id').where('id', '=', mine.id).executeTakeFirst()).toBeUndefined();
    expect(await t.deps.db.selectFrom('account').select('id').where('id', '=', host.accountId).executeTakeFirst()).toBeUndefined();
    expect((await other.request('GET', `/occasion/${theirs.id}`)).status).toBe(200);
    // The co-owned occasion stays, and passes to its other owner.
    expect((await other.request('GET', `/occasion/${shared.id}`)).status).toBe(200);
    expect(await t.deps.db.selectFrom('occasion').select('accountId').where('id', '=', shared.id).executeTakeFirst()).toEqual({ accountId: other.accountId });
    // The address is free again.
    expect((await signIn(t.app, email, password)).status).toBeLessThan(500);
    expect((await t.app.request(`${BASE}/host/v1/account`, json({ email, password, firstName: 'New', lastName: 'Me' }))).status).toBe(201);
  });

  it('requires a session for every settings route', async () => {
    for (const [method, path] of [['GET', '/account/sessions'], ['DELETE', '/account/sessions'], ['PUT', '/account'], ['PUT', '/account/email'], ['POST', '/account/verification'], ['GET', '/account/deletion'], ['POST', '/account/deletion']] as const) {
      expect((await t.app.request(`${BASE}/host/v1${path}`, { method })).status, `${method} ${path}`).toBe(401);
    }
  });
});
