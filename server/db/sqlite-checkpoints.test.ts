import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { checkpointInTheBackground } from './sqlite-checkpoints';

/** A new WAL database file with one empty table `t`, its WAL emptied, removed after `test`. */
async function withWalDatabase(test: (sqlite: SQLite.Database, file: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'kindly-wal-'));
  const file = join(dir, 'test.db');
  const sqlite = new SQLite(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('CREATE TABLE t (x TEXT)');
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    await test(sqlite, file);
  } finally {
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('checkpointInTheBackground', () => {
  it('copies committed pages into the database file on its timer, not in a commit', () =>
    withWalDatabase(async (sqlite, file) => {
      const stop = checkpointInTheBackground(sqlite, 50, 50);
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(4_000);
      const before = statSync(file).size;
      const insert = sqlite.prepare('INSERT INTO t VALUES (?)');
      sqlite.transaction(() => {
        for (let i = 0; i < 500; i++) insert.run('x'.repeat(2000));
      })();
      expect(statSync(file).size).toBe(before);
      // The worker thread checkpoints every 50 ms; a loaded machine may take a while to start it.
      await expect.poll(() => statSync(file).size, { timeout: 10_000, interval: 50 }).toBeGreaterThan(before + 900_000);
      stop();
    }));

  it('checkpoints again soon while writes go on, not only on its idle timer', () =>
    withWalDatabase(async (sqlite, file) => {
      // Idle, it would look again only after a minute: every copy seen below is a busy one.
      const stop = checkpointInTheBackground(sqlite, 60_000, 20);
      const insert = sqlite.prepare('INSERT INTO t VALUES (?)');
      const sizes = new Set<number>();
      // Long enough for a loaded machine to start the thread; done as soon as the copies are seen.
      const until = Date.now() + 10_000;
      while (Date.now() < until && sizes.size < 4) {
        insert.run('x'.repeat(8000));
        sizes.add(statSync(file).size);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      stop();
      // The file grew at three moments at least after its first size, each a checkpoint's copy.
      expect(sizes.size).toBeGreaterThanOrEqual(4);
    }));
});
