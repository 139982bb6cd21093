import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../db/create-database';
import { buildBackupCommands, type BackupCommands } from '../test-support/backup-commands';
import { buildServer, spawnServer } from '../test-support/server-process';
import { testDatabaseKind } from '../test-support/test-app';
import { checksumFileOf } from './backup-files';

/** A Kindly database in `dataDir` with one note saying which it is. */
async function databaseWithNote(dataDir: string, note: string): Promise<string> {
  const file = join(dataDir, 'kindly.db');
  await (await createDatabase({ sqliteFile: file })).close();
  const sqlite = new SQLite(file);
  sqlite.exec('CREATE TABLE note (text TEXT NOT NULL)');
  sqlite.prepare('INSERT INTO note (text) VALUES (?)').run(note);
  sqlite.close();
  return file;
}

function noteIn(file: string): string {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    return sqlite.prepare<[], { text: string }>('SELECT text FROM note').get()!.text;
  } finally {
    sqlite.close();
  }
}

/** Every file of a directory and the SHA-256 of its bytes: equal before and after means nothing changed. */
function filesOf(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).map((name) => [name, createHash('sha256').update(readFileSync(join(dir, name))).digest('hex')]));
}

describe.runIf(testDatabaseKind === 'sqlite')('npm run restore', () => {
  let commands: BackupCommands;
  let dir: string;
  let backup: string;
  let dataDir: string;
  beforeAll(async () => {
    commands = await buildBackupCommands();
    dir = mkdtempSync(join(tmpdir(), 'kindly-restore-'));
    const sourceDir = join(dir, 'source');
    await databaseWithNote(sourceDir, 'from the backup');
    const made = await commands.backup({ KINDLY_DATA_DIR: sourceDir });
    expect(made.code).toBe(0);
    backup = /^Backed up .+ to (\S+\.db\.gz) /.exec(made.stdout)![1]!;
    expect(backup.startsWith(join(sourceDir, 'backups', 'kindly-'))).toBe(true);
    dataDir = join(dir, 'data');
    await databaseWithNote(dataDir, 'the current one');
  }, 60_000);
  afterAll(() => {
    commands?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A copy of the backup and its checksum file, to damage. */
  function copyOfBackup(name: string): string {
    const file = join(dir, `${name}.db.gz`);
    copyFileSync(backup, file);
    writeFileSync(checksumFileOf(file), readFileSync(checksumFileOf(backup), 'utf8').replace(basename(backup), basename(file)));
    return file;
  }

  async function expectRefused(file: string, sentence: RegExp): Promise<void> {
    const before = filesOf(dataDir);
    const run = await commands.restore(file, { KINDLY_DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toMatch(sentence);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(filesOf(dataDir)).toEqual(before);
    expect(noteIn(join(dataDir, 'kindly.db'))).toBe('the current one');
  }

  it('refuses a copy with a byte flipped, changing nothing', async () => {
    const file = copyOfBackup('flipped');
    const bytes = readFileSync(file);
    const middle = Math.floor(bytes.length / 2);
    bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
    writeFileSync(file, bytes);
    await expectRefused(file, /does not match its checksum .*nothing was restored\.$/);
  });

  it('refuses a copy whose checksum file says another checksum, or that has none', async () => {
    const mismatched = copyOfBackup('mismatched');
    writeFileSync(checksumFileOf(mismatched), `${'0'.repeat(64)}  ${basename(mismatched)}\n`);
    await expectRefused(mismatched, /does not match its checksum/);
    const unchecked = copyOfBackup('unchecked');
    rmSync(checksumFileOf(unchecked));
    await expectRefused(unchecked, /has no checksum file beside it/);
  });

  it('refuses a copy that matches its checksum but is not a whole SQLite database', async () => {
    const whole = readFileSync(join(dir, 'source', 'kindly.db'));
    const file = join(dir, 'truncated.db.gz');
    const gzipped = gzipSync(whole.subarray(0, Math.floor(whole.length / 2)));
    writeFileSync(file, gzipped);
    writeFileSync(checksumFileOf(file), `${createHash('sha256').update(gzipped).digest('hex')}  truncated.db.gz\n`);
    await expectRefused(file, /does not hold a whole SQLite database/);
  });

  it('refuses while Kindly runs on the database, then restores once it is stopped, keeping the replaced one aside', async () => {
    // Kindly itself, in a process of its own: SQLite's locks are per process.
    const server = await buildServer();
    try {
      const running = spawnServer(server.file, { KINDLY_DATA_DIR: dataDir, EMAIL_WORKER: '0' });
      try {
        await running.ready;
        // Its last line at start, printed as it begins to listen for SIGTERM.
        await vi.waitFor(() => expect(running.stdout()).toContain('  Examples:'), { timeout: 10_000 });
        await expectRefused(backup, /kindly\.db is in use \(is Kindly still running\?\); stop Kindly, then restore again\. Nothing was restored\.$/);
      } finally {
        expect(await running.stop()).toBe(0);
      }
    } finally {
      server.remove();
    }
    const run = await commands.restore(backup, { KINDLY_DATA_DIR: dataDir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const aside = /kept as (\S+\.db)\./.exec(run.stdout)![1]!;
    expect(noteIn(join(dataDir, 'kindly.db'))).toBe('from the backup');
    expect(noteIn(aside)).toBe('the current one');
    expect(readdirSync(dataDir).filter((name) => name.endsWith('.restoring'))).toEqual([]);
  });

  it('refuses to replace a file it cannot open as a database, since it cannot tell whether Kindly runs on it', async () => {
    const garbled = join(dir, 'garbled');
    mkdirSync(garbled);
    writeFileSync(join(garbled, 'kindly.db'), 'not a database '.repeat(500));
    const before = filesOf(garbled);
    const run = await commands.restore(backup, { KINDLY_DATA_DIR: garbled });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(/kindly\.db cannot be opened as a database \(.+\); with Kindly stopped, move it aside, then restore again\. Nothing was restored\.$/);
    expect(filesOf(garbled)).toEqual(before);
  });

  it('restores into an empty data directory', async () => {
    const fresh = join(dir, 'fresh', 'data');
    const run = await commands.restore(backup, { KINDLY_DATA_DIR: fresh });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/kept as/);
    expect(noteIn(join(fresh, 'kindly.db'))).toBe('from the backup');
  });

  it('refuses PostgreSQL and a missing file in one sentence each', async () => {
    const postgres = await commands.restore(backup, { KINDLY_DATA_DIR: dataDir, DATABASE_URL: 'postgres://kindly@db/kindly' });
    expect(postgres.code).toBe(1);
    expect(postgres.stderr.trim()).toBe(
      'npm run backup and npm run restore copy the embedded SQLite database; with DATABASE_URL (PostgreSQL) use pg_dump -Fc and pg_restore (see README, Operations).',
    );
    const backupOnPostgres = await commands.backup({ KINDLY_DATA_DIR: dataDir, DATABASE_URL: 'postgres://kindly@db/kindly' });
    expect(backupOnPostgres.code).toBe(1);
    expect(backupOnPostgres.stderr.trim()).toBe(postgres.stderr.trim());
    const missing = await commands.restore(join(dir, 'nowhere.db.gz'), { KINDLY_DATA_DIR: dataDir });
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(`There is no backup at ${join(dir, 'nowhere.db.gz')}.`);
    const noDatabase = await commands.backup({ KINDLY_DATA_DIR: join(dir, 'empty') });
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.stderr.trim()).toMatch(/^There is no database at .+kindly\.db to back up; set KINDLY_DATA_DIR/);
    expect(existsSync(join(dir, 'empty'))).toBe(false);
  });
});
