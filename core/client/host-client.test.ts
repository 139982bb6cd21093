import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test-support/test-app';
import { verifyAccount } from '../../server/test-support/verify-account';
import { appFetch, BASE_URL, newAccount, ok, seedOccasion, type AppFetch } from './app-fetch.test-helper';
import { signInHost, signOutHost, signUpHost } from './host-auth';
import { createHostClient, type HostClient } from './host-client';
import { createKindlyClient } from './kindly-client';
import type { Result } from './result';

let t: TestApp;
let net: AppFetch;
let host: HostClient;
beforeEach(async () => {
  t = await createTestApp();
  net = appFetch(t);
  host = createHostClient({ baseUrl: BASE_URL, fetch: net.fetch });
});
afterEach(() => t.close());

describe('host auth flows on the real Auth.js routes', () => {
  it('signs up (account, fresh CSRF, sign-in), reads the session and account, signs out', async () => {
    expect(ok(await host.getSession())).toBeNull();
    const account = newAccount();
    net.calls.length = 0;
    const session = ok(await signUpHost(host, account));
    expect(net.calls).toEqual([
      'POST /host/v1/account',
      'GET /host/v1/auth/csrf',
      'POST /host/v1/auth/callback/credentials',
      'GET /host/v1/auth/session',
    ]);
    expect(session.user).toMatchObject({ email: account.email, firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace' });
    expect(ok(await host.getAccount())).toMatchObject({ id: session.user.id, email: account.email });

    net.calls.length = 0;
    expect(await signOutHost(host)).toEqual({ data: undefined });
    expect(net.calls).toEqual(['GET /host/v1/auth/csrf', 'POST /host/v1/auth/signout']);
    expect(ok(await host.getSession())).toBeNull();
    expect((await host.getAccount()).error?.status).toBe(401);

    net.calls.length = 0;
    expect(ok(await signInHost(host, account)).user.id).toBe(session.user.id);
    expect(net.calls.slice(0, 2)).toEqual(['GET /host/v1/auth/csrf', 'POST /host/v1/auth/callback/credentials']);
  });

  it('fetches a fresh CSRF token before every sign-in and sign-out', async () => {
    const account = newAccount();
    ok(await signUpHost(host, account));
    ok(await signOutHost(host));
    ok(await signInHost(host, account));
    ok(await signOutHost(host));
    expect(net.calls.filter((c) => c.includes('/auth/')).map((c) => c.replace('/host/v1/auth/', ''))).toEqual([
      'GET csrf',
      'POST callback/credentials',
      'GET session',
      'GET csrf',
      'POST signout',
      'GET csrf',
      'POST callback/credentials',
      'GET session',
      'GET csrf',
      'POST signout',
    ]);
  });

  it('turns an Auth.js answer whose URL carries error= into a clear 401', async () => {
    const account = newAccount();
    ok(await host.createAccount(account));
    const csrf = ok(await host.getCsrfToken());
    const raw = await host.signIn({ email: account.email, password: 'not the password', csrfToken: csrf.csrfToken });
    expect(raw).toEqual({
      error: { status: 401, data: { error: { code: 'INVALID_CREDENTIALS', message: 'Wrong email or password.' } } },
    });
    expect(await signInHost(host, { email: 'nobody@example.com', password: 'whatever123' })).toEqual(raw);
    expect(net.jar.get('authjs.session-token')).toBeUndefined();
  });

  it('reports a sign-in without a valid CSRF token as failed, not as success', async () => {
    const account = newAccount();
    ok(await host.createAccount(account));
    const result = await host.signIn({ email: account.email, password: account.password, csrfToken: 'forged' });
    expect(result.error?.status).toBe(401);
    expect(ok(await host.getSession())).toBeNull();
  });

  it('passes a 429 through with its body and its Retry-After', async () => {
    const { email } = newAccount();
    let last = await signInHost(host, { email, password: 'wrong password here' });
    for (let i = 0; i < 12 && last.error?.status !== 429; i++) last = await signInHost(host, { email, password: 'wrong password here' });
    expect(last.error).toEqual({ status: 429, data: { error: { code: 'RATE_LIMITED', message: expect.any(String) } }, retryAfterSeconds: expect.any(Number) });
  });

  it('answers sign-up errors: 409 EMAIL_TAKEN, 400 with issues', async () => {
    const account = newAccount();
    ok(await signUpHost(host, account));
    const again = await signUpHost(createHostClient({ baseUrl: BASE_URL, fetch: appFetch(t).fetch }), account);
    expect(again.error).toMatchObject({ status: 409, data: { error: { code: 'EMAIL_TAKEN' } } });
    const invalid = await host.createAccount({ ...newAccount(), email: 'not an email', password: 'short' });
    expect(invalid.error).toMatchObject({
      status: 400,
      data: { error: { code: 'VALIDATION_FAILED', issues: expect.arrayContaining([expect.objectContaining({ path: 'email' })]) } },
    });
  });
});

describe('host CRUD on the real routes', () => {
  beforeEach(async () => {
    ok(await signUpHost(host, newAccount()));
  });

  it('occasions: create, get, list, update, delete', async () => {
    const created = ok(await host.createOccasion({ title: 'Wedding', startDate: '2099-06-12', endDate: '2099-06-13' }));
    expect(created).toMatchObject({ title: 'Wedding', timezone: 'UTC', summary: { guests: 0 } });
    expect(ok(await host.getOccasion(created.id))).toEqual(created);
    expect(ok(await host.listOccasions()).map((o) => o.id)).toEqual([created.id]);
    expect(ok(await host.updateOccasion(created.id, { venueName: 'The Barn' })).venueName).toBe('The Barn');
    expect(ok(await host.setOccasionSlug(created.id, { slug: 'our-wedding' })).slug).toBe('our-wedding');
    const other = ok(await host.createOccasion({ title: 'Party', startDate: '2099-06-12', endDate: '2099-06-12' }));
    expect((await host.setOccasionSlug(other.id, { slug: 'our-wedding' })).error).toMatchObject({ status: 409, data: { error: { code: 'SLUG_TAKEN' } } });
    ok(await host.deleteOccasion(other.id));
    expect(await host.deleteOccasion(created.id)).toEqual({ data: undefined });
    expect((await host.getOccasion(created.id)).error?.status).toBe(404);
  });

  it('activities, households, guests, invite lines and attribute categories', async () => {
    const { occasion, activity, household, guest, inviteLine } = await seedOccasion(host);
    const o = occasion.id;
    expect(household.guestIds).toEqual([guest.id]);

    expect(ok(await host.getActivity(o, activity.id))).toEqual(activity);
    expect(ok(await host.listActivities(o))).toEqual([activity]);
    expect(ok(await host.updateActivity(o, activity.id, { dressCode: 'Black tie' })).dressCode).toBe('Black tie');

    expect(ok(await host.listHouseholds(o)).map((h) => h.id)).toEqual([household.id]);
    expect(ok(await host.updateHousehold(o, household.id, { city: 'Boston' })).city).toBe('Boston');

    expect(ok(await host.getGuest(o, guest.id)).invitations).toEqual([
      { inviteLineId: inviteLine.id, activityId: activity.id, response: 'PENDING', mealChoice: null },
    ]);
    expect(ok(await host.listGuests(o)).map((g) => g.id)).toEqual([guest.id]);
    expect(ok(await host.updateGuest(o, guest.id, { phone: '5551234567' })).phone).toBe('5551234567');

    expect(ok(await host.getInviteLine(o, inviteLine.id))).toEqual(inviteLine);
    expect(ok(await host.listInviteLines(o))).toEqual([inviteLine]);
    const answered = ok(await host.updateInviteLine(o, inviteLine.id, { response: 'ATTENDING', mealChoice: 'fish' }));
    expect(answered).toMatchObject({ response: 'ATTENDING', mealChoice: 'fish', respondedBy: 'HOST' });

    const category = ok(
      await host.createAttributeCategory(o, { name: 'Side', options: [{ value: 'bride', text: "Bride's" }] }),
    );
    expect(ok(await host.getAttributeCategory(o, category.id))).toEqual(category);
    expect(ok(await host.listAttributeCategories(o))).toEqual([category]);
    expect(ok(await host.updateAttributeCategory(o, category.id, { multiple: true })).multiple).toBe(true);

    expect(await host.deleteInviteLine(o, inviteLine.id)).toEqual({ data: undefined });
    expect(await host.deleteAttributeCategory(o, category.id)).toEqual({ data: undefined });
    expect(await host.deleteGuest(o, guest.id)).toEqual({ data: undefined });
    expect(await host.deleteHousehold(o, household.id)).toEqual({ data: undefined });
    expect(await host.deleteActivity(o, activity.id)).toEqual({ data: undefined });
    const lists: ((occasionId: string) => Promise<Result<unknown[]>>)[] = [
      host.listActivities,
      host.listGuests,
      host.listHouseholds,
      host.listInviteLines,
      host.listAttributeCategories,
    ];
    for (const list of lists) {
      expect(ok(await list(o))).toEqual([]);
    }
  });

  it('bulk guests (POST /occasions/:id/guests) and bulk invite lines (PUT /occasion/:id/invite-lines)', async () => {
    const { occasion, activity, guest } = await seedOccasion(host);
    const bulk = ok(
      await host.upsertGuests(occasion.id, {
        guests: [{ id: guest.id, lastName: 'Smith-Jones' }, { firstName: 'Tom', householdName: 'The Browns' }],
      }),
    );
    expect(bulk).toMatchObject({ created: 1, updated: 1 });
    expect(bulk.guests.map((g) => g.lastName)).toEqual(['Smith-Jones', '']);
    const tom = bulk.guests[1]!;
    expect(tom.householdId).toEqual(expect.any(String));

    const lines = ok(
      await host.updateInviteLines(occasion.id, {
        lines: [
          { guestId: tom.id, activityId: activity.id, invited: true },
          { guestId: guest.id, activityId: activity.id, invited: false },
        ],
      }),
    );
    expect(lines.map((l) => l.guestId)).toEqual([tom.id]);
    expect(ok(await host.getGuest(occasion.id, guest.id)).invitations).toEqual([]);

    const bad = await host.upsertGuests(occasion.id, { guests: [{ firstName: 'Ok' }, { firstName: 'Bad', email: 'nope' }] });
    expect(bad.error).toMatchObject({
      status: 400,
      data: { error: { code: 'VALIDATION_FAILED', issues: [expect.objectContaining({ path: 'guests.1.email' })] } },
    });
  });

  it('bulk delete of guests (POST /occasions/:id/guests/delete): all or nothing', async () => {
    const { occasion, guest } = await seedOccasion(host);
    const tom = ok(await host.createGuest(occasion.id, { firstName: 'Tom' }));
    const refused = await host.deleteGuests(occasion.id, { ids: [tom.id, 'noSuchGuest1'] });
    expect(refused.error).toMatchObject({
      status: 400,
      data: { error: { code: 'VALIDATION_FAILED', issues: [{ path: 'ids.1', message: 'No guest with this id in the occasion.' }] } },
    });
    expect(ok(await host.listGuests(occasion.id)).map((g) => g.id).sort()).toEqual([guest.id, tom.id].sort());
    expect(ok(await host.deleteGuests(occasion.id, { ids: [tom.id, guest.id] }))).toEqual({ deleted: 2 });
    expect(ok(await host.listGuests(occasion.id))).toEqual([]);
  });

  it('imports in one request (POST /occasion/:id/import) and undoes it (POST …/import/:importId/undo)', async () => {
    const { occasion, guest } = await seedOccasion(host);
    const body = { key: 'client-import-1', guests: [{ firstName: 'Tom', householdName: 'The Thumbs' }, { id: guest.id, notes: 'Imported' }] };
    const result = ok(await host.importGuests(occasion.id, body));
    expect(result).toMatchObject({ guests: { created: 1, updated: 1, removed: 0 }, households: { created: 1, updated: 0, removed: 0 } });
    expect(ok(await host.importGuests(occasion.id, body))).toEqual(result);
    expect(ok(await host.listGuests(occasion.id))).toHaveLength(2);
    expect(ok(await host.undoImport(occasion.id, result.importId))).toMatchObject({ importId: result.importId });
    expect(ok(await host.listGuests(occasion.id)).map((g) => [g.id, g.notes])).toEqual([[guest.id, guest.notes]]);
    expect((await host.undoImport(occasion.id, 'noSuchImport')).error).toMatchObject({ status: 404 });
  });

  it('sends a password change, and passes on the refusal of a wrong current password', async () => {
    const client = createKindlyClient({ baseUrl: BASE_URL, fetch: net.fetch });
    const account = ok(await client.host.getAccount());
    const refused = await client.host.changePassword({ currentPassword: 'not the password', newPassword: 'another long passphrase' });
    expect(refused.error).toMatchObject({ status: 400, data: { error: { issues: [expect.objectContaining({ path: 'currentPassword' })] } } });
    expect(account.email).toContain('@example.com');
  });

  it('createKindlyClient gives both areas over one base URL', async () => {
    const client = createKindlyClient({ baseUrl: BASE_URL, fetch: net.fetch });
    expect(ok(await client.host.getAccount()).email).toContain('@example.com');
    expect(ok(await client.guest.getSession('unknown-occasion'))).toBeNull();
  });
});

describe('the guest list revalidates with its ETag', () => {
  it('asks with If-None-Match, keeps its data on 304, and takes the new list after a write', async () => {
    const statuses: Array<[string | null, number]> = [];
    const counting = createHostClient({
      baseUrl: BASE_URL,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const response = await net.fetch(input, init);
        if (String(input).endsWith('/guests')) statuses.push([new Headers(init?.headers).get('if-none-match'), response.status]);
        return response;
      }) as typeof fetch,
    });
    ok(await signUpHost(counting, newAccount()));
    const { occasion, guest } = await seedOccasion(counting);
    const first = ok(await counting.listGuests(occasion.id));
    expect(first.map((g) => g.id)).toEqual([guest.id]);
    const again = ok(await counting.listGuests(occasion.id));
    expect(again).toEqual(first);
    ok(await counting.updateGuest(occasion.id, guest.id, { notes: 'changed' }));
    const changed = ok(await counting.listGuests(occasion.id));
    expect(changed[0]?.notes).toBe('changed');
    const tag = statuses[0]?.[0];
    expect(tag).toBeNull();
    expect(statuses.map(([, status]) => status)).toEqual([200, 304, 200]);
    expect(statuses[1]?.[0]).toMatch(/^W\//);
    expect(statuses[2]?.[0]).toBe(statuses[1]?.[0]);
  });
});

describe('the guest list\'s first page', () => {
  it('answers the first guests in the list\'s order, and leaves the list\'s revalidation alone', async () => {
    const asked: Array<[string, string | null, number]> = [];
    const counting = createHostClient({
      baseUrl: BASE_URL,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const response = await net.fetch(input, init);
        if (String(input).includes('/guests')) asked.push([String(input).replace(/.*\/guests/, '/guests'), new Headers(init?.headers).get('if-none-match'), response.status]);
        return response;
      }) as typeof fetch,
    });
    ok(await signUpHost(counting, newAccount()));
    const { occasion, household } = await seedOccasion(counting);
    for (const [firstName, lastName] of [['Zed', 'Adams'], ['Amy', 'Zane'], ['Bob', 'Adams']] as const) {
      ok(await counting.createGuest(occasion.id, { firstName, lastName, householdId: household.id }));
    }
    const list = ok(await counting.listGuests(occasion.id));
    expect(list.length).toBe(4);
    const page = ok(await counting.listGuestsFirstPage(occasion.id, 2));
    expect(page).toEqual(list.slice(0, 2));
    expect(page.map((g) => `${g.firstName} ${g.lastName}`)).toEqual(['Bob Adams', 'Zed Adams']);
    expect(ok(await counting.listGuests(occasion.id))).toEqual(list);
    // The page never asks with the list's ETag, and the list's next ask still does.
    expect(asked.map(([path, tag, status]) => [path, tag === null ? null : 'tag', status])).toEqual([
      ['/guests', null, 200],
      ['/guests?limit=2', null, 200],
      ['/guests', 'tag', 304],
    ]);
    const refused = await counting.listGuestsFirstPage(occasion.id, 0);
    expect(refused.error?.status).toBe(400);
  });
});

describe('the email and replies routes', () => {
  it('lists replies, templates and recipients, saves a template, sends and pages the outbox', async () => {
    const account = newAccount();
    ok(await signUpHost(host, account));
    const { occasion, household } = await seedOccasion(host);
    const o = occasion.id;
    ok(await host.updateHousehold(o, household.id, { email: 'smiths@example.com' }));
    // Until its address is verified, the account sends nothing to guests.
    expect((await host.sendEmails(o, { kind: 'REMINDER' })).error).toMatchObject({ status: 403, data: { error: { code: 'EMAIL_NOT_VERIFIED' } } });
    await verifyAccount(t.deps.db, account.email);
    expect(ok(await host.listReplies(o))).toEqual([]);
    expect(ok(await host.listEmailTemplates(o)).map((template) => template.kind)).toEqual(['INVITATION', 'REMINDER', 'CONFIRMATION', 'DIGEST']);
    expect(ok(await host.updateEmailTemplate(o, 'REMINDER', { subject: 'Please reply' }))).toMatchObject({ kind: 'REMINDER', subject: 'Please reply' });
    expect(ok(await host.listEmailRecipients(o))).toEqual([
      { householdId: household.id, householdName: 'The Smiths', addresses: ['smiths@example.com'], unsubscribed: [], pending: true, invitedAt: null },
    ]);
    expect(ok(await host.sendEmails(o, { kind: 'REMINDER' }))).toEqual({ queued: 1, skipped: [] });
    expect(ok(await host.sendEmails(o, { kind: 'INVITATION' }))).toEqual({ queued: 1, skipped: [] });
    const first = ok(await host.listEmails(o, undefined, 1));
    expect(first.emails.map((email) => [email.kind, email.to])).toEqual([['INVITATION', 'smiths@example.com']]);
    const second = ok(await host.listEmails(o, first.nextCursor!, 1));
    expect(second).toMatchObject({ emails: [{ kind: 'REMINDER', subject: 'Please reply' }], nextCursor: null });
    expect((await host.sendEmails(o, { kind: 'DIGEST' } as never)).error?.status).toBe(400);

    expect(host.emailPreviewUrl(o, 'INVITATION', household.id)).toBe(`${BASE_URL}/host/v1/occasion/${o}/email-preview/INVITATION?householdId=${household.id}`);
    const preview = await net.fetch(host.emailPreviewUrl(o, 'INVITATION'));
    expect(await preview.text()).toContain(household.inviteCode);
    const html = await net.fetch(host.emailHtmlUrl(o, second.emails[0]!.id));
    expect(await html.text()).toContain(household.inviteCode);
  });
});
