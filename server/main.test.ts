import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminateBackends, withAdminClient } from './test-support/fault-app';
import { newHostCredentials } from './in-process/host-session';
import { withSchemaLock } from './test-support/schema-lock';
import { buildServer, spawnServer, type BuiltServer, type ServerProcess } from './test-support/server-process';
import { testDatabaseKind } from './test-support/test-app';

describe('the server process', () => {
  let server: BuiltServer;
  let dir: string;
  beforeAll(async () => {
    server = await buildServer();
    dir = mkdtempSync(join(tmpdir(), 'kindly-main-'));
  }, 60_000);
  afterAll(() => {
    server?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(testDatabaseKind === 'sqlite')('exits 1 with one clear sentence when the data directory cannot be written', async () => {
    writeFileSync(join(dir, 'a-file'), '');
    // Under a regular file no directory can be made, even by root (who runs the tests).
    const dataDir = join(dir, 'a-file', 'data');
    const running = spawnServer(server.file, { KINDLY_DATA_DIR: dataDir });
    expect(await running.exited).toBe(1);
    expect(running.stderr().trim()).toBe(
      `Kindly cannot write to its data directory ${dataDir} (part of its path is a file, not a directory). ` +
        'Make it writable by the user running Kindly, or set KINDLY_DATA_DIR to a directory that is.',
    );
    expect(running.stderr()).not.toMatch(/\n\s+at /);
  });

  it.runIf(testDatabaseKind === 'sqlite')('exits 1 naming a bad PORT in one sentence', async () => {
    const running = spawnServer(server.file, { KINDLY_DATA_DIR: join(dir, 'data'), PORT: '70000' });
    expect(await running.exited).toBe(1);
    expect(running.stderr().trim()).toBe('PORT must be a port number from 0 to 65535, not "70000".');
    expect(running.stdout()).toBe('');
  });

  it.runIf(testDatabaseKind === 'sqlite')('logs JSON lines on standard output and writes them all out on SIGTERM', async () => {
    const running = spawnServer(server.file, { KINDLY_DATA_DIR: join(dir, 'data'), EMAIL_WORKER: '0' });
    const base = await running.ready;
    // A short line, far below the logger's 4 kB chunk: only the flush on SIGTERM writes it.
    expect((await fetch(`${base}/host/v1/nowhere`)).status).toBe(404);
    expect(await running.stop()).toBe(0);
    const entries = running
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries).toEqual([
      expect.objectContaining({ level: 30, msg: 'Kindly started' }),
      expect.objectContaining({ level: 30, msg: expect.stringMatching(/^GET \/host\/v1\/nowhere 404 /) }),
      expect.objectContaining({ level: 30, msg: 'SIGTERM: finishing requests in flight, then closing the database' }),
    ]);
    expect(running.stderr()).toBe('');
  });

  it.runIf(testDatabaseKind === 'sqlite')('with LOG_LEVEL=warn writes no log line for a request or a start', async () => {
    const running = spawnServer(server.file, { KINDLY_DATA_DIR: join(dir, 'data-warn'), EMAIL_WORKER: '0', LOG_LEVEL: 'warn' });
    const base = await running.ready;
    expect((await fetch(`${base}/host/v1/nowhere`)).status).toBe(404);
    expect(await running.stop()).toBe(0);
    const entries = running.stdout().split('\n').filter((line) => line.startsWith('{'));
    expect(entries).toEqual([]);
    expect(running.stdout()).toContain('Kindly is running');
  });

  const url = process.env.TEST_DATABASE_URL;
  it.runIf(testDatabaseKind === 'postgres' && url)('keeps running and reconnects when PostgreSQL ends its connections', async () => {
    const suffix = randomBytes(6).toString('hex');
    const schema = `main_${suffix}`;
    const applicationName = `kindly-main-${suffix}`;
    await withAdminClient(url!, (admin) => admin.query(`CREATE SCHEMA "${schema}"`));
    const databaseUrl = new URL(url!);
    databaseUrl.searchParams.set('application_name', applicationName);
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
    let running: ServerProcess | undefined;
    try {
      // The server migrates its schema as it starts: no other test may drop one meanwhile.
      const base = await withSchemaLock(url!, 'shared', () => {
        running = spawnServer(server.file, { KINDLY_DATA_DIR: join(dir, 'data'), DATABASE_URL: databaseUrl.toString() });
        return running.ready;
      });
      const signUp = () =>
        fetch(`${base}/host/v1/account`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(newHostCredentials()),
        });
      expect((await signUp()).status).toBe(201);
      expect(await terminateBackends(url!, applicationName)).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(running!.child.exitCode).toBeNull();
      expect((await signUp()).status).toBe(201);
      expect(running!.child.exitCode).toBeNull();
    } finally {
      await running?.stop();
      await withSchemaLock(url!, 'exclusive', () => withAdminClient(url!, (admin) => admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)));
    }
  });
});
