import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { recordedChecksum, sha256Of } from './backup-files';

/** Why a restore did not happen, in one sentence; the database was left as it was. */
export class RestoreRefused extends Error {}

export interface RestoredBackup {
  /** Where the database that was replaced now is (undefined when there was none). */
  replaced: string | undefined;
}

/**
 * Restores the copy `file` as the database `databaseFile`, after checking, in this order, that
 * the copy matches its checksum file, that it unpacks to a whole SQLite database
 * (`PRAGMA integrity_check`) and that no process has the database open. The database it
 * replaces is kept beside it as `kindly-replaced-<time>.db` (with its WAL, if any). Any refusal
 * is a {@link RestoreRefused} and changes nothing.
 */
export async function restoreBackup(file: string, databaseFile: string, at = new Date()): Promise<RestoredBackup> {
  await checkChecksum(file);
  const unpacked = `${databaseFile}.restoring`;
  mkdirSync(dirname(databaseFile), { recursive: true });
  try {
    await unpack(file, unpacked);
    checkWholeDatabase(file, unpacked);
    checkNotInUse(databaseFile);
    const replaced = existsSync(databaseFile) ? setAside(databaseFile, at) : undefined;
    renameSync(unpacked, databaseFile);
    return { replaced };
  } finally {
    // Reading the unpacked copy in WAL mode left an empty WAL and index beside it.
    for (const leftover of [unpacked, `${unpacked}-wal`, `${unpacked}-shm`]) rmSync(leftover, { force: true });
  }
}

async function checkChecksum(file: string): Promise<void> {
  if (!existsSync(file)) throw new RestoreRefused(`There is no backup at ${file}.`);
  const recorded = recordedChecksum(file);
  if (!recorded) throw new RestoreRefused(`${file} has no checksum file beside it (${basename(file)}.sha256), so it cannot be trusted; nothing was restored.`);
  if ((await sha256Of(file)) !== recorded) {
    throw new RestoreRefused(`${file} does not match its checksum (${basename(file)}.sha256): the copy is damaged; nothing was restored.`);
  }
}

async function unpack(file: string, target: string): Promise<void> {
  rmSync(target, { force: true });
  try {
    await pipeline(createReadStream(file), createGunzip(), createWriteStream(target, { flags: 'wx', flush: true }));
  } catch {
    throw new RestoreRefused(`${file} is not a whole gzip file; nothing was restored.`);
  }
}

function checkWholeDatabase(file: string, unpacked: string): void {
  let verdict: string;
  try {
    const sqlite = new SQLite(unpacked, { readonly: true, fileMustExist: true });
    try {
      verdict = sqlite.pragma('integrity_check', { simple: true }) as string;
    } finally {
      sqlite.close();
    }
  } catch {
    verdict = 'not a database';
  }
  if (verdict !== 'ok') throw new RestoreRefused(`${file} does not hold a whole SQLite database (${verdict}); nothing was restored.`);
}

/**
 * Every open connection to a WAL database holds a shared lock on it, so an exclusive lock is
 * refused while any process (a running Kindly, an `sqlite3` shell) has it open. The lock is let
 * go again at once; closing the connection also moves any WAL left by a killed process into the
 * database, which is set aside whole.
 */
function checkNotInUse(databaseFile: string): void {
  if (!existsSync(databaseFile)) return;
  const sqlite = new SQLite(databaseFile, { fileMustExist: true, timeout: 0 });
  try {
    sqlite.pragma('locking_mode = EXCLUSIVE');
    // The first read finds the database in WAL mode and asks for the WAL to itself.
    sqlite.prepare('SELECT count(*) FROM sqlite_master').get();
    sqlite.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new RestoreRefused(`${databaseFile} is in use (is Kindly still running?); stop Kindly, then restore again. Nothing was restored.`);
    }
    // Without a readable database there is no lock to ask for, so no telling whether Kindly runs.
    throw new RestoreRefused(
      `${databaseFile} cannot be opened as a database (${error instanceof Error ? error.message : String(error)}); with Kindly stopped, move it aside, then restore again. Nothing was restored.`,
    );
  } finally {
    sqlite.close();
  }
}

/** Moves the database (and a WAL, should one be left) aside; SQLite's shared-memory index holds nothing and goes. */
function setAside(databaseFile: string, at: Date): string {
  const aside = join(dirname(databaseFile), `kindly-replaced-${at.toISOString().replace(/:/g, '-')}.db`);
  renameSync(databaseFile, aside);
  if (existsSync(`${databaseFile}-wal`)) renameSync(`${databaseFile}-wal`, `${aside}-wal`);
  rmSync(`${databaseFile}-shm`, { force: true });
  return aside;
}
