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
 * milliseconds at 4× CPU: the app's code is asked for in this task, React DOM's and each of
 * `screenSteps` in a task of its own (as one task they were 70 to 140 ms at 4× CPU, profiled). The screens'
 * chunks are started through `screenChunks`, the loaders the routes render them with: one that
 * has come by then renders at once (`lazyChunk`).
 */
export function preloadScreen(path: string): void {
  void import('./boot');
  // React DOM is a graph of its own (see boot.tsx), and the largest: asked for next, not after
  // boot's, in a task of its own (the links of both graphs in one task were ~100 ms at 4× CPU).
  setTimeout(() => void import('react-dom/client'), 0);
  for (const step of screenSteps(path)) setTimeout(step, 0);
}

/**
 * What the screen at `path` needs besides the app's code, one step per request or chunk: its data
 * first (the server's part of the wait), then its code.
 */
export function screenSteps(path: string): (() => void)[] {
  const data = screenDataPaths(path).map((href) => () => preloadFetch(href));
  return [...data, ...screenCode(path).map((screen) => () => void screenChunks[screen].load())];
}

/** The screens' chunks that the page at `path` renders. */
export function screenCode(path: string): (keyof typeof screenChunks)[] {
  const match = /^\/occasion\/[\w-]+(?:\/(guests|households)|\/?$)?/.exec(path);
  if (!match) return [path.startsWith('/auth') ? 'auth' : path.startsWith('/account') ? 'account' : 'occasions'];
  const overview = match[0].length === path.length && match[1] === undefined;
  return ['occasion', ...(overview ? (['overview'] as const) : []), ...(match[1] ? [match[1] as 'guests' | 'households'] : [])];
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
