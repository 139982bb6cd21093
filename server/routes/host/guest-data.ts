import { Hono, type Context } from 'hono';
import { PrivacyNoteUpdateSchema } from '../../../core/schemas/guest-data';
import type { AppEnv } from '../../app-env';
import { decideErasureRequest, listErasureRequests } from '../../data/erasure-requests';
import { assertOwnedOccasion } from '../../data/occasions';
import { loadHostPrivacyNote, savePrivacyNote } from '../../data/privacy-note';
import { readBody } from '../../http/read-body';

/**
 * Guests' data, for hosts: the occasion's privacy note (`GET`/`PUT …/privacy-note`) and the
 * households' erasure requests (`GET …/erasure-requests`, `POST …/erasure-request/{id}/confirm`
 * or `/decline`; confirming erases the household).
 */
export function guestDataRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/occasion/:occasionId/privacy-note', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    return c.json(await loadHostPrivacyNote(db, occasionId));
  });

  routes.put('/occasion/:occasionId/privacy-note', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const { privacyNote } = await readBody(c, PrivacyNoteUpdateSchema);
    await db.transaction().execute((trx) => savePrivacyNote(trx, occasionId, privacyNote, new Date()));
    return c.json(await loadHostPrivacyNote(db, occasionId));
  });

  routes.get('/occasion/:occasionId/erasure-requests', async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    return c.json(await listErasureRequests(db, occasionId));
  });

  routes.post('/occasion/:occasionId/erasure-request/:requestId/confirm', (c) => decide(c, 'confirmed'));
  routes.post('/occasion/:occasionId/erasure-request/:requestId/decline', (c) => decide(c, 'declined'));

  return routes;
}

async function decide(c: Context<AppEnv>, decision: 'confirmed' | 'declined'): Promise<Response> {
  const { db, dbKind } = c.get('deps');
  const { occasionId, requestId } = c.req.param() as { occasionId: string; requestId: string };
  const host = c.get('host');
  await assertOwnedOccasion(db, host, occasionId);
  return c.json(await decideErasureRequest(db, dbKind, { occasionId, requestId }, decision, host.accountId, new Date()));
}
