import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Occasion } from '../../../core/schemas/occasion';
import { BASE, signUpHost, type HostClient } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, testConfig, type TestApp } from '../../test-support/test-app';
import { verifyAccount } from '../../test-support/verify-account';
import { createHousehold, createOccasion, expectBadBodiesRefused, expectError, read, update } from './host-fixtures';
import { addPerson } from './people-fixtures';

const DAY = 86_400_000;

describe('an occasion slug: PUT /host/v1/occasion/{id}/slug', () => {
  let t: TestApp;
  let host: HostClient;
  let occasion: Occasion;
  let base: string;
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
    await verifyAccount(t.deps.db, host.credentials.email);
    occasion = await createOccasion(host);
    base = `/occasion/${occasion.id}`;
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const page = async (path: string): Promise<Response> => await t.app.request(`${BASE}${path}`, { headers: { accept: 'text/html' } });

  it('sets, answers and clears the slug; the occasion starts without one', async () => {
    expect(occasion.slug).toBeNull();
    expect(await update<Occasion>(host, `${base}/slug`, { slug: ' sam-and-alex ' })).toMatchObject({ id: occasion.id, slug: 'sam-and-alex', title: 'Sam & Alex' });
    expect((await read<Occasion>(host, base)).slug).toBe('sam-and-alex');
    expect((await read<Occasion[]>(host, '/occasions'))[0]!.slug).toBe('sam-and-alex');
    expect((await update<Occasion>(host, `${base}/slug`, { slug: null })).slug).toBeNull();
    expect((await page('/r/sam-and-alex')).status).toBe(404);
  });

  it('refuses bad slugs and bad bodies, changing nothing', async () => {
    await update(host, `${base}/slug`, { slug: 'sam-and-alex' });
    const before = await snapshotDatabase(t.deps.db);
    for (const slug of ['ab', 'Sam-Alex', 'sam_alex', '-sam', 'sam--alex', 'admin', 'x'.repeat(61), 42]) {
      const error = await expectError(host, 'PUT', `${base}/slug`, { slug }, 400, 'VALIDATION_FAILED');
      expect(error.issues!.map((issue) => issue.path)).toEqual(['slug']);
    }
    await expectError(host, 'PUT', `${base}/slug`, {}, 400, 'VALIDATION_FAILED');
    await expectBadBodiesRefused(t, host, 'PUT', `${base}/slug`, { slug: 'new-slug' }, ['id']);
    await expectError(host, 'PUT', base, { slug: 'other-slug' }, 400, 'VALIDATION_FAILED');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('lets an editor set it and not a viewer', async () => {
    const editor = await addPerson(t, host, occasion.id, 'editor');
    const viewer = await addPerson(t, host, occasion.id, 'viewer');
    await expectError(viewer, 'PUT', `${base}/slug`, { slug: 'by-viewer' }, 403, 'FORBIDDEN');
    expect((await update<Occasion>(editor, `${base}/slug`, { slug: 'by-editor' })).slug).toBe('by-editor');
  });

  it('keeps a slug to one occasion: 409 SLUG_TAKEN, nothing changed', async () => {
    const other = await createOccasion(host, { title: 'Reunion' });
    await update(host, `${base}/slug`, { slug: 'sam-and-alex' });
    const before = await snapshotDatabase(t.deps.db);
    const error = await expectError(host, 'PUT', `/occasion/${other.id}/slug`, { slug: 'sam-and-alex' }, 409, 'SLUG_TAKEN');
    expect(error.issues).toEqual([{ path: 'slug', message: error.message }]);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    expect((await update<Occasion>(host, `${base}/slug`, { slug: 'sam-and-alex' })).slug).toBe('sam-and-alex');
  });

  it('gives a slug asked for by two occasions at once to exactly one', async () => {
    const others = await Promise.all([createOccasion(host, { title: 'A' }), createOccasion(host, { title: 'B' }), createOccasion(host, { title: 'C' })]);
    const answers = await Promise.all(others.map((o) => host.request('PUT', `/occasion/${o.id}/slug`, { slug: 'one-slug' })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('SLUG_TAKEN');
    const holders = await t.deps.db.selectFrom('occasion').select('id').where('slug', '=', 'one-slug').execute();
    expect(holders).toHaveLength(1);
  });

  it('redirects a replaced slug to the new one for 90 days, the query kept, then answers 404', async () => {
    const other = await createOccasion(host, { title: 'Reunion' });
    await update(host, `${base}/slug`, { slug: 'sam-alex' });
    await update(host, `${base}/slug`, { slug: 'sam-and-alex' });
    const moved = await page('/r/sam-alex?invite=ABCD-EFGH-JKMN');
    expect(moved.status).toBe(308);
    expect(moved.headers.get('location')).toBe('/r/sam-and-alex?invite=ABCD-EFGH-JKMN');
    expect((await page('/r/sam-alex/privacy')).headers.get('location')).toBe('/r/sam-and-alex/privacy');
    expect((await page('/r/sam-and-alex')).status).toBe(200);
    await expectError(host, 'PUT', `/occasion/${other.id}/slug`, { slug: 'sam-alex' }, 409, 'SLUG_TAKEN');

    const renamedAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: renamedAt + 89 * DAY });
    expect((await page('/r/sam-alex')).status).toBe(308);
    vi.setSystemTime(renamedAt + 91 * DAY);
    expect((await page('/r/sam-alex')).status).toBe(404);
    expect((await page('/r/sam-and-alex')).status).toBe(200);
  });

  it('lets another occasion take a slug once its 90 days are over, and the occasion take its own back at once', async () => {
    const other = await createOccasion(host, { title: 'Reunion' });
    await update(host, `${base}/slug`, { slug: 'first' });
    await update(host, `${base}/slug`, { slug: 'second' });
    await update(host, `${base}/slug`, { slug: 'first' });
    expect((await page('/r/second')).headers.get('location')).toBe('/r/first');
    await update(host, `${base}/slug`, { slug: 'third' });
    const renamedAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: renamedAt + 91 * DAY });
    expect((await page('/r/first')).status).toBe(404);
    vi.useRealTimers();
    await t.deps.db.updateTable('retiredSlug').set({ replacedAt: new Date(renamedAt - 91 * DAY).toISOString() }).where('slug', '=', 'first').execute();
    expect((await update<Occasion>(host, `/occasion/${other.id}/slug`, { slug: 'first' })).slug).toBe('first');
    expect((await page('/r/first')).status).toBe(200);
    expect(await page('/r/first').then((r) => r.text())).toContain('Reunion');
  });

  it('points invitation links to the page when the hosts have no page of their own', async () => {
    const household = await createHousehold(host, occasion.id);
    const preview = () => host.request('GET', `${base}/email-preview/INVITATION?householdId=${household.id}`).then((r) => r.text());
    expect(await preview()).not.toContain('/r/');
    await update(host, `${base}/slug`, { slug: 'sam-and-alex' });
    expect(await preview()).toContain(`${BASE}/r/sam-and-alex?invite=${household.inviteCode}`);
    await update(host, base, { rsvpPageUrl: 'https://sam-and-alex.com/rsvp' });
    const own = await preview();
    expect(own).toContain(`https://sam-and-alex.com/rsvp?invite=${household.inviteCode}`);
    expect(own).not.toContain('/r/sam-and-alex');
  });
});

describe('the page link on the public URL', () => {
  it('is AUTH_URL + /r/{slug}', async () => {
    const t = await createTestApp({ config: { ...testConfig, authUrl: 'http://rsvp.example.com' } });
    try {
      const host = await signUpHost(t.app);
      const occasion = await createOccasion(host);
      const household = await createHousehold(host, occasion.id);
      await update(host, `/occasion/${occasion.id}/slug`, { slug: 'sam-and-alex' });
      const html = await host.request('GET', `/occasion/${occasion.id}/email-preview/INVITATION?householdId=${household.id}`).then((r) => r.text());
      expect(html).toContain(`http://rsvp.example.com/r/sam-and-alex?invite=${household.inviteCode}`);
    } finally {
      await t.close();
    }
  });
});
