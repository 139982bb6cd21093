import { fromValibot, ref, type JsonSchema } from './json-schema';
import type { Caller, Operation, OperationTable } from './operation';

/** Everything an area's document is made of. */
export interface AreaDescription {
  readonly title: string;
  readonly description: string;
  /** The area's path, `/host/v1`: the document's server; its paths are relative to it. */
  readonly prefix: string;
  readonly operations: OperationTable;
  readonly schemas: Readonly<Record<string, JsonSchema>>;
  readonly securitySchemes: Readonly<Record<string, JsonSchema>>;
  /** The security requirement of a route (its key) for its kind of caller, by scheme name. */
  readonly security: (caller: Caller, key: string) => ReadonlyArray<Record<string, string[]>>;
  /** Whether a route is refused 403 by a role or origin check, beyond its own `errors`. */
  readonly mayForbid: (key: string) => boolean;
}

export type OpenApiDocument = JsonSchema & { paths: Record<string, Record<string, JsonSchema>> };

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  302: 'Found',
  304: 'Not modified: the `If-None-Match` ETag is current.',
  400: 'The body, a parameter or the query is not valid (`VALIDATION_FAILED`, `MALFORMED_JSON`).',
  401: 'No valid session (`UNAUTHENTICATED`).',
  403: 'Not allowed (`FORBIDDEN`, and the codes the route names).',
  404: 'No such entity, or another host’s (`NOT_FOUND`).',
  409: 'A conflict with the current state (`CONFLICT` and the codes the route names).',
  413: 'The body is larger than the route takes (`PAYLOAD_TOO_LARGE`).',
  415: 'The body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`).',
  429: 'Too many requests (`RATE_LIMITED`); `Retry-After` says when to try again.',
  503: 'A dependency cannot serve now (`UNAVAILABLE`); `Retry-After` says when to try again.',
};

const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } } };

/** `/occasion/:occasionId` → `/occasion/{occasionId}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

/** `GET /occasion/:occasionId/guests` → `getOccasionGuests`. */
function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment && !segment.startsWith(':'))
    .flatMap((segment) => segment.split(/[-.]/));
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/** Whether a value is a valibot schema rather than JSON Schema. */
function isValibot(schema: object): schema is Parameters<typeof fromValibot>[0] {
  return '~standard' in schema;
}

function asJsonSchema(schema: NonNullable<Operation['body']>): JsonSchema {
  return isValibot(schema) ? fromValibot(schema) : schema;
}

function pathParameters(path: string, operation: Operation): JsonSchema[] {
  return [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: operation.params?.[name!] ?? { type: 'string', minLength: 1 },
  }));
}

function queryParameters(operation: Operation): JsonSchema[] {
  if (!operation.query) return [];
  let properties: Record<string, JsonSchema>;
  let required: string[] = [];
  if (isValibot(operation.query)) {
    const schema = fromValibot(operation.query);
    properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    required = (schema.required ?? []) as string[];
  } else {
    properties = { ...operation.query };
  }
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.includes(name), schema }));
}

/** The error statuses a route can answer: implied by its shape, and those it names. */
export function errorStatuses(area: AreaDescription, key: string, operation: Operation): number[] {
  const statuses = new Set(operation.errors);
  if (operation.body || operation.query) statuses.add(400);
  if (operation.caller === 'host' || operation.caller === 'guest') statuses.add(401);
  if (area.mayForbid(key)) statuses.add(403);
  if (key.includes('/:')) statuses.add(404);
  if (operation.body && operation.bodyType === undefined) statuses.add(413).add(415);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

function successResponse(status: number, body: Operation['answers'][number]): JsonSchema {
  const description = STATUS_TEXT[status] ?? String(status);
  if (body === 'none') return { description };
  if (body === 'html') return { description, content: { 'text/html': { schema: { type: 'string' } } } };
  if (body === 'zip') return { description, content: { 'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } } } };
  return { description, content: { 'application/json': { schema: body } } };
}

function errorResponse(status: number): JsonSchema {
  return {
    description: STATUS_TEXT[status] ?? 'An error.',
    ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
    content: { 'application/json': { schema: ref('ErrorBody') } },
  };
}

function requestBody(operation: Operation): JsonSchema | undefined {
  if (!operation.body) return undefined;
  const limit = operation.bodyLimit ?? 64 * 1024;
  return {
    required: true,
    description: `At most ${limit.toLocaleString('en-US')} bytes.`,
    content: { [operation.bodyType ?? 'application/json']: { schema: asJsonSchema(operation.body) } },
  };
}

function describeOperation(area: AreaDescription, key: string, operation: Operation): JsonSchema {
  const [method, path] = splitKey(key);
  const responses: Record<string, JsonSchema> = {};
  for (const [status, body] of Object.entries(operation.answers)) responses[status] = successResponse(Number(status), body);
  for (const status of errorStatuses(area, key, operation)) responses[String(status)] = errorResponse(status);
  const parameters = [...pathParameters(path, operation), ...queryParameters(operation)];
  const body = requestBody(operation);
  return {
    operationId: operationId(method, path),
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    security: area.security(operation.caller, key),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/** `GET /occasions` → `['GET', '/occasions']`. */
export function splitKey(key: string): [method: string, path: string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space), key.slice(space + 1)];
}

/** The OpenAPI 3.1 document of an area. */
export function buildDocument(area: AreaDescription): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [key, operation] of Object.entries(area.operations)) {
    const [method, path] = splitKey(key);
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = describeOperation(area, key, operation);
  }
  const tags = [...new Set(Object.values(area.operations).map((operation) => operation.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: { title: area.title, version: '1', description: area.description },
    servers: [{ url: area.prefix }],
    tags,
    paths,
    components: { schemas: area.schemas, securitySchemes: area.securitySchemes },
  };
}
