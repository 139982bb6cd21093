import type { Kysely, Selectable } from 'kysely';
import type { OptionEntry } from '../../core/options/option-entry';
import type { AttributeCategory, AttributeCategoryCreate } from '../../core/schemas/attribute-category';
import type { AttributeCategoryTable, Database } from '../db/schema';
import { notFound } from './api-error';
import { IDS_PER_STATEMENT, chunked } from './batch';
import { readBool, readJsonColumn, writeBool, writeJsonColumn } from './json-column';

export type AttributeCategoryRow = Selectable<AttributeCategoryTable>;

export function toAttributeCategory(row: AttributeCategoryRow): AttributeCategory {
  return {
    id: row.id,
    occasionId: row.occasionId,
    name: row.name,
    multiple: readBool(row.multiple),
    options: readJsonColumn<OptionEntry[]>(row.options, []),
    sortOrder: row.sortOrder,
  };
}

export function attributeCategoryWritable(row: AttributeCategoryRow): AttributeCategoryCreate {
  const { id: _id, occasionId: _occasionId, ...writable } = toAttributeCategory(row);
  return writable;
}

export function toAttributeCategoryRow(id: string, occasionId: string, input: AttributeCategoryCreate): AttributeCategoryRow {
  return { ...input, id, occasionId, multiple: writeBool(input.multiple), options: writeJsonColumn(input.options) };
}

/** The attribute category of this occasion; 404 for any other id. */
export async function findAttributeCategory(
  db: Kysely<Database>,
  occasionId: string,
  categoryId: string,
): Promise<AttributeCategoryRow> {
  const row = await db
    .selectFrom('attributeCategory')
    .selectAll()
    .where('id', '=', categoryId)
    .where('occasionId', '=', occasionId)
    .executeTakeFirst();
  if (!row) throw notFound('No such attribute category.');
  return row;
}

/** The occasion's attribute categories in list order: by sort order, then name. */
export function listAttributeCategories(db: Kysely<Database>, occasionId: string): Promise<AttributeCategoryRow[]> {
  return db
    .selectFrom('attributeCategory')
    .selectAll()
    .where('occasionId', '=', occasionId)
    .orderBy('sortOrder')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** How many guests of the occasion hold more than one value of the category. */
export async function countGuestsWithSeveralValues(db: Kysely<Database>, occasionId: string, categoryId: string): Promise<number> {
  const holders = await selectHolders(db, occasionId, categoryId);
  return holders.filter((guest) => (readJsonColumn<Record<string, string[]>>(guest.attributes, {})[categoryId]?.length ?? 0) > 1).length;
}

/** Guests whose attributes may hold the category (a superset: the JSON is checked after). */
function selectHolders(db: Kysely<Database>, occasionId: string, categoryId: string) {
  return db
    .selectFrom('guest')
    .select(['id', 'attributes'])
    .where('occasionId', '=', occasionId)
    .where('attributes', 'like', `%"${categoryId}"%`)
    .execute();
}

/**
 * Takes values of one category off every guest of the occasion: those `isRemoved` picks, or the
 * whole category when it is omitted. Guests that end up with the same attributes share one UPDATE.
 */
export async function removeAttributeValues(
  db: Kysely<Database>,
  occasionId: string,
  categoryId: string,
  isRemoved: (value: string) => boolean = () => true,
): Promise<void> {
  const holders = await selectHolders(db, occasionId, categoryId);
  const idsByAttributes = new Map<string, string[]>();
  for (const guest of holders) {
    const attributes = readJsonColumn<Record<string, string[]>>(guest.attributes, {});
    const values = attributes[categoryId];
    if (!values || !values.some(isRemoved)) continue;
    const kept = values.filter((value) => !isRemoved(value));
    if (kept.length > 0) attributes[categoryId] = kept;
    else delete attributes[categoryId];
    const json = writeJsonColumn(attributes);
    const ids = idsByAttributes.get(json);
    if (ids) ids.push(guest.id);
    else idsByAttributes.set(json, [guest.id]);
  }
  const updatedAt = new Date().toISOString();
  for (const [attributes, ids] of idsByAttributes) {
    for (const chunk of chunked(ids, IDS_PER_STATEMENT)) {
      await db.updateTable('guest').set({ attributes, updatedAt }).where('id', 'in', chunk).execute();
    }
  }
}
