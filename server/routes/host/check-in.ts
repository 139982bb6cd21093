import { Hono } from 'hono';
import { CheckInMarksSchema, checkInCodeFrom } from '../../../core/schemas/check-in';
import type { AppEnv } from '../../app-env';
import { notFound } from '../../data/api-error';
import { applyMarks, checkInCounts, checkInHousehold, checkInList } from '../../data/check-in';
import { ownedOccasionRevision } from '../../data/occasion-revision';
import { readBody } from '../../http/read-body';

/** The largest marks body: 200 marks of the longest ids fit with room to spare. */
export const CHECK_IN_BODY_LIMIT = 128 * 1024;

/**
 * Check-in at the door (`docs/api/check-in.md`), all with the `door` permission: the list, the
 * counts the door screens poll, a household by its check-in code, and the marks they send.
 */
export function checkInRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const base = '/occasion/:occasionId/check-in';

  routes.get(base, async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    const revision = await ownedOccasionRevision(db, c.get('host'), occasionId);
    return c.json(await checkInList(db, occasionId, revision));
  });

  routes.get(`${base}/counts`, async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    const revision = await ownedOccasionRevision(db, c.get('host'), occasionId);
    return c.json(await checkInCounts(db, occasionId, revision));
  });

  routes.get(`${base}/code/:code`, async (c) => {
    const { db } = c.get('deps');
    const occasionId = c.req.param('occasionId');
    const code = checkInCodeFrom(c.req.param('code'));
    if (code === undefined) throw notFound('No household has this check-in code.');
    return c.json(await checkInHousehold(db, occasionId, code));
  });

  routes.post(base, async (c) => {
    const { db, dbKind } = c.get('deps');
    const host = c.get('host');
    const occasionId = c.req.param('occasionId');
    const revision = await ownedOccasionRevision(db, host, occasionId);
    const { marks } = await readBody(c, CheckInMarksSchema, CHECK_IN_BODY_LIMIT);
    return c.json(await applyMarks(db, dbKind, occasionId, host.accountId, marks, new Date(), revision));
  });

  return routes;
}
