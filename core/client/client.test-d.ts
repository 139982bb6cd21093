import { atom } from 'nanostores';
import { describe, expectTypeOf, it } from 'vitest';
import type { Guest, GuestBulkResult } from '../schemas/guest';
import type { GuestBulkDeleteResult } from '../schemas/guest-bulk-delete';
import type { ApiErrorBody } from '../schemas/error';
import type { EventInfo, GuestSessionInfo, Rsvp } from '../schemas/event';
import type { InviteLine } from '../schemas/invite-line';
import { createGuestStores } from './guest-stores';
import type { HostSession } from './host-session';
import { createHostStores } from './host-stores';
import { createKindlyClient } from './kindly-client';
import type { SessionState } from './session-state';
import {
  isHttpError,
  type ClientError,
  type FetchError,
  type HttpError,
  type ParsingError,
  type Result,
  type TimeoutError,
} from './result';

const client = createKindlyClient({ baseUrl: 'https://rsvp.example.com' });

describe('client types', () => {
  it('each route function resolves to a Result of its entity', () => {
    expectTypeOf(client.host.getGuest('o', 'g')).resolves.toEqualTypeOf<Result<Guest>>();
    expectTypeOf(client.host.listGuests('o')).resolves.toEqualTypeOf<Result<Guest[]>>();
    expectTypeOf(client.host.deleteGuest('o', 'g')).resolves.toEqualTypeOf<Result<void>>();
    expectTypeOf(client.host.upsertGuests).returns.resolves.toEqualTypeOf<Result<GuestBulkResult>>();
    expectTypeOf(client.host.deleteGuests('o', { ids: ['g'] })).resolves.toEqualTypeOf<Result<GuestBulkDeleteResult>>();
    expectTypeOf(client.host.updateInviteLines).returns.resolves.toEqualTypeOf<Result<InviteLine[]>>();
    expectTypeOf(client.host.getSession()).resolves.toEqualTypeOf<Result<HostSession | null>>();
    expectTypeOf(client.guest.getInfo()).resolves.toEqualTypeOf<Result<EventInfo>>();
    expectTypeOf(client.guest.getSession('o')).resolves.toEqualTypeOf<Result<GuestSessionInfo | null>>();
  });

  it('a result narrows to its data or its error', async () => {
    const result = await client.host.getGuest('o', 'g');
    if (result.error) {
      expectTypeOf(result.error).toEqualTypeOf<ClientError>();
      expectTypeOf(result.data).toEqualTypeOf<undefined>();
    } else {
      expectTypeOf(result.data).toEqualTypeOf<Guest>();
    }
  });

  it("an error's status narrows it to one kind", () => {
    const error = {} as ClientError;
    if (error.status === 'FETCH_ERROR') expectTypeOf(error).toEqualTypeOf<FetchError>();
    else if (error.status === 'TIMEOUT_ERROR') expectTypeOf(error).toEqualTypeOf<TimeoutError>();
    else if (error.status === 'PARSING_ERROR') {
      expectTypeOf(error).toEqualTypeOf<ParsingError>();
      expectTypeOf(error.originalStatus).toEqualTypeOf<number>();
      expectTypeOf(error.data).toEqualTypeOf<string>();
    } else {
      expectTypeOf(error).toEqualTypeOf<HttpError>();
      expectTypeOf(error.status).toEqualTypeOf<number>();
      expectTypeOf(error.data).toEqualTypeOf<ApiErrorBody>();
    }
    if (isHttpError(error)) expectTypeOf(error.data.error.code).toEqualTypeOf<ApiErrorBody['error']['code']>();
  });

  it('bodies are checked against the schemas', () => {
    // @ts-expect-error: firstName is a string
    void client.host.createGuest('o', { firstName: 1 });
    // @ts-expect-error: read-only fields are not part of a body
    void client.host.updateGuest('o', 'g', { invitations: [] });
    // Fields with defaults may be left out.
    void client.host.createOccasion({ title: 'Wedding', startDate: '2027-06-12', endDate: '2027-06-13' });
    void client.guest.signIn({ occasionId: 'o', inviteCode: 'ABCD-EFGH-JKMN' });
    void client.guest.signIn({ occasionId: 'o', firstName: 'Jane', lastName: 'Smith', passcode: 'secret' });
  });
});

describe('store types', () => {
  const host = createHostStores(client.host);
  const guest = createGuestStores(client.guest, 'o');

  it('fetcher stores hold their entity and a ClientError; ids may be atoms', () => {
    expectTypeOf(host.guest('o', atom<string | null>(null)).get().data).toEqualTypeOf<Guest | undefined>();
    expectTypeOf(host.guests('o').get().error).toEqualTypeOf<ClientError | undefined>();
    expectTypeOf(guest.$rsvp.get().data).toEqualTypeOf<Rsvp | null | undefined>();
    expectTypeOf(host.$session.get()).toEqualTypeOf<SessionState<HostSession>>();
  });

  it('mutators take one input and resolve to a Result', () => {
    expectTypeOf(host.$updateGuest.mutate({ occasionId: 'o', guestId: 'g', body: { firstName: 'Ada' } })).resolves.toEqualTypeOf<
      Result<Guest>
    >();
    expectTypeOf(host.$signOut.mutate()).resolves.toEqualTypeOf<Result<void>>();
    expectTypeOf(guest.$signIn.mutate({ inviteCode: 'ABCD-EFGH-JKMN' })).resolves.toMatchTypeOf<Result<{ token: string }>>();
    // @ts-expect-error: the guest stores add the occasion themselves
    void guest.$signIn.mutate({ occasionId: 'o', inviteCode: 'ABCD-EFGH-JKMN' });
  });
});
