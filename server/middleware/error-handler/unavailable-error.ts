/** Why a request could not be served for now, and when to try again. */
export interface Unavailability {
  reason: 'database unreachable' | 'database busy' | 'storage full' | 'storage failed';
  retryAfterSeconds: number;
}

/** Connection errors of Node's sockets, as pg and ioredis pass them on. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** What pg and pg-pool throw, without a code, when a connection is lost, stalls or cannot be had. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Cannot use a pool after calling end',
];

/**
 * Recognises the errors that mean "the database (or its disk) cannot serve this now" by the
 * drivers' codes, so that the error handler answers 503 with `Retry-After` rather than 500.
 * Undefined for every other error, which stays a 500.
 */
export function classifyUnavailable(error: unknown): Unavailability | undefined {
  // Libraries that catch a driver's error (Auth.js) pass it on as the cause of their own.
  for (let depth = 0; error instanceof Error && depth < 4; depth += 1, error = error.cause) {
    const { code: rawCode } = error as { code?: unknown };
    const code = typeof rawCode === 'string' ? rawCode : '';
    const found = sqliteUnavailability(code) ?? postgresUnavailability(code, error.message);
    if (found) return found;
  }
  return undefined;
}

function sqliteUnavailability(code: string): Unavailability | undefined {
  // better-sqlite3's SqliteError carries SQLite's extended code name, e.g. SQLITE_BUSY_SNAPSHOT.
  if (/^SQLITE_(BUSY|LOCKED)/.test(code)) return { reason: 'database busy', retryAfterSeconds: 1 };
  if (code === 'SQLITE_FULL') return { reason: 'storage full', retryAfterSeconds: 60 };
  if (/^SQLITE_(IOERR|READONLY|CANTOPEN)/.test(code)) return { reason: 'storage failed', retryAfterSeconds: 60 };
  return undefined;
}

function postgresUnavailability(code: string, message: string): Unavailability | undefined {
  const unreachable: Unavailability = { reason: 'database unreachable', retryAfterSeconds: 5 };
  if (SOCKET_CODES.has(code)) return unreachable;
  // SQLSTATE class 08: connection exception; 57P01-57P05: shutdown, crash, cannot connect now, idle timeouts.
  if (code.startsWith('08') || /^57P0[1-5]$/.test(code)) return unreachable;
  // 57014: cancelled, here by statement_timeout.
  if (code === '57014') return { reason: 'database busy', retryAfterSeconds: 1 };
  // Class 53: insufficient resources (disk full, out of memory, too many connections).
  if (code.startsWith('53')) return { reason: code === '53100' ? 'storage full' : 'database busy', retryAfterSeconds: code === '53100' ? 60 : 5 };
  if (code === '' && PG_CONNECTION_MESSAGES.some((known) => message.includes(known))) return unreachable;
  return undefined;
}
