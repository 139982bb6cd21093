import type { Database as SqliteConnection } from 'better-sqlite3';

/** How often the WAL is copied back into the database file, off any request's commit. */
export const CHECKPOINT_INTERVAL_MS = 1000;
/** The commit that finds this many pages in the WAL checkpoints anyway: a bound if the timer falls behind. */
const AUTOCHECKPOINT_PAGES = 20_000;

/**
 * Moves WAL checkpoints off the requests: by default SQLite checkpoints inside the commit that
 * passes 1,000 pages, so one bulk write in a few paid for everyone's pages (a tail of seconds
 * after the seeding). A timer checkpoints passively instead; the commit-time bound stays, raised.
 * Returns the function that stops the timer.
 */
export function checkpointInTheBackground(sqlite: SqliteConnection, intervalMs = CHECKPOINT_INTERVAL_MS): () => void {
  sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  const timer = setInterval(() => {
    if (sqlite.open && !sqlite.inTransaction) sqlite.pragma('wal_checkpoint(PASSIVE)');
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
