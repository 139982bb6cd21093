import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database as SqliteConnection } from 'better-sqlite3';

/** How often the WAL is copied back into the database file, off any request's commit. */
export const CHECKPOINT_INTERVAL_MS = 1000;
/** The commit that finds this many pages in the WAL checkpoints anyway: a bound if the timer falls behind. */
const AUTOCHECKPOINT_PAGES = 20_000;

/**
 * The checkpointing thread: its own connection to the file, a passive checkpoint on a timer
 * (it never waits for the writer and never blocks it), closed on `stop`.
 */
const CHECKPOINT_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
let sqlite;
try {
  sqlite = new SQLite(workerData.file, { fileMustExist: true });
} catch {
  // The database went away before the thread started (closed at once): nothing to checkpoint.
  process.exit(0);
}
const timer = setInterval(() => {
  try {
    sqlite.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or closing: the next tick tries again.
  }
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  sqlite.close();
  parentPort.close();
});
`;

/**
 * Moves WAL checkpoints off the requests: by default SQLite checkpoints inside the commit that
 * passes 1,000 pages, so one bulk write in a few paid for everyone's pages (a tail of seconds
 * after the seeding). A worker thread with its own connection checkpoints passively on a timer
 * instead, so the copying and the file's fsync never hold up the event loop; the commit-time
 * bound stays, raised. Returns the function that stops the thread.
 */
export function checkpointInTheBackground(sqlite: SqliteConnection, intervalMs = CHECKPOINT_INTERVAL_MS): () => void {
  sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(CHECKPOINT_THREAD, { eval: true, workerData: { driver, file: sqlite.name, intervalMs } });
  worker.unref();
  // A thread that fails only stops checkpointing early: commits still checkpoint at the bound.
  worker.on('error', () => {});
  return () => worker.postMessage('stop');
}
