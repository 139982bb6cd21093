import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegratorProject, type IntegratorProject } from './test-support/core-package-project';
import { withAdminClient } from './test-support/fault-app';
import { withSchemaLock } from './test-support/schema-lock';
import { buildServer, spawnServer, type BuiltServer, type ServerProcess } from './test-support/server-process';
import { testDatabaseKind } from './test-support/test-app';

const run = promisify(execFile);
const CORE_DIST = resolve('dist', 'core');
const SUBPATHS = ['kindly/core', 'kindly/core/guest', 'kindly/core/host', 'kindly/core/options'];
const postgresUrl = process.env.TEST_DATABASE_URL;
const schema = `core_package_${randomBytes(6).toString('hex')}`;

interface Packed {
  filename: string;
  files: Array<{ path: string }>;
}

/** The bare package names core's built modules import. */
function importedPackages(): string[] {
  const sources = readdirSync(CORE_DIST)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(CORE_DIST, file), 'utf8'));
  const specifiers = sources.flatMap((source) => [...source.matchAll(/\bfrom\s*"([^".][^"]*)"/g)].map((match) => match[1]!));
  return [...new Set(specifiers.map((specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')))].sort();
}

/** The built server on a database of its own: a fresh data directory, or a PostgreSQL schema. */
async function startServer(file: string, dataDir: string): Promise<ServerProcess> {
  const env: Record<string, string> = { KINDLY_DATA_DIR: dataDir, EMAIL_WORKER: '0' };
  if (testDatabaseKind === 'sqlite') {
    const running = spawnServer(file, env);
    await running.ready;
    return running;
  }
  await withAdminClient(postgresUrl!, (admin) => admin.query(`CREATE SCHEMA "${schema}"`));
  const databaseUrl = new URL(postgresUrl!);
  databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
  // The server migrates its schema as it starts: no other test may drop one meanwhile.
  return withSchemaLock(postgresUrl!, 'shared', async () => {
    const running = spawnServer(file, { ...env, DATABASE_URL: databaseUrl.toString() });
    await running.ready;
    return running;
  });
}

describe('core installed from its tarball into a project outside the repository', () => {
  let packDir: string;
  let dataDir: string;
  let packed: Packed;
  let server: BuiltServer | undefined;
  let running: ServerProcess | undefined;
  let project: IntegratorProject | undefined;
  let baseUrl: string;

  beforeAll(async () => {
    if (!existsSync(join(CORE_DIST, 'host.d.ts'))) {
      throw new Error(`${CORE_DIST} has no build: run \`npm run build\` first (npm test does).`);
    }
    packDir = mkdtempSync(join(tmpdir(), 'kindly-pack-'));
    dataDir = mkdtempSync(join(tmpdir(), 'kindly-package-data-'));
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', packDir]);
    packed = (JSON.parse(stdout) as Packed[])[0]!;
    [server, project] = await Promise.all([buildServer(), createIntegratorProject(join(packDir, packed.filename))]);
    running = await startServer(server.file, dataDir);
    baseUrl = await running.ready;
  }, 180_000);

  afterAll(async () => {
    await running?.stop();
    server?.remove();
    project?.remove();
    rmSync(packDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    if (testDatabaseKind === 'postgres') {
      await withSchemaLock(postgresUrl!, 'exclusive', () => withAdminClient(postgresUrl!, (admin) => admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)));
    }
  }, 60_000);

  it("holds only core's build, its READMEs and package.json, and depends on exactly what that build imports", () => {
    const paths = packed.files.map((file) => file.path);
    expect(paths.filter((path) => !path.startsWith('dist/core/')).sort()).toEqual(['README.md', 'core/README.md', 'core/client/README.md', 'package.json']);
    for (const entry of ['index', 'guest', 'host', 'options']) expect(paths).toEqual(expect.arrayContaining([`dist/core/${entry}.js`, `dist/core/${entry}.d.ts`]));
    const manifest = JSON.parse(readFileSync(join(project!.dir, 'node_modules', 'kindly', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(importedPackages());
    expect(existsSync(join(project!.dir, 'node_modules', 'better-sqlite3'))).toBe(false);
  });

  it('resolves every subpath in Node, and nothing outside them', async () => {
    const names = await project!.eval(
      `for (const subpath of ${JSON.stringify(SUBPATHS)}) console.log(subpath, Object.keys(await import(subpath)).length);` +
        `await import('kindly/dist/core/index.js').then(() => console.log('reached'), (error) => console.log(error.code));`,
    );
    const lines = names.trim().split('\n');
    expect(lines.slice(0, SUBPATHS.length).map((line) => line.split(' ')[0])).toEqual(SUBPATHS);
    for (const line of lines.slice(0, SUBPATHS.length)) expect(Number(line.split(' ')[1])).toBeGreaterThan(2);
    expect(lines.at(-1)).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED');
  });

  it('type-checks an integrator\'s flows under tsc --strict, and its types are not any: wrong ones fail', async () => {
    const flows = await project!.typeCheck('flows');
    expect(flows.output).toBe('');
    expect(flows.code).toBe(0);
    const wrong = await project!.typeCheck('wrong-types');
    expect(wrong.code).not.toBe(0);
    expect(wrong.output).toMatch(/wrong-types\.ts\(6,14\): error TS2322: Type 'string' is not assignable to type 'number'/);
    expect(wrong.output).toMatch(/wrong-types\.ts\(7,14\): error TS2322: Type 'string' is not assignable to type 'boolean'/);
  }, 120_000);

  it('runs a host flow through the cookie fetch and a guest flow in Node against the running server', async () => {
    const email = `integrator.${Date.now()}@example.com`;
    const planned = JSON.parse(await project!.node('host-flow', [baseUrl, email])) as Record<string, string>;
    expect(planned).toEqual({ email, occasionId: expect.any(String), inviteCode: expect.any(String), guestId: expect.any(String), activityId: expect.any(String) });
    const answered = JSON.parse(await project!.node('guest-flow', [baseUrl, planned.occasionId!, planned.inviteCode!])) as unknown;
    expect(answered).toEqual({
      title: 'Reunion',
      responses: [expect.objectContaining({ guestId: planned.guestId, activityId: planned.activityId, response: 'ATTENDING' })],
      message: 'See you there',
    });
  }, 120_000);
});
