import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../../core/schemas/error';
import type { AppEnv } from '../../app-env';
import { ApiError, unavailable } from '../../data/api-error';
import { loggedRoute } from '../request-logger/request-logger';
import { classifyUnavailable } from './unavailable-error';

/**
 * Answers every error with the contract's body; never a stack trace, SQL or path. A database that
 * cannot serve now (down, stalled, busy, disk full) answers 503 `UNAVAILABLE` with `Retry-After`.
 */
export const errorHandler: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof ApiError) return sendError(c, error);
  if (error instanceof HTTPException) {
    const code = error.status === 401 ? 'UNAUTHENTICATED' : error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED';
    return sendError(c, new ApiError(error.status, code, error.status === 401 ? 'Sign in first.' : 'The request is not valid.'));
  }
  const { log } = c.get('deps');
  const method = c.req.method;
  const route = loggedRoute(c);
  const unavailability = classifyUnavailable(error);
  if (unavailability) {
    // A fault of the database or Redis that passes; the client is told to retry.
    log.warn({ err: error, method, route, reason: unavailability.reason }, `unavailable ${method} ${route}: ${unavailability.reason}`);
    return sendError(c, unavailable(unavailability.retryAfterSeconds));
  }
  log.error({ err: error, method, route }, `error ${method} ${route}`);
  return sendError(c, new ApiError(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'));
};

export const notFoundHandler: NotFoundHandler<AppEnv> = (c) =>
  sendError(c, new ApiError(404, 'NOT_FOUND', 'No such route.'));

function sendError(c: Context, error: ApiError): Response {
  const body: ApiErrorBody = {
    error: { code: error.code, message: error.message, ...(error.issues ? { issues: error.issues } : {}) },
  };
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return c.json(body, error.status as ContentfulStatusCode);
}
