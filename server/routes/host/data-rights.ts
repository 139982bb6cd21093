import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { RetentionPostponeSchema, RetentionUpdateSchema } from '../../../core/schemas/data-rights';
import type { AppEnv } from '../../app-env';
import { occasionExportZip } from '../../data/export/export-zip';
import { findOwnedOccasion, occasionSummary, readAllowedOrigins, toOccasion } from '../../data/occasions';
import { changeRetentionDays, readRetention } from '../../data/retention';
import { readBody } from '../../http/read-body';

/**
 * `GET …/export`: the occasion's whole data as one streamed ZIP (`data/export/`). `GET`/`PUT
 * …/retention` and `POST …/retention/postpone`: how long its guests are kept.
 */
export function dataRightsRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/occasion/:occasionId/export', async (c) => {
    const { db } = c.get('deps');
    const row = await findOwnedOccasion(db, c.get('host'), c.req.param('occasionId'));
    const origins = (await readAllowedOrigins(db, [row.id])).get(row.id) ?? [];
    const occasion = { ...toOccasion(row, await occasionSummary(db, row.id), origins, row.role), retention: await readRetention(db, row.id, row) };
    const zip = occasionExportZip(db, row.id, occasion);
    const filename = `kindly-${row.id}-${new Date().toISOString().slice(0, 10)}.zip`;
    return c.body(Readable.toWeb(zip) as ReadableStream<Uint8Array>, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    });
  });

  routes.get('/occasion/:occasionId/retention', async (c) => {
    const { db } = c.get('deps');
    const row = await findOwnedOccasion(db, c.get('host'), c.req.param('occasionId'));
    return c.json(await readRetention(db, row.id, row));
  });

  routes.put('/occasion/:occasionId/retention', async (c) => {
    const { db, dbKind } = c.get('deps');
    const occasionId = (await findOwnedOccasion(db, c.get('host'), c.req.param('occasionId'))).id;
    const { days } = await readBody(c, RetentionUpdateSchema);
    await changeRetentionDays(db, dbKind, occasionId, { set: days });
    return c.json(await readRetention(db, occasionId, await findOwnedOccasion(db, c.get('host'), occasionId)));
  });

  routes.post('/occasion/:occasionId/retention/postpone', async (c) => {
    const { db, dbKind } = c.get('deps');
    const occasionId = (await findOwnedOccasion(db, c.get('host'), c.req.param('occasionId'))).id;
    const { days } = await readBody(c, RetentionPostponeSchema);
    await changeRetentionDays(db, dbKind, occasionId, { add: days });
    return c.json(await readRetention(db, occasionId, await findOwnedOccasion(db, c.get('host'), occasionId)));
  });

  return routes;
}
