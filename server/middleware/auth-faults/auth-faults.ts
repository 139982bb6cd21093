import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env';
import { classifyUnavailable } from '../error-handler/unavailable-error';

const faults = new AsyncLocalStorage<{ error?: unknown }>();

/**
 * Auth.js catches every error of its callbacks and answers as if the credentials or the session
 * were bad: with the database down a host would be told to sign in again, and lose the cookie.
 * Around Auth.js's routes this notes a database fault raised inside them ({@link noteAuthFault})
 * and throws it once Auth.js is done, so the error handler answers 503 and no cookie changes.
 */
export function surfaceAuthFaults(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const slot: { error?: unknown } = {};
    await faults.run(slot, next);
    if (!slot.error) return;
    // Hono carries the headers of this answer over to the error's: drop the cookies Auth.js set.
    c.res.headers.delete('set-cookie');
    throw slot.error;
  };
}

/** Auth.js's error logger calls this with the error it caught, which keeps the original as `cause.err`. */
export function noteAuthFault(error: unknown): void {
  const slot = faults.getStore();
  for (let depth = 0; slot && !slot.error && error && depth < 4; depth += 1) {
    if (classifyUnavailable(error)) slot.error = error;
    error = (error as { cause?: { err?: unknown } }).cause?.err;
  }
}
