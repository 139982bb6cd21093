import { workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { CheckpointThreadData } from './sqlite-checkpoint-thread';

/**
 * The database checkpoint thread's script (built to dist/server/sqlite-checkpoint-thread.js; see
 * sqlite-checkpoint-thread.ts): a passive checkpoint of the embedded database's log at a steady
 * pace. A failure ends the thread, and its owner hands checkpoints back to SQLite.
 */
const { file, everyMs } = workerData as CheckpointThreadData;
const sqlite = new SQLite(file, { fileMustExist: true });
sqlite.pragma('synchronous = NORMAL');
const checkpoint = sqlite.prepare('PRAGMA wal_checkpoint(PASSIVE)');
setInterval(() => checkpoint.run(), everyMs);
