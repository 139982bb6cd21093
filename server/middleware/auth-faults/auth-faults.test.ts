import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectUnavailable } from '../../test-support/fault-app';
import { signIn, signUpHost } from '../../in-process/host-session';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';

// PostgreSQL's side (session and sign-in with the database down) is in db/postgres-faults.test.ts.
describe.runIf(testDatabaseKind === 'sqlite')('surfaceAuthFaults', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it("answers 503 to a sign-in whose session cannot be written, and sets no cookie", async () => {
    const host = await signUpHost(t.app);
    // Sign-in writes a session row: on a database that takes no writes, SQLite answers SQLITE_READONLY.
    await sql`PRAGMA query_only = ON`.execute(t.database.db);
    const response = await signIn(t.app, host.credentials.email, host.credentials.password);
    expect(response.headers.get('set-cookie')).toBeNull();
    await expectUnavailable(response);
  });
});
