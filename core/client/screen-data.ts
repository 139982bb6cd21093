/**
 * Guests the dashboard asks for first (`GET …/guests?limit=`): more than one screen shows (about 20
 * rows at 900 px), so a first scroll finds rows too. Here, not beside the schema: the page's entry
 * reads it, and must not take valibot with it.
 */
export const GUEST_FIRST_PAGE = 50;

/** The lists the guest and household screens show, asked for together. */
const LIST_PATHS = ['guests', 'activities', 'attribute-categories', 'households'] as const;

/** The id shape the dashboard's routes take (the server's ids are URL-safe base64). */
const SCREEN = /^\/occasion\/([\w-]+)(?:\/(guests|households))?(?:\/|$)/;

/**
 * The API paths (`GET`, same origin) a dashboard page at `pagePath` will ask for first: the
 * session, and on an occasion's screens the occasion and, on its guest and household screens,
 * its four lists. The page's entry preloads them as soon as it runs, and the server names the
 * first (the session) as a `rel=preload` link in the page it answers.
 *
 * @param pagePath The page's path, e.g. `/occasion/abc/guests`.
 * @returns The paths: the session and the occasion first (small, and the screen waits for them
 *   too; asked after the list, they waited behind it on a busy server), then the lists, the
 *   guest list first. On the guest screen its first page (`?limit=`) takes the whole list's place
 *   and the page asks for the whole list itself, later: on SQLite the whole list holds the one
 *   connection while it is written, so every request behind it (the first page, the activities
 *   and attribute categories the rows need) waited until the list's end.
 */
export function screenDataPaths(pagePath: string): string[] {
  const match = SCREEN.exec(pagePath);
  if (!match) return ['/host/v1/auth/session'];
  const base = `/host/v1/occasion/${match[1]}`;
  const lists = match[2] ? LIST_PATHS.map((list) => `${base}/${list}`) : [];
  if (match[2] === 'guests') lists[0] = `${base}/guests?limit=${GUEST_FIRST_PAGE}`;
  return ['/host/v1/auth/session', base, ...lists];
}
