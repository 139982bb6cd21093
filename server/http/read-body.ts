import type { Context } from 'hono';
import type * as v from 'valibot';
import { ApiError } from '../data/api-error';
import { refuseLongLists } from './list-lengths';
import { validate } from '../data/validate';

/** The largest body of an ordinary request. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** The largest body of the two bulk routes. */
export const BULK_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * Reads a JSON body within a size limit and validates it with a core schema.
 * Answers 415 for another media type, 413 past the limit, 400 for bad JSON or bad values.
 */
export async function readBody<S extends v.GenericSchema>(
  c: Context,
  schema: S,
  limit: number = DEFAULT_BODY_LIMIT,
): Promise<v.InferOutput<S>> {
  return validate(schema, await readJson(c, limit, schema));
}

/**
 * Reads and parses a JSON body within a size limit, without validating it. Given the schema, a
 * top-level list longer than the schema allows is refused before the text is parsed.
 */
export async function readJson(c: Context, limit: number = DEFAULT_BODY_LIMIT, schema?: v.GenericSchema): Promise<unknown> {
  if (!isJson(c.req.header('content-type'))) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON (Content-Type: application/json).');
  }
  const text = await readText(c.req.raw, limit);
  if (schema && limit > DEFAULT_BODY_LIMIT) refuseLongLists(schema, text);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'MALFORMED_JSON', 'The body is not valid JSON.');
  }
}

export function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

async function readText(request: Request, limit: number): Promise<string> {
  const tooLarge = () =>
    new ApiError(413, 'PAYLOAD_TOO_LARGE', `The body is larger than ${Math.round(limit / 1024)} KiB.`);
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) throw tooLarge();
  // A declared length within the limit: Node's parser delivers no more than it, so the body is
  // read whole, which @hono/node-server does straight from the socket (no web stream, no full
  // Request). Without one (chunked), it is counted as it arrives.
  if (Number.isSafeInteger(declared)) return request.text();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
