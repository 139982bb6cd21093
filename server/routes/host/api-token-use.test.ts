import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiTokenList } from '../../../core/schemas/api-token';
import type { Guest } from '../../../core/schemas/guest';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { verifyAccount } from '../../test-support/verify-account';
import { LAST_USE_STEP_MS } from '../../auth/api-tokens';
import { createApiToken, tokenRequest } from './api-token-fixtures';
import { createOccasion, read } from './host-fixtures';
import { HOST_RATE_LIMITS } from './host-rate-limits';

describe('API tokens in use: rate limit, requests at once, last use', () => {
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

  const lastUsedAt = async (id: string) => (await t.deps.db.selectFrom('apiToken').select('lastUsedAt').where('id', '=', id).executeTakeFirstOrThrow()).lastUsedAt;

  it('limits each token on its own: 429 with Retry-After past the limit, another token unaffected', async () => {
    const busy = await createApiToken(owner, occasionId, 'viewer', 'Busy');
    const calm = await createApiToken(owner, occasionId, 'viewer', 'Calm');
    const { limit } = HOST_RATE_LIMITS.apiTokenRequests;
    const statuses: number[] = [];
    for (let sent = 0; sent < limit; sent += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, limit - sent) }, () => tokenRequest(t, busy.secret, 'GET', `${base}/door`)));
      statuses.push(...batch.map((response) => response.status));
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const refused = await tokenRequest(t, busy.secret, 'GET', `${base}/guests`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.stringMatching(/Too many/) } });
    expect((await tokenRequest(t, calm.secret, 'GET', `${base}/guests`)).status).toBe(200);
    expect((await owner.request('GET', `${base}/guests`)).status).toBe(200);
  }, 60_000);

  it('does not count a wrong secret against the token it names', async () => {
    const token = await createApiToken(owner, occasionId, 'viewer');
    const wrong = token.secret.slice(0, -1) + (token.secret.endsWith('A') ? 'B' : 'A');
    const { limit } = HOST_RATE_LIMITS.apiTokenRequests;
    for (let sent = 0; sent <= limit; sent += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, () => tokenRequest(t, wrong, 'GET', base)));
      expect(batch.every((response) => response.status === 401)).toBe(true);
    }
    expect((await tokenRequest(t, token.secret, 'GET', base)).status).toBe(200);
  });

  it('serves many requests of one token at once, reads and writes, and notes its use', async () => {
    const token = await createApiToken(owner, occasionId, 'editor');
    const writes = Array.from({ length: 20 }, (_, i) => tokenRequest(t, token.secret, 'POST', `${base}/guest`, { firstName: `Guest ${i}`, lastName: 'Parallel' }));
    const reads = Array.from({ length: 20 }, () => tokenRequest(t, token.secret, 'GET', `${base}/guests`));
    const answers = await Promise.all([...writes, ...reads]);
    expect(answers.map((answer) => answer.status)).toEqual([...Array(20).fill(201), ...Array(20).fill(200)]);
    const guests = await t.deps.db.selectFrom('guest').select('firstName').where('occasionId', '=', occasionId).execute();
    expect(guests.map((guest) => guest.firstName).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Guest ${i}`).sort());
    const noted = await lastUsedAt(token.id);
    expect(noted).not.toBeNull();
    expect((await read<ApiTokenList>(owner, `${base}/api-tokens`)).tokens[0]!.lastUsedAt).toBe(noted);
  });

  it('writes the last use at most once a minute', async () => {
    const token = await createApiToken(owner, occasionId, 'viewer');
    expect(await lastUsedAt(token.id)).toBeNull();
    expect((await tokenRequest(t, token.secret, 'GET', base)).status).toBe(200);
    const first = await lastUsedAt(token.id);
    expect(first).not.toBeNull();
    const recent = new Date(Date.now() - LAST_USE_STEP_MS / 2).toISOString();
    await t.deps.db.updateTable('apiToken').set({ lastUsedAt: recent }).execute();
    expect((await tokenRequest(t, token.secret, 'GET', base)).status).toBe(200);
    expect(await lastUsedAt(token.id)).toBe(recent);
    const old = new Date(Date.now() - LAST_USE_STEP_MS * 2).toISOString();
    await t.deps.db.updateTable('apiToken').set({ lastUsedAt: old }).execute();
    expect((await tokenRequest(t, token.secret, 'GET', base)).status).toBe(200);
    expect(Date.parse((await lastUsedAt(token.id))!)).toBeGreaterThan(Date.parse(old) + LAST_USE_STEP_MS);
  });

  it('refuses a write of a token revoked while others of its requests run, and lets the rest finish', async () => {
    const token = await createApiToken(owner, occasionId, 'editor');
    const revoke = owner.request('DELETE', `${base}/api-token/${token.id}`);
    const writes = Array.from({ length: 10 }, (_, i) => tokenRequest(t, token.secret, 'POST', `${base}/guest`, { firstName: `G${i}`, lastName: 'Race' }));
    const [revoked, ...answers] = await Promise.all([revoke, ...writes]);
    expect(revoked.status).toBe(204);
    const made = answers.filter((answer) => answer.status === 201);
    for (const answer of answers) expect([201, 401, 404]).toContain(answer.status);
    const ids = await Promise.all(made.map(async (answer) => ((await answer.json()) as Guest).id));
    const stored = await t.deps.db.selectFrom('guest').select('id').where('occasionId', '=', occasionId).execute();
    expect(stored.map((row) => row.id).sort()).toEqual(ids.sort());
    expect((await tokenRequest(t, token.secret, 'GET', base)).status).toBe(401);
  });
});
