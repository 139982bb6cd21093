import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache';

describe('withStatementCache', () => {
  it('prepares each SQL text once and drops the least recently used past its size', () => {
    const sqlite = new SQLite(':memory:');
    let prepared = 0;
    const counting = Object.assign(Object.create(sqlite) as SQLite.Database, {
      prepare: (sql: string) => {
        prepared += 1;
        return sqlite.prepare(sql);
      },
    });
    const cached = withStatementCache(counting, 2);
    const first = cached.prepare('select 1');
    expect(cached.prepare('select 1')).toBe(first);
    cached.prepare('select 2');
    cached.prepare('select 1');
    cached.prepare('select 3'); // evicts `select 2`, the least recently used
    expect(cached.prepare('select 1')).toBe(first);
    expect(prepared).toBe(3);
    cached.prepare('select 2');
    expect(prepared).toBe(4);
    expect(cached.prepare('select 1').all([])).toEqual([{ 1: 1 }]);
    cached.close();
  });

  it('answers from a kept statement as the schema now stands after the schema changes', () => {
    const sqlite = new SQLite(':memory:');
    const cached = withStatementCache(sqlite);
    sqlite.exec('CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)');
    const select = cached.prepare('SELECT * FROM t');
    expect(select.all([])).toEqual([{ a: 1 }]);
    sqlite.exec("ALTER TABLE t ADD COLUMN b TEXT DEFAULT 'x'");
    expect(cached.prepare('SELECT * FROM t')).toBe(select);
    expect(select.all([])).toEqual([{ a: 1, b: 'x' }]);
    sqlite.exec('DROP TABLE t; CREATE TABLE t (z INTEGER); INSERT INTO t VALUES (9)');
    expect(cached.prepare('SELECT * FROM t').all([])).toEqual([{ z: 9 }]);
    cached.close();
  });
});
