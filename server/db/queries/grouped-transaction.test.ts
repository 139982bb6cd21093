import type { Transaction } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';
import type { Database } from '../schema';
import { groupedTransaction, groupedWrite } from './grouped-transaction';

const at = new Date().toISOString();
const account = (id: string) => ({ id, email: `${id}@b.co`, emailKey: `${id}@b.co`, passwordHash: 'x', firstName: 'Ann', lastName: 'B', createdAt: at });

describe('groupedTransaction', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('commits the writes of one turn together on SQLite (apart on PostgreSQL); a failing one is undone alone', async () => {
    t = await createTestApp();
    const db = t.deps.db;
    const transactions: Array<Transaction<Database>> = [];
    const insert = (id: string, fail = false) =>
      groupedTransaction(db, async (trx) => {
        transactions.push(trx);
        await trx.insertInto('account').values(account(id)).execute();
        if (fail) throw new Error(`no ${id}`);
        return id;
      });
    const outcomes = await Promise.allSettled([insert('a1'), insert('a2', true), insert('a3')]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual(['a1', 'no a2', 'a3']);
    expect((await db.selectFrom('account').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual(['a1', 'a3']);
    expect(new Set(transactions).size).toBe(testDatabaseKind === 'sqlite' ? 1 : 3);
    // A write alone in its turn, and one in the next turn, are transactions of their own.
    expect(await insert('a4')).toBe('a4');
    await expect(insert('a1')).rejects.toThrow();
    expect(await db.selectFrom('account').select('id').orderBy('id').execute()).toHaveLength(3);
  });

  it('runs single writes several at once: grouped on SQLite, each as it is on PostgreSQL; a failing one changes nothing', async () => {
    t = await createTestApp();
    const db = t.deps.db;
    const writers = new Set<unknown>();
    const insert = (id: string) =>
      groupedWrite(db, async (writer) => {
        writers.add(writer);
        await writer.insertInto('account').values(account(id)).execute();
        return id;
      });
    const ids = Array.from({ length: 8 }, (_, i) => `w${i}`);
    const outcomes = await Promise.allSettled([...ids.map(insert), insert('w0')]);
    expect(outcomes.slice(0, 8).map((o) => o.status === 'fulfilled' && o.value)).toEqual(ids);
    expect(outcomes[8]!.status).toBe('rejected');
    expect((await db.selectFrom('account').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual(ids);
    // SQLite: one transaction for the turn; PostgreSQL: the pool itself, no transaction at all.
    expect(writers.size).toBe(1);
    expect([...writers][0] === db).toBe(testDatabaseKind === 'postgres');
  });
});
