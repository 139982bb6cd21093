import type { AuthConfig } from '@auth/core';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env';
import { classifyUnavailable } from '../error-handler/unavailable-error';

/** Where a database fault Auth.js caught during one request is kept. */
export interface AuthFaultSlot {
  error?: unknown;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by `surfaceAuthFaults` around Auth.js's routes. */
    authFaults: AuthFaultSlot;
  }
}

/**
 * Auth.js catches every error of its callbacks and answers as if the credentials or the session
 * were bad: with the database down a host would be told to sign in again, and lose the cookie.
 * Around Auth.js's routes this keeps a slot in the context, where this request's Auth.js
 * configuration ({@link noticingAuthFaults}) notes a database fault, and throws it once Auth.js
 * is done, so the error handler answers 503 and no cookie changes. (A context variable rather
 * than an `AsyncLocalStorage`: once used, that makes every promise of the process pay for its
 * hooks.)
 */
export function surfaceAuthFaults(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const slot: AuthFaultSlot = {};
    c.set('authFaults', slot);
    await next();
    if (!slot.error) return;
    // Hono carries the headers of this answer over to the error's: drop the cookies Auth.js set.
    c.res.headers.delete('set-cookie');
    throw slot.error;
  };
}

/** The Auth.js configuration for one request: its error logger also notes faults in `slot`. */
export function noticingAuthFaults(config: AuthConfig, slot: AuthFaultSlot | undefined): AuthConfig {
  const logError = config.logger?.error;
  return {
    ...config,
    logger: {
      ...config.logger,
      error: (error) => {
        noteAuthFault(slot, error);
        logError?.(error);
      },
    },
  };
}

/** Notes the first database fault in `error` or its causes (Auth.js keeps the original as `cause.err`). */
export function noteAuthFault(slot: AuthFaultSlot | undefined, error: unknown): void {
  for (let depth = 0; slot && !slot.error && error && depth < 4; depth += 1) {
    if (classifyUnavailable(error)) slot.error = error;
    error = (error as { cause?: { err?: unknown } }).cause?.err;
  }
}
