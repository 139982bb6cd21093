import pg from 'pg';
import { createDatabase } from '../../server/db/create-database';
import type { PlatformSize } from './options';
import { platformRows, TABLES, type Row, type TableName } from './platform';
import { seedMarker, sizeTag } from './seed-marker';

/** Rows per INSERT … SELECT FROM unnest(…): one array parameter per column, whatever the row count. */
const ROWS_PER_INSERT = 10_000;

export interface SeededDatabase {
  /** The seeded database's URL (a template: runs work on copies). */
  url: string;
  name: string;
  seedSeconds: number;
}

/**
 * The platform in its own database on the server of `serverUrl` (`kindly_wave_<size>`), seeded
 * when missing or made by another version (the database's comment says by what). The schema is
 * the server's own migrations; triggers and foreign keys are off for the seeding session
 * (`session_replication_role = replica`), and the plain indexes are dropped while the rows go in
 * and made again from their own definitions. No ANALYZE.
 */
export async function seededPostgres(serverUrl: string, size: PlatformSize, passwordHash: () => Promise<string>): Promise<SeededDatabase> {
  const name = `kindly_wave_${sizeTag(size)}`;
  const url = databaseUrl(serverUrl, name);
  const marker = seedMarker(size);
  const { rows } = await admin(serverUrl, (client) =>
    client.query<{ comment: string | null }>("SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1", [name]),
  );
  if (rows[0]?.comment === marker) return { url, name, seedSeconds: 0 };
  const started = performance.now();
  await admin(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  });
  const migrated = await createDatabase({ databaseUrl: url });
  await migrated.close();
  const hash = await passwordHash();
  await admin(url, (client) => fillPostgres(client, size, hash));
  await admin(serverUrl, (client) => client.query(`COMMENT ON DATABASE "${name}" IS ${pg.escapeLiteral(marker)}`));
  return { url, name, seedSeconds: (performance.now() - started) / 1000 };
}

async function fillPostgres(client: pg.Client, size: PlatformSize, passwordHash: string): Promise<void> {
  await client.query('SET session_replication_role = replica');
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes i WHERE schemaname = current_schema()
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const { name } of indexes) await client.query(`DROP INDEX "${name}"`);
  await client.query('BEGIN');
  const pending = new Map<TableName, Row[]>();
  for (const [table, row] of platformRows(size, passwordHash)) {
    let rows = pending.get(table);
    if (!rows) pending.set(table, (rows = []));
    rows.push(row);
    if (rows.length === ROWS_PER_INSERT) {
      await insertRows(client, table, rows);
      pending.set(table, []);
    }
  }
  for (const [table, rows] of pending) if (rows.length) await insertRows(client, table, rows);
  await client.query('COMMIT');
  for (const { definition } of indexes) await client.query(definition);
}

function insertRows(client: pg.Client, table: TableName, rows: Row[]): Promise<unknown> {
  const columns = Object.entries(TABLES[table]);
  const arrays = columns.map((_, c) => rows.map((row) => row[c]));
  const unnest = columns.map(([, type], c) => `$${c + 1}::${type}[]`).join(', ');
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  return client.query(`INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${unnest})`, arrays);
}

/** A fresh copy of the seeded database for one run (`CREATE DATABASE … TEMPLATE`); answers its URL and a drop. */
export async function postgresRunCopy(serverUrl: string, seeded: SeededDatabase, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const drop = () => admin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {});
  await drop();
  await admin(serverUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${seeded.name}"`));
  return { url: databaseUrl(serverUrl, name), drop };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
