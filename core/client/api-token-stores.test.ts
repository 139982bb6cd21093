import { allTasks } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { appFetch, ok, seedOccasion, signedInHostEachTest, BASE_URL } from './app-fetch.test-helper';
import { createHostClient } from './host-client';

const h = signedInHostEachTest();

const settle = async () => {
  await new Promise((done) => setTimeout(done, 0));
  await allTasks();
};

describe('API tokens in the host client and stores', () => {
  it('creates a token shown once, lists it, lets a script use it, and revokes it', async () => {
    const { occasion } = await seedOccasion(h.host);
    const tokens = h.stores.apiTokens(occasion.id);
    h.unbinds.push(tokens.listen(() => {}));
    await settle();
    expect(tokens.get().data).toEqual({ tokens: [] });

    const created = ok(await h.stores.$createApiToken.mutate({ occasionId: occasion.id, body: { name: 'Nightly export', role: 'viewer' } }));
    expect(created.secret).toMatch(/^kndly_/);
    await settle();
    const { secret, ...listed } = created;
    expect(tokens.get().data!.tokens).toEqual([listed]);
    expect(JSON.stringify(tokens.get().data)).not.toContain(secret);

    // A script: the same client, its requests carrying the token instead of a cookie.
    const net = appFetch(h.t);
    const script = createHostClient({
      baseUrl: BASE_URL,
      fetch: (input, init) => net.fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), authorization: `Bearer ${secret}` } }),
    });
    expect(ok(await script.getOccasion(occasion.id)).role).toBe('viewer');
    expect((await script.createGuest(occasion.id, { firstName: 'No', lastName: 'Write' })).error).toMatchObject({ status: 403 });
    expect((await script.listOccasions()).error).toMatchObject({ status: 403 });

    ok(await h.stores.$revokeApiToken.mutate({ occasionId: occasion.id, tokenId: created.id }));
    await settle();
    expect(tokens.get().data!.tokens).toEqual([]);
    expect((await script.getOccasion(occasion.id)).error).toMatchObject({ status: 401, data: { error: { code: 'UNAUTHENTICATED' } } });
    expect((await h.host.createApiToken(occasion.id, { name: 'Sync', role: 'owner' as 'editor' })).error).toMatchObject({ status: 400 });
  });
});
