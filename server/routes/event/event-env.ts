import type { AppEnv } from '../../app-env';
import type { LiveGuestSession } from '../../data/event-sessions';

/** The signed-in guest of a request: the session row, and how its token arrived. */
export interface GuestIdentity {
  session: LiveGuestSession;
  /** A cookie travels by itself, so cookie-authenticated writes get the cross-site checks. */
  via: 'bearer' | 'cookie';
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by `requireGuest` on the event area's signed-in routes. */
    guest: GuestIdentity;
  }
}

/**
 * The event area runs on the app's own environment (so the shared request helpers take its
 * context); its own variables are declared on Hono's `ContextVariableMap` above.
 */
export type EventEnv = AppEnv;
