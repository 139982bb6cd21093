import { existsSync } from 'node:fs';
import { ConfigError } from '../config';
import { loadBackupCommandConfig, runBackupCommand } from './backup-command-config';
import { copyDatabaseFile, takeBackup } from './take-backup';

/** `npm run backup`: a copy of the embedded database, safe while Kindly runs. */
runBackupCommand(async () => {
  const { databaseFile, backupDir } = loadBackupCommandConfig();
  if (!existsSync(databaseFile)) {
    throw new ConfigError(`There is no database at ${databaseFile} to back up; set KINDLY_DATA_DIR to the data directory Kindly runs with.`);
  }
  const backup = await takeBackup(copyDatabaseFile(databaseFile), backupDir, 'manual');
  return `Backed up ${databaseFile} to ${backup.file} (${backup.bytes} bytes; SHA-256 ${backup.sha256} in ${backup.file}.sha256).`;
});
