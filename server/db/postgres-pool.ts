import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { isStalePlan, PreparedStatements } from './postgres-statements';

/** Time limits of the pool, in milliseconds; 0 turns one off. */
export interface PostgresTimeouts {
  connectMs: number;
  statementMs: number;
  queryMs: number;
  idleInTransactionMs: number;
}

export interface PostgresPoolOptions {
  url: string;
  max: number;
  /** The schema to put first on the search path. */
  schema?: string;
  timeouts: PostgresTimeouts;
  /** Where connection errors of the pool's clients are reported. */
  log: (line: string) => void;
}

/**
 * A `pg.Pool` for Kysely that survives losing connections: errors of idle and checked-out clients
 * are logged instead of ending the process, and a client whose query failed on the client's side
 * (read timeout, connection lost) is dropped on release instead of going back to the pool, so a
 * stalled socket never serves another request. New connections are opened on demand. Each
 * connection keeps the statements it runs prepared ({@link PreparedStatements}).
 */
export function createPostgresPool(options: PostgresPoolOptions): PostgresPool {
  const { timeouts, log } = options;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs || undefined,
    statement_timeout: timeouts.statementMs || undefined,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs || undefined,
    ...(options.schema ? { options: `-c search_path="${options.schema.replace(/"/g, '')}"` } : {}),
  });
  // Without these listeners a connection ended by the server (restart, failover,
  // pg_terminate_backend, a proxy's idle timeout) is an unhandled 'error' event.
  pool.on('error', (error) => log(`postgres: idle connection lost: ${error.message}`));
  pool.on('connect', (client) => {
    client.on('error', (error) => log(`postgres: connection lost: ${error.message}`));
    // Queued before any query of the connection. Without statistics (a fresh import) the planner
    // prices the guest path's index reads high enough to compile them to machine code each time
    // (a second of JIT for a read that takes a tenth of a millisecond), and to hand them to
    // parallel workers (a confirmation's lines: 6.7 ms with two workers started for it, 0.25 ms
    // without; under a wave the workers took the cores the requests needed). Set per session,
    // not as startup options, which connection poolers refuse.
    client.query('SET jit = off; SET max_parallel_workers_per_gather = 0').catch((error: Error) => log(`postgres: could not turn JIT and parallel plans off: ${error.message}`));
  });

  const wrappers = new WeakMap<pg.PoolClient, CheckedOutClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = new CheckedOutClient(client);
        wrappers.set(client, wrapper);
      }
      wrapper.broken = false;
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** One client as Kysely sees it; the same object for the same connection, checkout after checkout. */
class CheckedOutClient implements PostgresPoolClient {
  broken = false;
  private readonly prepared = new PreparedStatements();

  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query(...args: unknown[]): unknown {
    const [sql, parameters] = args;
    // Kysely hands over a fresh array of values with each statement.
    const call = typeof sql === 'string' ? [this.prepared.queryConfig(sql, (parameters as unknown[] | undefined) ?? [])] : args;
    const result: unknown = (this.client.query as (...a: unknown[]) => unknown).apply(this.client, call);
    if (result instanceof Promise) {
      // Only the server's own errors leave the connection in a known state.
      result.catch((error: unknown) => {
        if (!(error instanceof pg.DatabaseError) || isStalePlan(error)) this.broken = true;
      });
    }
    return result;
  }

  release(): void {
    this.client.release(this.broken ? new Error('connection dropped after a client-side query error') : undefined);
  }
}
