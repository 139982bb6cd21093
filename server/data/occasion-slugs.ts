import type { Kysely } from 'kysely';
import { RETIRED_SLUG_DAYS } from '../../core/schemas/occasion-slug';
import type { DatabaseKind } from '../db/create-database';
import type { Database } from '../db/schema';
import { ApiError } from './api-error';
import { lockRows } from './row-lock';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 409 `SLUG_TAKEN`: another occasion has the slug, or left it less than 90 days ago. */
export const slugTaken = (): ApiError => {
  const message = 'Another occasion already uses this page address. Choose another.';
  return new ApiError(409, 'SLUG_TAKEN', message, [{ path: 'slug', message }]);
};

/** The path of an occasion's RSVP page. */
export const rsvpPagePath = (slug: string): string => `/r/${slug}`;

/**
 * The page invitation links point to: the hosts' own `rsvpPageUrl`, else Kindly's page for the
 * occasion's slug on the public URL, else `''` (no link).
 */
export function rsvpPageUrlOf(occasion: { rsvpPageUrl: string; slug: string | null }, publicUrl: string): string {
  if (occasion.rsvpPageUrl !== '') return occasion.rsvpPageUrl;
  return occasion.slug ? `${publicUrl}${rsvpPagePath(occasion.slug)}` : '';
}

/** The instant before which a retired slug no longer leads anywhere. */
const retiredBefore = (now: Date): string => new Date(now.getTime() - RETIRED_SLUG_DAYS * DAY_MS).toISOString();

/**
 * Gives the occasion a new slug (or none) in one transaction. The slug it leaves redirects for
 * {@link RETIRED_SLUG_DAYS} days; taking back its own former slug ends that. A slug another
 * occasion holds, or left within those days, is 409 `SLUG_TAKEN`; two occasions asking for one
 * slug at once are told apart by its unique index, so exactly one gets it.
 */
export async function changeSlug(db: Kysely<Database>, dbKind: DatabaseKind, occasionId: string, slug: string | null, now: Date): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      await lockRows(trx, dbKind, 'occasion', [occasionId]);
      const current = await trx.selectFrom('occasion').select('slug').where('id', '=', occasionId).executeTakeFirstOrThrow();
      if (current.slug === slug) return;
      if (slug !== null) await claimSlug(trx, occasionId, slug, now);
      if (current.slug !== null) {
        await trx
          .insertInto('retiredSlug')
          .values({ slug: current.slug, occasionId, replacedAt: now.toISOString() })
          .onConflict((oc) => oc.column('slug').doUpdateSet({ occasionId, replacedAt: now.toISOString() }))
          .execute();
      }
      await trx.updateTable('occasion').set({ slug, updatedAt: now.toISOString() }).where('id', '=', occasionId).execute();
    });
  } catch (error) {
    throw isUniqueViolation(error) ? slugTaken() : error;
  }
}

/** Refuses a slug in use or recently left by another occasion; clears a retired row that no longer counts. */
async function claimSlug(trx: Kysely<Database>, occasionId: string, slug: string, now: Date): Promise<void> {
  const [holder, retired] = await Promise.all([
    trx.selectFrom('occasion').select('id').where('slug', '=', slug).executeTakeFirst(),
    trx.selectFrom('retiredSlug').select(['occasionId', 'replacedAt']).where('slug', '=', slug).executeTakeFirst(),
  ]);
  if (holder) throw slugTaken();
  if (!retired) return;
  if (retired.occasionId !== occasionId && retired.replacedAt >= retiredBefore(now)) throw slugTaken();
  await trx.deleteFrom('retiredSlug').where('slug', '=', slug).execute();
}

/** A unique index refused the write (PostgreSQL's `23505`, SQLite's `SQLITE_CONSTRAINT_UNIQUE`/`PRIMARYKEY`). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** What a slug leads to: the occasion's page, a redirect to its current slug, or nothing. */
export type SlugTarget = { page: { id: string; title: string } } | { movedTo: string } | undefined;

/**
 * Looks a slug up: an occasion's current slug first, then one it left less than
 * {@link RETIRED_SLUG_DAYS} days ago (while the occasion still has a slug to send guests to).
 */
export async function findSlugTarget(db: Kysely<Database>, slug: string, now: Date): Promise<SlugTarget> {
  const page = await db.selectFrom('occasion').select(['id', 'title']).where('slug', '=', slug).executeTakeFirst();
  if (page) return { page };
  const moved = await db
    .selectFrom('retiredSlug')
    .innerJoin('occasion', 'occasion.id', 'retiredSlug.occasionId')
    .select('occasion.slug')
    .where('retiredSlug.slug', '=', slug)
    .where('retiredSlug.replacedAt', '>=', retiredBefore(now))
    .executeTakeFirst();
  return moved?.slug ? { movedTo: moved.slug } : undefined;
}
