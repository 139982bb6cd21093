import { allTasks } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { appFetch, newAccount, ok, seedOccasion, signedInHostEachTest, BASE_URL } from './app-fetch.test-helper';
import { signUpHost } from './host-auth';
import { createHostClient } from './host-client';

const h = signedInHostEachTest();

const settle = async () => {
  await new Promise((done) => setTimeout(done, 0));
  await allTasks();
};

/** The token in the newest co-host invitation's link, as the invited person reads it. */
async function tokenFromOutbox(to: string): Promise<string> {
  const row = await h.t.deps.db.selectFrom('email').select('text').where('kind', '=', 'HOST_INVITATION').where('to', '=', to).executeTakeFirstOrThrow();
  return /\/invitation#([A-Za-z0-9_-]+)/.exec(row.text)![1]!;
}

/** Setup: the signed-in host's address is verified, as only verified accounts invite anyone. */
async function verifyHost(): Promise<void> {
  await h.t.deps.db.updateTable('account').set({ emailVerifiedAt: new Date().toISOString() }).execute();
}

describe('people in the host client and stores', () => {
  it('invites, looks up, accepts once, changes a role and removes, with the stores following', async () => {
    const { occasion } = await seedOccasion(h.host);
    await verifyHost();
    const people = h.stores.people(occasion.id);
    h.unbinds.push(people.listen(() => {}));
    await settle();
    expect(people.get().data!.people.map((person) => person.role)).toEqual(['owner']);

    const partnerAccount = newAccount();
    const invitation = ok(await h.stores.$invitePerson.mutate({ occasionId: occasion.id, body: { email: partnerAccount.email, role: 'editor' } }));
    await settle();
    expect(people.get().data!.invitations).toEqual([invitation]);

    const partnerNet = appFetch(h.t);
    const partner = createHostClient({ baseUrl: BASE_URL, fetch: partnerNet.fetch });
    const token = await tokenFromOutbox(partnerAccount.email);
    expect(ok(await partner.lookUpInvitation({ token }))).toMatchObject({ occasionTitle: occasion.title, role: 'editor', email: partnerAccount.email });
    ok(await signUpHost(partner, partnerAccount));
    expect(ok(await partner.acceptInvitation({ token }))).toEqual({ occasionId: occasion.id, role: 'editor' });
    const again = await partner.acceptInvitation({ token });
    expect(again.error).toMatchObject({ status: 409, data: { error: { code: 'CONFLICT' } } });
    expect(ok(await partner.listOccasions()).map((o) => [o.id, o.role])).toEqual([[occasion.id, 'editor']]);

    h.stores.markStale(['Person']);
    await settle();
    const added = people.get().data!.people.find((person) => person.email === partnerAccount.email)!;
    expect(added.role).toBe('editor');
    expect(people.get().data!.invitations).toEqual([]);

    ok(await h.stores.$updatePerson.mutate({ occasionId: occasion.id, accountId: added.accountId, body: { role: 'door' } }));
    await settle();
    expect(people.get().data!.people.find((person) => person.accountId === added.accountId)!.role).toBe('door');
    expect(ok(await partner.getDoorList(occasion.id)).households[0]!.guests[0]).toEqual({ id: expect.any(String), firstName: 'Jane', lastName: 'Smith' });
    expect((await partner.listGuests(occasion.id)).error).toMatchObject({ status: 403 });

    ok(await h.stores.$removePerson.mutate({ occasionId: occasion.id, accountId: added.accountId }));
    await settle();
    expect(people.get().data!.people).toHaveLength(1);
    expect((await partner.getOccasion(occasion.id)).error).toMatchObject({ status: 404 });
  });

  it('revokes a pending invitation: its link stops working', async () => {
    const { occasion } = await seedOccasion(h.host);
    await verifyHost();
    const invitation = ok(await h.host.invitePerson(occasion.id, { email: 'planner@example.com', role: 'viewer' }));
    const token = await tokenFromOutbox('planner@example.com');
    ok(await h.stores.$revokeInvitation.mutate({ occasionId: occasion.id, invitationId: invitation.id }));
    expect((await h.host.lookUpInvitation({ token })).error).toMatchObject({ status: 404 });
    expect(ok(await h.host.listPeople(occasion.id)).invitations).toEqual([]);
  });
});
