import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Guest } from '../../../core/schemas/guest';
import type { Household } from '../../../core/schemas/household';
import type { Occasion } from '../../../core/schemas/occasion';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import {
  createGuest,
  createHousehold,
  createOccasion,
  expectBadBodiesRefused,
  expectError,
  expectHiddenFrom,
  issuePaths,
  read,
  remove,
  update,
} from './host-fixtures';

const INVITE_CODE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

describe('household routes', () => {
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

  it('creates with defaults and an invite code, reads, updates a subset and deletes', async () => {
    const smiths = await createHousehold(host, occasion.id, { country: 'USA', state: 'ny', city: 'New York' });
    expect(smiths).toMatchObject({
      occasionId: occasion.id,
      name: 'The Smiths',
      addressLine1: '',
      addressLine2: '',
      city: 'New York',
      state: 'NY',
      postalCode: '',
      country: 'USA',
      phone: '',
      email: '',
      notes: '',
      guestIds: [],
    });
    expect(smiths.inviteCode).toMatch(INVITE_CODE);
    expect(await read(host, `${base}/household/${smiths.id}`)).toEqual(smiths);

    const updated = await update<Household>(host, `${base}/household/${smiths.id}`, { notes: 'Bring the dog', postalCode: '10001' });
    expect(updated).toMatchObject({ ...smiths, notes: 'Bring the dog', postalCode: '10001', updatedAt: updated.updatedAt });
    expect(updated.inviteCode).toBe(smiths.inviteCode);
    expect(await read(host, `${base}/household/${smiths.id}`)).toEqual(updated);

    await remove(host, `${base}/household/${smiths.id}`);
    await expectError(host, 'GET', `${base}/household/${smiths.id}`, undefined, 404, 'NOT_FOUND');
  });

  it('draws a different invite code for each household', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add((await createHousehold(host, occasion.id, { name: `House ${i}` })).inviteCode);
    expect(codes.size).toBe(5);
  });

  it('lists by name, each with its guests by last name, then first name', async () => {
    const smiths = await createHousehold(host, occasion.id, { name: 'Smith family' });
    const jones = await createHousehold(host, occasion.id, { name: 'Jones family' });
    const zed = await createGuest(host, occasion.id, { firstName: 'Zed', lastName: 'Smith', householdId: smiths.id });
    const amy = await createGuest(host, occasion.id, { firstName: 'Amy', lastName: 'Smith', householdId: smiths.id });
    const bob = await createGuest(host, occasion.id, { firstName: 'Bob', lastName: 'Jones', householdId: smiths.id });
    await createGuest(host, occasion.id, { firstName: 'Cy', lastName: 'Alone' });
    const list = await read<Household[]>(host, `${base}/households`);
    expect(list.map((household) => [household.id, household.guestIds])).toEqual([
      [jones.id, []],
      [smiths.id, [bob.id, amy.id, zed.id]],
    ]);
    expect((await read<Household>(host, `${base}/household/${smiths.id}`)).guestIds).toEqual([bob.id, amy.id, zed.id]);
  });

  it('leaves the guests of a deleted household without one', async () => {
    const smiths = await createHousehold(host, occasion.id);
    const ada = await createGuest(host, occasion.id, { householdId: smiths.id });
    await remove(host, `${base}/household/${smiths.id}`);
    expect((await read<Guest>(host, `${base}/guest/${ada.id}`)).householdId).toBeNull();
  });

  it('checks the state against the country of the merged household', async () => {
    const smiths = await createHousehold(host, occasion.id, { country: 'Canada', state: 'ON' });
    expect(await issuePaths(host, 'PUT', `${base}/household/${smiths.id}`, { country: 'USA' })).toContain('state');
    expect(await issuePaths(host, 'POST', `${base}/household`, { name: 'X', country: 'Atlantis' })).toContain('country');
    expect(await issuePaths(host, 'POST', `${base}/household`, {})).toContain('name');
  });

  it('refuses the invite code, the guest ids and other bad bodies without changing anything', async () => {
    const smiths = await createHousehold(host, occasion.id);
    const readOnly = ['id', 'occasionId', 'inviteCode', 'guestIds', 'createdAt', 'updatedAt'];
    await expectBadBodiesRefused(t, host, 'POST', `${base}/household`, { name: 'Joneses' }, readOnly);
    await expectBadBodiesRefused(t, host, 'PUT', `${base}/household/${smiths.id}`, { city: 'Lisbon' }, readOnly);
  });

  it("answers 404 for another account's households and for a household of another occasion", async () => {
    const smiths = await createHousehold(host, occasion.id);
    const path = `${base}/household/${smiths.id}`;
    await expectHiddenFrom(t, await signUpHost(t.app), [
      ['GET', `${base}/households`],
      ['POST', `${base}/household`, { name: 'Mine' }],
      ['GET', path],
      ['PUT', path, { name: 'Mine' }],
      ['DELETE', path],
    ]);
    const reunion = await createOccasion(host, { title: 'Reunion' });
    const elsewhere = `/occasion/${reunion.id}/household/${smiths.id}`;
    await expectHiddenFrom(t, host, [['GET', elsewhere], ['PUT', elsewhere, { name: 'Moved' }], ['DELETE', elsewhere]]);
  });
});
