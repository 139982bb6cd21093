import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'tsup';

/** What a command printed and its exit code. */
export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run backup` and `npm run restore` as `npm run build` builds them, in a folder of their own under `dist/`. */
export interface BackupCommands {
  /** Runs `npm run backup` with `env` added to a minimal environment. */
  backup(env: Record<string, string>): Promise<CommandRun>;
  /** Runs `npm run restore <file>`. */
  restore(file: string, env: Record<string, string>): Promise<CommandRun>;
  remove(): void;
}

export async function buildBackupCommands(): Promise<BackupCommands> {
  const outDir = resolve('dist', `.test-backup-${randomBytes(4).toString('hex')}`);
  await build({
    config: false,
    entry: { backup: 'server/backup/backup-command.ts', restore: 'server/backup/restore-command.ts' },
    outDir,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    skipNodeModulesBundle: true,
    silent: true,
  });
  const run = (script: string, args: string[], env: Record<string, string>) =>
    new Promise<CommandRun>((done) => {
      execFile(process.execPath, [join(outDir, script), ...args], { env: { PATH: process.env.PATH ?? '', ...env } }, (error, stdout, stderr) => {
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      });
    });
  return {
    backup: (env) => run('backup.js', [], env),
    restore: (file, env) => run('restore.js', [file], env),
    remove: () => rmSync(outDir, { recursive: true, force: true }),
  };
}
