import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCheckInCode } from '../../../core/schemas/check-in';
import { BASE, signUpHost, type HostClient } from '../../in-process/host-session';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { verifyAccount } from '../../test-support/verify-account';
import { createHousehold, createOccasion } from '../host/host-fixtures';
import { addPerson } from '../host/people-fixtures';

describe('the check-in link: GET /c/{code}', () => {
  let t: TestApp;
  let owner: HostClient;
  let occasionId: string;
  let code: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpHost(t.app);
    await verifyAccount(t.deps.db, owner.credentials.email);
    occasionId = (await createOccasion(owner, { title: 'Sam & Alex' })).id;
    const household = await createHousehold(owner, occasionId, { name: 'The Smiths' });
    code = (await t.deps.db.selectFrom('household').select('checkInCode').where('id', '=', household.id).executeTakeFirstOrThrow()).checkInCode;
  });
  afterAll(() => t.close());

  const open = (path: string, host?: HostClient) => t.app.request(`${BASE}${path}`, { headers: { accept: 'text/html', ...(host ? { cookie: host.jar.header() } : {}) } });

  it('sends a signed-in person who may work the door to the door screen with the code', async () => {
    const door = await addPerson(t, owner, occasionId, 'door');
    for (const [host, path] of [[owner, `/c/${code}`], [door, `/c/${code}`], [door, `/c/${formatCheckInCode(code).toLowerCase()}`]] as const) {
      const answer = await open(path, host);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get('location')).toBe(`/occasion/${occasionId}/door?code=${code}`);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('shows everyone else one plain page, the same for an unknown code, naming no occasion or household', async () => {
    const stranger = await signUpHost(t.app);
    const pages: string[] = [];
    for (const [path, host] of [[`/c/${code}`, undefined], [`/c/${code}`, stranger], ['/c/ZZZZZ00000', owner], ['/c/not-a-code', undefined]] as const) {
      const answer = await open(path, host);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('referrer-policy')).toBe('same-origin');
      expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
      pages.push(await answer.text());
    }
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).toContain('This is a check-in code for the door; show it when you arrive.');
    for (const secret of ['Sam', 'Alex', 'Smith', occasionId, code]) expect(pages[0]).not.toContain(secret);
    expect(pages[0]).not.toMatch(/<script/);
  });
});
