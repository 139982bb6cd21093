import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Activity } from '../../../core/schemas/activity';
import type { InviteLine } from '../../../core/schemas/invite-line';
import type { Occasion } from '../../../core/schemas/occasion';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import {
  createActivity,
  createGuest,
  createHousehold,
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

const meals = [
  { value: 'fish', text: 'Sea bass' },
  { value: 'veg', text: 'Risotto' },
  { value: 'beef', text: 'Beef', disabled: true },
];

describe('invite line routes', () => {
  let t: TestApp;
  let host: HostClient;
  let occasion: Occasion;
  let base: string;
  let dinner: Activity;
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
    occasion = await createOccasion(host);
    base = `/occasion/${occasion.id}`;
    dinner = await createActivity(host, occasion.id, { name: 'Dinner', startsAt: '2027-06-12T19:00:00Z', mealOptions: meals });
  });
  afterEach(() => t.close());

  it('invites, reads, records answers as the host and deletes', async () => {
    const ada = await createGuest(host, occasion.id);
    const line = await invite(host, occasion.id, ada.id, dinner.id);
    expect(line).toEqual({
      id: line.id,
      occasionId: occasion.id,
      guestId: ada.id,
      activityId: dinner.id,
      response: 'PENDING',
      mealChoice: null,
      respondedAt: null,
      respondedBy: null,
    });
    expect(await read(host, `${base}/invite-line/${line.id}`)).toEqual(line);

    const before = Date.now();
    const attending = await update<InviteLine>(host, `${base}/invite-line/${line.id}`, { response: 'ATTENDING', mealChoice: 'fish' });
    expect(attending).toMatchObject({ response: 'ATTENDING', mealChoice: 'fish', respondedBy: 'HOST' });
    expect(Date.parse(attending.respondedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(await read(host, `${base}/invite-line/${line.id}`)).toEqual(attending);

    const mealOnly = await update<InviteLine>(host, `${base}/invite-line/${line.id}`, { mealChoice: 'veg' });
    expect(mealOnly).toEqual({ ...attending, mealChoice: 'veg' });

    const pending = await update<InviteLine>(host, `${base}/invite-line/${line.id}`, { response: 'PENDING' });
    expect(pending).toMatchObject({ response: 'PENDING', respondedAt: null, respondedBy: null });

    await remove(host, `${base}/invite-line/${line.id}`);
    await expectError(host, 'GET', `${base}/invite-line/${line.id}`, undefined, 404, 'NOT_FOUND');
  });

  it('records an answer given at creation as the host', async () => {
    const ada = await createGuest(host, occasion.id);
    const line = await invite(host, occasion.id, ada.id, dinner.id, { response: 'DECLINED' });
    expect(line).toMatchObject({ response: 'DECLINED', respondedBy: 'HOST' });
    expect(line.respondedAt).not.toBeNull();
  });

  it('lists activity by activity, guests by name', async () => {
    const brunch = await createActivity(host, occasion.id, { name: 'Brunch', startsAt: '2027-06-13T10:00:00Z' });
    const smith = await createGuest(host, occasion.id, { firstName: 'Al', lastName: 'Smith' });
    const jones = await createGuest(host, occasion.id, { firstName: 'Bo', lastName: 'Jones' });
    const lines = [
      await invite(host, occasion.id, smith.id, brunch.id),
      await invite(host, occasion.id, smith.id, dinner.id),
      await invite(host, occasion.id, jones.id, brunch.id),
      await invite(host, occasion.id, jones.id, dinner.id),
    ];
    const list = await read<InviteLine[]>(host, `${base}/invite-lines`);
    expect(list.map((line) => line.id)).toEqual([lines[3]!.id, lines[1]!.id, lines[2]!.id, lines[0]!.id]);
  });

  it('invites a guest to an activity once (409) and changes nothing', async () => {
    const ada = await createGuest(host, occasion.id);
    await invite(host, occasion.id, ada.id, dinner.id);
    const before = await snapshotDatabase(t.deps.db);
    await expectError(host, 'POST', `${base}/invite-line`, { guestId: ada.id, activityId: dinner.id }, 409, 'CONFLICT');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it("takes only the occasion's guests and activities, and enabled meal choices of the activity", async () => {
    const ada = await createGuest(host, occasion.id);
    const ceremony = await createActivity(host, occasion.id);
    const reunion = await createOccasion(host, { title: 'Reunion' });
    const stranger = await createGuest(host, reunion.id);
    const picnic = await createActivity(host, reunion.id);
    const before = await snapshotDatabase(t.deps.db);
    const post = (body: object) => issuePaths(host, 'POST', `${base}/invite-line`, body);
    expect(await post({ guestId: stranger.id, activityId: picnic.id })).toEqual(['guestId', 'activityId']);
    expect(await post({ guestId: ada.id, activityId: dinner.id, mealChoice: 'lobster' })).toEqual(['mealChoice']);
    expect(await post({ guestId: ada.id, activityId: dinner.id, mealChoice: 'beef' })).toEqual(['mealChoice']);
    expect(await post({ guestId: ada.id, activityId: ceremony.id, mealChoice: 'fish' })).toEqual(['mealChoice']);
    expect(await post({ guestId: ada.id, activityId: dinner.id, response: 'MAYBE' })).toEqual(['response']);
    const line = await invite(host, occasion.id, ada.id, dinner.id, { mealChoice: 'fish' });
    expect(await issuePaths(host, 'PUT', `${base}/invite-line/${line.id}`, { mealChoice: 'beef' })).toEqual(['mealChoice']);
    await remove(host, `${base}/invite-line/${line.id}`);
    // The line made and removed again stays in history (its create and delete), nothing else.
    const { historyEntry, ...after } = await snapshotDatabase(t.deps.db);
    expect(after).toEqual({ ...before, historyEntry: undefined });
    expect(historyEntry!.length - before.historyEntry!.length).toBe(2);
  });

  it('refuses the guest, the activity, read-only fields and bad bodies on update without changing anything', async () => {
    const ada = await createGuest(host, occasion.id);
    const line = await invite(host, occasion.id, ada.id, dinner.id);
    await expectBadBodiesRefused(t, host, 'POST', `${base}/invite-line`, { guestId: ada.id, activityId: dinner.id }, ['id', 'occasionId', 'respondedAt', 'respondedBy']);
    await expectBadBodiesRefused(t, host, 'PUT', `${base}/invite-line/${line.id}`, { response: 'ATTENDING' }, [
      'id',
      'guestId',
      'activityId',
      'respondedAt',
      'respondedBy',
    ]);
  });

  it('keeps the occasion summary in step with guests, households, activities and answers', async () => {
    const smiths = await createHousehold(host, occasion.id);
    const ada = await createGuest(host, occasion.id, { householdId: smiths.id });
    const bo = await createGuest(host, occasion.id, { firstName: 'Bo', householdId: smiths.id });
    const cy = await createGuest(host, occasion.id, { firstName: 'Cy' });
    const brunch = await createActivity(host, occasion.id, { name: 'Brunch', startsAt: '2027-06-13T10:00:00Z' });
    await invite(host, occasion.id, ada.id, dinner.id, { response: 'ATTENDING', mealChoice: 'fish' });
    await invite(host, occasion.id, bo.id, dinner.id, { response: 'DECLINED' });
    await invite(host, occasion.id, cy.id, dinner.id);
    await invite(host, occasion.id, ada.id, brunch.id);
    const { summary } = await read<Occasion>(host, base);
    expect(summary).toEqual({
      guests: 3,
      households: 1,
      activities: 2,
      perActivity: [
        { activityId: dinner.id, invited: 3, attending: 1, declined: 1, pending: 1 },
        { activityId: brunch.id, invited: 1, attending: 0, declined: 0, pending: 1 },
      ],
    });
  });

  it("answers 404 for another account's invite lines and for a line of another occasion", async () => {
    const ada = await createGuest(host, occasion.id);
    const line = await invite(host, occasion.id, ada.id, dinner.id);
    const path = `${base}/invite-line/${line.id}`;
    await expectHiddenFrom(t, await signUpHost(t.app), [
      ['GET', `${base}/invite-lines`],
      ['POST', `${base}/invite-line`, { guestId: ada.id, activityId: dinner.id }],
      ['PUT', `${base}/invite-lines`, { lines: [{ guestId: ada.id, activityId: dinner.id, invited: false }] }],
      ['GET', path],
      ['PUT', path, { response: 'DECLINED' }],
      ['DELETE', path],
    ]);
    const reunion = await createOccasion(host, { title: 'Reunion' });
    const elsewhere = `/occasion/${reunion.id}/invite-line/${line.id}`;
    await expectHiddenFrom(t, host, [['GET', elsewhere], ['PUT', elsewhere, { response: 'DECLINED' }], ['DELETE', elsewhere]]);
  });
});
