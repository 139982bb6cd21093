import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withAdminClient } from '../test-support/fault-app';
import { testDatabaseKind } from '../test-support/test-app';
import { createPostgresPool } from './postgres-pool';
import { MAX_PREPARED_PER_CONNECTION, statementName } from './postgres-statements';

const url = process.env.TEST_DATABASE_URL ?? '';

describe.runIf(testDatabaseKind === 'postgres')('statements kept prepared on each PostgreSQL connection', () => {
  const schema = `kindly_prepared_${randomBytes(4).toString('hex')}`;
  // One connection, so every statement of a test meets the statements the earlier ones left.
  let db: Kysely<Record<string, Record<string, unknown>>>;
  beforeEach(async () => {
    await withAdminClient(url, (admin) => admin.query(`CREATE SCHEMA "${schema}"`));
    const pool = createPostgresPool({ url, max: 1, schema, timeouts: { connectMs: 5000, statementMs: 0, queryMs: 0, idleInTransactionMs: 0 }, log: () => {} });
    db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  });
  afterEach(async () => {
    await db.destroy();
    await withAdminClient(url, (admin) => admin.query(`DROP SCHEMA "${schema}" CASCADE`));
  });

  const kept = async () => (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements order by name`.execute(db)).rows;

  it('prepares a statement with parameters once under a name of its text, and answers as before', async () => {
    const doubled = (n: number) => sql<{ n: number }>`select ${n}::int * 2 as n`.execute(db);
    expect((await doubled(2)).rows).toEqual([{ n: 4 }]);
    expect((await doubled(21)).rows).toEqual([{ n: 42 }]);
    const compiled = sql`select ${2}::int * 2 as n`.compile(db);
    expect(await kept()).toEqual([{ name: statementName(compiled.sql), statement: compiled.sql }]);
    // Statements without parameters (transaction control among them) run unnamed.
    await db.transaction().execute(async (trx) => sql`select 1`.execute(trx));
    expect(await kept()).toHaveLength(1);
  });

  it('keeps at most its bound of statements, and runs the rest unnamed', async () => {
    for (let k = 0; k < MAX_PREPARED_PER_CONNECTION + 5; k++) {
      expect((await sql<{ n: number }>`select ${k}::int + ${sql.raw(String(k))} as n`.execute(db)).rows).toEqual([{ n: 2 * k }]);
    }
    expect(await kept()).toHaveLength(MAX_PREPARED_PER_CONNECTION);
  });

  it('gives up a connection whose kept plan no longer fits its table, and prepares it afresh on the next', async () => {
    await sql`create table t (a int)`.execute(db);
    await sql`insert into t values (1)`.execute(db);
    const read = () => sql`select * from t where a = ${1}`.execute(db);
    expect((await read()).rows).toEqual([{ a: 1 }]);
    // Another instance's migration adds a column.
    await withAdminClient(url, (admin) => admin.query(`ALTER TABLE "${schema}".t ADD COLUMN b int DEFAULT 7`));
    await expect(read()).rejects.toThrow(/cached plan must not change result type/);
    expect((await read()).rows).toEqual([{ a: 1, b: 7 }]);
  });
});
