import { Hono } from 'hono';
import { OccasionCreateSchema, OccasionUpdateSchema } from '../../../core/schemas/occasion';
import type { Role } from '../../../core/schemas/people';
import { RETENTION_DAYS_DEFAULT } from '../../../core/schemas/data-rights';
import type { AppEnv } from '../../app-env';
import { newId } from '../../db/ids';
import { writeJsonColumn } from '../../data/json-column';
import { forgetUnknownOrigins } from '../../middleware/cors/unknown-origins';
import { findOwnedOccasion, occasionSummary, readAllowedOrigins, toOccasion, writeAllowedOrigins, type OccasionRow } from '../../data/occasions';
import { lockRows } from '../../data/row-lock';
import { readBody } from '../../http/read-body';
import { validate } from '../../data/validate';
import { twoFactorNeededToRequireIt } from '../../data/accounts';
import { forbidden } from '../../data/api-error';

/** Occasion CRUD. Everything an occasion holds is deleted with it (foreign-key cascades). */
export function occasionRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/occasions', async (c) => {
    const { db } = c.get('deps');
    const rows = await db
      .selectFrom('occasionRole')
      .innerJoin('occasion', 'occasion.id', 'occasionRole.occasionId')
      .selectAll('occasion')
      .select('occasionRole.role')
      .where('occasionRole.accountId', '=', c.get('host').accountId)
      .orderBy('occasion.createdAt', 'desc')
      .orderBy('occasion.id', 'desc')
      .execute();
    const origins = await readAllowedOrigins(db, rows.map((row) => row.id));
    return c.json(
      await Promise.all(rows.map(async (row) => toOccasion(row, await occasionSummary(db, row.id), origins.get(row.id) ?? [], row.role as Role))),
    );
  });

  routes.post('/occasion', async (c) => {
    const { db } = c.get('deps');
    const input = await readBody(c, OccasionCreateSchema);
    if (input.requireTwoFactor && !c.get('host').secondFactor) throw twoFactorNeededToRequireIt();
    const now = new Date().toISOString();
    const row: OccasionRow = {
      ...input,
      id: newId(),
      accountId: c.get('host').accountId,
      allowedOrigins: writeJsonColumn(input.allowedOrigins),
      digestEnabled: input.digestEnabled ? 1 : 0,
      requireTwoFactor: input.requireTwoFactor ? 1 : 0,
      createdAt: now,
      updatedAt: now,
      reminderSentFor: null,
      retentionDays: RETENTION_DAYS_DEFAULT,
      retentionRemindedFor: null,
      retentionErasedAt: null,
      digestSentAt: null,
      privacyNote: null,
      slug: null,
    };
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('occasion').values(row).execute();
      await trx.insertInto('occasionRole').values({ occasionId: row.id, accountId: row.accountId, role: 'owner', createdAt: now }).execute();
      await writeAllowedOrigins(trx, row.id, input.allowedOrigins);
    });
    forgetUnknownOrigins(db, input.allowedOrigins);
    return c.json(toOccasion(row, await occasionSummary(db, row.id), input.allowedOrigins, 'owner'), 201);
  });

  routes.get('/occasion/:occasionId', async (c) => {
    const { db } = c.get('deps');
    const row = await findOwnedOccasion(db, c.get('host'), c.req.param('occasionId'));
    const origins = await readAllowedOrigins(db, [row.id]);
    return c.json(toOccasion(row, await occasionSummary(db, row.id), origins.get(row.id) ?? [], row.role));
  });

  routes.put('/occasion/:occasionId', async (c) => {
    const { db, dbKind } = c.get('deps');
    const host = c.get('host');
    const occasionId = (await findOwnedOccasion(db, host, c.req.param('occasionId'))).id;
    const patch = await readBody(c, OccasionUpdateSchema);
    const updated = await db.transaction().execute(async (trx) => {
      await lockRows(trx, dbKind, 'occasion', [occasionId]);
      const current = await findOwnedOccasion(trx, host, occasionId);
      const origins = (await readAllowedOrigins(trx, [occasionId])).get(occasionId) ?? [];
      const { summary: _summary, id: _id, createdAt: _c, updatedAt: _u, role: _role, slug: _slug, ...writable } = toOccasion(current, emptySummary, origins, current.role);
      const merged = validate(OccasionCreateSchema, { ...writable, ...patch });
      if (merged.requireTwoFactor !== writable.requireTwoFactor) {
        if (current.role !== 'owner') throw forbidden('Only an owner may change whether this occasion requires two-factor sign-in.');
        if (merged.requireTwoFactor && !c.get('host').secondFactor) throw twoFactorNeededToRequireIt();
      }
      const changes = {
        ...merged,
        allowedOrigins: writeJsonColumn(merged.allowedOrigins),
        digestEnabled: merged.digestEnabled ? 1 : 0,
        requireTwoFactor: merged.requireTwoFactor ? 1 : 0,
        updatedAt: new Date().toISOString(),
      };
      const { role, ...row } = current;
      await trx.updateTable('occasion').set(changes).where('id', '=', current.id).execute();
      if (patch.allowedOrigins) await writeAllowedOrigins(trx, current.id, merged.allowedOrigins);
      return { row: { ...row, ...changes }, allowedOrigins: merged.allowedOrigins, role };
    });
    if (patch.allowedOrigins) forgetUnknownOrigins(db, updated.allowedOrigins);
    return c.json(toOccasion(updated.row, await occasionSummary(db, occasionId), updated.allowedOrigins, updated.role));
  });

  routes.delete('/occasion/:occasionId', async (c) => {
    const { db } = c.get('deps');
    const current = await findOwnedOccasion(db, c.get('host'), c.req.param('occasionId'));
    await db.transaction().execute((trx) => trx.deleteFrom('occasion').where('id', '=', current.id).execute());
    return c.body(null, 204);
  });

  return routes;
}

const emptySummary = { guests: 0, households: 0, activities: 0, perActivity: [] };
