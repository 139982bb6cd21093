import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { describe, expect, it } from 'vitest';
import { firstValue, tokenCookie } from './token-cookie';

const NAME = 'authjs.session-token';
const TOKEN = 'q9Wl0u7Dk2d3W8hZ1pY4mZ5xR6cT7vB8nM9aS0dF1gH';

/** What tokenCookie and Hono's getCookie each read from a request with this Cookie header. */
async function bothRead(header: string | undefined, name = NAME): Promise<{ ours: string | undefined; hono: string | undefined }> {
  const app = new Hono();
  app.get('/', (c) => c.json({ ours: tokenCookie(c, name) ?? null, hono: getCookie(c, name) ?? null }));
  const response = await app.request('/', header === undefined ? {} : { headers: { cookie: header } });
  const read = (await response.json()) as { ours: string | null; hono: string | null };
  return { ours: read.ours ?? undefined, hono: read.hono ?? undefined };
}

describe('tokenCookie', () => {
  it.each([
    ['alone', `${NAME}=${TOKEN}`],
    ['after Auth.js’s other cookies', `authjs.csrf-token=abc%7Cdef; authjs.callback-url=http%3A%2F%2Flocalhost; ${NAME}=${TOKEN}`],
    ['first of several', `${NAME}=${TOKEN}; other=1`],
    ['a longer name that ends with it comes first', `__Secure-${NAME}=wrong; x${NAME}=wrong2; ${NAME}=${TOKEN}`],
    ['its name inside another cookie’s value', `other=${NAME}=wrong; ${NAME}=${TOKEN}`],
    ['blanks around the name and value', `a=1;   ${NAME} =  ${TOKEN}  ; b=2`],
    ['twice: the first wins', `${NAME}=${TOKEN}; ${NAME}=second`],
    ['empty', `${NAME}=; b=2`],
    ['absent', 'a=1; b=2'],
    ['no header', undefined],
    ['quoted (left to Hono)', `${NAME}="${TOKEN}"`],
    ['percent-encoded (left to Hono)', `${NAME}=abc%2Ddef`],
    ['an invalid first value, then a good one (left to Hono)', `${NAME}=a,b; ${NAME}=${TOKEN}`],
    ['a pair without a value', `${NAME}; ${NAME}=${TOKEN}`],
  ])('reads what Hono’s getCookie reads: %s', async (_case, header) => {
    const { ours, hono } = await bothRead(header);
    expect(ours).toBe(hono);
  });

  it('finds the value without splitting the header', () => {
    expect(firstValue(`a=1; ${NAME}=${TOKEN}`, NAME)).toBe(TOKEN);
    expect(firstValue('a=1', NAME)).toBeUndefined();
  });
});
