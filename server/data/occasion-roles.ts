import type { Kysely } from 'kysely';
import { ROLE_NAMES, roleCan, type Permission, type Role } from '../../core/schemas/people';
import type { DatabaseKind } from '../db/create-database';
import type { Database } from '../db/schema';
import { forbidden, notFound } from './api-error';

/** What a person of a role is told when a route needs more. */
export function roleRefused(role: Role, permission: Permission): Error {
  const what = permission === 'own' ? 'manage people or delete the occasion' : permission === 'write' ? 'change this occasion' : 'see this';
  return forbidden(`${ROLE_NAMES[role]}s may not ${what}.`);
}

/** Throws 404 without a role (as if the occasion did not exist), 403 when the role lacks the permission. */
export function assertRoleCan(role: Role | null | undefined, permission: Permission): asserts role is Role {
  if (!role) throw notFound('No such occasion.');
  if (!roleCan(role, permission)) throw roleRefused(role, permission);
}

/**
 * Checks the account's role inside a write's transaction, as its first statement, and holds it
 * until the commit, so a write never commits after its person's role was removed or lowered.
 * PostgreSQL: a write (`write`) takes `FOR SHARE` on its person's row, which a role change
 * (`FOR UPDATE` through {@link lockOccasionRoles}) waits for, and which waits for it. A route
 * that changes people (`own`) locks every role row of the occasion instead, in account order,
 * so two of them never wait on each other in a circle. SQLite runs one transaction at a time.
 */
export async function checkRoleInTransaction(
  trx: Kysely<Database>,
  kind: DatabaseKind,
  occasionId: string,
  accountId: string,
  permission: Permission,
): Promise<void> {
  let role: string | undefined;
  if (permission === 'own') {
    role = (await lockOccasionRoles(trx, kind, occasionId)).find((row) => row.accountId === accountId)?.role;
  } else {
    let query = trx.selectFrom('occasionRole').select('role').where('occasionId', '=', occasionId).where('accountId', '=', accountId);
    if (kind === 'postgres') query = query.forShare();
    role = (await query.executeTakeFirst())?.role;
  }
  assertRoleCan(role as Role | undefined, permission);
}

/** Every role row of the occasion, locked for update on PostgreSQL in account order. */
export async function lockOccasionRoles(
  trx: Kysely<Database>,
  kind: DatabaseKind,
  occasionId: string,
): Promise<Array<{ accountId: string; role: string }>> {
  let query = trx.selectFrom('occasionRole').select(['accountId', 'role']).where('occasionId', '=', occasionId).orderBy('accountId');
  if (kind === 'postgres') query = query.forUpdate();
  return query.execute();
}

/**
 * The database as a route of this permission sees it: every transaction it opens checks the
 * role first ({@link checkRoleInTransaction}). Everything else passes through unchanged.
 */
export function roleCheckedDatabase(
  db: Kysely<Database>,
  kind: DatabaseKind,
  occasionId: string,
  accountId: string,
  permission: Permission,
): Kysely<Database> {
  return checkedDatabase(db, (trx) => checkRoleInTransaction(trx, kind, occasionId, accountId, permission));
}

/** The database whose every transaction runs `check` first, as its first statement. */
export function checkedDatabase(db: Kysely<Database>, check: (trx: Kysely<Database>) => Promise<void>): Kysely<Database> {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') return () => checkedBuilder(target.transaction(), check);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

type Builder = ReturnType<Kysely<Database>['transaction']>;

function checkedBuilder(builder: Builder, check: (trx: Kysely<Database>) => Promise<void>): Builder {
  return new Proxy(builder, {
    get(target, property) {
      if (property === 'execute') {
        return <T>(callback: (trx: Parameters<Parameters<Builder['execute']>[0]>[0]) => Promise<T>) =>
          target.execute(async (trx) => {
            await check(trx);
            return callback(trx);
          });
      }
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      // `setIsolationLevel` and the like answer a new builder: keep checking through it.
      return (...args: unknown[]) => {
        const answer: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        return answer && typeof answer === 'object' && 'execute' in answer ? checkedBuilder(answer as Builder, check) : answer;
      };
    },
  });
}
