import { resolve } from 'node:path';
import { ConfigError } from '../config';
import { loadBackupCommandConfig, runBackupCommand } from './backup-command-config';
import { restoreBackup } from './restore-backup';

/** `npm run restore FILE`: puts a copy back as the embedded database, Kindly being stopped. */
runBackupCommand(async () => {
  const { databaseFile } = loadBackupCommandConfig();
  const named = process.argv[2];
  if (!named) throw new ConfigError('Name the copy to restore, for example: npm run restore data/backups/kindly-2026-11-29T11-44-08.123Z.db.gz');
  const file = resolve(named);
  const { replaced } = await restoreBackup(file, databaseFile);
  const kept = replaced ? ` The database it replaced is kept as ${replaced}.` : '';
  return `Restored ${file} as ${databaseFile}.${kept} Start Kindly again.`;
});
