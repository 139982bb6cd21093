import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { backupEmbeddedDatabase, isEmbeddedDatabase } from '../db/sqlite-connection';
import { pruneScheduledBackups, type StoredBackup } from './backup-files';
import type { BackupSettings } from './backup-settings';
import { takeBackup } from './take-backup';

export interface BackupScheduleOptions {
  /** Time between the end of one copy and the start of the next. */
  intervalMs: number;
  dir: string;
  /** How many of the server's own copies are kept, the newest. */
  keep: number;
  /** Copies the database into a plain file, asking `keepGoing` between its steps. */
  copy: (file: string, keepGoing: () => boolean) => Promise<void>;
  /** Told of each copy written and the old ones removed. */
  written?: (backup: StoredBackup, removed: string[]) => void;
  /** Told of a copy that failed; the next one is still taken on time. */
  failed?: (error: unknown) => void;
}

/**
 * The running server's own copies of its database (`BACKUP_INTERVAL_HOURS`): one every
 * interval, counted from the end of the previous one (so copies never overlap), then the
 * oldest pruned to `keep`. Its timer never keeps the process alive.
 */
export class BackupSchedule {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: BackupScheduleOptions) {}

  start(): void {
    this.timer = setTimeout(() => {
      this.running = this.takeOne().finally(() => {
        this.running = undefined;
        if (!this.stopped) this.start();
      });
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /** Ends the schedule; a copy under way stops at its next step and is removed. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async takeOne(): Promise<void> {
    const { copy, dir, keep, written, failed } = this.options;
    try {
      const backup = await takeBackup((file) => copy(file, () => !this.stopped), dir, 'scheduled');
      written?.(backup, pruneScheduledBackups(dir, keep));
    } catch (error) {
      if (!this.stopped) failed?.(error);
    }
  }
}

/**
 * The server's schedule for its embedded database (`BACKUP_INTERVAL_HOURS` above 0), copied
 * online through its own connection; each copy and failure is logged. Undefined when off.
 */
export function startBackupSchedule(settings: BackupSettings | undefined, db: Kysely<Database>, log: LogFunctions): BackupSchedule | undefined {
  if (!settings || settings.intervalHours === 0 || !isEmbeddedDatabase(db)) return undefined;
  const schedule = new BackupSchedule({
    intervalMs: settings.intervalHours * 3_600_000,
    dir: settings.dir,
    keep: settings.keep,
    copy: (file, keepGoing) => backupEmbeddedDatabase(db, file, keepGoing),
    written: (backup, removed) => log.info({ file: backup.file, bytes: backup.bytes, removed }, 'backup written'),
    failed: (error) => log.error({ err: error }, `backup failed: ${error instanceof Error ? error.message : String(error)}`),
  });
  schedule.start();
  return schedule;
}

/** The two levels of the server's logger the schedule writes at. */
interface LogFunctions {
  info(fields: object, line: string): void;
  error(fields: object, line: string): void;
}
