import { screenDataPaths } from '../core/client/screen-data';

/**
 * The first thing the page runs (the entry is only this and a dynamic import of the app): asks
 * for everything the screen at the URL needs at once instead of one step after another. The
 * app's code and the screen's code, then the data (core's `screenDataPaths`) as `rel=preload`
 * fetches, which the stores' own requests (same URL, with credentials) find. The server already
 * names that data in the page's head, so those downloads start while this script loads; a link
 * already there is not added again.
 */
export function preloadScreen(path: string): void {
  void import('./boot');
  const match = /^\/occasion\/[\w-]+(?:\/(guests|households))?/.exec(path);
  if (!match) {
    if (path.startsWith('/auth')) void import('./auth/auth-routes');
    else void import('./occasions/occasions-routes');
  } else {
    void import('./occasion/occasion-routes');
    if (match[1] === 'guests') void import('./guests/guests-routes');
    if (match[1] === 'households') void import('./households/households-routes');
  }
  for (const href of screenDataPaths(path)) preloadFetch(href);
}

function preloadFetch(href: string): void {
  const named = [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload]')].some((link) => link.getAttribute('href') === href);
  if (named) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'use-credentials';
  link.href = href;
  document.head.append(link);
}
