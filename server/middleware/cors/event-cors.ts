import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { normaliseOrigin } from '../../../core/schemas/origin';
import type { AppEnv } from '../../app-env';
import { readJsonColumn } from '../../data/json-column';
import type { Database } from '../../db/schema';
import { setAnswerHeader } from '../../http/area-headers';
import { ApiError } from '../../data/api-error';
import { LruMap } from '../../lru-map';
import { unknownOriginsOf } from './unknown-origins';

declare module 'hono' {
  interface ContextVariableMap {
    /** What a handler decided about the request's origin once it knew the occasion. */
    corsOriginAllowed: boolean;
    /** {@link crossOrigin} of the request, once worked out ('' for none). */
    crossOrigin: string;
  }
}

/**
 * What is worked out from a text alone, kept by that text (bounded: the texts come from
 * requests): an `Origin` header's normalised origin, the origin of a request URL's
 * `scheme://host` part, an `allowedOrigins` column's set. Each took a WHATWG URL parse (an
 * occasion's column one per origin listed), several for every cross-site guest request.
 */
const normalisedOrigins = new LruMap<string, string>(1000);
const urlOrigins = new LruMap<string, string>(100);
const columnOrigins = new LruMap<string, ReadonlySet<string>>(1000);

const ALLOWED_METHODS = 'GET, POST, PUT, OPTIONS';
const ALLOWED_HEADERS = 'Content-Type, Authorization';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/**
 * CORS for `/event/v1`. Every response varies on `Origin`. A preflight carries no body or token,
 * so it is answered for an origin that some occasion allows; the real request is then judged
 * against its own occasion through {@link checkOccasionOrigin}. When a request fails before its
 * occasion is known (bad JSON, no session), the same rule as the preflight's decides, so the
 * widget can read the error. The refusal itself (403 `ORIGIN_NOT_ALLOWED`) is readable from any
 * origin (`Access-Control-Allow-Origin: *`, never with credentials): it is the same constant
 * body for every request, so a widget on a site the host forgot to list can say so.
 */
export function eventCors(): MiddlewareHandler<AppEnv> {
  const preflight = async (c: Context<AppEnv>, origin: string | undefined): Promise<Response> => {
    if (origin && (await allowedBySomeOccasion(c.get('deps').db, origin))) setPreflightHeaders(c, origin);
    return c.body(null, 204);
  };
  const crossSite = async (c: Context<AppEnv>, next: () => Promise<void>, origin: string): Promise<void> => {
    c.set('headersUndecided', true);
    await next();
    if (c.get('headersComplete')) return;
    if (c.get('corsOriginAllowed') === false) setAnswerHeader(c, 'Access-Control-Allow-Origin', '*');
    else if (await decisionFor(c, origin)) setCorsHeaders(c, origin, setAnswerHeader);
  };
  // Not an async function: a request without a cross-site `Origin` goes on without a step of its own.
  return (c, next) => {
    // An area whose fixed headers include it puts it on every answer (`security-headers.ts`).
    if (!c.get('areaHeaders')?.has('Vary', 'Origin')) c.header('Vary', 'Origin', { append: true });
    const origin = crossOrigin(c);
    if (c.req.method === 'OPTIONS') return preflight(c, origin);
    return origin ? crossSite(c, next, origin) : next();
  };
}

/**
 * Judges the request's origin against its occasion's `allowedOrigins` (or, with `null` for an
 * occasion that does not exist, against every occasion's). A request from an origin that is
 * not allowed, read or write, is refused with 403 `ORIGIN_NOT_ALLOWED` before anything is read
 * or changed; {@link eventCors} makes that refusal, and only it, readable cross-origin.
 */
export async function checkOccasionOrigin(
  c: Context<AppEnv>,
  occasion: { allowedOrigins: string } | null,
): Promise<void> {
  const origin = crossOrigin(c);
  if (!origin) return;
  const allowed = occasion
    ? originsOf(occasion.allowedOrigins).has(origin)
    : await allowedBySomeOccasion(c.get('deps').db, origin);
  c.set('corsOriginAllowed', allowed);
  if (allowed) {
    c.set('decidedHeaders', corsHeaderList(origin));
    c.set('headersUndecided', false);
  } else {
    throw new ApiError(403, 'ORIGIN_NOT_ALLOWED', 'This website may not use this occasion. Ask the host to add it.');
  }
}

/**
 * The request's `Origin` normalised, or `undefined` when it has none or comes from this server
 * itself (same-origin and server-to-server requests need no CORS). An `Origin` that is not an
 * http(s) origin (`null`, `file://`) becomes `'null'`, which no occasion ever allows.
 */
export function crossOrigin(c: Context): string | undefined {
  const known = c.get('crossOrigin');
  if (known !== undefined) return known || undefined;
  const header = c.req.header('origin');
  if (header === undefined) return undefined;
  let origin = normalisedOrigins.get(header);
  if (origin === undefined) normalisedOrigins.set(header, (origin = normaliseOrigin(header.trim()) ?? 'null'));
  const own = origin === originOf(c.req.url) || origin === originOf(c.get('deps').config.authUrl);
  c.set('crossOrigin', own ? '' : origin);
  return own ? undefined : origin;
}

/** The origin of a URL (the request's, or the public one), by its `scheme://host` part. */
function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const end = url.indexOf('/', url.indexOf('//') + 2);
  const site = end === -1 ? url : url.slice(0, end);
  let origin = urlOrigins.get(site);
  if (origin === undefined) urlOrigins.set(site, (origin = new URL(url).origin));
  return origin;
}

async function decisionFor(c: Context<AppEnv>, origin: string): Promise<boolean> {
  const decided = c.get('corsOriginAllowed');
  if (decided !== undefined) return decided;
  try {
    return await allowedBySomeOccasion(c.get('deps').db, origin);
  } catch {
    return false;
  }
}

/** The normalised origins of an `allowedOrigins` column. */
function originsOf(column: string): ReadonlySet<string> {
  const kept = columnOrigins.get(column);
  if (kept) return kept;
  const origins = new Set<string>();
  for (const value of readJsonColumn<unknown[]>(column, [])) {
    const origin = typeof value === 'string' ? normaliseOrigin(value) : undefined;
    if (origin) origins.add(origin);
  }
  columnOrigins.set(column, origins);
  return origins;
}

/**
 * Whether any occasion lists the origin. An origin found unknown is answered from this
 * instance's memory for a few seconds ({@link UnknownOrigins}), without a query.
 */
export async function allowedBySomeOccasion(db: Kysely<Database>, origin: string): Promise<boolean> {
  if (origin === 'null') return false;
  return unknownOriginsOf(db).allowed(origin, async () => (await originLookup(db, origin).executeTakeFirst()) !== undefined);
}

/**
 * An occasion's row for the origin, if any: answered from the index of `occasionOrigin.origin`
 * alone (the rows hold origins normalised as the request's is).
 */
export const originLookup = (db: Kysely<Database>, origin: string) =>
  db.selectFrom('occasionOrigin').select('origin').where('origin', '=', origin).limit(1);

type SetHeader = (c: Context, name: string, value: string) => void;
const setHeader: SetHeader = (c, name, value) => c.header(name, value);

/** The CORS headers of an allowed origin's answers. */
const corsHeaderList = (origin: string): Array<[name: string, value: string]> => [
  ['Access-Control-Allow-Origin', origin],
  ['Access-Control-Allow-Credentials', 'true'],
  ['Access-Control-Expose-Headers', 'Retry-After'],
];

function setCorsHeaders(c: Context, origin: string, set: SetHeader = setHeader): void {
  for (const [name, value] of corsHeaderList(origin)) set(c, name, value);
}

function setPreflightHeaders(c: Context, origin: string): void {
  setCorsHeaders(c, origin);
  c.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
  c.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
  c.header('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS);
}
