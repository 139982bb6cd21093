import { chunk } from './chunk';

/**
 * The occasion's screens that the entry starts for the page's URL (`preload.ts`, through
 * `screenChunks`) and the occasion's routes render (`lazyChunk`). A module of their own: the
 * occasion's routes are themselves a chunk of `screenChunks`, so they cannot import it.
 */
export const occasionScreenChunks = {
  overview: chunk(() => import('../occasion/overview-page')),
  guests: chunk(() => import('../guests/guests-routes')),
  households: chunk(() => import('../households/households-routes')),
};
