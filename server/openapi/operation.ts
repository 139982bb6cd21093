import type * as v from 'valibot';
import type { JsonSchema } from './json-schema';

/** Who may call a route: which of the area's security schemes it takes. */
export type Caller =
  /** Anyone; no credentials read. */
  | 'anyone'
  /** A signed-in host (the session cookie, or an API token as `Authorization: Bearer`). */
  | 'host'
  /** A guest with a live session (its token as `Authorization: Bearer`, or the cookie). */
  | 'guest'
  /** Anyone; a guest session is read when there is one. */
  | 'guest-if-any';

/** A success answer's body: JSON of this schema, an HTML document, a ZIP file, or none. */
export type AnswerBody = JsonSchema | 'html' | 'zip' | 'none';

/**
 * One route of an area, as its documentation says it: the one place a route is described.
 * Keyed `METHOD /path` in the area's table exactly as the route is registered (Hono's
 * `:param` syntax, relative to the area), like `routes/host/route-permissions.ts`.
 */
export interface Operation {
  /** A short name, shown as the operation's title: `List guests`. */
  readonly summary: string;
  /** The group it is listed under. */
  readonly tag: string;
  /** More, in Markdown, when the summary is not enough. */
  readonly description?: string;
  readonly caller: Caller;
  /** The JSON body: a core schema, or JSON Schema for what no core schema describes. */
  readonly body?: v.GenericSchema | JsonSchema;
  /** The body's media type when it is not JSON (Auth.js's form posts). */
  readonly bodyType?: 'application/x-www-form-urlencoded';
  /** The largest body taken, in bytes, when it is not the usual 64 KiB. */
  readonly bodyLimit?: number;
  /** The query string: a core schema of an object of strings, or its parameters as JSON Schema. */
  readonly query?: v.GenericSchema | Readonly<Record<string, JsonSchema>>;
  /** Path parameters that are not plain ids. */
  readonly params?: Readonly<Record<string, JsonSchema>>;
  /** Success answers by status. */
  readonly answers: Readonly<Record<number, AnswerBody>>;
  /**
   * Error statuses beyond those the route's shape implies (see `build-document.ts`: a body
   * implies 400, 413 and 415; a path parameter 404; a caller 401; …), e.g. 409 or 429.
   */
  readonly errors?: readonly number[];
}

/** An area's routes, keyed `METHOD /path` as registered. */
export type OperationTable = Readonly<Record<string, Operation>>;
