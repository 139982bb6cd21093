import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_TOKEN_PREFIX, type ApiTokenList } from '../../../core/schemas/api-token';
import type { Guest } from '../../../core/schemas/guest';
import type { HistoryPage } from '../../../core/schemas/history';
import { BASE, signUpHost, type HostClient } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { verifyAccount } from '../../test-support/verify-account';
import { createApiToken, expectTokenError, tokenRequest, usedApiToken } from './api-token-fixtures';
import { createGuest, createOccasion, expectBadBodiesRefused, expectError, read } from './host-fixtures';
import { addPerson } from './people-fixtures';

describe('API tokens', () => {
  let t: TestApp;
  let owner: HostClient;
  let occasionId: string;
  let base: string;
  beforeEach(async () => {
    t = await createTestApp();
    owner = await signUpHost(t.app);
    await verifyAccount(t.deps.db, owner.credentials.email);
    occasionId = (await createOccasion(owner)).id;
    base = `/occasion/${occasionId}`;
  });
  afterEach(() => t.close());

  it('shows the secret once, stores only its hash, and never logs it', async () => {
    const created = await createApiToken(owner, occasionId, 'viewer', 'Seating chart export');
    expect(created.secret).toMatch(new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{59}$`));
    expect(created).toMatchObject({ name: 'Seating chart export', role: 'viewer', createdByAccountId: owner.accountId, createdByName: 'Ada Lovelace', lastUsedAt: null });
    const secretPart = created.secret.slice(API_TOKEN_PREFIX.length + created.id.length);
    const row = await t.deps.db.selectFrom('apiToken').selectAll().executeTakeFirstOrThrow();
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secretPart);
    const listed = await read<ApiTokenList>(owner, `${base}/api-tokens`);
    expect(listed.tokens).toEqual([{ id: created.id, name: created.name, role: 'viewer', createdAt: created.createdAt, createdByAccountId: owner.accountId, createdByName: 'Ada Lovelace', lastUsedAt: null }]);
    expect((await tokenRequest(t, created.secret, 'GET', `${base}/guests`)).status).toBe(200);
    expect(JSON.stringify(await read<ApiTokenList>(owner, `${base}/api-tokens`))).not.toContain(secretPart);
    expect(t.logs.join('\n')).not.toContain(secretPart);
  });

  it('refuses bad bodies and roles a token may not have, and changes nothing', async () => {
    await expectBadBodiesRefused(t, owner, 'POST', `${base}/api-tokens`, { name: 'Sync', role: 'editor' }, ['id', 'secret', 'createdAt', 'lastUsedAt']);
    const before = await snapshotDatabase(t.deps.db);
    for (const body of [{ name: 'Sync', role: 'owner' }, { name: 'Sync', role: 'door' }, { name: '', role: 'viewer' }, { name: 'x'.repeat(101), role: 'viewer' }, { role: 'viewer' }]) {
      await expectError(owner, 'POST', `${base}/api-tokens`, body, 400, 'VALIDATION_FAILED');
    }
    await expectError(owner, 'DELETE', `${base}/api-token/not-a-token-id!`, undefined, 404, 'NOT_FOUND');
    await expectError(owner, 'DELETE', `${base}/api-token/AAAAAAAAAAAAAAAA`, undefined, 404, 'NOT_FOUND');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('lets a viewer token read but not write, and an editor token write under its own name', async () => {
    const viewer = await createApiToken(owner, occasionId, 'viewer');
    const editor = await createApiToken(owner, occasionId, 'editor', 'Guest list sync');
    const guest = await createGuest(owner, occasionId);
    expect((await tokenRequest(t, viewer.secret, 'GET', `${base}/guest/${guest.id}`)).status).toBe(200);
    expect((await tokenRequest(t, viewer.secret, 'GET', base)).status).toBe(200);
    const before = await snapshotDatabase(t.deps.db);
    await expectTokenError(t, viewer.secret, ['POST', `${base}/guest`, { firstName: 'Grace', lastName: 'Hopper' }], 403, 'FORBIDDEN');
    await expectTokenError(t, viewer.secret, ['PUT', base, { title: 'Renamed' }], 403, 'FORBIDDEN');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);

    const added = await tokenRequest(t, editor.secret, 'POST', `${base}/guest`, { firstName: 'Grace', lastName: 'Hopper' });
    expect(added.status, await added.clone().text()).toBe(201);
    const renamed = await tokenRequest(t, editor.secret, 'PUT', base, { title: 'Renamed by a script' });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect(((await renamed.json()) as { role: string }).role).toBe('editor');
    const addedId = ((await added.json()) as Guest).id;
    const history = await read<HistoryPage>(owner, `${base}/history`);
    const entry = history.entries.find((e) => e.entityId === addedId);
    expect(entry?.actorName).toBe('API token: Guest list sync');
  });

  it('is 404 on any other occasion, as if it did not exist, and changes nothing there', async () => {
    const token = await usedApiToken(t, owner, occasionId, 'editor');
    const other = (await createOccasion(owner)).id;
    const before = await snapshotDatabase(t.deps.db);
    for (const request of [['GET', `/occasion/${other}`], ['GET', `/occasion/${other}/guests`], ['POST', `/occasion/${other}/guest`, { firstName: 'A', lastName: 'B' }], ['DELETE', `/occasion/${other}`]] as const) {
      expect(await expectTokenError(t, token.secret, [...request], 404, 'NOT_FOUND')).toEqual({ code: 'NOT_FOUND', message: 'No such occasion.' });
    }
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('answers a wrong, malformed or revoked token 401 with the contract’s body', async () => {
    const token = await createApiToken(owner, occasionId, 'viewer');
    const wrongSecret = token.secret.slice(0, -4) + (token.secret.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const bearer of [wrongSecret, `${API_TOKEN_PREFIX}${'A'.repeat(59)}`, 'kndly_short', token.secret.slice(API_TOKEN_PREFIX.length), `${token.secret}x`, 'x'.repeat(5000)]) {
      await expectTokenError(t, bearer, ['GET', `${base}/guests`], 401, 'UNAUTHENTICATED');
    }
    for (const authorization of ['Bearer', 'Bearer  ', `Bearer ${token.secret} extra`, `bearer ${token.secret.slice(0, -1)}`]) {
      const response = await t.app.request(`${BASE}/host/v1${base}/guests`, { headers: { authorization, cookie: owner.jar.header() } });
      expect(response.status, authorization).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    }
    // Another scheme (a proxy's own sign-in) is not ours: the cookie decides, on every route.
    for (const path of [`${base}/guests`, '/account']) {
      const response = await t.app.request(`${BASE}/host/v1${path}`, { headers: { authorization: `Basic ${btoa('a:b')}`, cookie: owner.jar.header() } });
      expect(response.status, path).toBe(200);
    }
    expect((await t.app.request(`${BASE}/host/v1${base}/guests`, { headers: { authorization: `Basic ${btoa('a:b')}` } })).status).toBe(401);
    expect((await tokenRequest(t, token.secret, 'GET', `${base}/guests`)).status).toBe(200);
    expect((await owner.request('DELETE', `${base}/api-token/${token.id}`)).status).toBe(204);
    await expectTokenError(t, token.secret, ['GET', `${base}/guests`], 401, 'UNAUTHENTICATED');
    await expectError(owner, 'DELETE', `${base}/api-token/${token.id}`, undefined, 404, 'NOT_FOUND');
    expect((await read<ApiTokenList>(owner, `${base}/api-tokens`)).tokens).toEqual([]);
  });

  it('is never accepted outside its occasion’s routes: account, Auth.js, the occasions list, invitations', async () => {
    const token = await usedApiToken(t, owner, occasionId, 'editor');
    const before = await snapshotDatabase(t.deps.db);
    const cookie = { cookie: owner.jar.header() };
    for (const request of [
      ['GET', '/occasions'],
      ['POST', '/occasion', { title: 'By a script' }],
      ['GET', '/account'],
      ['PUT', '/account', { firstName: 'Eve' }],
      ['GET', '/account/sessions'],
      ['DELETE', '/account/sessions'],
      ['POST', '/account/two-factor'],
      ['POST', '/invitation/lookup', { token: 'x' }],
      ['GET', '/auth/session'],
      ['GET', '/auth/csrf'],
      ['POST', '/auth/signout'],
    ] as const) {
      // Even with the owner's cookie alongside: a request with a bearer is the token's alone.
      await expectTokenError(t, token.secret, [...request], 403, 'FORBIDDEN', cookie);
      await expectTokenError(t, 'kndly_wrong', [...request], 401, 'UNAUTHENTICATED', cookie);
    }
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    expect((await owner.request('GET', '/account')).status).toBe(200);
  });

  it('treats a request with both a cookie and a bearer as the token’s only', async () => {
    const viewer = await usedApiToken(t, owner, occasionId, 'viewer');
    const cookie = { cookie: owner.jar.header() };
    const before = await snapshotDatabase(t.deps.db);
    await expectTokenError(t, viewer.secret, ['POST', `${base}/guest`, { firstName: 'A', lastName: 'B' }], 403, 'FORBIDDEN', cookie);
    await expectTokenError(t, viewer.secret, ['GET', `${base}/api-tokens`], 403, 'FORBIDDEN', cookie);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('lets only owners manage tokens; a token cannot manage tokens or people', async () => {
    const editorPerson = await addPerson(t, owner, occasionId, 'editor');
    const editorToken = await usedApiToken(t, owner, occasionId, 'editor');
    const before = await snapshotDatabase(t.deps.db);
    await expectError(editorPerson, 'POST', `${base}/api-tokens`, { name: 'Mine', role: 'viewer' }, 403, 'FORBIDDEN');
    await expectError(editorPerson, 'GET', `${base}/api-tokens`, undefined, 403, 'FORBIDDEN');
    await expectError(editorPerson, 'DELETE', `${base}/api-token/${editorToken.id}`, undefined, 403, 'FORBIDDEN');
    await expectTokenError(t, editorToken.secret, ['POST', `${base}/api-tokens`, { name: 'Mine', role: 'editor' }], 403, 'FORBIDDEN');
    await expectTokenError(t, editorToken.secret, ['DELETE', `${base}/api-token/${editorToken.id}`], 403, 'FORBIDDEN');
    await expectTokenError(t, editorToken.secret, ['POST', `${base}/invitations`, { email: 'x@example.com', role: 'owner' }], 403, 'FORBIDDEN');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('belongs to the occasion: it outlives its creator’s role, and ends with the occasion', async () => {
    const coOwner = await addPerson(t, owner, occasionId, 'owner');
    const token = await createApiToken(owner, occasionId, 'editor');
    expect((await coOwner.request('PUT', `${base}/person/${owner.accountId}`, { role: 'viewer' })).status).toBe(200);
    expect((await tokenRequest(t, token.secret, 'POST', `${base}/guest`, { firstName: 'Still', lastName: 'Works' })).status).toBe(201);
    expect((await read<ApiTokenList>(coOwner, `${base}/api-tokens`)).tokens.map((listed) => listed.id)).toEqual([token.id]);
    expect((await coOwner.request('DELETE', base)).status).toBe(204);
    expect(await t.deps.db.selectFrom('apiToken').selectAll().execute()).toEqual([]);
    await expectTokenError(t, token.secret, ['GET', base], 401, 'UNAUTHENTICATED');
  });
});
