import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { createDatabase } from '../../server/db/create-database';
import type { PlatformSize } from './options';
import { platformRows, TABLES, type Row, type TableName } from './platform';
import { seedMarker, sizeTag } from './seed-marker';

/** Rows per multi-row INSERT (the guest table's 15 columns stay far below SQLite's 32,766 variables). */
const ROWS_PER_INSERT = 500;

export interface SeededFile {
  file: string;
  /** Seconds spent seeding; 0 when the cache was current. */
  seedSeconds: number;
}

/**
 * The platform in a SQLite file under `cacheDir`, seeded when missing or made by another
 * version (`seed.json` beside it says by what). The schema is the server's own migrations; the
 * indexes and triggers they made are dropped while the rows go in and created again from their
 * own SQL afterwards, so the file ends as the migrations leave it. No ANALYZE.
 */
export async function seededSqlite(cacheDir: string, size: PlatformSize, passwordHash: () => Promise<string>): Promise<SeededFile> {
  const dir = resolve(cacheDir, `wave-sqlite-${sizeTag(size)}`);
  const file = join(dir, 'kindly.db');
  const markerFile = join(dir, 'seed.json');
  const marker = seedMarker(size);
  if (existsSync(file) && existsSync(markerFile) && readFileSync(markerFile, 'utf8') === marker) return { file, seedSeconds: 0 };
  const started = performance.now();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const migrated = await createDatabase({ sqliteFile: file });
  await migrated.close();
  await fillSqlite(file, size, await passwordHash());
  writeFileSync(markerFile, marker);
  return { file, seedSeconds: (performance.now() - started) / 1000 };
}

async function fillSqlite(file: string, size: PlatformSize, passwordHash: string): Promise<void> {
  const sqlite = new SQLite(file);
  try {
    sqlite.pragma('foreign_keys = OFF');
    await leaveWal(sqlite);
    sqlite.pragma('synchronous = OFF');
    sqlite.pragma('cache_size = -262144');
    const derived = sqlite
      .prepare<[], { sql: string; name: string; type: string }>("SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL")
      .all();
    for (const { type, name } of derived) sqlite.exec(`DROP ${type.toUpperCase()} "${name}"`);
    const inserts = new BatchedInserts(sqlite);
    sqlite.transaction(() => {
      for (const [table, row] of platformRows(size, passwordHash)) inserts.add(table, row);
      inserts.flush();
    })();
    for (const { sql } of derived) sqlite.exec(sql);
    sqlite.pragma('journal_mode = WAL');
  } finally {
    sqlite.close();
  }
}

/**
 * The journal in memory while seeding (a failed seed leaves no marker and is seeded again; the
 * driver's defensive mode refuses no journal at all). The migrations' connection checkpoints
 * from a thread that may hold the file a moment after closing, and WAL mode is left only once
 * no other connection is open.
 */
async function leaveWal(sqlite: SQLite.Database): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (sqlite.pragma('journal_mode = MEMORY', { simple: true }) === 'memory') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the seeded SQLite file stayed in WAL mode');
}

/** Multi-row INSERT statements per table, prepared once per row count. */
class BatchedInserts {
  private readonly pending = new Map<TableName, Row[]>();
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(private readonly sqlite: SQLite.Database) {}

  add(table: TableName, row: Row): void {
    let rows = this.pending.get(table);
    if (!rows) this.pending.set(table, (rows = []));
    rows.push(row);
    if (rows.length === ROWS_PER_INSERT) this.write(table, rows);
  }

  flush(): void {
    for (const [table, rows] of this.pending) if (rows.length) this.write(table, rows);
  }

  private write(table: TableName, rows: Row[]): void {
    this.statement(table, rows.length).run(rows.flat());
    rows.length = 0;
  }

  private statement(table: TableName, count: number): SQLite.Statement {
    const key = `${table}/${count}`;
    let statement = this.statements.get(key);
    if (!statement) {
      const columns = Object.keys(TABLES[table]);
      const tuple = `(${columns.map(() => '?').join(',')})`;
      const sql = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(',')}) VALUES ${Array(count).fill(tuple).join(',')}`;
      this.statements.set(key, (statement = this.sqlite.prepare(sql)));
    }
    return statement;
  }
}

/**
 * A copy of the seeded file for one run (its writes never reach the cache); answers its data
 * directory. The copy is on disk before the server opens it, as a database long in use is: left
 * to the kernel's write-back, SQLite's first checkpoint waited on a gigabyte of dirty pages, and
 * the wave's first seconds measured that.
 */
export function runCopy(seeded: string, cacheDir: string, name: string): string {
  const dir = resolve(cacheDir, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'kindly.db');
  copyFileSync(seeded, file);
  const handle = openSync(file, 'r+');
  try {
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
  return dir;
}
