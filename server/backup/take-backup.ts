import { join } from 'node:path';
import { rmSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { backupFileName, ensureBackupDir, storeBackup, type BackupKind, type StoredBackup } from './backup-files';

/** Writes a plain, consistent SQLite copy of the database into `file` (which does not exist yet). */
export type CopyDatabase = (file: string) => Promise<void>;

/**
 * A copy of the database file `databaseFile`, from a connection of its own: `VACUUM INTO`
 * reads one snapshot (one read transaction; with WAL, the running server's writes go on
 * meanwhile and are not in it), committed rows still in the WAL included, and writes it
 * compacted. The connection is read-only, so the database is left exactly as it was.
 */
export function copyDatabaseFile(databaseFile: string): CopyDatabase {
  return async (file) => {
    const sqlite = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
    try {
      // A checkpoint of the server may hold the WAL's index a moment: wait for it, not fail.
      sqlite.pragma('busy_timeout = 5000');
      sqlite.prepare('VACUUM INTO ?').run(file);
    } finally {
      sqlite.close();
    }
  };
}

/**
 * Takes one copy into `backupDir`: the plain copy beside it, then compressed with its
 * checksum (`storeBackup`), then the plain copy removed, whatever happened.
 */
export async function takeBackup(copy: CopyDatabase, backupDir: string, kind: BackupKind, at = new Date()): Promise<StoredBackup> {
  ensureBackupDir(backupDir);
  const file = join(backupDir, backupFileName(kind, at));
  const plain = `${file}.copy`;
  try {
    await copy(plain);
    return await storeBackup(plain, file);
  } finally {
    rmSync(plain, { force: true });
  }
}
