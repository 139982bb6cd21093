import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_ROLES, type ApiTokenRole } from '../../../core/schemas/api-token';
import { roleCan } from '../../../core/schemas/people';
import { signUpHost } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { verifyAccount } from '../../test-support/verify-account';
import { tokenRequest, usedApiToken } from './api-token-fixtures';
import { createActivity, createCategory, createGuest, createHousehold, createOccasion, create, invite, type ErrorBody } from './host-fixtures';
import { HOST_ROUTE_PERMISSIONS } from './route-permissions';

const AREA = '/host/v1';

describe('every occasion route × each token role × { its occasion, another }', () => {
  let t: TestApp;
  let tokens: Record<ApiTokenRole, string>;
  let ids: Record<string, string>;
  let otherOccasionId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await signUpHost(t.app);
    await verifyAccount(t.deps.db, owner.credentials.email);
    const occasion = await createOccasion(owner);
    const activity = await createActivity(owner, occasion.id);
    const category = await createCategory(owner, occasion.id);
    const household = await createHousehold(owner, occasion.id, { email: 'smiths@example.com' });
    const guest = await createGuest(owner, occasion.id, { householdId: household.id, email: 'ada@example.com' });
    const line = await invite(owner, occasion.id, guest.id, activity.id);
    const question = await create<{ id: string }>(owner, `/occasion/${occasion.id}/question`, { prompt: 'Song?', kind: 'SHORT_TEXT' });
    const pending = await create<{ id: string }>(owner, `/occasion/${occasion.id}/invitations`, { email: 'planner@example.com', role: 'viewer' });
    otherOccasionId = (await createOccasion(owner)).id;
    const editor = await usedApiToken(t, owner, occasion.id, 'editor');
    const viewer = await usedApiToken(t, owner, occasion.id, 'viewer');
    tokens = { editor: editor.secret, viewer: viewer.secret };
    ids = {
      occasionId: occasion.id,
      activityId: activity.id,
      categoryId: category.id,
      householdId: household.id,
      guestId: guest.id,
      inviteLineId: line.id,
      questionId: question.id,
      invitationId: pending.id,
      accountId: owner.accountId,
      tokenId: editor.id,
      kind: 'INVITATION',
      emailId: 'no-such-email',
    };
  });
  afterAll(() => t.close());

  /** The occasion's routes as the app registers them. */
  function occasionRoutes(): Array<{ method: string; path: string }> {
    const keys = new Set<string>();
    for (const { method, path } of t.app.routes) {
      if (method !== 'ALL' && /^\/host\/v1\/occasions?\/:occasionId/.test(path)) keys.add(`${method} ${path.slice(AREA.length)}`);
    }
    return [...keys].map((key) => ({ method: key.split(' ')[0]!, path: key.split(' ')[1]! }));
  }

  /** A request a token may make changes nothing: a body the schema refuses, or a part that does not exist (deletes and erasures). */
  const concrete = (path: string, occasionId: string, allowed: boolean, method: string) => {
    const removes = allowed && (method === 'DELETE' || path.endsWith('/erase'));
    return path.replace(/:(\w+)/g, (_, name: string) => (name === 'occasionId' ? occasionId : removes ? 'no-such-id' : ids[name]!));
  };

  it('answers each token as its role on its own occasion, 404 on another, and changes nothing refused', async () => {
    const before = await snapshotDatabase(t.deps.db);
    let checked = 0;
    for (const route of occasionRoutes()) {
      const permission = HOST_ROUTE_PERMISSIONS[`${route.method} ${route.path}`]!;
      for (const role of API_TOKEN_ROLES) {
        const body = route.method === 'POST' || route.method === 'PUT' ? { notAField: true } : undefined;
        const theirs = await tokenRequest(t, tokens[role], route.method, concrete(route.path, otherOccasionId, false, route.method), body);
        expect(theirs.status, `${role} ${route.method} ${route.path} on another`).toBe(404);
        expect(((await theirs.json()) as ErrorBody).error).toEqual({ code: 'NOT_FOUND', message: 'No such occasion.' });
        const allowed = permission !== 'account' && roleCan(role, permission);
        const response = await tokenRequest(t, tokens[role], route.method, concrete(route.path, ids.occasionId!, allowed, route.method), body);
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
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });
});
