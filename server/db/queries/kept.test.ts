import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type KindlyDatabase } from '../create-database';
import { committedDataMark, holdSqliteConnection } from '../sqlite-connection';
import { keptWhileUnchanged } from './kept';
import { prepared } from './prepared';

const at = new Date().toISOString();
const account = (id: string) => ({ id, email: `${id}@b.co`, emailKey: `${id}@b.co`, passwordHash: 'x', firstName: 'Ann', lastName: 'B', createdAt: at });

/** Kept lookups on an embedded database in a file (so another connection can share it, as another process would). */
describe('keptWhileUnchanged', () => {
  let dir: string;
  let database: KindlyDatabase;
  let reads: number;
  const sessionsOf = prepared((db, p: { accountId: string }) => db.selectFrom('hostSession').select('id').where('accountId', '=', p.accountId).orderBy('id'));
  const counted: typeof sessionsOf = Object.assign(async (...args: Parameters<typeof sessionsOf>) => (reads++, sessionsOf(...args)), { prepare: sessionsOf.prepare });
  let sessions: typeof sessionsOf;
  const idsOf = async (accountId: string) => (await sessions(database.db, { accountId })).map((row) => row.id);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kindly-kept-'));
    database = await createDatabase({ sqliteFile: join(dir, 'kept.db') });
    await database.db.insertInto('account').values([account('a1'), account('a2')]).execute();
    await database.db.insertInto('hostSession').values([session('s1', 'a1'), session('s2', 'a1')]).execute();
    reads = 0;
    sessions = keptWhileUnchanged(counted, (p) => p.accountId, 10);
  });
  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const session = (id: string, accountId: string) => ({ id, accountId, createdAt: at, expiresAt: at });

  it('answers from what it kept while nothing changes, and reads again after a change on its own connection', async () => {
    expect(await idsOf('a1')).toEqual(['s1', 's2']);
    expect(await idsOf('a1')).toEqual(['s1', 's2']);
    expect(reads).toBe(1);
    await database.db.deleteFrom('hostSession').where('id', '=', 's2').execute();
    expect(await idsOf('a1')).toEqual(['s1']);
    expect(reads).toBe(2);
  });

  it('counts a change to another table, and a delete that cascades, as changes', async () => {
    expect(await idsOf('a1')).toEqual(['s1', 's2']);
    await database.db.updateTable('account').set({ firstName: 'Bo' }).where('id', '=', 'a2').execute();
    expect(await idsOf('a1')).toEqual(['s1', 's2']);
    expect(reads).toBe(2);
    await database.db.deleteFrom('account').where('id', '=', 'a1').execute();
    expect(await idsOf('a1')).toEqual([]);
    expect(reads).toBe(3);
  });

  it('reads again after another connection to the file commits, as another instance would', async () => {
    expect(await idsOf('a1')).toEqual(['s1', 's2']);
    const other = new SQLite(join(dir, 'kept.db'));
    try {
      other.prepare(`DELETE FROM "hostSession" WHERE id = 's1'`).run();
    } finally {
      other.close();
    }
    expect(await idsOf('a1')).toEqual(['s2']);
    expect(reads).toBe(2);
  });

  it('counts a change rolled back as a change, and reads what stands after it', async () => {
    expect(await idsOf('a1')).toEqual(['s1', 's2']);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('hostSession').where('id', '=', 's1').execute();
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(await idsOf('a1')).toEqual(['s1', 's2']);
    expect(reads).toBe(2);
  });

  it('keeps nothing read while a transaction that changes it is open, and reads what it committed', async () => {
    let changed!: () => void;
    const deleted = new Promise<void>((resolve) => (changed = resolve));
    let finish!: () => void;
    const finishing = new Promise<void>((resolve) => (finish = resolve));
    const transaction = database.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('hostSession').where('id', '=', 's1').execute();
      changed();
      await finishing;
      await trx.deleteFrom('hostSession').where('id', '=', 's2').execute();
    });
    await deleted;
    // The lookup waits for the transaction; what it reads is after both deletes.
    const during = idsOf('a1');
    finish();
    await transaction;
    expect(await during).toEqual([]);
    await database.db.insertInto('hostSession').values(session('s3', 'a1')).execute();
    expect(await idsOf('a1')).toEqual(['s3']);
  });

  it('reads every time while the connection is handed out, and keeps nothing read then', async () => {
    expect(await idsOf('a1')).toEqual(['s1', 's2']);
    const held = await holdSqliteConnection(database.db);
    expect(committedDataMark(database.db)).toBeUndefined();
    held.sqlite.prepare(`DELETE FROM "hostSession" WHERE id = 's1'`).run();
    const waiting = idsOf('a1');
    await held.release();
    expect(await waiting).toEqual(['s2']);
    expect(await idsOf('a1')).toEqual(['s2']);
    expect(reads).toBe(3);
    expect(committedDataMark(database.db)).toBeDefined();
  });

  it('keeps no empty answer, and at most its size of answers', async () => {
    await idsOf('nobody');
    await idsOf('nobody');
    expect(reads).toBe(2);
    await database.db.insertInto('hostSession').values(session('s3', 'a2')).execute();
    const small = keptWhileUnchanged(counted, (p) => p.accountId, 1);
    reads = 0;
    for (const accountId of ['a1', 'a2', 'a1']) await small(database.db, { accountId });
    expect(reads).toBe(3);
  });

  it('reads every time on a transaction’s own instance', async () => {
    expect(await idsOf('a1')).toEqual(['s1', 's2']);
    await database.db.transaction().execute(async (trx) => {
      expect(await sessions(trx, { accountId: 'a1' })).toHaveLength(2);
      expect(await sessions(trx, { accountId: 'a1' })).toHaveLength(2);
    });
    expect(reads).toBe(3);
  });
});
