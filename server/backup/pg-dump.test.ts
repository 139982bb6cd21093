import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../db/create-database';
import { withAdminClient } from '../test-support/fault-app';
import { startLiveServer } from '../test-support/live-server';
import { seedOccasion } from '../test-support/seed-occasion';
import { snapshotDatabase } from '../test-support/snapshot';
import { testDatabaseKind } from '../test-support/test-app';

const run = promisify(execFile);

/** The URL of another database on the test server. */
function urlOf(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

describe.runIf(testDatabaseKind === 'postgres')('PostgreSQL: pg_dump -Fc and pg_restore, as README says', () => {
  it('restores a migrated, filled Kindly database into an empty one, row for row', async () => {
    const suffix = randomBytes(4).toString('hex');
    const [source, target] = [`kindly_dump_source_${suffix}`, `kindly_dump_target_${suffix}`];
    const admin = (statement: string) => withAdminClient(process.env.TEST_DATABASE_URL!, (client) => client.query(statement));
    const dir = mkdtempSync(join(tmpdir(), 'kindly-pg-dump-'));
    await admin(`CREATE DATABASE ${source}`);
    await admin(`CREATE DATABASE ${target}`);
    try {
      const original = await createDatabase({ databaseUrl: urlOf(source) });
      const live = await startLiveServer({ db: original.db, dbKind: 'postgres' });
      try {
        await seedOccasion(live.url, 40);
      } finally {
        await live.close();
      }
      const dump = join(dir, 'kindly.dump');
      await run('pg_dump', ['-Fc', '-d', urlOf(source), '-f', dump]);
      await run('pg_restore', ['--no-owner', '-d', urlOf(target), dump]);

      const restored = await createDatabase({ databaseUrl: urlOf(target), alreadyMigrated: true });
      try {
        const before = await snapshotDatabase(original.db);
        expect(before.guest).toHaveLength(40);
        expect(await snapshotDatabase(restored.db)).toEqual(before);
        const migrations = (db: typeof original.db) => sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
        expect((await migrations(restored.db)).rows).toEqual((await migrations(original.db)).rows);
      } finally {
        await restored.close();
        await original.close();
      }
    } finally {
      await admin(`DROP DATABASE IF EXISTS ${source} WITH (FORCE)`);
      await admin(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
