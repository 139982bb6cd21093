import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/create-database';
import { buildBackupCommands, type BackupCommands } from '../test-support/backup-commands';
import { testDatabaseKind } from '../test-support/test-app';

/**
 * Another process writing as Kindly does (WAL, `synchronous = NORMAL`): row n in a transaction
 * of its own, with a payload longer than a page (so a torn row shows), and `committed n` on
 * standard output once the commit has returned, written at once (no buffer of the process
 * holds a line when it is killed).
 */
const WRITER = `
import { writeSync } from 'node:fs';
import SQLite from 'better-sqlite3';
const db = new SQLite(process.env.DATABASE_FILE);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
db.exec('CREATE TABLE IF NOT EXISTS tally (n INTEGER PRIMARY KEY, payload TEXT NOT NULL)');
const insert = db.prepare('INSERT INTO tally (n, payload) VALUES (?, ?)');
const commit = db.transaction((n) => insert.run(n, String(n).padStart(10, '0').repeat(600)));
let n = 0;
const next = () => {
  n += 1;
  commit(n);
  writeSync(1, 'committed ' + n + '\\n');
  setImmediate(next);
};
next();
`;

const payloadOf = (n: number) => String(n).padStart(10, '0').repeat(600);

interface Writer {
  child: ChildProcess;
  /** The highest number it has said it committed so far. */
  lastLogged(): number;
  /** Resolves once it has said it committed `n`. */
  reached(n: number): Promise<void>;
  /** Resolves when it has exited and all it printed has been read. */
  closed: Promise<void>;
}

function startWriter(databaseFile: string): Writer {
  const child = spawn(process.execPath, ['--input-type=module', '-e', WRITER], {
    env: { PATH: process.env.PATH ?? '', DATABASE_FILE: databaseFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let last = 0;
  let pending = '';
  const waiting: Array<{ n: number; done: () => void }> = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop()!;
    for (const line of lines) last = Math.max(last, Number(/^committed (\d+)$/.exec(line)![1]));
    for (const wait of waiting.filter((entry) => entry.n <= last)) wait.done();
  });
  const closed = new Promise<void>((done) => child.once('close', () => done()));
  return {
    child,
    lastLogged: () => last,
    reached: (n) => (n <= last ? Promise.resolve() : new Promise<void>((done) => waiting.push({ n, done }))),
    closed,
  };
}

/** The rows of a restored database's tally: each present once, in order, whole. */
function readTally(databaseFile: string): { integrity: string; numbers: number[]; torn: number[] } {
  const sqlite = new SQLite(databaseFile, { readonly: true });
  try {
    const integrity = sqlite.pragma('integrity_check', { simple: true }) as string;
    const rows = sqlite.prepare<[], { n: number; payload: string }>('SELECT n, payload FROM tally ORDER BY n').all();
    return { integrity, numbers: rows.map((row) => row.n), torn: rows.filter((row) => row.payload !== payloadOf(row.n)).map((row) => row.n) };
  } finally {
    sqlite.close();
  }
}

const oneToK = (k: number) => Array.from({ length: k }, (_, i) => i + 1);

describe.runIf(testDatabaseKind === 'sqlite')('npm run backup while another process writes', () => {
  let commands: BackupCommands;
  let dir: string;
  beforeAll(async () => {
    commands = await buildBackupCommands();
    dir = mkdtempSync(join(tmpdir(), 'kindly-backup-writes-'));
  }, 60_000);
  afterAll(() => {
    commands?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Backs up the data directory, restores the copy into a fresh one and reads it back. */
  async function backUpAndRestore(dataDir: string, name: string) {
    const backupDir = join(dir, `${name}-backups`);
    const backup = await commands.backup({ KINDLY_DATA_DIR: dataDir, KINDLY_BACKUP_DIR: backupDir });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const file = /^Backed up .+ to (\S+\.db\.gz) /.exec(backup.stdout)![1]!;
    const freshDir = join(dir, `${name}-restored`);
    const restore = await commands.restore(file, { KINDLY_DATA_DIR: freshDir });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    return readTally(join(freshDir, 'kindly.db'));
  }

  it('copies every commit made before it began, and again after the writer is killed with SIGKILL', async () => {
    const dataDir = join(dir, 'data');
    const databaseFile = join(dataDir, 'kindly.db');
    await (await createDatabase({ sqliteFile: databaseFile })).close();
    const writer = startWriter(databaseFile);
    await writer.reached(300);

    const loggedBeforeCopy = writer.lastLogged();
    const midWrite = await backUpAndRestore(dataDir, 'mid-write');
    // The writer went on while the copy was taken.
    expect(writer.lastLogged()).toBeGreaterThan(loggedBeforeCopy);
    expect(midWrite.integrity).toBe('ok');
    expect(midWrite.torn).toEqual([]);
    expect(midWrite.numbers.length).toBeGreaterThanOrEqual(loggedBeforeCopy);
    expect(midWrite.numbers).toEqual(oneToK(midWrite.numbers.length));

    writer.child.kill('SIGKILL');
    await writer.closed;
    const loggedBeforeKill = writer.lastLogged();
    // Killed, it left its last commits in the WAL, not yet in the database file.
    expect(existsSync(`${databaseFile}-wal`)).toBe(true);
    const afterKill = await backUpAndRestore(dataDir, 'after-kill');
    expect(afterKill.integrity).toBe('ok');
    expect(afterKill.torn).toEqual([]);
    // Every logged commit, and at most the one it committed but was killed before logging.
    expect(afterKill.numbers.length).toBeGreaterThanOrEqual(loggedBeforeKill);
    expect(afterKill.numbers.length).toBeLessThanOrEqual(loggedBeforeKill + 1);
    expect(afterKill.numbers).toEqual(oneToK(afterKill.numbers.length));
  }, 60_000);
});
