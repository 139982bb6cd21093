import { describe, expect, it } from 'vitest';
import { watchSignedOut } from './kindly';

describe('watchSignedOut', () => {
  const answering = (status: number): typeof fetch => async () => new Response(null, { status });

  it('notices a 401 from a host API call, not from Auth.js routes or other statuses', async () => {
    const noticed: string[] = [];
    const check = async (status: number, url: string) => {
      const watched = watchSignedOut(answering(status), () => noticed.push(`${status} ${url}`));
      const response = await watched(url);
      expect(response.status).toBe(status);
    };
    await check(401, 'http://localhost/host/v1/occasion/o1/guest/g1');
    await check(401, 'http://localhost/host/v1/auth/callback/credentials');
    await check(401, 'http://localhost/event/v1/household');
    await check(403, 'http://localhost/host/v1/occasions');
    await check(200, 'http://localhost/host/v1/occasions');
    await check(401, '/host/v1/occasions');
    expect(noticed).toEqual(['401 http://localhost/host/v1/occasion/o1/guest/g1', '401 /host/v1/occasions']);
  });
});
