import { Hono } from 'hono';
import { GuestErasureParamsSchema, HouseholdErasureParamsSchema } from '../../../core/schemas/data-rights';
import type { AppEnv } from '../../app-env';
import { notFound } from '../../data/api-error';
import { eraseGuests } from '../../data/erasure';
import { actorOf } from '../../data/history';
import { assertOwnedOccasion } from '../../data/occasions';
import { validate } from '../../data/validate';

/**
 * `POST …/guest/{guestId}/erase` and `POST …/household/{householdId}/erase`: a guest's (or a
 * whole household's) data erased everywhere in one transaction (`data/erasure.ts`). An id that
 * is not of this occasion is 404 and nothing changes.
 */
export function erasureRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/occasion/:occasionId/guest/:guestId/erase', async (c) => {
    const { db, dbKind } = c.get('deps');
    const { occasionId, guestId } = validate(GuestErasureParamsSchema, c.req.param());
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const result = await eraseGuests(db, dbKind, occasionId, { guestIds: [guestId] }, actorOf(c.get('host')));
    if (!result) throw notFound('No such guest.');
    return c.json(result);
  });

  routes.post('/occasion/:occasionId/household/:householdId/erase', async (c) => {
    const { db, dbKind } = c.get('deps');
    const { occasionId, householdId } = validate(HouseholdErasureParamsSchema, c.req.param());
    await assertOwnedOccasion(db, c.get('host'), occasionId);
    const result = await eraseGuests(db, dbKind, occasionId, { householdIds: [householdId] }, actorOf(c.get('host')));
    if (!result) throw notFound('No such household.');
    return c.json(result);
  });

  return routes;
}
