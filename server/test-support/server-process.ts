import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'tsup';
import { SERVER_THREAD_SCRIPTS } from '../thread-scripts';

/** `server/main.ts` built as `npm run build` builds it, into a folder of its own under `dist/`. */
export interface BuiltServer {
  file: string;
  remove(): void;
}

/** Builds the server's entry point and its threads' scripts (packages stay external, found in `node_modules` from `dist/`). */
export async function buildServer(): Promise<BuiltServer> {
  const outDir = resolve('dist', `.test-server-${randomBytes(4).toString('hex')}`);
  await build({
    config: false,
    // The threads main.ts starts from scripts beside it, as tsup.config.ts builds them.
    entry: { main: 'server/main.ts', ...SERVER_THREAD_SCRIPTS },
    outDir,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    skipNodeModulesBundle: true,
    silent: true,
  });
  return { file: join(outDir, 'main.js'), remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

/** The server as its own process, as `npm start` runs it. */
export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  stdout(): string;
  stderr(): string;
  /** The dashboard's URL once it says it is running; rejects if it exits first. */
  ready: Promise<string>;
  /** Its exit code once it exits. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit. */
  stop(): Promise<number | null>;
}

/** Starts `node [nodeFlags] <file>` with `env` added to a minimal environment. */
export function spawnServer(file: string, env: Record<string, string>, nodeFlags: readonly string[] = []): ServerProcess {
  const child = spawn(process.execPath, [...nodeFlags, file], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', EXAMPLES_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const ready = new Promise<string>((found, fail) => {
    // Read until the line is found, then no more: a server under load prints a line per request,
    // and matching the whole output again on each of them made the reader the bottleneck.
    const lookForUrl = () => {
      const match = /Dashboard: (http:\/\/\S+?)\/?\n/.exec(stdout);
      if (!match) return;
      child.stdout!.off('data', lookForUrl);
      found(match[1]!);
    };
    child.stdout!.on('data', lookForUrl);
    void exited.then((code) => fail(new Error(`the server exited (${code}) before it was ready:\n${stdout}\n${stderr}`)));
  });
  ready.catch(() => {});
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    ready,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
