import { join, resolve } from 'node:path';
import * as v from 'valibot';
import { wholeNumber } from '../env-variables';

/** Copies of the embedded SQLite database; each setting has its environment variable (see README). */
export interface BackupSettings {
  /** Where copies are written (`KINDLY_BACKUP_DIR`, else `backups` in the data directory). */
  dir: string;
  /** Hours between the running server's own copies; 0: none (`BACKUP_INTERVAL_HOURS`). */
  intervalHours: number;
  /** How many of the server's own copies are kept, the newest (`BACKUP_KEEP`). */
  keep: number;
}

export const DEFAULT_BACKUP_KEEP = 7;

/** A week: longer waits than Node's timers take (24.8 days) are never needed for a copy. */
const MAX_INTERVAL_HOURS = 168;

const intervalMessage = (issue: { input: unknown }) =>
  `BACKUP_INTERVAL_HOURS must be a number of hours from 0 to ${MAX_INTERVAL_HOURS}, for example 24 or 0.5 (0: no scheduled backups), not "${String(issue.input)}".`;

/** The backup variables; their entries are part of the server's one configuration schema (`server/config.ts`). */
export const BackupVariables = v.object({
  KINDLY_BACKUP_DIR: v.optional(v.string()),
  BACKUP_INTERVAL_HOURS: v.optional(
    v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/, intervalMessage), v.transform(Number), v.maxValue(MAX_INTERVAL_HOURS, intervalMessage)),
    '0',
  ),
  BACKUP_KEEP: v.optional(wholeNumber('BACKUP_KEEP', 'a whole number of copies of at least 1', 1), String(DEFAULT_BACKUP_KEEP)),
});

/** Why a scheduled backup is refused on PostgreSQL, in one sentence. */
export const POSTGRES_BACKUP_REFUSED =
  'BACKUP_INTERVAL_HOURS backs up the embedded SQLite database only; with DATABASE_URL (PostgreSQL) unset it and back up with pg_dump -Fc (see README, Operations).';

/** The settings from the parsed variables; the backup folder is resolved against the working directory. */
export function backupSettingsOf(vars: v.InferOutput<typeof BackupVariables>, dataDir: string): BackupSettings {
  return {
    dir: vars.KINDLY_BACKUP_DIR ? resolve(vars.KINDLY_BACKUP_DIR) : join(dataDir, 'backups'),
    intervalHours: vars.BACKUP_INTERVAL_HOURS,
    keep: vars.BACKUP_KEEP,
  };
}
