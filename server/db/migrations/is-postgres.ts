import { PostgresAdapter, type Kysely } from 'kysely';

/** Whether a migration runs on PostgreSQL (else SQLite): the few steps whose SQL differs ask. */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
