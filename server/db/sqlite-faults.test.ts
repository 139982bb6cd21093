import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { AppDeps } from '../app-env';
import { renderEmailHere } from '../email/render-email';
import { silentLogger } from '../logger';
import { MemoryRateLimitStore, RateLimiter } from '../middleware/rate-limit/rate-limiter';
import { expectUnavailable, timed } from '../test-support/fault-app';
import { signUpHost, type HostClient } from '../in-process/host-session';
import { testConfig, testCosts, testDatabaseKind } from '../test-support/test-app';
import { createDatabase, type KindlyDatabase } from './create-database';

const occasion = (title: string) => ({ title, description: 'x'.repeat(4000), startDate: '2027-06-01', endDate: '2027-06-02' });

describe.runIf(testDatabaseKind === 'sqlite')('SQLite faults, on a database file', () => {
  let dir: string;
  let database: KindlyDatabase;
  let deps: AppDeps;
  let host: HostClient;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kindly-sqlite-faults-'));
    database = await createDatabase({ sqliteFile: join(dir, 'kindly.db') });
    deps = {
      db: database.db,
      dbKind: database.kind,
      config: testConfig,
      log: silentLogger(),
      rateLimiter: new RateLimiter(new MemoryRateLimitStore()),
      renderEmail: renderEmailHere,
      ...testCosts(),
    };
    host = await signUpHost(createApp(deps));
  });
  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps reads answering and fails a write fast with 503 while another process holds the write lock', async () => {
    const other = new SQLite(join(dir, 'kindly.db'));
    try {
      other.exec('BEGIN IMMEDIATE');
      other.prepare("UPDATE account SET firstName = 'Other'").run();
      const [write, read] = await Promise.all([
        timed(() => host.request('POST', '/occasion', occasion('Locked out'))),
        timed(() => host.request('GET', '/occasions')),
      ]);
      await expectUnavailable(write.response);
      expect(write.ms).toBeLessThan(1000);
      expect(read.response.status).toBe(200);
      expect(read.ms).toBeLessThan(1000);
      other.exec('ROLLBACK');
      expect((await host.request('POST', '/occasion', occasion('After the lock'))).status).toBe(201);
      expect(((await (await host.request('GET', '/occasions')).json()) as unknown[]).length).toBe(1);
    } finally {
      other.close();
    }
  });

  it('answers 503 when the disk is full, and keeps what was written', async () => {
    const pages = await sql<{ page_count: number }>`PRAGMA page_count`.execute(database.db);
    await sql.raw(`PRAGMA max_page_count = ${pages.rows[0]!.page_count}`).execute(database.db);
    const statuses: number[] = [];
    let full: Response | undefined;
    while (!full && statuses.length < 50) {
      const response = await host.request('POST', '/occasion', occasion(`Occasion ${statuses.length}`));
      statuses.push(response.status);
      if (response.status !== 201) full = response;
    }
    expect(full).toBeDefined();
    await expectUnavailable(full!);
    await sql.raw('PRAGMA max_page_count = 1073741823').execute(database.db);
    const listed = (await (await host.request('GET', '/occasions')).json()) as unknown[];
    expect(listed.length).toBe(statuses.filter((status) => status === 201).length);
  });
});
