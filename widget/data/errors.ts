import { isHttpError, type ClientError } from '../../core/client/result';
import type { FirstScreenStrings } from '../i18n';

type Body = { error?: { code?: string; message?: string; issues?: Array<{ path: string; message: string }> } } | undefined;
const bodyOf = (error: ClientError | undefined): Body => (typeof error?.status === 'number' ? (error.data as Body) : undefined);

/** The error code of an API answer (`INVALID_CREDENTIALS`…), if it has one. */
export const errorCode = (error: ClientError | undefined): string | undefined => bodyOf(error)?.error?.code;

/** The server's own message of an API answer, if it has one. */
export const serverMessage = (error: ClientError | undefined): string | undefined => bodyOf(error)?.error?.message;

/** The field issues of a 400 answer, by path (`guests.0.firstName`). */
export function fieldIssues(error: ClientError | undefined): Record<string, string> {
  const issues: Record<string, string> = {};
  for (const issue of bodyOf(error)?.error?.issues ?? []) issues[issue.path] ??= issue.message;
  return issues;
}

/**
 * One sentence for a failed call, in the widget's language; a 429 says how long to wait (its
 * `Retry-After`, else a minute).
 */
export function describeError(error: ClientError, strings: FirstScreenStrings): string {
  if (!isHttpError(error)) return error.status === 'PARSING_ERROR' ? strings.serverError : strings.networkError;
  const code = errorCode(error);
  return code === 'INVALID_CREDENTIALS'
    ? strings.invalidCredentials
    : code === 'RATE_LIMITED'
      ? strings.rateLimited(waitText(error.retryAfterSeconds || 60, strings.locale))
      : code === 'ORIGIN_NOT_ALLOWED'
        ? strings.originNotAllowed(location.origin)
        : code === 'RSVP_CLOSED'
          ? strings.rsvpClosed
          : code === 'UNAUTHENTICATED'
            ? strings.sessionEnded
            : code === 'VALIDATION_FAILED'
              ? strings.fixErrors
              : strings.serverError;
}

/** A wait in the catalogue's language, plural forms by `Intl`: seconds under 90, else whole minutes. */
function waitText(seconds: number, locale: string): string {
  const minutes = seconds >= 90;
  return new Intl.NumberFormat(locale, { style: 'unit', unit: minutes ? 'minute' : 'second', unitDisplay: 'long' }).format(
    minutes ? Math.ceil(seconds / 60) : seconds,
  );
}
