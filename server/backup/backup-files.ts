import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

/** `npm run backup`'s copies are kept until someone removes them; the server's own are pruned to `BACKUP_KEEP`. */
export type BackupKind = 'manual' | 'scheduled';

const PREFIX: Record<BackupKind, string> = { manual: 'kindly-', scheduled: 'kindly-scheduled-' };
const SUFFIX = '.db.gz';
const SCHEDULED_NAME = /^kindly-scheduled-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.db\.gz$/;

/** A written copy: the gzip file and its SHA-256, also in `<file>.sha256` (`sha256sum -c` reads it). */
export interface StoredBackup {
  file: string;
  sha256: string;
  bytes: number;
}

/** `kindly-2026-11-29T11-44-08.123Z.db.gz`: the UTC time, with `-` for `:`, so names sort as times do. */
export function backupFileName(kind: BackupKind, at: Date): string {
  return `${PREFIX[kind]}${at.toISOString().replace(/:/g, '-')}${SUFFIX}`;
}

/** The checksum file beside a copy. */
export function checksumFileOf(file: string): string {
  return `${file}.sha256`;
}

/**
 * Compresses the plain SQLite copy `plainFile` into `file` with its checksum file. The copy is
 * written under a `.partial` name, flushed to disk, and renamed only after its checksum file is
 * written, so a copy under its own name is always whole and always has its checksum.
 */
export async function storeBackup(plainFile: string, file: string): Promise<StoredBackup> {
  if (existsSync(file)) throw new Error(`${file} already exists`);
  const partial = `${file}.partial`;
  const hash = createHash('sha256');
  try {
    await pipeline(
      createReadStream(plainFile),
      createGzip(),
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          yield chunk;
        }
      },
      createWriteStream(partial, { flags: 'wx', flush: true }),
    );
    const sha256 = hash.digest('hex');
    writeFileSync(checksumFileOf(file), `${sha256}  ${basename(file)}\n`, { flush: true });
    renameSync(partial, file);
    return { file, sha256, bytes: statSync(file).size };
  } finally {
    rmSync(partial, { force: true });
  }
}

/** The SHA-256 of a file's bytes, in hex. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** The checksum recorded beside `file`, or undefined when there is none to read. */
export function recordedChecksum(file: string): string | undefined {
  const sidecar = checksumFileOf(file);
  if (!existsSync(sidecar)) return undefined;
  return /^([0-9a-f]{64})\b/i.exec(readFileSync(sidecar, 'utf8').trim())?.[1]?.toLowerCase();
}

/** The server's own copies in `dir`, oldest first. */
export function scheduledBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => SCHEDULED_NAME.test(name))
    .sort()
    .map((name) => join(dir, name));
}

/** Removes the server's own copies beyond the newest `keep`, with their checksum files; returns what it removed. */
export function pruneScheduledBackups(dir: string, keep: number): string[] {
  const all = scheduledBackups(dir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const file of old) {
    rmSync(file, { force: true });
    rmSync(checksumFileOf(file), { force: true });
  }
  return old;
}

/** Makes the backup folder (and its parents), readable by its owner only: copies hold every guest's details. */
export function ensureBackupDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}
