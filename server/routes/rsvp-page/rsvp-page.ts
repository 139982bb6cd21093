import { Hono, type Context } from 'hono';
import { isSlug } from '../../../core/schemas/occasion-slug';
import type { AppEnv } from '../../app-env';
import { findSlugTarget, rsvpPagePath } from '../../data/occasion-slugs';
import { loadPublicPrivacyNote } from '../../data/privacy-note';
import { notFoundPage, privacyPage, rsvpPage } from './page-html';

/**
 * `GET /r/{slug}`: the RSVP page Kindly serves for an occasion whose hosts have no website, and
 * `GET /r/{slug}/privacy`, its privacy note. A slug the occasion left less than 90 days ago
 * redirects (308, the query kept, so `?invite=` still signs in); anything else is a plain 404.
 */
export function rsvpPageRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('/r/*', async (c, next) => {
    await next();
    c.header('X-Robots-Tag', 'noindex, nofollow');
    c.header('Cache-Control', 'no-cache');
  });

  routes.get('/r/:slug', async (c) => {
    const target = await slugTarget(c);
    if (!target) return notFound(c);
    if ('movedTo' in target) return moved(c, rsvpPagePath(target.movedTo));
    return c.html(rsvpPage(target.page, c.req.param('slug')));
  });

  routes.get('/r/:slug/privacy', async (c) => {
    const target = await slugTarget(c);
    if (!target) return notFound(c);
    if ('movedTo' in target) return moved(c, `${rsvpPagePath(target.movedTo)}/privacy`);
    const loaded = await loadPublicPrivacyNote(c.get('deps').db, target.page.id);
    if (!loaded) return notFound(c);
    return c.html(privacyPage(loaded.note, c.req.param('slug')));
  });

  // Any other path under /r/ is no page either (not the dashboard's, whose policy differs).
  routes.get('/r/*', (c) => notFound(c));
  routes.get('/r', (c) => notFound(c));

  return routes;
}

function slugTarget(c: Context<AppEnv>) {
  const slug = c.req.param('slug') ?? '';
  return isSlug(slug) ? findSlugTarget(c.get('deps').db, slug, new Date()) : Promise.resolve(undefined);
}

function notFound(c: Context<AppEnv>) {
  return c.html(notFoundPage(), 404);
}

function moved(c: Context<AppEnv>, path: string) {
  const query = new URL(c.req.url).search;
  return c.redirect(`${path}${query}`, 308);
}
