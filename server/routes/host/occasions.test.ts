import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Occasion } from '../../../core/schemas/occasion';
import { BASE, signUpHost, type HostClient } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';

export const weddingInput = {
  title: 'Sam & Alex',
  startDate: '2027-06-12',
  endDate: '2027-06-13',
  timezone: 'Europe/Lisbon',
  allowedOrigins: ['https://sam-and-alex.com'],
};

describe('occasion routes', () => {
  let t: TestApp;
  let host: HostClient;
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
  });
  afterEach(() => t.close());

  it('creates with defaults, reads, lists newest first, updates a subset and deletes', async () => {
    const created = await host.request('POST', '/occasion', weddingInput);
    expect(created.status).toBe(201);
    const occasion = (await created.json()) as Occasion;
    expect(occasion).toMatchObject({
      ...weddingInput,
      description: '',
      venueName: '',
      rsvpDeadline: null,
      passcode: null,
      contactEmail: '',
      summary: { guests: 0, households: 0, activities: 0, perActivity: [] },
    });
    expect(occasion.id).toMatch(/^[A-Za-z0-9_-]{12}$/);

    const second = (await (await host.request('POST', '/occasion', { ...weddingInput, title: 'Reunion' })).json()) as Occasion;
    const list = (await (await host.request('GET', '/occasions')).json()) as Occasion[];
    expect(list.map((o) => o.id)).toEqual([second.id, occasion.id]);

    const updated = await host.request('PUT', `/occasion/${occasion.id}`, { venueName: 'Quinta da Serra', passcode: 'olive-tree' });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ title: 'Sam & Alex', venueName: 'Quinta da Serra', passcode: 'olive-tree' });
    expect(((await (await host.request('GET', `/occasion/${occasion.id}`)).json()) as Occasion).venueName).toBe('Quinta da Serra');

    expect((await host.request('DELETE', `/occasion/${occasion.id}`)).status).toBe(204);
    expect((await host.request('GET', `/occasion/${occasion.id}`)).status).toBe(404);
  });

  it("answers 404 for another account's occasion and changes nothing", async () => {
    const occasion = (await (await host.request('POST', '/occasion', weddingInput)).json()) as Occasion;
    const other = await signUpHost(t.app);
    const before = await snapshotDatabase(t.deps.db);
    for (const [method, body] of [['GET'], ['PUT', { title: 'Mine now' }], ['DELETE']] as const) {
      const response = await other.request(method, `/occasion/${occasion.id}`, body);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
    expect(await (await other.request('GET', '/occasions')).json()).toEqual([]);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('refuses bad input with the contract error body and leaves the database unchanged', async () => {
    const occasion = (await (await host.request('POST', '/occasion', weddingInput)).json()) as Occasion;
    const before = await snapshotDatabase(t.deps.db);
    const cases: Array<[string, string, unknown, number, string]> = [
      ['POST', '/occasion', '{"title": "x",', 400, 'MALFORMED_JSON'],
      ['POST', '/occasion', { ...weddingInput, colour: 'blue' }, 400, 'VALIDATION_FAILED'],
      ['POST', '/occasion', { ...weddingInput, title: '' }, 400, 'VALIDATION_FAILED'],
      ['POST', '/occasion', { ...weddingInput, id: 'chosen-by-me' }, 400, 'VALIDATION_FAILED'],
      ['PUT', `/occasion/${occasion.id}`, { summary: {} }, 400, 'VALIDATION_FAILED'],
      ['PUT', `/occasion/${occasion.id}`, { endDate: '2027-06-01' }, 400, 'VALIDATION_FAILED'],
      ['PUT', `/occasion/${occasion.id}`, { title: 'Evil\u202Eeman' }, 400, 'VALIDATION_FAILED'],
      ['PUT', `/occasion/${occasion.id}`, { description: 'x'.repeat(70_000) }, 413, 'PAYLOAD_TOO_LARGE'],
    ];
    for (const [method, path, body, status, code] of cases) {
      const response = await host.request(method, path, body);
      expect(response.status, `${method} ${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(status);
      const error = ((await response.json()) as { error: { code: string; message: string; issues?: unknown[] } }).error;
      expect(error.code).toBe(code);
      expect(error.message.length).toBeGreaterThan(5);
      if (code === 'VALIDATION_FAILED') expect(error.issues?.length).toBeGreaterThan(0);
    }
    const notJson = await t.app.request(`${BASE}/host/v1/occasion`, {
      method: 'POST',
      headers: { cookie: host.jar.header(), 'content-type': 'text/plain' },
      body: JSON.stringify(weddingInput),
    });
    expect(notJson.status).toBe(415);
    expect(((await notJson.json()) as { error: { code: string } }).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('names the field of each issue', async () => {
    const response = await host.request('POST', '/occasion', { ...weddingInput, endDate: '2027-06-01' });
    const { error } = (await response.json()) as { error: { issues: Array<{ path: string }> } };
    expect(error.issues.map((issue) => issue.path)).toContain('endDate');
  });

  it('needs a session', async () => {
    const response = await t.app.request(`${BASE}/host/v1/occasions`);
    expect(response.status).toBe(401);
  });
});
