import type { Handler } from 'hono';
import { ApiError } from '../data/api-error';

/**
 * A handler for a path that answers only `allowed` methods: any other (`TRACE`, `PUT`, `OPTIONS`,
 * …) gets 405 with `Allow` and the contract's error body. The contract has no code for 405;
 * `NOT_FOUND` is the one it gives an unknown route, which this is for that method.
 */
export function methodNotAllowed(allowed: readonly string[]): Handler {
  return (c) => {
    throw new ApiError(405, 'NOT_FOUND', `${c.req.method} is not allowed here; use ${allowed.join(' or ')}.`, undefined, {
      Allow: allowed.join(', '),
    });
  };
}
