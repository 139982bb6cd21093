import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/** What our session tokens are made of (base64url): such a value needs no unquoting or decoding. */
const TOKEN_VALUE = /^[A-Za-z0-9_-]*$/;

/**
 * The value of cookie `name`, as Hono's `getCookie` reads it, found without splitting the header
 * into every cookie it holds: a session check reads one cookie among the several a browser
 * sends (Auth.js's CSRF and callback cookies beside the session's). A first value that is
 * anything but base64url (quoted, percent-encoded, odd characters) is left to `getCookie`.
 */
export function tokenCookie(c: Context, name: string): string | undefined {
  const header = c.req.header('cookie');
  if (header === undefined) return undefined;
  const value = firstValue(header, name);
  if (value === undefined) return undefined;
  return TOKEN_VALUE.test(value) ? value : getCookie(c, name);
}

const isBlank = (code: number): boolean => code === 32 || code === 9;

/** The trimmed text after `name=` in the first pair named `name`, or undefined. */
export function firstValue(header: string, name: string): string | undefined {
  for (let at = header.indexOf(name); at !== -1; at = header.indexOf(name, at + 1)) {
    let before = at - 1;
    while (before >= 0 && isBlank(header.charCodeAt(before))) before--;
    if (before >= 0 && header.charCodeAt(before) !== 59 /* ; */) continue;
    let equals = at + name.length;
    while (equals < header.length && isBlank(header.charCodeAt(equals))) equals++;
    if (header.charCodeAt(equals) !== 61 /* = */) continue;
    let end = header.indexOf(';', equals + 1);
    if (end === -1) end = header.length;
    let start = equals + 1;
    while (start < end && isBlank(header.charCodeAt(start))) start++;
    while (end > start && isBlank(header.charCodeAt(end - 1))) end--;
    return header.slice(start, end);
  }
  return undefined;
}
