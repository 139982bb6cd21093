import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dropSchemas } from './schema-lock';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the prefix of every schema this run of the suite makes. */
    schemaPrefix: string;
  }
}

/**
 * The PostgreSQL project's global set-up: names this run's schemas, and drops whatever of them is
 * left when the run ends (each worker keeps its emptied schemas for its next files to take).
 */
export default function setup(project: TestProject): () => Promise<void> {
  const prefix = `test_${randomBytes(4).toString('hex')}_`;
  project.provide('schemaPrefix', prefix);
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ name: string }>('SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)', [prefix]).finally(() => client.end());
    await dropSchemas(url, rows.map((row) => row.name));
  };
}
