import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../../app-env';
import { addressKey } from '../../email/recipients';

/**
 * `GET /unsubscribe/{token}`: a small page with one button; `POST /unsubscribe/{token}`: stops
 * mail of that occasion to the message's address (RFC 8058 one-click: mail clients POST
 * `List-Unsubscribe=One-Click` here). Public: the token (256 random bits, one per message) is
 * the only credential. An unknown token answers 404 with a page that says so.
 */
export function unsubscribeRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/unsubscribe/:token', async (c) => {
    const message = await findMessage(c);
    if (!message) return c.html(page('This link is not valid', 'It may be mistyped, or its occasion was deleted.'), 404);
    return c.html(
      page(
        `Stop emails about ${message.title}?`,
        `${message.to} will get no more emails about ${message.title}.`,
        html`<form method="post"><button type="submit">Unsubscribe</button></form>`,
      ),
    );
  });

  routes.post('/unsubscribe/:token', async (c) => {
    const message = await findMessage(c);
    if (!message) return c.html(page('This link is not valid', 'It may be mistyped, or its occasion was deleted.'), 404);
    await c
      .get('deps')
      .db.insertInto('emailUnsubscribe')
      .values({ occasionId: message.occasionId, address: addressKey(message.to), createdAt: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['occasionId', 'address']).doNothing())
      .execute();
    return c.html(page('You are unsubscribed', `${message.to} will get no more emails about ${message.title}.`));
  });

  return routes;
}

function findMessage(c: Context<AppEnv>) {
  const token = c.req.param('token') ?? '';
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return Promise.resolve(undefined);
  return c
    .get('deps')
    .db.selectFrom('email')
    .innerJoin('occasion', 'occasion.id', 'email.occasionId')
    .select(['email.occasionId', 'email.to', 'occasion.title'])
    .where('email.unsubscribeToken', '=', token)
    .executeTakeFirst();
}

function page(title: string, text: string, action: unknown = '') {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <style>
      body { font-family: Georgia, serif; background: #f6f4f1; color: #2b2724; display: grid; place-items: center; min-height: 90vh; margin: 0; }
      main { background: #fff; border-radius: 8px; padding: 32px; max-width: 28rem; }
      button { font: inherit; background: #7a4b3a; color: #fff; border: 0; border-radius: 6px; padding: 10px 20px; cursor: pointer; }
    </style>
  </head>
  <body>
    <main>
      <h1>${title}</h1>
      <p>${text}</p>
      ${action}
    </main>
  </body>
</html>`;
}
