import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../db/create-database';
import { backupEmbeddedDatabase } from '../db/sqlite-connection';
import { buildServer, spawnServer, type BuiltServer } from '../test-support/server-process';
import { testDatabaseKind } from '../test-support/test-app';
import { checksumFileOf, recordedChecksum, scheduledBackups, sha256Of, type StoredBackup } from './backup-files';
import { BackupSchedule } from './backup-schedule';
import { restoreBackup } from './restore-backup';
import { copyDatabaseFile, takeBackup } from './take-backup';

describe.runIf(testDatabaseKind === 'sqlite')('the scheduled backup', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kindly-schedule-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies the database online while it is written, and keeps only the newest BACKUP_KEEP copies', async () => {
    const databaseFile = join(dir, 'data', 'kindly.db');
    const backupDir = join(dir, 'backups');
    const database = await createDatabase({ sqliteFile: databaseFile });
    const { db } = database;
    await sql`CREATE TABLE tally (n INTEGER PRIMARY KEY)`.execute(db);
    const manual = await takeBackup(copyDatabaseFile(databaseFile), backupDir, 'manual');

    const written: StoredBackup[] = [];
    let enough!: () => void;
    const fiveWritten = new Promise<void>((done) => (enough = done));
    const schedule = new BackupSchedule({
      intervalMs: 1,
      dir: backupDir,
      keep: 2,
      copy: (file, keepGoing) => backupEmbeddedDatabase(db, file, keepGoing),
      written: (backup) => {
        written.push(backup);
        if (written.length === 5) enough();
      },
      failed: (error) => {
        throw error;
      },
    });
    // Four writers at once, each committing numbered rows in transactions, until five copies
    // exist; each waits a turn of the event loop between commits, as requests arrive.
    let next = 0;
    let copying = true;
    const writer = async () => {
      while (copying) {
        await db.transaction().execute(async (trx) => {
          next += 1;
          await sql`INSERT INTO tally (n) VALUES (${next})`.execute(trx);
        });
        await new Promise((turn) => setImmediate(turn));
      }
    };
    schedule.start();
    const writers = Promise.all([writer(), writer(), writer(), writer()]);
    await fiveWritten;
    await schedule.stop();
    copying = false;
    await writers;
    await database.close();

    const newest = written.slice(-2).map((backup) => backup.file);
    expect(scheduledBackups(backupDir)).toEqual(newest);
    expect(readdirSync(backupDir).sort()).toEqual([manual.file, ...newest].flatMap((file) => [basename(file), basename(checksumFileOf(file))]).sort());
    for (const file of newest) expect(recordedChecksum(file)).toBe(await sha256Of(file));

    const restored = join(dir, 'restored', 'kindly.db');
    await restoreBackup(newest[1]!, restored);
    const sqlite = new SQLite(restored, { readonly: true });
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      const numbers = sqlite.prepare<[], { n: number }>('SELECT n FROM tally ORDER BY n').all().map((row) => row.n);
      expect(numbers.length).toBeGreaterThan(0);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    } finally {
      sqlite.close();
    }
  }, 30_000);

  it('stops a copy under way when the server closes, leaving no partial file', async () => {
    const backupDir = join(dir, 'stopped-backups');
    const database = await createDatabase({ sqliteFile: join(dir, 'stopped', 'kindly.db') });
    let copyBegan!: () => void;
    const began = new Promise<void>((done) => (copyBegan = done));
    const failures: unknown[] = [];
    let stopping: Promise<void> | undefined;
    const schedule: BackupSchedule = new BackupSchedule({
      intervalMs: 1,
      dir: backupDir,
      keep: 2,
      copy: (file, keepGoing) => {
        copyBegan();
        // Once the schedule has noted the copy under way, as SIGTERM would find it.
        stopping = Promise.resolve().then(() => schedule.stop());
        return backupEmbeddedDatabase(database.db, file, keepGoing);
      },
      failed: (error) => failures.push(error),
    });
    schedule.start();
    await began;
    await stopping;
    await database.close();
    expect(failures).toEqual([]);
    expect(readdirSync(backupDir)).toEqual([]);
  });

  describe('in the server process', () => {
    let server: BuiltServer;
    beforeAll(async () => {
      server = await buildServer();
    }, 60_000);
    afterAll(() => server?.remove());

    it('takes copies every BACKUP_INTERVAL_HOURS into KINDLY_BACKUP_DIR and prunes them to BACKUP_KEEP', async () => {
      const backupDir = join(dir, 'server-backups');
      // 0.0003 hours: about a second.
      const running = spawnServer(server.file, { KINDLY_DATA_DIR: join(dir, 'server-data'), KINDLY_BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: '0.0003', BACKUP_KEEP: '2', EMAIL_WORKER: '0' });
      const seen = new Set<string>();
      try {
        await running.ready;
        // Its last line at start, printed as it begins to listen for SIGTERM.
        await vi.waitFor(() => expect(running.stdout()).toContain('  Examples:'), { timeout: 10_000 });
        expect(running.stdout()).toContain(`  Backups:   every 0.0003 h into ${backupDir}, the newest 2 kept`);
        // Three copies taken: the first has been pruned.
        await vi.waitFor(
          () => {
            for (const file of scheduledBackups(backupDir)) seen.add(file);
            expect(seen.size).toBeGreaterThanOrEqual(3);
          },
          { timeout: 20_000, interval: 100 },
        );
      } finally {
        expect(await running.stop()).toBe(0);
      }
      expect(running.stdout()).not.toContain('backup failed');
      const kept = scheduledBackups(backupDir);
      expect(kept).toHaveLength(2);
      expect(kept).not.toContain([...seen].sort()[0]);
      expect(existsSync(join(dir, 'server-data', 'kindly.db'))).toBe(true);
    }, 40_000);

    it('refuses BACKUP_INTERVAL_HOURS on PostgreSQL at start, pointing to pg_dump', async () => {
      const running = spawnServer(server.file, { KINDLY_DATA_DIR: join(dir, 'pg-data'), DATABASE_URL: 'postgres://kindly@127.0.0.1:1/kindly', BACKUP_INTERVAL_HOURS: '24' });
      expect(await running.exited).toBe(1);
      expect(running.stderr().trim()).toBe(
        'BACKUP_INTERVAL_HOURS backs up the embedded SQLite database only; with DATABASE_URL (PostgreSQL) unset it and back up with pg_dump -Fc (see README, Operations).',
      );
    });
  });
});
