import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The newest message of `kind` queued for `to` in the accounts' outbox, or undefined. */
export async function latestAccountEmail(db: Kysely<Database>, to: string, kind: string) {
  return db.selectFrom('accountEmail').selectAll().where('to', '=', to).where('kind', '=', kind).orderBy('createdAt', 'desc').orderBy('id', 'desc').executeTakeFirst();
}

/** The path of the account link (`/account/<kind>/<token>`) in a message's plain text. */
export function accountLinkPath(text: string, kind: 'verify' | 'reset' | 'email'): string {
  const match = new RegExp(`/account/${kind}/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+`).exec(text);
  if (!match) throw new Error(`no ${kind} link in: ${text}`);
  return match[0];
}
