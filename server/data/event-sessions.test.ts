import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventFixture, signInGuest, type EventFixture } from '../test-support/event-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';

describe('guest sessions', () => {
  let t: TestApp;
  let fixture: EventFixture;
  beforeEach(async () => {
    t = await createTestApp();
    fixture = await createEventFixture(t);
  });
  afterEach(() => t.close());

  it("sweeps the household's expired sessions at its next sign-in, and keeps live ones", async () => {
    const first = await signInGuest(t.app, { occasionId: fixture.occasionId, inviteCode: fixture.smith.inviteCode });
    const live = await t.deps.db.selectFrom('guestSession').selectAll().executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('guestSession')
      .values({ ...live, tokenHash: 'expired-session-hash', expiresAt: '2020-01-01T00:00:00.000Z' })
      .execute();
    await signInGuest(t.app, { occasionId: fixture.occasionId, inviteCode: fixture.smith.inviteCode });
    const hashes = (await t.deps.db.selectFrom('guestSession').select('tokenHash').execute()).map((row) => row.tokenHash);
    expect(hashes).not.toContain('expired-session-hash');
    expect(hashes).toContain(live.tokenHash);
    expect(hashes).toHaveLength(2);
    expect(first.token).toBeTruthy();
  });
});
