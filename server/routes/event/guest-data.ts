import { Hono } from 'hono';
import { ErasureRequestCreateSchema, PrivacyNoteQuerySchema } from '../../../core/schemas/guest-data';
import { notFound } from '../../data/api-error';
import { openErasureRequest } from '../../data/erasure-requests';
import { loadHouseholdData } from '../../data/household-data';
import { loadPublicPrivacyNote } from '../../data/privacy-note';
import { validate } from '../../data/validate';
import { publicUrlOf } from '../../email/public-url';
import { readBody } from '../../http/read-body';
import { checkOccasionOrigin } from '../../middleware/cors/event-cors';
import type { EventEnv } from './event-env';
import { consumeWriteLimit } from './event-rate-limits';

/**
 * A guest's own data: `GET /privacy?occasionId=` (no session: the occasion's title and privacy
 * note, nothing of its guests), `GET /household/data` (the household's download) and
 * `POST /erasure-request` (ask the hosts to erase the household).
 */
export function eventGuestDataRoutes(): Hono<EventEnv> {
  const routes = new Hono<EventEnv>();

  routes.get('/privacy', async (c) => {
    const { occasionId } = validate(PrivacyNoteQuerySchema, c.req.query());
    const found = await loadPublicPrivacyNote(c.get('deps').db, occasionId);
    await checkOccasionOrigin(c, found ?? null);
    if (!found) throw notFound('No such occasion.');
    return c.json(found.note);
  });

  routes.get('/household/data', async (c) => {
    const { occasionId, householdId, guestId } = c.get('guest').session;
    return c.json(await loadHouseholdData(c.get('deps').db, { occasionId, householdId, guestId }, new Date()));
  });

  routes.post('/erasure-request', async (c) => {
    const { db, config } = c.get('deps');
    const { occasionId, householdId } = c.get('guest').session;
    await consumeWriteLimit(c);
    const { message } = await readBody(c, ErasureRequestCreateSchema);
    const dashboardUrl = `${publicUrlOf(c, config)}/occasion/${occasionId}`;
    const { request, created } = await openErasureRequest(db, { occasionId, householdId }, message, { dashboardUrl, now: new Date() });
    return c.json(request, created ? 201 : 200);
  });

  return routes;
}
