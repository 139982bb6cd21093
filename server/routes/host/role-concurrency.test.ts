import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../../core/schemas/people';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createGuest, createOccasion } from './host-fixtures';
import { addPerson } from './people-fixtures';
import { verifyAccount } from '../../test-support/verify-account';

/**
 * Role changes and requests at once. What must hold: no write of a person commits after the
 * change that took their right to write committed, and every request that starts after it is
 * refused. A write that commits records history in its own transaction, so the entries of a
 * person that appear only after the change's answer arrived were committed after the change.
 */
describe('role changes while their people write', () => {
  let t: TestApp;
  let owner: HostClient;
  let occasionId: string;
  beforeEach(async () => {
    t = await createTestApp();
    owner = await signUpHost(t.app);
    await verifyAccount(t.deps.db, owner.credentials.email);
    occasionId = (await createOccasion(owner)).id;
  });
  afterEach(() => t.close());

  const entriesBy = async (accountId: string) =>
    (await t.deps.db.selectFrom('historyEntry').select('id').where('occasionId', '=', occasionId).where('actorId', '=', accountId).execute()).map((row) => row.id);

  it('commits no write after the removal or demotion that ended it, and refuses every later request', async () => {
    const changes: Array<{ role: Role; to: 'removed' | Role }> = [
      { role: 'editor', to: 'removed' },
      { role: 'editor', to: 'viewer' },
      { role: 'editor', to: 'door' },
      { role: 'owner', to: 'removed' },
      { role: 'owner', to: 'viewer' },
    ];
    const people = await Promise.all(changes.map(({ role }) => addPerson(t, owner, occasionId, role)));
    const guests = await Promise.all(people.map((_, index) => createGuest(owner, occasionId, { firstName: `Guest${index}` })));
    const seenAtChange = new Map<string, string[]>();
    const statuses: number[] = [];

    await Promise.all(
      people.flatMap((person, index) => {
        const path = `/occasion/${occasionId}/guest/${guests[index]!.id}`;
        let succeeded = 0;
        let startChange!: () => void;
        const changeDue = new Promise<void>((resolve) => (startChange = resolve));
        // Three streams of writes; the change starts once three writes succeeded, while the streams go on.
        const streams = Array.from({ length: 3 }, async (_, stream) => {
          for (let n = 0; n < 8; n++) {
            const response = await person.request('PUT', path, { notes: `stream ${stream} write ${n}` });
            statuses.push(response.status);
            expect([200, 403, 404], await response.text()).toContain(response.status);
            if (response.status === 200 && ++succeeded === 3) startChange();
          }
          startChange();
        });
        const { to } = changes[index]!;
        const change = (async () => {
          await changeDue;
          const response =
            to === 'removed'
              ? await owner.request('DELETE', `/occasion/${occasionId}/person/${person.accountId}`)
              : await owner.request('PUT', `/occasion/${occasionId}/person/${person.accountId}`, { role: to });
          expect(response.status).toBeLessThan(300);
          seenAtChange.set(person.accountId, await entriesBy(person.accountId));
          const after = await person.request('PUT', path, { notes: 'after the change' });
          expect(after.status).toBe(to === 'removed' ? 404 : 403);
        })();
        return [...streams, change];
      }),
    );

    for (const person of people) {
      expect(await entriesBy(person.accountId)).toEqual(seenAtChange.get(person.accountId));
    }
    // Both outcomes happened, or the test proved nothing about the race.
    expect(statuses).toContain(200);
    expect(statuses.some((status) => status !== 200)).toBe(true);
  });

  it('keeps one owner when two owners demote each other at once', async () => {
    const second = await addPerson(t, owner, occasionId, 'owner');
    const [first, other] = await Promise.all([
      owner.request('PUT', `/occasion/${occasionId}/person/${second.accountId}`, { role: 'viewer' }),
      second.request('PUT', `/occasion/${occasionId}/person/${owner.accountId}`, { role: 'viewer' }),
    ]);
    // The one that commits second is no longer an owner (403), or would leave none (409).
    const statuses = [first.status, other.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const roles = await t.deps.db.selectFrom('occasionRole').select('role').where('occasionId', '=', occasionId).execute();
    expect(roles.filter((row) => row.role === 'owner')).toHaveLength(1);
  });
});
