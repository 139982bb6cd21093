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
   * (`dashboard/data/parse-json.ts`), which parses a long list in slices that give way to the page.
   */
  parse?: (text: string) => unknown;
  /**
   * Reads a successful JSON answer's body as it downloads, instead of waiting for all of it and
   * then parsing. The dashboard passes `readJsonStream` (`dashboard/data/parse-json.ts`): the 10,000-guest list is
   * parsed while it is still coming. Failed and non-JSON answers still go through `parse`.
   */
  readJson?: (body: ReadableStream<Uint8Array>) => Promise<unknown>;
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
  /** This call's time limit, for a write that may take longer than the client's `timeoutMs` (an import). */
  timeoutMs?: number;
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
      }, init.timeoutMs ?? timeoutMs);
    });
    let response: Response;
    let body: Body;
    try {
      response = await Promise.race([doFetch(baseUrl + path, toFetchInit(init, controller.signal, authHeaders)), timeout]);
      body = await Promise.race([readBody(response, options.readJson), timeout]);
    } catch (error) {
      return { error: failure(controller.signal.aborted ? TIMED_OUT : error) };
    } finally {
      clearTimeout(timer);
    }
    const parse = options.parse ?? JSON.parse;
    return init.revalidate ? revalidatedResult<T>(init.revalidate, response, body, parse) : toResult<T>(response, body, parse);
  };
}

/** An answer's body: its text, or (read as it came) its parsed JSON or the `SyntaxError` that stopped it. */
type Body = { text: string } | { streamed: unknown } | { streamError: unknown };

async function readBody(response: Response, readJson: ClientOptions['readJson']): Promise<Body> {
  const streams = readJson && response.ok && response.body && /\bjson\b/.test(response.headers.get('content-type') ?? '');
  if (!streams) return { text: await response.text() };
  try {
    return { streamed: await readJson(response.body!) };
  } catch (error) {
    if (error instanceof SyntaxError) return { streamError: error };
    throw error;
  }
}

/** A 304 answers with the kept data; a 2xx with an `ETag` replaces it. */
async function revalidatedResult<T>(kept: Revalidated, response: Response, body: Body, parse: (text: string) => unknown): Promise<Result<T>> {
  if (response.status === 304 && kept.etag !== undefined) return { data: kept.data as T };
  const result = await toResult<T>(response, body, parse);
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

async function toResult<T>(response: Response, body: Body, parse: (text: string) => unknown): Promise<Result<T>> {
  const { status } = response;
  if ('streamError' in body) return { error: { status: 'PARSING_ERROR', originalStatus: status, data: '', error: String(body.streamError) } };
  let data: unknown;
  if ('streamed' in body) data = body.streamed;
  else {
    const { text } = body;
    try {
      data = text === '' ? undefined : await parse(text);
    } catch (error) {
      return { error: { status: 'PARSING_ERROR', originalStatus: status, data: text, error: String(error) } };
    }
  }
  if (status >= 200 && status < 300) return { data: data as T };
  // Kindly's 429 and 503 say when to try again in seconds; a date (which it never sends) is left out.
  const retryAfter = /^\d+$/.exec(response.headers.get('retry-after') ?? '')?.[0];
  return { error: retryAfter ? { status, data: data as never, retryAfterSeconds: +retryAfter } : { status, data: data as never } };
}
