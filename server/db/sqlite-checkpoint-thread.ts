import type { Database as SqliteConnection } from 'better-sqlite3';
import type { Worker } from 'node:worker_threads';
import { startHelperThread } from '../helper-thread';

/** What the checkpoint thread is started with. */
export interface CheckpointThreadData {
  /** The embedded database's file (already in WAL mode), opened by the thread for its checkpoints. */
  file: string;
  /** Time between two checkpoints. */
  everyMs: number;
}

/** Time between two checkpoints: the log then holds a fraction of a second's writes. */
export const CHECKPOINT_EVERY_MS = 200;
/** SQLite's own threshold: the writing connection checkpoints once its log holds this many pages. */
export const SQLITE_AUTOCHECKPOINT_PAGES = 1000;
/** The writing connection's threshold while the thread checkpoints: a bound on the log should the thread fall behind. */
export const BACKSTOP_AUTOCHECKPOINT_PAGES = 10_000;

/**
 * Copies the write-ahead log into the database file from a thread of its own, on a connection
 * of its own, every {@link CHECKPOINT_EVERY_MS} (a passive checkpoint: it waits for no reader
 * or writer). Left to SQLite, the connection that commits checkpoints once the log passes 1,000
 * pages, inside that commit: on the deadline day every 30th commit or so took 5–40 ms of the
 * request thread, writing pages and waiting for the disk. The writing connection keeps a
 * backstop threshold, ten times SQLite's, and gets SQLite's own back if the thread is lost.
 */
export class SqliteCheckpointThread {
  private worker: Worker | undefined;

  constructor(
    script: URL,
    private readonly writer: SqliteConnection,
    data: CheckpointThreadData,
    log: (line: string) => void,
  ) {
    writer.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);
    const worker = startHelperThread<never>(script, 'database checkpoint thread', {
      message: () => {},
      lost: (error) => {
        if (this.worker !== worker) return;
        this.worker = undefined;
        log(`${error.message}: the database checkpoints on its own again`);
        if (writer.open) writer.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
      },
    }, { workerData: data });
    this.worker = worker;
  }

  /** Ends the thread (before the database closes: closing it checkpoints the rest). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
