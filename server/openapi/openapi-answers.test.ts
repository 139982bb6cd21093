import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../in-process/cookie-jar';
import { asHost, BASE, newHostCredentials, signIn, signUpHost, type HostClient } from '../in-process/host-session';
import { invitationTokenFor } from '../routes/host/people-fixtures';
import { createEventFixture, eventRequest, signInGuest, smithsWholeReply, WIDGET_ORIGIN, type EventFixture } from '../test-support/event-fixture';
import { OpenApiRecorder } from '../test-support/openapi-recorder';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { verifyAccount } from '../test-support/verify-account';
import { EVENT_AREA, HOST_AREA } from './documents';

type Json = Record<string, unknown> & { id: string };

/**
 * Every documented route, driven through the real app at least once to a success, and every
 * answer (successes and the errors met on the way) checked against the document.
 */
describe('real answers match the OpenAPI documents', () => {
  let t: TestApp;
  const host = new OpenApiRecorder(HOST_AREA);
  const guest = new OpenApiRecorder(EVENT_AREA);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Sends `key` (`METHOD /path/:param`) as `client`, with `ids` for its parameters; checks the answer, returns its JSON. */
  async function call(client: HostClient | undefined, key: string, ids: Record<string, string> = {}, body?: unknown, query = ''): Promise<Json> {
    const [method, pattern] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)];
    const path = pattern.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? `missing-${name}`) + query;
    const response = client
      ? await client.request(method, path, body)
      : await t.app.request(`${BASE}/host/v1${path}`, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
    const text = await host.check(key, response);
    return (text && response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : {}) as Json;
  }

  it('in the host area: the account, sign-in and two-factor', async () => {
    const credentials = newHostCredentials();
    const account = await call(undefined, 'POST /account', {}, credentials);
    const jar = new CookieJar();
    await host.check('POST /auth/callback/credentials', await signIn(t.app, credentials.email, credentials.password, jar));
    const me = asHost(t.app, jar, account.id, credentials);
    await call(me, 'POST /account/verification');
    await verifyAccount(t.deps.db, credentials.email);
    await call(me, 'GET /account');
    await call(me, 'PUT /account', {}, { firstName: 'Ada' });
    await call(me, 'PUT /account/email', {}, { email: `new.${credentials.email}`, currentPassword: credentials.password });
    await call(undefined, 'POST /account/password-reset', {}, { email: credentials.email });
    await call(me, 'GET /account/deletion');

    const setup = await call(me, 'POST /account/two-factor', {}, { currentPassword: credentials.password });
    const code = TOTP.generate({ secret: Secret.fromBase32(setup.secret as string) });
    await call(me, 'PUT /account/two-factor', {}, { code });
    await call(me, 'POST /account/two-factor/recovery-codes', {}, { currentPassword: credentials.password });
    await call(me, 'POST /account/two-factor/deactivation', {}, { currentPassword: credentials.password });

    await signIn(t.app, credentials.email, credentials.password, new CookieJar());
    const sessions = (await call(me, 'GET /account/sessions')) as unknown as Array<{ id: string; current: boolean }>;
    await call(me, 'DELETE /account/session/:name', { name: sessions.find((session) => !session.current)!.id });
    await call(me, 'DELETE /account/sessions');
    const newPassword = 'a much longer new password';
    await call(me, 'PUT /account/password', {}, { currentPassword: credentials.password, newPassword });
    await call(me, 'POST /account/deletion', {}, { currentPassword: newPassword, confirmation: credentials.email });
    await call(me, 'GET /account');
    await call(undefined, 'GET /openapi.json');
  });

  it('in the host area: an occasion and everything under it', async () => {
    const owner = await signUpHost(t.app);
    await verifyAccount(t.deps.db, owner.credentials.email);
    const occasion = await call(owner, 'POST /occasion', {}, { title: 'Sam & Alex', startDate: '2027-06-12', endDate: '2027-06-13', timezone: 'Europe/Lisbon' });
    const ids: Record<string, string> = { occasionId: occasion.id };
    await call(owner, 'GET /occasions');
    await call(owner, 'GET /occasion/:occasionId', ids);
    await call(owner, 'PUT /occasion/:occasionId', ids, { venueName: 'Quinta', rsvpDeadline: '2027-05-01T00:00:00.000Z' });
    await call(owner, 'PUT /occasion/:occasionId/slug', ids, { slug: 'sam-and-alex' });

    ids.activityId = (await call(owner, 'POST /occasion/:occasionId/activity', ids, {
      name: 'Dinner',
      startsAt: '2027-06-12T19:00:00.000Z',
      mealOptions: [{ value: 'fish', text: 'Sea bass' }],
    })).id;
    ids.categoryId = (await call(owner, 'POST /occasion/:occasionId/attribute-category', ids, { name: 'Side', options: [{ value: 'bride', text: 'Bride' }] })).id;
    ids.householdId = (await call(owner, 'POST /occasion/:occasionId/household', ids, { name: 'The Smiths', country: 'USA', state: 'NY' })).id;
    ids.guestId = (await call(owner, 'POST /occasion/:occasionId/guest', ids, {
      firstName: 'Ada',
      lastName: 'Smith',
      email: 'ada@example.com',
      householdId: ids.householdId,
      attributes: { [ids.categoryId]: ['bride'] },
    })).id;
    ids.inviteLineId = (await call(owner, 'POST /occasion/:occasionId/invite-line', ids, { guestId: ids.guestId, activityId: ids.activityId })).id;
    ids.questionId = (await call(owner, 'POST /occasion/:occasionId/question', ids, { prompt: 'Song?', kind: 'SHORT_TEXT' })).id;
    for (const [entity, plural, id, patch] of [
      ['activity', 'activities', 'activityId', { dressCode: 'Smart' }],
      ['attribute-category', 'attribute-categories', 'categoryId', { multiple: true }],
      ['household', 'households', 'householdId', { city: 'Albany' }],
      ['guest', 'guests', 'guestId', { phone: '5551234567' }],
      ['invite-line', 'invite-lines', 'inviteLineId', { response: 'ATTENDING', mealChoice: 'fish' }],
      ['question', 'questions', 'questionId', { prompt: 'A song?' }],
    ] as const) {
      await call(owner, `GET /occasion/:occasionId/${plural}`, ids);
      await call(owner, `GET /occasion/:occasionId/${entity}/:${id}`, ids);
      await call(owner, `PUT /occasion/:occasionId/${entity}/:${id}`, ids, patch);
    }
    await call(owner, 'GET /occasion/:occasionId/guests', ids, undefined, '?limit=1');
    const bulk = await call(owner, 'POST /occasions/:occasionId/guests', ids, { guests: [{ firstName: 'Bo', householdName: 'The Lees' }, { id: ids.guestId, lastName: 'Smyth' }] });
    const bo = (bulk.guests as Json[]).find((row) => row.firstName === 'Bo')!;
    await call(owner, 'PUT /occasion/:occasionId/invite-lines', ids, { lines: [{ guestId: bo.id, activityId: ids.activityId, invited: true }] });
    await call(owner, 'POST /occasions/:occasionId/guests/delete', ids, { ids: [bo.id] });
    await call(owner, 'PUT /occasion/:occasionId/answers', ids, { answers: [{ questionId: ids.questionId, guestId: ids.guestId, value: 'Volare' }] });
    await call(owner, 'GET /occasion/:occasionId/answers', ids);
    await seatingOf(owner, ids);

    await peopleOf(owner, ids);
    await emailOf(owner, ids);
    for (const key of ['GET /occasion/:occasionId/replies', 'GET /occasion/:occasionId/history', 'GET /occasion/:occasionId/replies-over-time']) await call(owner, key, ids);

    for (const [entity, id] of [
      ['invite-line', 'inviteLineId'],
      ['question', 'questionId'],
      ['guest', 'guestId'],
      ['household', 'householdId'],
      ['attribute-category', 'categoryId'],
      ['activity', 'activityId'],
    ] as const) {
      await call(owner, `DELETE /occasion/:occasionId/${entity}/:${id}`, ids);
      await call(owner, `GET /occasion/:occasionId/${entity}/:${id}`, ids);
    }
    await call(owner, 'DELETE /occasion/:occasionId', ids);
  });

  /** Co-hosts: invitations made, read, accepted and withdrawn; a role changed; a person removed. */
  async function peopleOf(owner: HostClient, ids: Record<string, string>): Promise<void> {
    const helper = await signUpHost(t.app);
    await call(owner, 'POST /occasion/:occasionId/invitations', ids, { email: helper.credentials.email, role: 'viewer' });
    const token = await invitationTokenFor(t, helper.credentials.email);
    await call(undefined, 'POST /invitation/lookup', {}, { token });
    await call(helper, 'POST /invitation/accept', {}, { token });
    await call(helper, 'POST /invitation/accept', {}, { token });
    const withdrawn = await call(owner, 'POST /occasion/:occasionId/invitations', ids, { email: 'planner@example.com', role: 'door' });
    await call(owner, 'GET /occasion/:occasionId/people', ids);
    await call(owner, 'GET /occasion/:occasionId/door', ids);
    await call(owner, 'DELETE /occasion/:occasionId/invitation/:invitationId', { ...ids, invitationId: withdrawn.id });
    const person = { ...ids, accountId: helper.accountId };
    await call(owner, 'PUT /occasion/:occasionId/person/:accountId', person, { role: 'editor' });
    await call(owner, 'DELETE /occasion/:occasionId/person/:accountId', person);
  }

  /** Tables, seats, a seat freed by an answer changed away from attending, the notice dismissed. */
  async function seatingOf(owner: HostClient, ids: Record<string, string>): Promise<void> {
    ids.tableId = (await call(owner, 'POST /occasion/:occasionId/activity/:activityId/tables', ids, { name: 'Family', capacity: 8 })).id;
    await call(owner, 'PUT /occasion/:occasionId/table/:tableId', ids, { shape: 'LONG' });
    await call(owner, 'POST /occasion/:occasionId/activity/:activityId/tables', ids, { name: 'Again', number: 1, capacity: 8 });
    await call(owner, 'POST /occasion/:occasionId/activity/:activityId/seats', ids, { guestIds: [ids.guestId], tableId: ids.tableId });
    await call(owner, 'PUT /occasion/:occasionId/table/:tableId', ids, { capacity: 1 });
    const other = await call(owner, 'POST /occasion/:occasionId/activity/:activityId/tables', ids, { name: 'Other', capacity: 1 });
    await call(owner, 'POST /occasion/:occasionId/activity/:activityId/seats', ids, { guestIds: [ids.guestId], tableId: other.id });
    await call(owner, 'POST /occasion/:occasionId/activity/:activityId/seats', ids, { guestIds: [ids.guestId], tableId: ids.tableId, overCapacity: false });
    await call(owner, 'PUT /occasion/:occasionId/invite-line/:inviteLineId', ids, { response: 'DECLINED' });
    const seating = await call(owner, 'GET /occasion/:occasionId/activity/:activityId/seating', ids);
    expect((seating.releases as unknown[]).length).toBe(1);
    await call(owner, 'DELETE /occasion/:occasionId/activity/:activityId/releases', ids);
    await call(owner, 'DELETE /occasion/:occasionId/table/:tableId', ids);
    await call(owner, 'PUT /occasion/:occasionId/invite-line/:inviteLineId', ids, { response: 'ATTENDING' });
  }

  async function emailOf(owner: HostClient, ids: Record<string, string>): Promise<void> {
    const kind = { ...ids, kind: 'INVITATION' };
    await call(owner, 'GET /occasion/:occasionId/email-templates', ids);
    await call(owner, 'PUT /occasion/:occasionId/email-template/:kind', kind, { subject: 'Come to our wedding' });
    await call(owner, 'GET /occasion/:occasionId/email-preview/:kind', kind);
    await call(owner, 'GET /occasion/:occasionId/email-recipients', ids);
    await call(owner, 'POST /occasion/:occasionId/emails', ids, { kind: 'INVITATION' });
    const outbox = await call(owner, 'GET /occasion/:occasionId/emails', ids, undefined, '?limit=5');
    const sent = (outbox.emails as Json[]).find((email) => email.kind === 'INVITATION')!;
    await call(owner, 'GET /occasion/:occasionId/email/:emailId/html', { ...ids, emailId: sent.id });
  }

  it('in the host area: data rights, API tokens, webhooks and the import', async () => {
    const f = await createEventFixture(t);
    const ids = { occasionId: f.occasionId };
    await call(f.host, 'GET /occasion/:occasionId/export', ids);
    await call(f.host, 'GET /occasion/:occasionId/retention', ids);
    await call(f.host, 'PUT /occasion/:occasionId/retention', ids, { days: 400 });
    await call(f.host, 'POST /occasion/:occasionId/retention/postpone', ids, { days: 30 });
    await call(f.host, 'GET /occasion/:occasionId/privacy-note', ids);
    await call(f.host, 'PUT /occasion/:occasionId/privacy-note', ids, { privacyNote: 'We keep your replies until the party is over.' });
    await call(f.host, 'POST /occasion/:occasionId/guest/:guestId/erase', { ...ids, guestId: f.lee.sam });
    await call(f.host, 'POST /occasion/:occasionId/household/:householdId/erase', { ...ids, householdId: f.jones.id });
    await call(f.host, 'POST /occasion/:occasionId/household/:householdId/erase', { ...ids, householdId: f.jones.id });

    const token = await call(f.host, 'POST /occasion/:occasionId/api-tokens', ids, { name: 'Seating tool', role: 'viewer' });
    const program: HostClient = {
      ...f.host,
      request: async (method, path) => t.app.request(`${BASE}/host/v1${path}`, { method, headers: { authorization: `Bearer ${token.secret as string}` } }),
    };
    await call(program, 'GET /occasion/:occasionId/retention', ids);
    await call(program, 'GET /account');
    await call(f.host, 'GET /occasion/:occasionId/api-tokens', ids);
    await call(f.host, 'DELETE /occasion/:occasionId/api-token/:tokenId', { ...ids, tokenId: token.id });
    await call(program, 'GET /occasion/:occasionId/retention', ids);

    const hook = { ...ids, webhookId: (await call(f.host, 'POST /occasion/:occasionId/webhooks', ids, { url: 'https://hooks.example.com/kindly', events: ['guest.created'] })).id };
    await call(f.host, 'GET /occasion/:occasionId/webhooks', ids);
    await call(f.host, 'POST /occasion/:occasionId/webhook/:webhookId/test', hook);
    await call(f.host, 'GET /occasion/:occasionId/webhook/:webhookId/deliveries', hook);
    await call(f.host, 'POST /occasion/:occasionId/webhook/:webhookId/rotate-secret', hook);
    await call(f.host, 'PUT /occasion/:occasionId/webhook/:webhookId', hook, { enabled: false });
    await call(f.host, 'DELETE /occasion/:occasionId/webhook/:webhookId', hook);

    const importOf = (key: string) => ({ key, guests: [{ firstName: 'Cy', lastName: 'Ng', householdName: 'The Ngs' }], invitations: [{ guestRow: 0, activityId: f.activities.dinner, invited: true }] });
    const undone = await call(f.host, 'POST /occasion/:occasionId/import', ids, importOf('first-import-key'));
    await call(f.host, 'POST /occasion/:occasionId/import/:importId/undo', { ...ids, importId: undone.importId as string });
    const changed = await call(f.host, 'POST /occasion/:occasionId/import', ids, importOf('second-import-key'));
    await call(f.host, 'PUT /occasion/:occasionId/guest/:guestId', { ...ids, guestId: (changed.guestIds as string[])[0]! }, { phone: '5551234567' });
    const refused = await call(f.host, 'POST /occasion/:occasionId/import/:importId/undo', { ...ids, importId: changed.importId as string });
    expect((refused.error as { code: string }).code).toBe('IMPORT_CHANGED');
  });

  it('in the guest area, and the host’s view of the replies', async () => {
    const f: EventFixture = await createEventFixture(t);
    const send = async (key: string, { query = '', ...options }: { token?: string; body?: unknown; query?: string } = {}): Promise<Json> => {
      const [method, pattern] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)];
      const path = pattern.replace(':occasionId', f.occasionId) + query;
      const text = await guest.check(key, await eventRequest(t.app, method, path, { origin: WIDGET_ORIGIN, ...options }));
      return (text ? JSON.parse(text) : {}) as Json;
    };
    await send('POST /auth/credentials', { body: { occasionId: f.occasionId, inviteCode: 'WRONG-CODE-XXXX' } });
    const { token } = (await send('POST /auth/credentials', { body: { occasionId: f.occasionId, inviteCode: f.smith.inviteCode } })) as { token: string } & Json;
    await send('GET /auth/session/:occasionId', { token });
    await send('GET /auth/session/:occasionId');
    await send('GET /info', { token });
    await send('GET /household', { token });
    await send('PUT /household', { token, body: { city: 'Lisbon' } });
    await send('GET /rsvp', { token });
    await send('PUT /rsvp', { token, body: smithsWholeReply(f) });
    await send('POST /rsvp', { token, body: smithsWholeReply(f, { plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Kim', lastName: 'Lee' }] }) });
    await send('POST /rsvp', { token, body: smithsWholeReply(f) });
    await send('GET /rsvp', { token });
    await send('PUT /rsvp', { token, body: { ...smithsWholeReply(f), message: 'See you there' } });
    await send('GET /privacy', { query: `?occasionId=${f.occasionId}` });
    await send('GET /household/data', { token });
    await erasureRequestsOf(f, send);
    await send('POST /auth/signout', { token });
    await send('GET /info', { token });
    await send('GET /openapi.json');

    const ids = { occasionId: f.occasionId };
    for (const key of ['GET /occasion/:occasionId/replies', 'GET /occasion/:occasionId/history', 'GET /occasion/:occasionId/replies-over-time', 'GET /occasion/:occasionId/guests', 'GET /occasion/:occasionId/households']) {
      await call(f.host, key, ids);
    }
  });

  /** The Joneses ask to be erased twice: the hosts decline the first request and confirm the second. */
  async function erasureRequestsOf(f: EventFixture, send: (key: string, options: { token?: string; body?: unknown }) => Promise<Json>): Promise<void> {
    const { token } = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.jones.inviteCode });
    const ids = { occasionId: f.occasionId };
    const declined = await send('POST /erasure-request', { token, body: { message: 'Please forget us' } });
    await send('POST /erasure-request', { token, body: {} });
    await call(f.host, 'GET /occasion/:occasionId/erasure-requests', ids);
    await call(f.host, 'POST /occasion/:occasionId/erasure-request/:requestId/decline', { ...ids, requestId: declined.id });
    const confirmed = { ...ids, requestId: (await send('POST /erasure-request', { token, body: {} })).id };
    await call(f.host, 'POST /occasion/:occasionId/erasure-request/:requestId/confirm', confirmed);
    await call(f.host, 'POST /occasion/:occasionId/erasure-request/:requestId/confirm', confirmed);
  }

  it('covers every documented route with a success, and every answer fits its schema', () => {
    expect([...host.problems, ...guest.problems]).toEqual([]);
    expect([...host.unanswered(), ...guest.unanswered()]).toEqual([]);
  });
});
