import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Activity } from '../../../core/schemas/activity';
import type { InviteLine } from '../../../core/schemas/invite-line';
import type { Occasion } from '../../../core/schemas/occasion';
import { BASE, signUpHost, type HostClient } from '../../in-process/host-session';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import {
  createActivity,
  createGuest,
  createOccasion,
  expectBadBodiesRefused,
  expectError,
  expectHiddenFrom,
  invite,
  issuePaths,
  read,
  remove,
  update,
} from './host-fixtures';

describe('activity routes', () => {
  let t: TestApp;
  let host: HostClient;
  let occasion: Occasion;
  let base: string;
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
    occasion = await createOccasion(host);
    base = `/occasion/${occasion.id}`;
  });
  afterEach(() => t.close());

  it('creates with defaults, reads, updates a subset and deletes', async () => {
    const dinner = await createActivity(host, occasion.id, {
      name: 'Dinner',
      mealOptions: [
        { value: 'fish', text: 'Sea bass' },
        { value: 'veg', text: 'Risotto', disabled: true },
      ],
    });
    expect(dinner).toMatchObject({
      occasionId: occasion.id,
      name: 'Dinner',
      description: '',
      endsAt: null,
      locationName: '',
      address: '',
      dressCode: '',
      sortOrder: 0,
      mealOptions: [
        { value: 'fish', text: 'Sea bass' },
        { value: 'veg', text: 'Risotto', disabled: true },
      ],
    });
    expect(dinner.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(await read(host, `${base}/activity/${dinner.id}`)).toEqual(dinner);

    const updated = await update<Activity>(host, `${base}/activity/${dinner.id}`, { dressCode: 'Black tie', endsAt: '2027-06-12T23:00:00Z' });
    expect(updated).toEqual({ ...dinner, dressCode: 'Black tie', endsAt: '2027-06-12T23:00:00.000Z' });
    expect(await read(host, `${base}/activity/${dinner.id}`)).toEqual(updated);

    await remove(host, `${base}/activity/${dinner.id}`);
    await expectError(host, 'GET', `${base}/activity/${dinner.id}`, undefined, 404, 'NOT_FOUND');
    expect(await read(host, `${base}/activities`)).toEqual([]);
  });

  it('lists by start time, then sort order', async () => {
    const party = await createActivity(host, occasion.id, { name: 'Party', startsAt: '2027-06-12T20:00:00Z', sortOrder: 0 });
    const toast = await createActivity(host, occasion.id, { name: 'Toast', startsAt: '2027-06-12T17:00:00Z', sortOrder: 2 });
    const photos = await createActivity(host, occasion.id, { name: 'Photos', startsAt: '2027-06-12T17:00:00Z', sortOrder: 1 });
    const brunch = await createActivity(host, occasion.id, { name: 'Brunch', startsAt: '2027-06-13T10:00:00Z' });
    const list = await read<Activity[]>(host, `${base}/activities`);
    expect(list.map((activity) => activity.id)).toEqual([photos.id, toast.id, party.id, brunch.id]);
  });

  it('checks the times of the merged activity on update', async () => {
    const ceremony = await createActivity(host, occasion.id, { endsAt: '2027-06-12T16:00:00Z' });
    expect(await issuePaths(host, 'PUT', `${base}/activity/${ceremony.id}`, { startsAt: '2027-06-12T17:00:00Z' })).toContain('endsAt');
    expect(await issuePaths(host, 'POST', `${base}/activity`, { name: 'x', startsAt: 'tomorrow' })).toContain('startsAt');
    expect(await issuePaths(host, 'POST', `${base}/activity`, { startsAt: '2027-06-12T17:00:00Z' })).toContain('name');
    const duplicates = [
      { value: 'a', text: 'A' },
      { value: 'a', text: 'B' },
    ];
    expect(await issuePaths(host, 'PUT', `${base}/activity/${ceremony.id}`, { mealOptions: duplicates })).toContain('mealOptions.1.value');
  });

  it('deletes the invite lines of a deleted activity', async () => {
    const ceremony = await createActivity(host, occasion.id);
    const party = await createActivity(host, occasion.id, { name: 'Party' });
    const guest = await createGuest(host, occasion.id);
    await invite(host, occasion.id, guest.id, ceremony.id);
    const kept = await invite(host, occasion.id, guest.id, party.id);
    await remove(host, `${base}/activity/${ceremony.id}`);
    expect(await read<InviteLine[]>(host, `${base}/invite-lines`)).toEqual([kept]);
  });

  it('refuses bad bodies and read-only fields without changing anything', async () => {
    const ceremony = await createActivity(host, occasion.id);
    const valid = { name: 'Party', startsAt: '2027-06-12T20:00:00Z', description: '' };
    await expectBadBodiesRefused(t, host, 'POST', `${base}/activity`, valid, ['id', 'occasionId']);
    await expectBadBodiesRefused(t, host, 'PUT', `${base}/activity/${ceremony.id}`, { name: 'Vows' }, ['id', 'occasionId']);
  });

  it("answers 404 for another account's activities and for an activity of another occasion", async () => {
    const ceremony = await createActivity(host, occasion.id);
    const path = `${base}/activity/${ceremony.id}`;
    const other = await signUpHost(t.app);
    await expectHiddenFrom(t, other, [
      ['GET', `${base}/activities`],
      ['POST', `${base}/activity`, { name: 'Mine', startsAt: '2027-06-12T20:00:00Z' }],
      ['GET', path],
      ['PUT', path, { name: 'Mine' }],
      ['DELETE', path],
    ]);
    const reunion = await createOccasion(host, { title: 'Reunion' });
    const elsewhere = `/occasion/${reunion.id}/activity/${ceremony.id}`;
    await expectHiddenFrom(t, host, [['GET', elsewhere], ['PUT', elsewhere, { name: 'Moved' }], ['DELETE', elsewhere]]);
    expect((await t.app.request(`${BASE}/host/v1${base}/activities`)).status).toBe(401);
  });
});
