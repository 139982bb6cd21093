import { chunk } from './chunk';
import { occasionScreenChunks } from './occasion-screens';

/**
 * The screens' chunks the entry starts for the page's URL (`preload.ts`) and the routes render
 * (`lazyChunk`): one loader each, so that a chunk the entry has loaded renders at once.
 */
export const screenChunks = {
  auth: chunk(() => import('../auth/auth-routes')),
  occasions: chunk(() => import('../occasions/occasions-routes')),
  occasion: chunk(() => import('../occasion/occasion-routes')),
  account: chunk(() => import('../account/account-routes')),
  ...occasionScreenChunks,
};
