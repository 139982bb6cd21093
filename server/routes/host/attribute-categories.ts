import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { AttributeCategoryCreateSchema, AttributeCategoryUpdateSchema } from '../../../core/schemas/attribute-category';
import type { AppEnv } from '../../app-env';
import {
  type AttributeCategoryRow,
  attributeCategoryWritable,
  countGuestsWithSeveralValues,
  findAttributeCategory,
  listAttributeCategories,
  removeAttributeValues,
  toAttributeCategory,
  toAttributeCategoryRow,
} from '../../data/attribute-categories';
import { assertOwnedOccasion } from '../../data/occasions';
import { lockRows } from '../../data/row-lock';
import { readBool } from '../../data/json-column';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { readBody } from '../../http/read-body';
import { validate } from '../../data/validate';
import { failOnIssues } from './validation-failed';

/**
 * Attribute category CRUD. Removing a category, or options of it, takes those values off every
 * guest of the occasion in the same transaction.
 */
export function attributeCategoryRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/occasion/:occasionId/attribute-categories', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    return c.json((await listAttributeCategories(db, occasionId)).map(toAttributeCategory));
  });

  routes.post('/occasion/:occasionId/attribute-category', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const input = await readBody(c, AttributeCategoryCreateSchema);
    const row = toAttributeCategoryRow(newId(), occasionId, input);
    await db.transaction().execute((trx) => trx.insertInto('attributeCategory').values(row).execute());
    return c.json(toAttributeCategory(row), 201);
  });

  routes.get('/occasion/:occasionId/attribute-category/:categoryId', async (c) => {
    const { db } = c.get('deps');
    const { occasionId, categoryId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    return c.json(toAttributeCategory(await findAttributeCategory(db, occasionId, categoryId)));
  });

  routes.put('/occasion/:occasionId/attribute-category/:categoryId', async (c) => {
    const { db, dbKind } = c.get('deps');
    const { occasionId, categoryId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    await findAttributeCategory(db, occasionId, categoryId);
    const patch = await readBody(c, AttributeCategoryUpdateSchema);
    const row = await db.transaction().execute(async (trx) => {
      await lockRows(trx, dbKind, 'attributeCategory', [categoryId]);
      const current = await findAttributeCategory(trx, occasionId, categoryId);
      const merged = validate(AttributeCategoryCreateSchema, { ...attributeCategoryWritable(current), ...patch });
      if (readBool(current.multiple) && !merged.multiple) await assertNoGuestHoldsSeveral(trx, occasionId, current);
      const keptValues = new Set(merged.options.map((option) => option.value));
      const updated = toAttributeCategoryRow(current.id, occasionId, merged);
      await trx.updateTable('attributeCategory').set(updated).where('id', '=', current.id).execute();
      await removeAttributeValues(trx, occasionId, current.id, (value) => !keptValues.has(value));
      return updated;
    });
    return c.json(toAttributeCategory(row));
  });

  routes.delete('/occasion/:occasionId/attribute-category/:categoryId', async (c) => {
    const { db } = c.get('deps');
    const { occasionId, categoryId } = c.req.param();
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const current = await findAttributeCategory(db, occasionId, categoryId);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('attributeCategory').where('id', '=', current.id).execute();
      await removeAttributeValues(trx, occasionId, current.id);
    });
    return c.body(null, 204);
  });

  return routes;
}

/** A category cannot become single-valued while guests hold several of its values: nothing is dropped silently. */
async function assertNoGuestHoldsSeveral(db: Kysely<Database>, occasionId: string, category: AttributeCategoryRow): Promise<void> {
  const count = await countGuestsWithSeveralValues(db, occasionId, category.id);
  if (count === 0) return;
  const message = `${count} ${count === 1 ? 'guest holds' : 'guests hold'} several values of ${category.name}; leave one each first.`;
  failOnIssues([{ path: 'multiple', message }]);
}
