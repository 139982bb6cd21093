import { Hono } from 'hono';
import { html } from 'hono/html';
import { checkInCodeFrom } from '../../../core/schemas/check-in';
import { roleCan } from '../../../core/schemas/people';
import type { AppEnv } from '../../app-env';
import { occasionOfCheckInCode } from '../../data/check-in';
import { meetsTwoFactorRequirement } from '../../data/accounts';
import { cookieHostSession } from '../../middleware/require-host/require-host';

/**
 * `GET /c/{code}`: the check-in link a household's QR code holds. A signed-in account that may
 * work the door of the code's occasion is sent to the dashboard's door screen with the code
 * (302 to `/occasion/{occasionId}/door?code={code}`); anyone else, and any code that is no
 * household's, gets the same small page, which names neither occasion nor household, so the
 * link tells a stranger nothing and codes cannot be probed.
 */
export function checkInLinkRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('/c/*', async (c, next) => {
    await next();
    c.header('X-Robots-Tag', 'noindex, nofollow');
    // The answer depends on who asks. (The security headers keep the address, and its code, from other origins.)
    c.header('Cache-Control', 'no-store');
  });

  routes.get('/c/:code', async (c) => {
    const code = checkInCodeFrom(c.req.param('code'));
    const occasionId = code === undefined ? undefined : await occasionOfCheckInCode(c.get('deps').db, code);
    if (code !== undefined && occasionId !== undefined) {
      const session = await cookieHostSession(c, occasionId);
      const occasion = session?.occasion;
      if (session && occasion?.role && roleCan(occasion.role, 'door') && meetsTwoFactorRequirement(session, occasion)) {
        return c.redirect(`/occasion/${encodeURIComponent(occasionId)}/door?code=${code}`, 302);
      }
    }
    return c.html(checkInPage());
  });

  return routes;
}

/** The page for everyone who is not at the door: what the code is for, nothing about whose it is. */
export function checkInPage() {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>Check-in code</title>
    <style>
      body { font-family: Georgia, serif; background: #f6f4f1; color: #2b2724; display: grid; place-items: center; min-height: 90vh; margin: 0; }
      main { background: #fff; border-radius: 8px; padding: 32px; max-width: 28rem; margin: 16px; }
    </style>
  </head>
  <body>
    <main>
      <h1>Check-in code</h1>
      <p>This is a check-in code for the door; show it when you arrive.</p>
    </main>
  </body>
</html>`;
}
