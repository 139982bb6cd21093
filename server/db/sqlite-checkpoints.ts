import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database as SqliteConnection } from 'better-sqlite3';

/** How often an idle database's WAL is looked at. */
const CHECKPOINT_INTERVAL_MS = 1000;
/**
 * How soon the next checkpoint follows one that found new pages. A busy writer adds pages all the
 * time; checkpointed a second apart, the WAL outgrew the commit-time bound (20,000 pages in about
 * 1.2 s of the bench's RSVP writes) and the commit that passed it copied the second's pages itself.
 */
const BUSY_CHECKPOINT_INTERVAL_MS = 10;
/**
 * The commit that finds this many pages in the WAL checkpoints anyway. Under steady writes the
 * WAL only starts over from its beginning after a checkpoint that copied every page, which a
 * checkpoint beside the writer rarely manages; this commit does, with the few pages the thread
 * has not copied yet, and the WAL's file is then written over again instead of grown.
 */
const AUTOCHECKPOINT_PAGES = 4_000;

/**
 * The checkpointing thread: its own connection to the file, a passive checkpoint on a timer
 * (it never waits for the writer and never blocks it), soon again while the WAL grows, closed
 * on `stop`.
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
let lastLog = -1;
let timer;
const checkpoint = () => {
  let log = lastLog;
  try {
    log = sqlite.pragma('wal_checkpoint(PASSIVE)')[0].log;
  } catch {
    // Busy or closing: the next tick tries again.
  }
  const writing = log !== lastLog;
  lastLog = log;
  timer = setTimeout(checkpoint, writing ? workerData.busyIntervalMs : workerData.intervalMs);
};
timer = setTimeout(checkpoint, workerData.busyIntervalMs);
parentPort.once('message', () => {
  clearTimeout(timer);
  sqlite.close();
  parentPort.close();
});
`;

/**
 * Moves WAL checkpoints off the requests: by default SQLite checkpoints inside the commit that
 * passes 1,000 pages, so one bulk write in a few paid for everyone's pages (a tail of seconds
 * after the seeding). A worker thread with its own connection checkpoints passively on a timer
 * instead, every `busyIntervalMs` while the WAL grows and every `intervalMs` once it stops, so
 * the copying and the file's fsync stay off the event loop; the commit that passes the bound
 * copies only what the thread has not. Returns the function that stops the thread.
 */
export function checkpointInTheBackground(
  sqlite: SqliteConnection,
  intervalMs = CHECKPOINT_INTERVAL_MS,
  busyIntervalMs = BUSY_CHECKPOINT_INTERVAL_MS,
): () => void {
  sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(CHECKPOINT_THREAD, { eval: true, workerData: { driver, file: sqlite.name, intervalMs, busyIntervalMs } });
  worker.unref();
  // A thread that fails only stops checkpointing early: commits still checkpoint at the bound.
  worker.on('error', () => {});
  return () => worker.postMessage('stop');
}
