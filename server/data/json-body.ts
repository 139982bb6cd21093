/** A JSON answer's text, or its UTF-8 bytes (what the hot reads keep: {@link jsonBytes}). */
export type JsonBody = string | Uint8Array<ArrayBuffer>;

const utf8 = new TextEncoder();

/**
 * A value's JSON as UTF-8 bytes, for an answer kept and sent many times: a text body is encoded
 * again for every send (and first joined to the header block, then that copied flat), and its
 * length counted for `Content-Length`; bytes go to the socket as they are. Not a slice of
 * Node's shared buffer pool, so keeping it keeps nothing else alive.
 */
export function jsonBytes(value: unknown): Uint8Array<ArrayBuffer> {
  return utf8.encode(JSON.stringify(value));
}
