import type { ClientError, Result } from './result';

/** How a client reaches the server. */
export interface ClientOptions {
  /** Origin (and optional path prefix) of the API, e.g. `https://rsvp.example.com`; `''` for same origin. */
  baseUrl: string;
  /** The `fetch` to use; the global one unless given (tests pass one that calls the app). */
  fetch?: typeof fetch;
  /** Milliseconds before a call gives up with `TIMEOUT_ERROR`; 10,000 unless given. */
  timeoutMs?: number;
  /**
   * Turns a body into data; `JSON.parse` unless given. The dashboard passes `parseJson`
   * (./parse-json), which parses a long list in slices that give way to the page.
   */
  parse?: (text: string) => unknown;
}

/** One call's method, body and extra headers. */
export interface SendInit {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as `application/x-www-form-urlencoded` (Auth.js routes). */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /**
   * The last answer of this GET and its `ETag`: sent as `If-None-Match`, and a `304 Not
   * Modified` answers with the data kept here. Updated by every answer that has an `ETag`.
   */
  revalidate?: Revalidated;
}

/** What a revalidated GET keeps of its last answer. */
export interface Revalidated {
  etag?: string;
  data?: unknown;
}

/** Sends one request and resolves to its {@link Result}. */
export type Send = <T>(path: string, init?: SendInit) => Promise<Result<T>>;

/** The default timeout of every call (contract section 6). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Makes the function every client call goes through: credentials included, a timeout that
 * aborts the request, and the answer turned into data or exactly one {@link ClientError}.
 *
 * @param options Where the API is, which `fetch` and how long to wait.
 * @param authHeaders Extra headers for each call (the guest area's bearer token).
 * @returns The request function.
 */
export function createSend(options: ClientOptions, authHeaders?: () => Record<string, string>): Send {
  const { baseUrl, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  return async <T>(path: string, init: SendInit = {}): Promise<Result<T>> => {
    const doFetch = options.fetch ?? fetch;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(TIMED_OUT);
        controller.abort();
      }, timeoutMs);
    });
    let response: Response;
    let text: string;
    try {
      response = await Promise.race([doFetch(baseUrl + path, toFetchInit(init, controller.signal, authHeaders)), timeout]);
      text = await Promise.race([response.text(), timeout]);
    } catch (error) {
      return { error: failure(controller.signal.aborted ? TIMED_OUT : error) };
    } finally {
      clearTimeout(timer);
    }
    const parse = options.parse ?? JSON.parse;
    return init.revalidate ? revalidatedResult<T>(init.revalidate, response, text, parse) : toResult<T>(response.status, text, parse);
  };
}

/** A 304 answers with the kept data; a 2xx with an `ETag` replaces it. */
async function revalidatedResult<T>(kept: Revalidated, response: Response, text: string, parse: (text: string) => unknown): Promise<Result<T>> {
  if (response.status === 304 && kept.etag !== undefined) return { data: kept.data as T };
  const result = await toResult<T>(response.status, text, parse);
  const etag = response.headers.get('etag');
  if ('data' in result && etag) Object.assign(kept, { etag, data: result.data });
  else Object.assign(kept, { etag: undefined, data: undefined });
  return result;
}

const TIMED_OUT = Symbol('timeout');

function toFetchInit(init: SendInit, signal: AbortSignal, authHeaders?: () => Record<string, string>): globalThis.RequestInit {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders?.(), ...init.headers };
  if (init.revalidate?.etag) headers['if-none-match'] = init.revalidate.etag;
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  return { method: init.method ?? 'GET', headers, body, credentials: 'include', signal };
}

function failure(error: unknown): ClientError {
  if (error === TIMED_OUT) return { status: 'TIMEOUT_ERROR', error: 'TimeoutError: the request was aborted after the timeout.' };
  return { status: 'FETCH_ERROR', error: String(error) };
}

async function toResult<T>(status: number, text: string, parse: (text: string) => unknown): Promise<Result<T>> {
  let data: unknown;
  try {
    data = text === '' ? undefined : await parse(text);
  } catch (error) {
    return { error: { status: 'PARSING_ERROR', originalStatus: status, data: text, error: String(error) } };
  }
  if (status >= 200 && status < 300) return { data: data as T };
  return { error: { status, data: data as never } };
}
