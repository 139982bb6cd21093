import { ConfigError } from './config-error';

/** What the file system said, in words an operator can act on. */
const FILE_SYSTEM_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'part of its path is a file, not a directory',
  EEXIST: 'a file is in the way of the directory',
  ENOSPC: 'the disk is full',
  SQLITE_CANTOPEN: 'the database file cannot be opened there',
  SQLITE_READONLY: 'the database file is read-only',
};

/**
 * Turns an error of writing the data directory (creating it, the development secret or the
 * SQLite file) into one clear sentence naming the directory and what to do; undefined for any
 * other error, which start-up reports as it is.
 */
export function dataDirError(dataDir: string, error: unknown): ConfigError | undefined {
  const code = String((error as { code?: unknown } | undefined)?.code ?? '');
  const reason = FILE_SYSTEM_REASONS[code] ?? FILE_SYSTEM_REASONS[code.replace(/^(SQLITE_[A-Z]+)_.*$/, '$1')];
  if (!reason) return undefined;
  return new ConfigError(
    `Kindly cannot write to its data directory ${dataDir} (${reason}). ` +
      'Make it writable by the user running Kindly, or set KINDLY_DATA_DIR to a directory that is.',
  );
}
