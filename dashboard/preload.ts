/**
 * The first thing the page runs (the entry is only this and a dynamic import of the app): asks
 * for everything the screen at the URL needs at once instead of one step after another. The
 * app's code and the screen's code first (so a busy server sends them before the large lists),
 * then the session, the occasion and, on the guest and household screens, the occasion's lists
 * as `rel=preload` fetches, which the stores' own requests (same URL, with credentials) find.
 */
export function preloadScreen(path: string): void {
  void import('./boot');
  const match = /^\/occasion\/([\w-]+)(?:\/(guests|households))?/.exec(path);
  if (!match) {
    if (path.startsWith('/auth')) void import('./auth/auth-routes');
    else void import('./occasions/occasions-routes');
    preloadFetch('/host/v1/auth/session');
    return;
  }
  void import('./occasion/occasion-routes');
  if (match[2] === 'guests') void import('./guests/guests-routes');
  if (match[2] === 'households') void import('./households/households-routes');
  const base = `/host/v1/occasion/${match[1]}`;
  preloadFetch('/host/v1/auth/session');
  preloadFetch(base);
  if (match[2]) for (const list of ['guests', 'activities', 'attribute-categories', 'households']) preloadFetch(`${base}/${list}`);
}

function preloadFetch(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'use-credentials';
  link.href = href;
  document.head.append(link);
}
