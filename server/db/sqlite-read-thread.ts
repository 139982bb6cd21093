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

/** A request's pieces as the thread sends them, handed to the reader one by one. */
class PieceQueue {
  private readonly pieces: Uint8Array[] = [];
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  push(piece: Uint8Array): void {
    this.pieces.push(piece);
    this.notify();
  }

  end(error?: Error): void {
    this.ended = true;
    this.failure = error;
    this.notify();
  }

  async *drain(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const piece = this.pieces.shift();
      if (piece) yield piece;
      else if (this.failure) throw this.failure;
      else if (this.ended) return;
      else await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

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
  private readonly pending = new Map<number, PieceQueue>();

  constructor(
    private readonly script: URL,
    private readonly data: ReadThreadData,
  ) {}

  /** The rows of `query` as a JSON array's text, in pieces of `perPiece` elements. */
  async *jsonArray(query: ReadQuery, perPiece: number): AsyncGenerator<Uint8Array> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    const queue = new PieceQueue();
    this.pending.set(id, queue);
    const request: ReadRequest = { id, sql: query.sql, parameters: query.parameters, perPiece };
    worker.postMessage(request);
    try {
      yield* queue.drain();
    } finally {
      // A reader that stops early: the thread finishes the statement, its pieces go nowhere.
      this.pending.delete(id);
    }
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
          const queue = this.pending.get(reply.id);
          if ('piece' in reply) queue?.push(reply.piece);
          else if ('done' in reply) queue?.end();
          else queue?.end(new Error(`database read failed: ${reply.error}`));
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
    for (const queue of this.pending.values()) queue.end(error);
    this.pending.clear();
  }
}
