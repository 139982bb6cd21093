import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GuestBulkResult } from '../../../core/schemas/guest';
import { GUEST_LIST_LIMIT_MAX } from '../../../core/schemas/guest-list-query';
import { generateGuests } from '../../demo/generate-guests';
import { createEventFixture, type EventFixture } from '../../test-support/event-fixture';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/** `GET …/guests?limit=` (beyond the contract): the list's first guests, for a first paint. */
describe('the guest list: its first page', () => {
  let t: TestApp;
  let f: EventFixture;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
  });
  afterEach(() => t.close());

  const list = (query = '', headers: Record<string, string> = {}) =>
    t.app.request(`http://localhost/host/v1/occasion/${f.occasionId}/guests${query}`, { headers: { cookie: f.host.jar.header(), ...headers } });

  /** The first `count` guests of the whole list's text, as text (the list's own bytes). */
  async function firstOfList(count: number): Promise<string> {
    const all = JSON.parse(await (await list()).text()) as unknown[];
    return JSON.stringify(all.slice(0, count));
  }

  it('is byte for byte the first guests of the whole list, invitations and name ties included', async () => {
    // Generated names repeat (ties fall to the id), and half the guests are invited with answers.
    const rows = generateGuests(700);
    const { guests } = (await (await f.host.request('POST', `/occasions/${f.occasionId}/guests`, { guests: rows })).json()) as GuestBulkResult;
    const { ceremony, dinner } = f.activities;
    const lines = guests
      .filter((_, index) => index % 2 === 0)
      .flatMap((guest, index) => [
        { guestId: guest.id, activityId: dinner, invited: true, response: index % 3 === 0 ? 'ATTENDING' : 'PENDING' },
        { guestId: guest.id, activityId: ceremony, invited: true },
      ]);
    expect((await f.host.request('PUT', `/occasion/${f.occasionId}/invite-lines`, { lines })).status).toBe(200);
    const names = new Set(guests.map((guest) => `${guest.lastName} ${guest.firstName}`));
    expect(names.size).toBeLessThan(guests.length);

    for (const limit of [1, 50, 333, GUEST_LIST_LIMIT_MAX]) {
      const response = await list(`?limit=${limit}`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toBe(await firstOfList(limit));
      expect(JSON.parse(text)).toHaveLength(limit);
    }
  });

  it('answers the whole list when the limit is past its end, and [] for an occasion without guests', async () => {
    const whole = await (await list()).text();
    expect(await (await list('?limit=500')).text()).toBe(whole);
    const empty = (await (await f.host.request('POST', '/occasion', { title: 'Empty', startDate: '2030-01-01', endDate: '2030-01-02' })).json()) as { id: string };
    const response = await t.app.request(`http://localhost/host/v1/occasion/${empty.id}/guests?limit=5`, { headers: { cookie: f.host.jar.header() } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('[]');
  });

  it('carries no ETag, is never stored, and ignores If-None-Match', async () => {
    const whole = await list();
    const tag = whole.headers.get('etag')!;
    expect(tag).toBeTruthy();
    const page = await list('?limit=2', { 'if-none-match': tag });
    expect(page.status).toBe(200);
    expect(page.headers.get('etag')).toBeNull();
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(await page.text())).toHaveLength(2);
  });

  it('refuses a bad limit with 400 VALIDATION_FAILED and changes nothing', async () => {
    const before = await (await list()).text();
    for (const query of ['?limit=0', `?limit=${GUEST_LIST_LIMIT_MAX + 1}`, '?limit=1.5', '?limit=abc', '?limit=', '?offset=3']) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: { code: string; issues?: { path: string }[] } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(response.headers.get('etag')).toBeNull();
    }
    expect(await (await list()).text()).toBe(before);
  });

  it('is the host’s own: another host’s occasion is 404, no session 401', async () => {
    const anonymous = await t.app.request(`http://localhost/host/v1/occasion/${f.occasionId}/guests?limit=5`);
    expect(anonymous.status).toBe(401);
    const missing = await t.app.request('http://localhost/host/v1/occasion/AAAAAAAAAAAA/guests?limit=5', { headers: { cookie: f.host.jar.header() } });
    expect(missing.status).toBe(404);
  });
});
