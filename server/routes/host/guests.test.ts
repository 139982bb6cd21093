import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Guest } from '../../../core/schemas/guest';
import type { InviteLine } from '../../../core/schemas/invite-line';
import type { Occasion } from '../../../core/schemas/occasion';
import { asHost, signUpHost, type HostClient } from '../../in-process/host-session';
import { createApp } from '../../app';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import {
  createActivity,
  createCategory,
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

describe('guest routes', () => {
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

  const nameKeyOf = async (guestId: string) =>
    (await t.deps.db.selectFrom('guest').select('nameKey').where('id', '=', guestId).executeTakeFirstOrThrow()).nameKey;

  it('creates with defaults, reads, updates a subset and deletes', async () => {
    const ada = await createGuest(host, occasion.id, { firstName: ' Zoë ', lastName: 'O’Brien', phone: '555 123 4567' });
    expect(ada).toEqual({
      id: ada.id,
      occasionId: occasion.id,
      householdId: null,
      firstName: 'Zoë',
      lastName: 'O’Brien',
      email: '',
      phone: '555 123 4567',
      ageGroup: 'ADULT',
      plusOneAllowed: false,
      plusOneOf: null,
      dietaryNotes: '',
      attributes: {},
      notes: '',
      invitations: [],
      createdAt: ada.createdAt,
      updatedAt: ada.updatedAt,
    });
    expect(await nameKeyOf(ada.id)).toBe("zoe o'brien");
    expect(await read(host, `${base}/guest/${ada.id}`)).toEqual(ada);

    const updated = await update<Guest>(host, `${base}/guest/${ada.id}`, { lastName: 'Brennan', ageGroup: 'CHILD', plusOneAllowed: true });
    expect(updated).toEqual({ ...ada, lastName: 'Brennan', ageGroup: 'CHILD', plusOneAllowed: true, updatedAt: updated.updatedAt });
    expect(await nameKeyOf(ada.id)).toBe('zoe brennan');
    expect(await read(host, `${base}/guest/${ada.id}`)).toEqual(updated);

    await remove(host, `${base}/guest/${ada.id}`);
    await expectError(host, 'GET', `${base}/guest/${ada.id}`, undefined, 404, 'NOT_FOUND');
  });

  it('lists by last name, then first name', async () => {
    const names = [['Bea', 'Smith'], ['Al', 'Smith'], ['Cy', 'Jones'], ['Di', 'Young']];
    const ids = new Map<string, string>();
    for (const [firstName, lastName] of names) ids.set(firstName!, (await createGuest(host, occasion.id, { firstName, lastName })).id);
    const list = await read<Guest[]>(host, `${base}/guests`);
    expect(list.map((guest) => guest.firstName)).toEqual(['Cy', 'Al', 'Bea', 'Di']);
  });

  it('shows the invitations in activity order, as the invite lines change', async () => {
    const party = await createActivity(host, occasion.id, { name: 'Party', startsAt: '2027-06-12T20:00:00Z' });
    const ceremony = await createActivity(host, occasion.id, { name: 'Ceremony', startsAt: '2027-06-12T15:00:00Z' });
    const ada = await createGuest(host, occasion.id);
    const atParty = await invite(host, occasion.id, ada.id, party.id, { response: 'DECLINED' });
    const atCeremony = await invite(host, occasion.id, ada.id, ceremony.id);
    const { invitations } = await read<Guest>(host, `${base}/guest/${ada.id}`);
    expect(invitations).toEqual([
      { inviteLineId: atCeremony.id, activityId: ceremony.id, response: 'PENDING', mealChoice: null },
      { inviteLineId: atParty.id, activityId: party.id, response: 'DECLINED', mealChoice: null },
    ]);
    expect((await read<Guest[]>(host, `${base}/guests`))[0]!.invitations).toEqual(invitations);
    await update(host, `${base}/activity/${party.id}`, { startsAt: '2027-06-12T09:00:00Z' });
    const moved = [party.id, ceremony.id];
    for (const path of [`${base}/guests`, `${base}/guests?limit=1`]) {
      expect((await read<Guest[]>(host, path))[0]!.invitations.map((invitation) => invitation.activityId)).toEqual(moved);
    }
  });

  it('deletes the invite lines of a deleted guest and frees its plus-one', async () => {
    const ceremony = await createActivity(host, occasion.id);
    const ada = await createGuest(host, occasion.id);
    const friend = await createGuest(host, occasion.id, { firstName: 'Bo' });
    await t.deps.db.updateTable('guest').set({ plusOneOf: ada.id }).where('id', '=', friend.id).execute();
    expect((await read<Guest>(host, `${base}/guest/${friend.id}`)).plusOneOf).toBe(ada.id);
    await invite(host, occasion.id, ada.id, ceremony.id);
    const kept = await invite(host, occasion.id, friend.id, ceremony.id);
    await remove(host, `${base}/guest/${ada.id}`);
    expect(await read<InviteLine[]>(host, `${base}/invite-lines`)).toEqual([kept]);
    expect((await read<Guest>(host, `${base}/guest/${friend.id}`)).plusOneOf).toBeNull();
  });

  it("takes only the occasion's own households", async () => {
    const smiths = await createHousehold(host, occasion.id);
    const reunion = await createOccasion(host, { title: 'Reunion' });
    const elsewhere = await createHousehold(host, reunion.id);
    const ada = await createGuest(host, occasion.id, { householdId: smiths.id });
    expect(ada.householdId).toBe(smiths.id);
    expect(await issuePaths(host, 'POST', `${base}/guest`, { firstName: 'Bo', householdId: elsewhere.id })).toEqual(['householdId']);
    expect(await issuePaths(host, 'PUT', `${base}/guest/${ada.id}`, { householdId: 'nosuchhouse1' })).toEqual(['householdId']);
    expect((await update<Guest>(host, `${base}/guest/${ada.id}`, { householdId: null })).householdId).toBeNull();
  });

  it("takes only options of the occasion's attribute categories, one unless multiple", async () => {
    const side = await createCategory(host, occasion.id);
    const tags = await createCategory(host, occasion.id, { name: 'Tags', multiple: true, options: [{ value: 'a', text: 'A' }, { value: 'b', text: 'B' }] });
    const reunion = await createOccasion(host, { title: 'Reunion' });
    const foreign = await createCategory(host, reunion.id);
    const ada = await createGuest(host, occasion.id, { attributes: { [side.id]: ['bride'], [tags.id]: ['a', 'b'] } });
    expect(ada.attributes).toEqual({ [side.id]: ['bride'], [tags.id]: ['a', 'b'] });
    const paths = (attributes: object) => issuePaths(host, 'PUT', `${base}/guest/${ada.id}`, { attributes });
    expect(await paths({ [side.id]: ['bride', 'groom'] })).toEqual([`attributes.${side.id}`]);
    expect(await paths({ [side.id]: ['aunt'] })).toEqual([`attributes.${side.id}`]);
    expect(await paths({ [foreign.id]: ['bride'] })).toEqual([`attributes.${foreign.id}`]);
    expect(await paths({ [tags.id]: ['c'], nosuchthing1: ['x'] })).toEqual([`attributes.${tags.id}`, 'attributes.nosuchthing1']);
  });

  it('refuses plusOneOf, invitations and other bad bodies without changing anything', async () => {
    const ada = await createGuest(host, occasion.id);
    const readOnly = ['id', 'occasionId', 'plusOneOf', 'invitations', 'createdAt', 'updatedAt'];
    await expectBadBodiesRefused(t, host, 'POST', `${base}/guest`, { firstName: 'Bo' }, readOnly);
    await expectBadBodiesRefused(t, host, 'PUT', `${base}/guest/${ada.id}`, { firstName: 'Bo' }, readOnly);
    expect(await issuePaths(host, 'POST', `${base}/guest`, { firstName: 'Bo', email: 'not-an-email' })).toEqual(['email']);
    expect(await issuePaths(host, 'PUT', `${base}/guest/${ada.id}`, { firstName: '' })).toEqual(['firstName']);
  });

  it("answers 404 for another account's guests and for a guest of another occasion", async () => {
    const ada = await createGuest(host, occasion.id);
    const path = `${base}/guest/${ada.id}`;
    await expectHiddenFrom(t, await signUpHost(t.app), [
      ['GET', `${base}/guests`],
      ['POST', `${base}/guest`, { firstName: 'Mine' }],
      ['GET', path],
      ['PUT', path, { firstName: 'Mine' }],
      ['DELETE', path],
    ]);
    const reunion = await createOccasion(host, { title: 'Reunion' });
    const elsewhere = `/occasion/${reunion.id}/guest/${ada.id}`;
    await expectHiddenFrom(t, host, [['GET', elsewhere], ['PUT', elsewhere, { firstName: 'Moved' }], ['DELETE', elsewhere]]);
  });

  it('reads a guest through two instances, each keeping answers of its own, as it is after every kind of change', async () => {
    const other = asHost(createApp(t.deps), host.jar, host.accountId, host.credentials);
    const ceremony = await createActivity(host, occasion.id, { name: 'Ceremony', startsAt: '2027-06-12T15:00:00.000Z' });
    const dinner = await createActivity(host, occasion.id, { name: 'Dinner', startsAt: '2027-06-12T19:00:00.000Z' });
    const ada = await createGuest(host, occasion.id);
    const path = `${base}/guest/${ada.id}`;
    const readBoth = async () => {
      const [here, there] = [await read<Guest>(host, path), await read<Guest>(other, path)];
      expect(there).toEqual(here);
      return here;
    };
    const activityOrder = (guest: Guest) => guest.invitations.map((invitation) => invitation.activityId);
    expect(await readBoth()).toEqual(ada);
    await update(host, path, { dietaryNotes: 'No nuts' });
    expect((await readBoth()).dietaryNotes).toBe('No nuts');
    await invite(host, occasion.id, ada.id, dinner.id);
    await invite(host, occasion.id, ada.id, ceremony.id);
    expect(activityOrder(await readBoth())).toEqual([ceremony.id, dinner.id]);
    await update(host, `${base}/activity/${dinner.id}`, { startsAt: '2027-06-12T09:00:00.000Z' });
    expect(activityOrder(await readBoth())).toEqual([dinner.id, ceremony.id]);
    await update(host, `${base}/invite-lines`, { lines: [{ guestId: ada.id, activityId: dinner.id, invited: true, response: 'ATTENDING', mealChoice: null }] });
    expect((await readBoth()).invitations[0]).toMatchObject({ activityId: dinner.id, response: 'ATTENDING' });
    await remove(host, path);
    expect((await other.request('GET', path)).status).toBe(404);
    expect((await host.request('GET', path)).status).toBe(404);
  });

  it('never keeps a guest older than the last write, with changes and reads sent at once to two instances', async () => {
    const other = asHost(createApp(t.deps), host.jar, host.accountId, host.credentials);
    const ada = await createGuest(host, occasion.id);
    const path = `${base}/guest/${ada.id}`;
    const work: Array<Promise<unknown>> = [];
    for (let n = 1; n <= 6; n++) work.push(update(host, path, { dietaryNotes: `note ${n}` }), read(host, path), read(other, path));
    await Promise.all(work);
    const { dietaryNotes } = await t.deps.db.selectFrom('guest').select('dietaryNotes').where('id', '=', ada.id).executeTakeFirstOrThrow();
    expect((await read<Guest>(host, path)).dietaryNotes).toBe(dietaryNotes);
    expect((await read<Guest>(other, path)).dietaryNotes).toBe(dietaryNotes);
  });
});
