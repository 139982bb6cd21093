import { resolve } from 'node:path';
import * as v from 'valibot';
import { ConfigError, embeddedDatabaseFile } from '../config';
import { parseEnv } from '../env-variables';
import { BackupVariables, backupSettingsOf } from './backup-settings';
import { RestoreRefused } from './restore-backup';

/** What `npm run backup` and `npm run restore` work on, from the server's own variables. */
export interface BackupCommandConfig {
  databaseFile: string;
  backupDir: string;
}

const CommandVariables = v.object({
  ...BackupVariables.entries,
  KINDLY_DATA_DIR: v.optional(v.string(), 'data'),
  DATABASE_URL: v.optional(v.string()),
});

/**
 * The data and backup directories as the server would read them (without its other settings,
 * so a backup job needs no `AUTH_SECRET`); refuses PostgreSQL, whose copies `pg_dump` makes.
 */
export function loadBackupCommandConfig(env: NodeJS.ProcessEnv = process.env): BackupCommandConfig {
  const vars = parseEnv(CommandVariables, env);
  if (vars.DATABASE_URL) {
    throw new ConfigError('npm run backup and npm run restore copy the embedded SQLite database; with DATABASE_URL (PostgreSQL) use pg_dump -Fc and pg_restore (see README, Operations).');
  }
  const dataDir = resolve(vars.KINDLY_DATA_DIR);
  return { databaseFile: embeddedDatabaseFile(dataDir), backupDir: backupSettingsOf(vars, dataDir).dir };
}

/**
 * Runs a command: its result line on standard output and exit code 0, or one sentence on
 * standard error and exit code 1.
 */
export function runBackupCommand(work: () => Promise<string>): void {
  work().then(
    (line) => {
      process.stdout.write(`${line}\n`);
    },
    (error: unknown) => {
      const known = error instanceof ConfigError || error instanceof RestoreRefused;
      process.stderr.write(`${known ? error.message : `The command failed: ${error instanceof Error ? error.message : String(error)}`}\n`);
      process.exitCode = 1;
    },
  );
}
