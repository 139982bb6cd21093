import * as v from 'valibot';

/** One problem with a request: where (`guests.41.email`, `''` for the body itself) and what. */
export interface ApiIssue {
  /** Dot-joined keys and indices from the body's root; `''` for the body itself. */
  path: string;
  /** A human, specific message, e.g. `First name is required.` */
  message: string;
}

/** Every error code of the contract (section 1 and 4), with its HTTP status in the comment. */
export type ApiErrorCode =
  /** 400: the body or a parameter does not pass its schema. */
  | 'VALIDATION_FAILED'
  /** 400: the body is not JSON. */
  | 'MALFORMED_JSON'
  /** 401: no valid host or guest session. */
  | 'UNAUTHENTICATED'
  /** 401: guest sign-in failed (always the same answer, whatever the reason). */
  | 'INVALID_CREDENTIALS'
  /** 401: host sign-in: the password was right; the account asks for its authenticator's code (the client's reading of Auth.js's answer). */
  | 'TWO_FACTOR_REQUIRED'
  /** 401: host sign-in: the password was right, the code was not (or was used already). */
  | 'TWO_FACTOR_INVALID'
  /** 403 */
  | 'FORBIDDEN'
  /** 403: the RSVP deadline has passed. */
  | 'RSVP_CLOSED'
  /** 403: the request's `Origin` is not on the occasion's `allowedOrigins`. */
  | 'ORIGIN_NOT_ALLOWED'
  /** 404: no such entity, or another host's. */
  | 'NOT_FOUND'
  /** 403: the account's email address is not verified yet, so it sends no email to guests. */
  | 'EMAIL_NOT_VERIFIED'
  /** 409 */
  | 'CONFLICT'
  /** 409: an account with this email exists. */
  | 'EMAIL_TAKEN'
  /** 409: another occasion uses the RSVP page address (slug), or left it less than 90 days ago. */
  | 'SLUG_TAKEN'
  /** 409: the household already has an RSVP (use PUT). */
  | 'RSVP_EXISTS'
  /** 409: an import cannot be undone: rows it wrote changed since (the message names them). */
  | 'IMPORT_CHANGED'
  /** 409: a table has fewer free seats than the guests sent to it (the message names the table and its free seats). */
  | 'TABLE_FULL'
  /** 413: the body is larger than the route allows. */
  | 'PAYLOAD_TOO_LARGE'
  /** 415: the body is not `application/json`. */
  | 'UNSUPPORTED_MEDIA_TYPE'
  /** 429: too many requests; see `Retry-After`. */
  | 'RATE_LIMITED'
  /** 503: a dependency (the database) is unavailable. */
  | 'UNAVAILABLE'
  /** 500: an unexpected failure; nothing internal is revealed. */
  | 'INTERNAL_ERROR';

/** The body of every error response of both API areas (contract section 1). */
export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    issues?: ApiIssue[];
  };
}

/** Options of {@link toApiIssues}. */
export interface ToApiIssuesOptions {
  /** Most issues returned, so a 50,000-row bulk body cannot make a huge answer; 100 unless given. */
  readonly max?: number;
}

/** The dot path of an issue: its path items' keys joined with `.`, `''` at the root. */
function issuePath(issue: v.BaseIssue<unknown>): string {
  const dotPath = v.getDotPath(issue);
  if (dotPath !== null) return dotPath;
  return issue.path ? issue.path.map((item) => String(item.key)).join('.') : '';
}

/**
 * Turns valibot issues into the contract's issues: `{ path: 'guests.41.email', message }`,
 * in order, at most `max` of them.
 *
 * @param issues The issues of a failed `v.safeParse`.
 * @param options The most issues to return.
 * @returns The issues for an error body.
 */
export function toApiIssues(
  issues: readonly v.BaseIssue<unknown>[],
  options: ToApiIssuesOptions = {},
): ApiIssue[] {
  const { max = 100 } = options;
  return issues.slice(0, max).map((issue) => ({ path: issuePath(issue), message: issue.message }));
}

/**
 * The `VALIDATION_FAILED` error body for a failed validation; its message is the first
 * issue's, so a client that shows one line shows the most useful one.
 *
 * @param issues The issues of a failed `v.safeParse`.
 * @returns The error body to answer with status 400.
 */
export function validationError(issues: readonly v.BaseIssue<unknown>[]): ApiErrorBody {
  const apiIssues = toApiIssues(issues);
  return {
    error: {
      code: 'VALIDATION_FAILED',
      message: apiIssues[0]?.message ?? 'The request is not valid.',
      issues: apiIssues,
    },
  };
}
