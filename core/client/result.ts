import type { ApiErrorBody } from '../schemas/error';

/** The network failed: refused connection, DNS, offline, CORS refusal. */
export interface FetchError {
  status: 'FETCH_ERROR';
  /** What `fetch` threw, as text. */
  error: string;
}

/** No complete answer came within the client's `timeoutMs`. */
export interface TimeoutError {
  status: 'TIMEOUT_ERROR';
  error: string;
}

/** An answer came whose body is not JSON. */
export interface ParsingError {
  status: 'PARSING_ERROR';
  /** The HTTP status of the answer. */
  originalStatus: number;
  /** The raw body text. */
  data: string;
  /** Why parsing failed. */
  error: string;
}

/** The server answered with a status outside 200 to 299; `data` is its parsed body. */
export interface HttpError {
  status: number;
  data: ApiErrorBody;
  /**
   * How many seconds the server asked the client to wait before trying again: its
   * `Retry-After` (429 `RATE_LIMITED`, 503 `UNAVAILABLE`). Absent when the answer has none, or
   * one that is not a whole number of seconds (an HTTP date, which Kindly never sends).
   */
  retryAfterSeconds?: number;
}

/** Exactly one of the contract's four client errors (section 6). */
export type ClientError = FetchError | TimeoutError | ParsingError | HttpError;

/** What every client call resolves to: never a rejection. */
export type Result<T> = { data: T; error?: undefined } | { data?: undefined; error: ClientError };

/**
 * One human line for any client error, safe for any body an HTTP error may carry.
 *
 * @param error A client error.
 * @returns The server's message, or a generic one for the kind of failure.
 */
export function errorMessage(error: ClientError): string {
  if (typeof error.status === 'number') {
    const message = (error as HttpError).data?.error?.message;
    return typeof message === 'string' ? message : `The server answered ${error.status}.`;
  }
  if (error.status === 'TIMEOUT_ERROR') return 'The server took too long to answer. Please try again.';
  if (error.status === 'PARSING_ERROR') return 'The server sent an answer that could not be read.';
  return 'Could not reach the server. Check your connection and try again.';
}

/**
 * Whether an error is the server's answer (a status number and the contract's body).
 *
 * @param error A client error.
 * @returns `true` for an {@link HttpError}.
 */
export function isHttpError(error: ClientError): error is HttpError {
  return typeof error.status === 'number';
}
