import { parentPort, workerData } from 'node:worker_threads';
import SQLite, { type Statement } from 'better-sqlite3';
import { jsonArrayPieces } from './json-array-pieces';
import type { ReadReply, ReadRequest, ReadThreadData } from './sqlite-read-thread';

/**
 * The database read thread's script (built to dist/server/sqlite-read-thread.js; see
 * sqlite-read-thread.ts): runs each statement it is sent on a read-only connection and posts
 * its rows back as pieces of a JSON array, each as soon as it is made.
 */
const { file, busyTimeoutMs } = workerData as ReadThreadData;
const sqlite = new SQLite(file, { readonly: true });
sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);

/** Statements by their text: the thread runs a handful of kinds, each many times. */
const statements = new Map<string, Statement<unknown[], Uint8Array>>();
const STATEMENTS_KEPT = 64;

function statement(text: string): Statement<unknown[], Uint8Array> {
  let prepared = statements.get(text);
  if (!prepared) {
    if (statements.size >= STATEMENTS_KEPT) statements.clear();
    prepared = sqlite.prepare<unknown[], Uint8Array>(text).pluck();
    statements.set(text, prepared);
  }
  return prepared;
}

const reply = (message: ReadReply) => parentPort?.postMessage(message);

parentPort?.on('message', ({ id, sql, parameters, perPiece }: ReadRequest) => {
  try {
    for (const piece of jsonArrayPieces(statement(sql).iterate(...parameters), perPiece)) reply({ id, piece });
    reply({ id, done: true });
  } catch (error) {
    reply({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
