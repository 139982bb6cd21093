import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { checkpointInTheBackground } from './sqlite-checkpoints';

describe('checkpointInTheBackground', () => {
  it('copies committed pages into the database file on its timer, not in a commit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindly-wal-'));
    const file = join(dir, 'test.db');
    const sqlite = new SQLite(file);
    try {
      sqlite.pragma('journal_mode = WAL');
      const stop = checkpointInTheBackground(sqlite, 50);
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(4_000);
      sqlite.exec('CREATE TABLE t (x TEXT)');
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      const before = statSync(file).size;
      const insert = sqlite.prepare('INSERT INTO t VALUES (?)');
      sqlite.transaction(() => {
        for (let i = 0; i < 500; i++) insert.run('x'.repeat(2000));
      })();
      expect(statSync(file).size).toBe(before);
      // The worker thread checkpoints every 50 ms; a loaded machine may take a while to start it.
      await expect.poll(() => statSync(file).size, { timeout: 10_000, interval: 50 }).toBeGreaterThan(before + 900_000);
      stop();
    } finally {
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('checkpoints again soon while writes go on, not only on its idle timer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kindly-wal-'));
    const file = join(dir, 'test.db');
    const sqlite = new SQLite(file);
    try {
      sqlite.pragma('journal_mode = WAL');
      sqlite.exec('CREATE TABLE t (x TEXT)');
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      // Idle, it would look again only after a minute: every copy seen below is a busy one.
      const stop = checkpointInTheBackground(sqlite, 60_000, 20);
      const insert = sqlite.prepare('INSERT INTO t VALUES (?)');
      const sizes = new Set<number>();
      const until = Date.now() + 3000;
      while (Date.now() < until && sizes.size < 4) {
        insert.run('x'.repeat(8000));
        sizes.add(statSync(file).size);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      stop();
      // The file grew at three moments at least after its first size, each a checkpoint's copy.
      expect(sizes.size).toBeGreaterThanOrEqual(4);
    } finally {
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
