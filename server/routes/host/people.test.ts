import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { People } from '../../../core/schemas/people';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createOccasion, expectBadBodiesRefused, expectError, read } from './host-fixtures';
import { addPerson, invitationTokenFor } from './people-fixtures';
import { verifyAccount } from '../../test-support/verify-account';

describe('people and invitations', () => {
  let t: TestApp;
  let owner: HostClient;
  let occasionId: string;
  let base: string;
  beforeEach(async () => {
    t = await createTestApp();
    owner = await signUpHost(t.app);
    await verifyAccount(t.deps.db, owner.credentials.email);
    occasionId = (await createOccasion(owner)).id;
    base = `/occasion/${occasionId}`;
  });
  afterEach(() => t.close());

  it('refuses bad bodies with the contract’s errors and changes nothing', async () => {
    await expectBadBodiesRefused(t, owner, 'POST', `${base}/invitations`, { email: 'a@example.com', role: 'editor' }, ['id', 'expiresAt']);
    const before = await snapshotDatabase(t.deps.db);
    const error = await expectError(owner, 'POST', `${base}/invitations`, { email: 'not an address', role: 'boss' }, 400, 'VALIDATION_FAILED');
    expect(error.issues!.map((issue) => issue.path).sort()).toEqual(['email', 'role']);
    await expectError(owner, 'PUT', `${base}/person/${owner.accountId}`, { role: 'king' }, 400, 'VALIDATION_FAILED');
    await expectError(owner, 'POST', '/invitation/accept', { token: '' }, 400, 'VALIDATION_FAILED');
    await expectError(owner, 'POST', '/invitation/lookup', { token: 'x'.repeat(43) }, 404, 'NOT_FOUND');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('stores only the token’s hash, never logs it, and lets it be used once', async () => {
    const person = await signUpHost(t.app);
    await owner.request('POST', `${base}/invitations`, { email: person.credentials.email, role: 'viewer' });
    const token = await invitationTokenFor(t, person.credentials.email);
    const stored = await t.deps.db.selectFrom('occasionInvitation').selectAll().executeTakeFirstOrThrow();
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await person.request('POST', '/invitation/accept', { token })).status).toBe(200);
    const before = await snapshotDatabase(t.deps.db);
    const twice = await expectError(person, 'POST', '/invitation/accept', { token }, 409, 'CONFLICT');
    expect(twice.message).toMatch(/already been used/);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    expect(t.logs.join('\n')).not.toContain(token);
  });

  it('lets one of two accounts accepting the same link at once have it', async () => {
    const [first, second] = [await signUpHost(t.app), await signUpHost(t.app)];
    await owner.request('POST', `${base}/invitations`, { email: 'shared@example.com', role: 'editor' });
    const token = await invitationTokenFor(t, 'shared@example.com');
    const answers = await Promise.all([first, second].map((person) => person.request('POST', '/invitation/accept', { token })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const people = await read<People>(owner, `${base}/people`);
    expect(people.people.map((person) => person.role).sort()).toEqual(['editor', 'owner']);
  });

  it('refuses an expired invitation and changes nothing', async () => {
    const person = await signUpHost(t.app);
    await owner.request('POST', `${base}/invitations`, { email: person.credentials.email, role: 'editor' });
    const token = await invitationTokenFor(t, person.credentials.email);
    await t.deps.db.updateTable('occasionInvitation').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).execute();
    const before = await snapshotDatabase(t.deps.db);
    expect((await expectError(person, 'POST', '/invitation/accept', { token }, 409, 'CONFLICT')).message).toMatch(/expired/);
    expect((await expectError(person, 'POST', '/invitation/lookup', { token }, 409, 'CONFLICT')).message).toMatch(/expired/);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    expect((await read<People>(owner, `${base}/people`)).invitations).toEqual([]);
  });

  it('expires after 14 days, replaces a pending invitation to the same address, and refuses one to a person already here', async () => {
    const first = await (await owner.request('POST', `${base}/invitations`, { email: 'Pat@Example.com', role: 'viewer' })).json();
    const oldToken = await invitationTokenFor(t, 'Pat@Example.com');
    const days = (Date.parse(first.expiresAt) - Date.parse(first.createdAt)) / 86_400_000;
    expect(days).toBe(14);
    expect((await owner.request('POST', `${base}/invitations`, { email: 'pat@example.com', role: 'editor' })).status).toBe(201);
    await expectError(owner, 'POST', '/invitation/lookup', { token: oldToken }, 404, 'NOT_FOUND');
    expect((await read<People>(owner, `${base}/people`)).invitations.map((i) => [i.email, i.role])).toEqual([['pat@example.com', 'editor']]);
    await expectError(owner, 'POST', `${base}/invitations`, { email: owner.credentials.email.toUpperCase(), role: 'viewer' }, 409, 'CONFLICT');
  });

  it('accepts with an account made before the invitation, under another address', async () => {
    const existing = await signUpHost(t.app);
    await owner.request('POST', `${base}/invitations`, { email: 'someone.else@example.com', role: 'editor' });
    const token = await invitationTokenFor(t, 'someone.else@example.com');
    const accepted = await existing.request('POST', '/invitation/accept', { token });
    expect(await accepted.json()).toEqual({ occasionId, role: 'editor' });
    expect((await existing.request('GET', `${base}/guests`)).status).toBe(200);
  });

  it('keeps at least one owner, and lets the owner hand over the role', async () => {
    const partner = await addPerson(t, owner, occasionId, 'editor');
    const before = await snapshotDatabase(t.deps.db);
    await expectError(owner, 'PUT', `${base}/person/${owner.accountId}`, { role: 'editor' }, 409, 'CONFLICT');
    await expectError(owner, 'DELETE', `${base}/person/${owner.accountId}`, undefined, 409, 'CONFLICT');
    await expectError(owner, 'PUT', `${base}/person/no-such-account`, { role: 'editor' }, 404, 'NOT_FOUND');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);

    expect((await owner.request('PUT', `${base}/person/${partner.accountId}`, { role: 'owner' })).status).toBe(200);
    expect((await owner.request('PUT', `${base}/person/${owner.accountId}`, { role: 'viewer' })).status).toBe(200);
    // The change holds from the next request: the former owner now only reads.
    await expectError(owner, 'PUT', base, { title: 'Mine again' }, 403, 'FORBIDDEN');
    expect((await owner.request('GET', base)).status).toBe(200);
    const people = await read<People>(partner, `${base}/people`);
    expect(people.people.map((p) => [p.accountId, p.role])).toEqual([
      [partner.accountId, 'owner'],
      [owner.accountId, 'viewer'],
    ]);
    const list = await read<Array<{ id: string; role: string }>>(owner, '/occasions');
    expect(list.map((o) => [o.id, o.role])).toEqual([[occasionId, 'viewer']]);
  });

  it('records who made each change in history, people’s roles included', async () => {
    const partner = await addPerson(t, owner, occasionId, 'editor');
    await owner.request('POST', `${base}/guest`, { firstName: 'Ada' });
    await partner.request('POST', `${base}/guest`, { firstName: 'Bo' });
    await owner.request('PUT', `${base}/person/${partner.accountId}`, { role: 'viewer' });
    await owner.request('DELETE', `${base}/person/${partner.accountId}`);
    type Entry = { entity: string; action: string; actorId: string; subjectName: string; changes: Record<string, unknown> };
    const { entries } = await read<{ entries: Entry[] }>(owner, `${base}/history`);
    expect(entries.map((e) => [e.entity, e.action, e.subjectName.trim(), e.actorId, e.entity === 'PERSON' ? e.changes : undefined])).toEqual([
      ['PERSON', 'DELETE', 'Ada Lovelace', owner.accountId, { role: ['viewer', null] }],
      ['PERSON', 'UPDATE', 'Ada Lovelace', owner.accountId, { role: ['editor', 'viewer'] }],
      ['GUEST', 'CREATE', 'Bo', partner.accountId, undefined],
      ['GUEST', 'CREATE', 'Ada', owner.accountId, undefined],
      ['PERSON', 'CREATE', 'Ada Lovelace', partner.accountId, { role: [null, 'editor'] }],
    ]);
  });
});
