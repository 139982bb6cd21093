import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { jsonArrayPieces } from './json-array-pieces';
import { withStatementCache } from './statement-cache';
import type { ReadReply, ReadRequest, ReadThreadData } from './sqlite-read-thread';

/**
 * The database read thread's script (built to dist/server/sqlite-read-thread.js; see
 * sqlite-read-thread.ts): runs each statement it is sent on a read-only connection and posts
 * its rows back as pieces of a JSON array, each as soon as it is made.
 */
const { file, busyTimeoutMs } = workerData as ReadThreadData;
const sqlite = new SQLite(file, { readonly: true });
sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);

/** The thread runs a handful of statements, each many times. */
const statements = withStatementCache(sqlite, 64);

const reply = (message: ReadReply) => parentPort?.postMessage(message);

parentPort?.on('message', ({ id, sql, parameters, perPiece }: ReadRequest) => {
  try {
    for (const piece of jsonArrayPieces(statements.prepare(sql).pluck().iterate(...parameters) as Iterator<Uint8Array>, perPiece)) reply({ id, piece });
    reply({ id, done: true });
  } catch (error) {
    reply({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
