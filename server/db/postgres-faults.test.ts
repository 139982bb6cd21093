import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createPostgresFaultApp,
  eventually,
  expectUnavailable,
  terminateBackends,
  timed,
  type PostgresFaultApp,
} from '../test-support/fault-app';
import { BASE, newHostCredentials, signIn, signUpHost, type HostClient } from '../in-process/host-session';
import { testDatabaseKind } from '../test-support/test-app';

const url = process.env.TEST_DATABASE_URL ?? '';
/** With the test's short timeouts (under a second), every fault must answer within this. */
const QUICKLY_MS = 3000;

describe.runIf(testDatabaseKind === 'postgres' && url)('PostgreSQL faults, through a TCP proxy', () => {
  let t: PostgresFaultApp;
  let host: HostClient | undefined;
  beforeEach(async () => {
    t = await createPostgresFaultApp();
    host = undefined;
  });
  afterEach(() => t.close());

  const listOccasions = async () => {
    host ??= await signUpHost(t.app);
    return host.request('GET', '/occasions');
  };
  const signUp = () =>
    t.app.request(`${BASE}/host/v1/account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newHostCredentials()),
    });

  it('answers 503 quickly while PostgreSQL is down, and recovers by itself', async () => {
    expect((await listOccasions()).status).toBe(200);
    await t.proxy.cut();
    for (const request of [listOccasions, signUp]) {
      const { response, ms } = await timed(request);
      await expectUnavailable(response);
      expect(ms).toBeLessThan(QUICKLY_MS);
    }
    await t.proxy.restore();
    expect((await eventually(listOccasions, 200)).status).toBe(200);
    expect((await signUp()).status).toBe(201);
  });

  it('answers 503 quickly while PostgreSQL is stalled, even with more requests than connections, and recovers', async () => {
    expect((await listOccasions()).status).toBe(200);
    t.proxy.stall();
    const answers = await Promise.all(Array.from({ length: 8 }, () => timed(listOccasions)));
    for (const { response, ms } of answers) {
      await expectUnavailable(response);
      expect(ms).toBeLessThan(QUICKLY_MS);
    }
    const { response, ms } = await timed(signUp);
    await expectUnavailable(response);
    expect(ms).toBeLessThan(QUICKLY_MS);
    await t.proxy.restore();
    expect((await eventually(listOccasions, 200)).status).toBe(200);
    expect((await signUp()).status).toBe(201);
  });

  it('survives pg_terminate_backend on idle and checked-out connections, and reconnects', async () => {
    // Fill the pool with idle connections, and hold one checked out inside a transaction.
    await Promise.all(Array.from({ length: 4 }, () => sql`SELECT pg_sleep(0.05)`.execute(t.deps.db)));
    const held = t.deps.db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      expect(await terminateBackends(url, t.applicationName)).toBeGreaterThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sql`SELECT 1`.execute(trx);
    });
    await expect(held).rejects.toThrow();
    expect(t.logs.join('\n')).toMatch(/postgres: (idle )?connection lost/);
    expect((await listOccasions()).status).toBe(200);
    expect((await signUp()).status).toBe(201);
  });

  it('answers 503 when the server cancels a statement that ran past statement_timeout', async () => {
    t.app.get('/slow', async (c) => {
      await sql`SELECT pg_sleep(5)`.execute(c.get('deps').db);
      return c.json({ finished: true });
    });
    const { response, ms } = await timed(() => t.app.request(`${BASE}/slow`));
    await expectUnavailable(response);
    expect(ms).toBeLessThan(QUICKLY_MS);
  });

  it("answers 503 from Auth.js's own routes, and keeps the host's session cookie", async () => {
    const signedIn = await signUpHost(t.app);
    await t.proxy.cut();
    const session = await t.app.request(`${BASE}/host/v1/auth/session`, { headers: { cookie: signedIn.jar.header() } });
    await expectUnavailable(session);
    expect(session.headers.get('set-cookie')).toBeNull();
    const signInAgain = await signIn(t.app, signedIn.credentials.email, signedIn.credentials.password);
    await expectUnavailable(signInAgain);
    await t.proxy.restore();
    const restored = await eventually(() => t.app.request(`${BASE}/host/v1/auth/session`, { headers: { cookie: signedIn.jar.header() } }), 200);
    expect(await restored.json()).toMatchObject({ user: { email: signedIn.credentials.email } });
  });
});
