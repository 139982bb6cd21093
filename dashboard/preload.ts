import { screenDataPaths } from '../core/client/screen-data';
import { screenChunks } from './chunks/screens';

/**
 * The first thing the page runs (the entry is only this and a dynamic import of the app): asks
 * for everything the screen at the URL needs at once instead of one step after another. The
 * app's code and the screen's code, then the data (core's `screenDataPaths`) as `rel=preload`
 * fetches, which the stores' own requests (same URL, with credentials) find. The server already
 * names the session in the page's head, so that download starts while this script loads; a link
 * already there is not added again.
 *
 * Each `import()` adds a `modulepreload` link per chunk it needs, and each link added costs a few
 * milliseconds at 4× CPU: the app's code is asked for in this task, the screen's code and the
 * data in the next one, so that neither is one long task. The screens' chunks are started through
 * `screenChunks`, the loaders the routes render them with: one that has come by then renders at
 * once (`lazyChunk`).
 */
export function preloadScreen(path: string): void {
  void import('./boot');
  // React DOM is a graph of its own (see boot.tsx), and the largest: asked for now, not after boot's.
  void import('react-dom/client');
  setTimeout(() => {
    const match = /^\/occasion\/[\w-]+(?:\/(guests|households)|\/?$)?/.exec(path);
    if (!match) {
      if (path.startsWith('/auth')) void screenChunks.auth.load();
      else void screenChunks.occasions.load();
    } else {
      void screenChunks.occasion.load();
      if (match[0].length === path.length && match[1] === undefined) void screenChunks.overview.load();
      if (match[1] === 'guests') void screenChunks.guests.load();
      if (match[1] === 'households') void screenChunks.households.load();
    }
    for (const href of screenDataPaths(path)) preloadFetch(href);
  }, 0);
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
