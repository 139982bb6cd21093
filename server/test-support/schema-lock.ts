import pg from 'pg';

/** An advisory lock id of the test suite's own; any number no other code uses. */
const SCHEMA_CHURN_LOCK = 4_732_019;

/**
 * Runs `work` holding the suite's schema lock: `shared` to create a schema and migrate it,
 * `exclusive` to drop one. Kysely's migrator looks at the tables of every schema, and fails
 * ("schema … does not exist") when another test file drops its schema at that moment.
 */
export async function withSchemaLock<T>(url: string, mode: 'shared' | 'exclusive', work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(mode === 'shared' ? 'SELECT pg_advisory_lock_shared($1)' : 'SELECT pg_advisory_lock($1)', [SCHEMA_CHURN_LOCK]);
    return await work();
  } finally {
    await client.end();
  }
}

/** Drops `schemas` (and all they hold) under the exclusive schema lock. */
export async function dropSchemas(url: string, schemas: readonly string[]): Promise<void> {
  if (schemas.length === 0) return;
  await withSchemaLock(url, 'exclusive', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await client.end();
    }
  });
}
