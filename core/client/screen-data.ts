/** The lists the guest and household screens show, asked for together. */
const LIST_PATHS = ['guests', 'activities', 'attribute-categories', 'households'] as const;

/** The id shape the dashboard's routes take (the server's ids are URL-safe base64). */
const SCREEN = /^\/occasion\/([\w-]+)(?:\/(guests|households))?(?:\/|$)/;

/**
 * The API paths (`GET`, same origin) a dashboard page at `pagePath` will ask for first: the
 * session, and on an occasion's screens the occasion and, on its guest and household screens,
 * its four lists. The server names them as `rel=preload` links in the page it answers and the
 * page's entry names the same ones, so the downloads start before the code that reads them.
 *
 * @param pagePath The page's path, e.g. `/occasion/abc/guests`.
 * @returns The paths, the largest download first.
 */
export function screenDataPaths(pagePath: string): string[] {
  const match = SCREEN.exec(pagePath);
  if (!match) return ['/host/v1/auth/session'];
  const base = `/host/v1/occasion/${match[1]}`;
  const lists = match[2] ? LIST_PATHS.map((list) => `${base}/${list}`) : [];
  return [...lists.slice(0, 1), '/host/v1/auth/session', base, ...lists.slice(1)];
}
