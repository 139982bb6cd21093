import { Hono } from 'hono';
import { OccasionSlugSchema } from '../../../core/schemas/occasion-slug';
import type { AppEnv } from '../../app-env';
import { findOwnedOccasion, occasionSummary, readAllowedOrigins, toOccasion } from '../../data/occasions';
import { changeSlug } from '../../data/occasion-slugs';
import { readBody } from '../../http/read-body';

/**
 * `PUT /occasion/{occasionId}/slug` `{ slug }`: the address of the occasion's RSVP page
 * (`/r/{slug}`), or null for none. Answers the occasion.
 */
export function occasionSlugRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.put('/occasion/:occasionId/slug', async (c) => {
    const { db, dbKind } = c.get('deps');
    const host = c.get('host');
    const occasionId = (await findOwnedOccasion(db, host, c.req.param('occasionId'))).id;
    const { slug } = await readBody(c, OccasionSlugSchema);
    await changeSlug(db, dbKind, occasionId, slug, new Date());
    const row = await findOwnedOccasion(db, host, occasionId);
    const origins = await readAllowedOrigins(db, [occasionId]);
    return c.json(toOccasion(row, await occasionSummary(db, occasionId), origins.get(occasionId) ?? [], row.role));
  });

  return routes;
}
