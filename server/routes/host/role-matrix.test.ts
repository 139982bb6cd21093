import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, roleCan, type Role } from '../../../core/schemas/people';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createActivity, createCategory, createGuest, createHousehold, createOccasion, create, invite, type ErrorBody } from './host-fixtures';
import { addPerson } from './people-fixtures';
import { HOST_ROUTE_PERMISSIONS } from './route-permissions';
import { verifyAccount } from '../../test-support/verify-account';

const AREA = '/host/v1';

/**
 * Every host route under `/occasion(s)`, as the app registers it: the list this test walks is
 * read from the app, so a route added without a permission fails here.
 */
function occasionRoutes(t: TestApp): Array<{ method: string; path: string }> {
  const seen = new Set<string>();
  const routes: Array<{ method: string; path: string }> = [];
  for (const { method, path } of t.app.routes) {
    if (method === 'ALL' || !/^\/host\/v1\/occasions?(\/|$)/.test(path)) continue;
    const key = `${method} ${path.slice(AREA.length)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method, path: path.slice(AREA.length) });
  }
  // The owner's deletion of the occasion ends the walk.
  return routes.sort((a, b) => Number(isOccasionDelete(a)) - Number(isOccasionDelete(b)));
}

const isOccasionDelete = (route: { method: string; path: string }) => route.method === 'DELETE' && route.path === '/occasion/:occasionId';

describe('every host route × every role × { own occasion, another’s }', () => {
  let t: TestApp;
  let owner: HostClient;
  let people: Record<Role, HostClient>;
  let ids: Record<string, string>;
  let othersOccasionId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpHost(t.app);
    await verifyAccount(t.deps.db, owner.credentials.email);
    const occasion = await createOccasion(owner);
    const activity = await createActivity(owner, occasion.id);
    const category = await createCategory(owner, occasion.id);
    const household = await createHousehold(owner, occasion.id, { email: 'smiths@example.com' });
    const guest = await createGuest(owner, occasion.id, { householdId: household.id, email: 'ada@example.com' });
    const line = await invite(owner, occasion.id, guest.id, activity.id);
    const question = await create<{ id: string }>(owner, `/occasion/${occasion.id}/question`, { prompt: 'Song?', kind: 'SHORT_TEXT' });
    people = {
      owner: await addPerson(t, owner, occasion.id, 'owner'),
      editor: await addPerson(t, owner, occasion.id, 'editor'),
      viewer: await addPerson(t, owner, occasion.id, 'viewer'),
      door: await addPerson(t, owner, occasion.id, 'door'),
    };
    const pending = await create<{ id: string }>(owner, `/occasion/${occasion.id}/invitations`, { email: 'planner@example.com', role: 'viewer' });
    const stranger = await signUpHost(t.app);
    othersOccasionId = (await createOccasion(stranger)).id;
    ids = {
      occasionId: occasion.id,
      activityId: activity.id,
      categoryId: category.id,
      householdId: household.id,
      guestId: guest.id,
      inviteLineId: line.id,
      questionId: question.id,
      invitationId: pending.id,
      accountId: people.door.accountId,
      kind: 'INVITATION',
      emailId: 'no-such-email',
      code: 'ZZZZZ00000',
    };
  });
  afterAll(() => t.close());

  it('has a permission for every route, and no permission for a route that is gone', () => {
    const registered = occasionRoutes(t).map(({ method, path }) => `${method} ${path}`);
    expect(registered.filter((key) => !(key in HOST_ROUTE_PERMISSIONS))).toEqual([]);
    expect(Object.keys(HOST_ROUTE_PERMISSIONS).filter((key) => !registered.includes(key))).toEqual([]);
    expect(registered.length).toBeGreaterThan(50);
  });

  /**
   * A request the role may make is sent so that it changes nothing: a body the schema refuses
   * (400) for writes, an id that does not exist for deletions and erasures of a part (404, not the occasion's).
   * The owner's deletion of the occasion is real, and last.
   */
  function concrete(path: string, occasionId: string, allowed: boolean, method: string): string {
    return path.replace(/:(\w+)/g, (_, name: string) => {
      if (name === 'occasionId') return occasionId;
      if (allowed && (method === 'DELETE' || path.endsWith('/erase'))) return 'no-such-id';
      return ids[name]!;
    });
  }

  it('answers each role as its permissions say, and a person without a role 404 as if there were no occasion', async () => {
    const outcomes: string[] = [];
    for (const route of occasionRoutes(t)) {
      const permission = HOST_ROUTE_PERMISSIONS[`${route.method} ${route.path}`]!;
      for (const role of ROLES) {
        const person = people[role];
        const allowed = permission === 'account' || roleCan(role, permission);
        const body = route.method === 'POST' || route.method === 'PUT' ? { notAField: true } : undefined;
        // Another's occasion first (nothing to change there), then this role's own.
        if (route.path.includes(':occasionId')) {
          const theirs = await person.request(route.method, concrete(route.path, othersOccasionId, false, route.method), body);
          const error = ((await theirs.json()) as ErrorBody).error;
          outcomes.push(`${role} ${route.method} ${route.path} on another's: ${theirs.status} ${error.code} ${error.message}`);
          expect(theirs.status, `${role} ${route.method} ${route.path} on another's occasion`).toBe(404);
          expect(error).toEqual({ code: 'NOT_FOUND', message: 'No such occasion.' });
        }
        if (isOccasionDelete(route) && allowed) continue;
        const response = await person.request(route.method, concrete(route.path, ids.occasionId!, allowed, route.method), body);
        const text = await response.text();
        const label = `${role} ${route.method} ${route.path}: ${response.status} ${text.slice(0, 200)}`;
        if (allowed) {
          expect(response.status, label).not.toBe(403);
          expect(response.status, label).toBeLessThan(500);
          if (response.status === 404) expect(text, label).not.toContain('No such occasion.');
        } else {
          expect(response.status, label).toBe(403);
          expect((JSON.parse(text) as ErrorBody).error.code, label).toBe('FORBIDDEN');
        }
      }
    }
    expect(outcomes.length).toBeGreaterThan(200);
    // Last: the owners delete; before that the others were refused above.
    expect((await people.owner.request('DELETE', `/occasion/${ids.occasionId}`)).status).toBe(204);
    expect((await owner.request('GET', `/occasion/${ids.occasionId}`)).status).toBe(404);
  });
});

describe('what a refused role changes, and what the door role sees', () => {
  let t: TestApp;
  let owner: HostClient;
  let occasionId: string;
  let guestId: string;
  let householdId: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpHost(t.app);
    await verifyAccount(t.deps.db, owner.credentials.email);
    occasionId = (await createOccasion(owner, { passcode: 'open sesame' })).id;
    householdId = (await createHousehold(owner, occasionId, { name: 'The Smiths', email: 'smiths@example.com', phone: '5551234567' })).id;
    guestId = (await createGuest(owner, occasionId, { householdId, email: 'ada@example.com', phone: '5557654321', notes: 'Allergic to cats' })).id;
    await createGuest(owner, occasionId, { firstName: 'Bo', lastName: 'Alone', email: 'bo@example.com' });
  });
  afterAll(() => t.close());

  it('refuses a viewer’s and a door person’s valid writes with 403 and changes nothing', async () => {
    const viewer = await addPerson(t, owner, occasionId, 'viewer');
    const door = await addPerson(t, owner, occasionId, 'door');
    const before = await snapshotDatabase(t.deps.db);
    for (const person of [viewer, door]) {
      for (const [method, path, body] of [
        ['PUT', `/occasion/${occasionId}/guest/${guestId}`, { firstName: 'Eve' }],
        ['POST', `/occasion/${occasionId}/guest`, { firstName: 'Eve' }],
        ['DELETE', `/occasion/${occasionId}/household/${householdId}`, undefined],
        ['PUT', `/occasion/${occasionId}`, { title: 'Taken over' }],
        ['POST', `/occasion/${occasionId}/invitations`, { email: 'friend@example.com', role: 'owner' }],
        ['PUT', `/occasion/${occasionId}/person/${person.accountId}`, { role: 'owner' }],
        ['DELETE', `/occasion/${occasionId}`, undefined],
      ] as const) {
        const response = await person.request(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(((await response.json()) as ErrorBody).error.code).toBe('FORBIDDEN');
      }
    }
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('gives the door role names and households only: no email, phone, notes or passcode', async () => {
    const door = await addPerson(t, owner, occasionId, 'door');
    const list = await door.request('GET', `/occasion/${occasionId}/door`);
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(JSON.parse(text)).toEqual({
      households: [{ id: householdId, name: 'The Smiths', guests: [{ id: guestId, firstName: 'Ada', lastName: 'Smith' }] }],
      guests: [{ id: expect.any(String), firstName: 'Bo', lastName: 'Alone' }],
    });
    const occasion = await door.request('GET', `/occasion/${occasionId}`);
    const occasionText = await occasion.text();
    expect(JSON.parse(occasionText)).toMatchObject({ id: occasionId, role: 'door', passcode: null });
    const listed = await door.request('GET', '/occasions');
    const listedText = await listed.text();
    for (const answer of [text, occasionText, listedText]) {
      expect(answer).not.toMatch(/@example\.com|555|Allergic|open sesame/);
    }
    for (const path of ['guests', `guest/${guestId}`, 'households', `household/${householdId}`, 'replies', 'answers', 'history', 'email-recipients', 'people']) {
      expect((await door.request('GET', `/occasion/${occasionId}/${path}`)).status, path).toBe(403);
    }
  });
});
