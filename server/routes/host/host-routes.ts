import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { hostSessionId } from '../../auth/host-sessions';
import { clientAddress } from '../../http/client-address';
import { refuseApiTokenOutsideOccasions, requireHost } from '../../middleware/require-host/require-host';
import { requireRole } from '../../middleware/require-role/require-role';
import { accountRoutes } from './account';
import { twoFactorRoutes } from './two-factor';
import { activityRoutes } from './activities';
import { apiTokenRoutes } from './api-tokens';
import { answerRoutes } from './answers';
import { attributeCategoryRoutes } from './attribute-categories';
import { emailRoutes } from './emails';
import { erasureRoutes } from './erasure';
import { dataRightsRoutes } from './data-rights';
import { guestBulkDeleteRoutes } from './guests-bulk-delete';
import { guestBulkRoutes } from './guests-bulk';
import { guestImportRoutes } from './guest-import';
import { guestRoutes } from './guests';
import { guestDataRoutes } from './guest-data';
import { historyRoutes } from './history';
import { HOST_RATE_LIMITS, signInEmail } from './host-rate-limits';
import { householdRoutes } from './households';
import { inviteLineBulkRoutes } from './invite-lines-bulk';
import { inviteLineRoutes } from './invite-lines';
import { occasionRoutes } from './occasions';
import { occasionSlugRoutes } from './occasion-slug';
import { peopleRoutes } from './people';
import { questionRoutes } from './questions';
import { replyRoutes } from './replies';
import { seatingRoutes } from './seating';
import { webhookRoutes } from './webhooks';

/** The host session token an answer sets (Auth.js's session cookie, `__Secure-` on https), if any. */
function sessionTokenSet(headers: Headers): string | undefined {
  for (const cookie of headers.getSetCookie()) {
    const match = /^(?:__Secure-)?authjs\.session-token=([A-Za-z0-9_-]{20,200});/.exec(cookie);
    if (match) return match[1];
  }
  return undefined;
}

/** Everything under `/host/v1` but Auth.js's own routes, which the app mounts after these. */
export function hostRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // Also ahead of Auth.js's routes, which the app mounts after these.
  routes.use('*', refuseApiTokenOutsideOccasions());

  routes.post('/auth/callback/credentials', async (c, next) => {
    const email = await signInEmail(c.req.raw.clone());
    const checks = [{ rule: HOST_RATE_LIMITS.signInPerClient, key: clientAddress(c) }];
    if (email) checks.push({ rule: HOST_RATE_LIMITS.signInPerAccount, key: email });
    await c.get('deps').rateLimiter.consume(checks);
    await next();
    // A session begun: note where from, for the account's list of sessions.
    const token = sessionTokenSet(c.res.headers);
    if (token) {
      const userAgent = (c.req.header('user-agent') ?? '').slice(0, 300);
      await c.get('deps').db.updateTable('hostSession').set({ userAgent, address: clientAddress(c) }).where('id', '=', hostSessionId(token)).execute();
    }
  });

  routes.route('/', accountRoutes());
  routes.route('/', twoFactorRoutes());

  for (const path of ['/occasion', '/occasion/*', '/occasions', '/occasions/*']) routes.use(path, requireHost(), requireRole());
  routes.route('/', occasionRoutes());
  routes.route('/', occasionSlugRoutes());
  routes.route('/', peopleRoutes());
  routes.route('/', apiTokenRoutes());
  routes.route('/', activityRoutes());
  routes.route('/', attributeCategoryRoutes());
  routes.route('/', householdRoutes());
  routes.route('/', guestRoutes());
  routes.route('/', guestBulkRoutes());
  routes.route('/', guestImportRoutes());
  routes.route('/', guestBulkDeleteRoutes());
  routes.route('/', inviteLineRoutes());
  routes.route('/', inviteLineBulkRoutes());
  routes.route('/', seatingRoutes());
  routes.route('/', questionRoutes());
  routes.route('/', answerRoutes());
  routes.route('/', replyRoutes());
  routes.route('/', emailRoutes());
  routes.route('/', historyRoutes());
  routes.route('/', erasureRoutes());
  routes.route('/', dataRightsRoutes());
  routes.route('/', guestDataRoutes());
  routes.route('/', webhookRoutes());

  return routes;
}
