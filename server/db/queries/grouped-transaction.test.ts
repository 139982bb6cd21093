import type { Transaction } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';
import type { Database } from '../schema';
import { groupedTransaction } from './grouped-transaction';

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
});
