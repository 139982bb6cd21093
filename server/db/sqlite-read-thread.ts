import { Readable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { startHelperThread } from '../helper-thread';

/** What the read thread is started with. */
export interface ReadThreadData {
  /** The embedded database's file (already in WAL mode), opened read-only by the thread. */
  file: string;
  busyTimeoutMs: number;
}

/** A statement for the thread: its rows are each one JSON element's UTF-8 text. */
export interface ReadQuery {
  sql: string;
  parameters: readonly unknown[];
}

/** Asked of the thread. */
export interface ReadRequest extends ReadQuery {
  id: number;
  perPiece: number;
}

/** Told by the thread, under a request's id: a piece, the end, or what failed. */
export type ReadReply = { id: number; piece: Uint8Array } | { id: number; done: true } | { id: number; error: string };

/**
 * Long reads of the embedded database on a thread of its own, over a read-only connection to
 * its file: the whole guest list of a large occasion is some 100 ms of SQLite's work, which on
 * the request thread every other request waited behind while guests replied. Each read is one
 * statement (one snapshot), its rows JSON texts sent back as pieces of a JSON array while the
 * statement runs; reads queue on the thread one after another. Started on the first read,
 * restarted after a crash; it never keeps the process alive by itself.
 */
export class SqliteReadThread {
  private worker: Worker | undefined;
  private nextId = 0;
  /** Each read in flight: a stream of its pieces, in the order the thread sends them. */
  private readonly pending = new Map<number, Readable>();

  constructor(
    private readonly script: URL,
    private readonly data: ReadThreadData,
  ) {}

  /** The rows of `query` as a JSON array's text, in pieces of `perPiece` elements. */
  jsonArray(query: ReadQuery, perPiece: number): AsyncIterable<Uint8Array> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    const pieces = new Readable({ objectMode: true, read: () => {} });
    this.pending.set(id, pieces);
    // Ended, failed, or left by a reader that stopped early (the thread then finishes the statement, its pieces go nowhere).
    pieces.once('close', () => this.pending.delete(id));
    // A failure before the reader begins would otherwise be an unhandled 'error' event; the
    // reader meets it all the same, as the stream's stored error.
    pieces.on('error', () => {});
    const request: ReadRequest = { id, sql: query.sql, parameters: query.parameters, perPiece };
    worker.postMessage(request);
    return pieces;
  }

  /** Ends the thread; reads in flight fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
    this.failAll(new Error('the database read thread was closed'));
  }

  private start(): Worker {
    const worker = startHelperThread<ReadReply>(
      this.script,
      'database read thread',
      {
        message: (reply) => {
          const pieces = this.pending.get(reply.id);
          if ('piece' in reply) pieces?.push(reply.piece);
          else if ('done' in reply) pieces?.push(null);
          else pieces?.destroy(new Error(`database read failed: ${reply.error}`));
        },
        lost: (error) => {
          if (this.worker === worker) this.worker = undefined;
          this.failAll(error);
        },
      },
      { workerData: this.data },
    );
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    for (const pieces of this.pending.values()) pieces.destroy(error);
    this.pending.clear();
  }
}
