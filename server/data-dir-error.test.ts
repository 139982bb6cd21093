import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { createRuntime } from './create-deps';
import { dataDirError } from './data-dir-error';
import { renderEmailHere } from './email/render-email';
import { silentLogger } from './logger';

/** An error of the given code as Node's fs raises it (root, who runs the tests, is never refused). */
function fsError(code: string, syscall: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${syscall} '${path}'`), { code, syscall, path, errno: -1 });
}

describe('dataDirError', () => {
  let dir: string;
  let blocked: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kindly-data-dir-'));
    writeFileSync(join(dir, 'a-file'), '');
    // No one, root included, can make a directory under a regular file.
    blocked = join(dir, 'a-file', 'data');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('says in one sentence which directory cannot be written, why, and what to do', () => {
    for (const [code, reason] of [
      ['EACCES', 'permission denied'],
      ['EROFS', 'the file system is read-only'],
    ]) {
      const error = dataDirError('/srv/kindly/data', fsError(code!, 'open', '/srv/kindly/data/auth-secret'));
      expect(error).toBeInstanceOf(ConfigError);
      expect(error?.message).toBe(
        `Kindly cannot write to its data directory /srv/kindly/data (${reason}). ` +
          'Make it writable by the user running Kindly, or set KINDLY_DATA_DIR to a directory that is.',
      );
    }
    expect(dataDirError('/d', new Error('something else'))).toBeUndefined();
    expect(dataDirError('/d', Object.assign(new Error('x'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBeUndefined();
  });

  it('names the directory when the development secret cannot be written', () => {
    expect(() => loadConfig({ KINDLY_DATA_DIR: blocked })).toThrow(
      new ConfigError(
        `Kindly cannot write to its data directory ${blocked} (part of its path is a file, not a directory). ` +
          'Make it writable by the user running Kindly, or set KINDLY_DATA_DIR to a directory that is.',
      ),
    );
  });

  it('names the directory when the SQLite file cannot be opened there', async () => {
    const config = loadConfig({ KINDLY_DATA_DIR: blocked, AUTH_SECRET: 's'.repeat(40) });
    await expect(createRuntime(config, silentLogger(), renderEmailHere)).rejects.toThrow(/^Kindly cannot write to its data directory .*a-file\/data \(part of its path/);
    // A directory that exists but where SQLite cannot create its file gives SQLite's own code.
    mkdirSync(join(dir, 'db-is-a-dir', 'kindly.db'), { recursive: true });
    const sqliteError = (() => {
      try {
        new SQLite(join(dir, 'db-is-a-dir', 'kindly.db'));
      } catch (error) {
        return error;
      }
    })();
    expect(dataDirError(join(dir, 'db-is-a-dir'), sqliteError)?.message).toMatch(/cannot write to its data directory .*db-is-a-dir \(the database file cannot be opened there\)/);
  });
});
