import { expect } from 'vitest';
import type { Role } from '../../../core/schemas/people';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import type { TestApp } from '../../test-support/test-app';

/** The token of the newest co-host invitation the outbox holds for an address, read from its plain text as a person would follow the link. */
export async function invitationTokenFor(t: TestApp, address: string): Promise<string> {
  const row = await t.deps.db
    .selectFrom('email')
    .select('text')
    .where('kind', '=', 'HOST_INVITATION')
    .where('to', '=', address)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = /\/invitation#([A-Za-z0-9_-]{43})/.exec(row.text)?.[1];
  expect(token, row.text).toBeDefined();
  return token!;
}

/** A new account given `role` on the occasion the way people get one: invited by an owner, accepted from the email. */
export async function addPerson(t: TestApp, owner: HostClient, occasionId: string, role: Role): Promise<HostClient> {
  const person = await signUpHost(t.app);
  const invited = await owner.request('POST', `/occasion/${occasionId}/invitations`, { email: person.credentials.email, role });
  expect(invited.status, await invited.clone().text()).toBe(201);
  const accepted = await person.request('POST', '/invitation/accept', { token: await invitationTokenFor(t, person.credentials.email) });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
  return person;
}
