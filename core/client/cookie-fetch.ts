/** One kept cookie: its value and, if it has one, when it expires (ms since the epoch). */
interface KeptCookie {
  value: string;
  expiresAt?: number;
}

/**
 * Makes a `fetch` that keeps cookies as a browser does for the sites it talks to, for runtimes
 * that keep none (Node, Deno, workers): each answer's `Set-Cookie` lines are kept for that
 * answer's origin, and every request to the same origin carries them back as `Cookie`. A cookie
 * set empty, with `Max-Age` of 0 or less, or with a past `Expires` is forgotten, as is one whose
 * time ran out. `Path`, `Domain`, `Secure` and `SameSite` are not applied: the jar serves one API
 * origin, which sets its cookies for `/`. Cookies set by answers a redirect skips past are not
 * seen (the host client follows no redirects).
 *
 * Pass it as the host client's `fetch` so the session cookie of a sign-in is sent with every
 * later call: `createHostClient({ baseUrl, fetch: createCookieFetch() })`.
 *
 * @param baseFetch The `fetch` that sends the requests; the global one unless given.
 * @returns A `fetch` with its own cookie jar (one per signed-in host).
 */
export function createCookieFetch(baseFetch?: typeof fetch): typeof fetch {
  const jar = new Map<string, Map<string, KeptCookie>>();
  return async (input, init) => {
    const origin = new URL(requestUrl(input)).origin;
    const cookies = jar.get(origin) ?? new Map<string, KeptCookie>();
    jar.set(origin, cookies);
    const headers = new Headers(init?.headers ?? requestHeaders(input));
    const cookie = cookieHeader(cookies, Date.now());
    if (cookie) headers.set('cookie', cookie);
    const response = await (baseFetch ?? fetch)(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) keep(cookies, line, Date.now());
    return response;
  };
}

/** The URL of a request given as a string, a `URL` or a `Request`. */
function requestUrl(input: unknown): string {
  if (typeof input === 'string') return input;
  const { url, href } = input as { url?: string; href?: string };
  return url ?? href ?? String(input);
}

/** The headers of a `Request` given as input (a string or `URL` has none). */
function requestHeaders(input: unknown): Headers | undefined {
  return typeof input === 'object' && input !== null && 'headers' in input ? (input as { headers: Headers }).headers : undefined;
}

function cookieHeader(cookies: Map<string, KeptCookie>, now: number): string {
  const pairs: string[] = [];
  for (const [name, cookie] of cookies) {
    if (cookie.expiresAt !== undefined && cookie.expiresAt <= now) cookies.delete(name);
    else pairs.push(`${name}=${cookie.value}`);
  }
  return pairs.join('; ');
}

/** Keeps, replaces or forgets one cookie as one `Set-Cookie` line says. */
function keep(cookies: Map<string, KeptCookie>, line: string, now: number): void {
  const [pair = '', ...attributes] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  const expiresAt = expiry(attributes, now);
  if (value === '' || (expiresAt !== undefined && expiresAt <= now)) cookies.delete(name);
  else cookies.set(name, expiresAt === undefined ? { value } : { value, expiresAt });
}

/** When a cookie expires by its `Max-Age` (which wins) or `Expires`; `undefined` for a session cookie. */
function expiry(attributes: string[], now: number): number | undefined {
  let expires: number | undefined;
  for (const attribute of attributes) {
    const eq = attribute.indexOf('=');
    const key = attribute.slice(0, eq < 0 ? undefined : eq).trim().toLowerCase();
    const value = eq < 0 ? '' : attribute.slice(eq + 1).trim();
    if (key === 'max-age' && /^-?\d+$/.test(value)) return now + Number(value) * 1000;
    if (key === 'expires' && !Number.isNaN(Date.parse(value))) expires = Date.parse(value);
  }
  return expires;
}
