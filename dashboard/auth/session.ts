import type { HostSession } from '../../core/client/host-session';
import type { SessionState } from '../../core/client/session-state';
import { useKindly, useStore } from '../data/kindly';

/** The host session as the stores hold it; `ready` is false until the first answer. */
export function useSession(): SessionState<HostSession> {
  const { stores } = useKindly();
  return useStore(stores.$session);
}

/**
 * Where to go after signing in: `next` when it is a path of this app (never another origin,
 * `//host` or a backslash trick), otherwise `/occasions`.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/occasions';
  if (next.startsWith('/auth')) return '/occasions';
  return next;
}

/** The sign-in path that comes back to `path` afterwards. */
export function signInPathFor(path: string): string {
  const next = safeNext(path);
  return next === '/occasions' ? '/auth/sign-in' : `/auth/sign-in?next=${encodeURIComponent(next)}`;
}
