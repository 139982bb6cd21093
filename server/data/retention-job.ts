import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { RETENTION_REMINDER_DAYS } from '../../core/schemas/data-rights';
import type { DatabaseKind } from '../db/create-database';
import type { Database } from '../db/schema';
import { queueAccountEmails, retentionNotice } from '../email/account-mail';
import { eraseInTransaction } from './erasure';
import { addDays, retentionFrom, type RetentionRow } from './retention';

interface Candidate extends RetentionRow {
  id: string;
  title: string;
  retentionRemindedFor: string | null;
  last: string | null;
}

/** How a pass walks the occasions. */
export interface RetentionPass {
  /** Occasions read at once ({@link RETENTION_PAGE_SIZE} unless given). */
  pageSize?: number;
  /** Asked before each occasion: a server shutting down ends the pass there (the next pass walks every occasion again). */
  stopping?: () => boolean;
}

/**
 * Retention's daily work, for every occasion: from {@link RETENTION_REMINDER_DAYS} days before its
 * erasure date the owners are reminded (once per date: a postponement that moves the date brings
 * a new reminder), and on the date every guest and household is erased (`eraseInTransaction`).
 * Owners always have the notice: a date reached without a reminder (days shortened, or an
 * occasion long over when retention began) moves to {@link RETENTION_REMINDER_DAYS} days after it.
 * Each step is claimed by a compare-and-set of the occasion's row, in the transaction that does it
 * and on the days it was worked out from, so several instances do it once and a postponement
 * committed first wins.
 */
export async function runRetention(db: Kysely<Database>, dbKind: DatabaseKind, publicUrl: string, now: Date, pass: RetentionPass = {}): Promise<void> {
  const { pageSize = RETENTION_PAGE_SIZE, stopping = () => false } = pass;
  const today = now.toISOString().slice(0, 10);
  for await (const occasion of candidates(db, pageSize)) {
    if (stopping()) return;
    const retention = retentionFrom(occasion.last ? new Date(occasion.last).toISOString().slice(0, 10) : occasion.endDate, occasion);
    const erasedForThisDate = occasion.retentionErasedAt !== null && occasion.retentionErasedAt.slice(0, 10) >= retention.eraseOn;
    if (erasedForThisDate) continue;
    const reminded = occasion.retentionRemindedFor === retention.eraseOn;
    if (today >= retention.eraseOn && reminded) await eraseOccasionGuests(db, dbKind, occasion, now);
    else if (today >= retention.eraseOn) {
      // Never erased without notice: a date that came without a reminder moves to the notice's end.
      const eraseOn = addDays(today, RETENTION_REMINDER_DAYS);
      await remindOwners(db, occasion, eraseOn, retention.days + daysBetween(retention.eraseOn, eraseOn), publicUrl, now);
    } else if (today >= retention.remindOn && !reminded) await remindOwners(db, occasion, retention.eraseOn, retention.days, publicUrl, now);
  }
}

/** Occasions read at once by the daily pass: a page is a few milliseconds of the event loop. */
export const RETENTION_PAGE_SIZE = 500;
/** The pause after each page: the pass takes at most a fifth or so of the request thread. */
const PAGE_PAUSE_MS = 25;

/**
 * Every occasion with the last time any of its activities ends, a page at a time in id order,
 * paced: a platform of 100,000 occasions read in one statement held the loop for over a second,
 * long enough for the server to refuse sign-ins as overloaded; read page after page without a
 * pause (some 1.5 s of work in all), it still took the whole request thread for as long, and
 * guests signing in as a server started waited a second in the listen queue.
 */
async function* candidates(db: Kysely<Database>, pageSize: number): AsyncGenerator<Candidate> {
  let after = '';
  for (;;) {
    const page = (await db
      .selectFrom('occasion')
      .select(['occasion.id', 'occasion.title', 'occasion.endDate', 'occasion.retentionDays', 'occasion.retentionRemindedFor', 'occasion.retentionErasedAt'])
      .select((eb) =>
        eb
          .selectFrom('activity')
          .select((inner) => inner.fn.max(inner.fn.coalesce('activity.endsAt', 'activity.startsAt')).as('last'))
          .whereRef('activity.occasionId', '=', 'occasion.id')
          .as('last'),
      )
      .where('occasion.id', '>', after)
      .orderBy('occasion.id')
      .limit(pageSize)
      .execute()) as Candidate[];
    yield* page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!.id;
    await sleep(PAGE_PAUSE_MS);
  }
}

async function eraseOccasionGuests(db: Kysely<Database>, dbKind: DatabaseKind, occasion: Candidate, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let claim = trx.updateTable('occasion').set({ retentionErasedAt: now.toISOString() }).where('id', '=', occasion.id).where('retentionDays', '=', Number(occasion.retentionDays));
    claim = occasion.retentionErasedAt === null ? claim.where('retentionErasedAt', 'is', null) : claim.where('retentionErasedAt', '=', occasion.retentionErasedAt);
    if (Number((await claim.executeTakeFirst()).numUpdatedRows) !== 1) return;
    const guestIds = (await trx.selectFrom('guest').select('id').where('occasionId', '=', occasion.id).execute()).map((row) => row.id);
    const householdIds = (await trx.selectFrom('household').select('id').where('occasionId', '=', occasion.id).execute()).map((row) => row.id);
    await eraseInTransaction(trx, dbKind, occasion.id, { guestIds, householdIds });
  });
}

const daysBetween = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

async function remindOwners(db: Kysely<Database>, occasion: Candidate, eraseOn: string, days: number, publicUrl: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let claim = trx.updateTable('occasion').set({ retentionRemindedFor: eraseOn, retentionDays: days }).where('id', '=', occasion.id).where('retentionDays', '=', Number(occasion.retentionDays));
    claim = occasion.retentionRemindedFor === null ? claim.where('retentionRemindedFor', 'is', null) : claim.where('retentionRemindedFor', '=', occasion.retentionRemindedFor);
    if (Number((await claim.executeTakeFirst()).numUpdatedRows) !== 1) return;
    const owners = await trx
      .selectFrom('occasionRole')
      .innerJoin('account', 'account.id', 'occasionRole.accountId')
      .select(['account.id', 'account.email', 'account.firstName'])
      .where('occasionRole.occasionId', '=', occasion.id)
      .where('occasionRole.role', '=', 'owner')
      .orderBy('account.id')
      .execute();
    const url = `${publicUrl.replace(/\/+$/, '')}/occasion/${occasion.id}/edit`;
    for (const owner of owners) await queueAccountEmails(trx, owner.id, [retentionNotice(owner.email, owner.firstName, occasion.title, eraseOn, url)], now);
  });
}
