import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test-support/test-app';
import { appFetch, BASE_URL, newAccount, ok, seedOccasion, type AppFetch, type Seeded } from './app-fetch.test-helper';
import { signUpHost } from './host-auth';
import { createHostClient, type HostClient } from './host-client';
import { createGuestClient, guestTokenKey, type GuestClient, type TokenStorage } from './guest-client';

/** A `TokenStorage` over a Map, as the widget's over localStorage. */
function memoryStorage(): TokenStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, get: (key) => map.get(key), set: (key, value) => void map.set(key, value), remove: (key) => void map.delete(key) };
}

let t: TestApp;
let host: HostClient;
let seeded: Seeded;
let net: AppFetch;
let storage: ReturnType<typeof memoryStorage>;
let tokens: (string | null)[];
let guest: GuestClient;

beforeEach(async () => {
  t = await createTestApp();
  host = createHostClient({ baseUrl: BASE_URL, fetch: appFetch(t).fetch });
  ok(await signUpHost(host, newAccount()));
  seeded = await seedOccasion(host);
  net = appFetch(t);
  storage = memoryStorage();
  tokens = [];
  guest = createGuestClient({ baseUrl: BASE_URL, fetch: net.fetch, storage, onTokenChange: (token) => tokens.push(token) });
});
afterEach(() => t.close());

const occasionId = () => seeded.occasion.id;
const inviteCode = () => seeded.household.inviteCode;

describe('guest auth on the real event routes', () => {
  it('signs in by invite code, keeps the token per occasion, and sends it as a bearer token', async () => {
    const signedIn = ok(await guest.signIn({ occasionId: occasionId(), inviteCode: inviteCode().toLowerCase() }));
    expect(signedIn).toMatchObject({
      occasionId: occasionId(),
      householdId: seeded.household.id,
      guest: { id: seeded.guest.id, firstName: 'Jane', lastName: 'Smith' },
    });
    expect(guest.getToken()).toBe(signedIn.token);
    expect(storage.map.get(guestTokenKey(occasionId()))).toBe(signedIn.token);
    expect(tokens).toEqual([signedIn.token]);
    // The household's data comes with it, as the three reads answer it.
    expect(signedIn.rsvp).toBeNull();
    expect(signedIn.info).toStrictEqual(ok(await guest.getInfo()));
    expect(signedIn.household).toStrictEqual(ok(await guest.getHousehold()));
    expect(signedIn.rsvp).toStrictEqual(ok(await guest.getRsvp()));

    // A new page load where third-party cookies are blocked: only the stored token.
    const cookieless = appFetch(t);
    const reloaded = createGuestClient({ baseUrl: BASE_URL, fetch: cookieless.fetch, storage });
    expect(ok(await reloaded.getSession(occasionId()))).toEqual({
      occasionId: occasionId(),
      householdId: seeded.household.id,
      guest: signedIn.guest,
      expiresAt: signedIn.expiresAt,
    });
    expect(ok(await reloaded.getInfo()).occasion.id).toBe(occasionId());
    expect(cookieless.jar.header()).toBe('');
  });

  it('signs in by name, case- and accent-insensitively', async () => {
    const signedIn = ok(await guest.signIn({ occasionId: occasionId(), firstName: 'JANE', lastName: 'smíth' }));
    expect(signedIn.guest.id).toBe(seeded.guest.id);
  });

  it('answers every failed sign-in with the same 401 and keeps no token', async () => {
    const wrongCode = await guest.signIn({ occasionId: occasionId(), inviteCode: 'AAAA-BBBB-CCCC' });
    const wrongName = await guest.signIn({ occasionId: occasionId(), firstName: 'Nobody', lastName: 'Here' });
    expect(wrongCode.error).toMatchObject({ status: 401, data: { error: { code: 'INVALID_CREDENTIALS' } } });
    expect(wrongName.error).toEqual(wrongCode.error);
    expect(guest.getToken()).toBeNull();
    expect(storage.map.size).toBe(0);
  });

  it('signs out on the server and forgets the token; a stale stored token is dropped', async () => {
    const { token } = ok(await guest.signIn({ occasionId: occasionId(), inviteCode: inviteCode() }));
    expect(await guest.signOut()).toEqual({ data: undefined });
    expect(guest.getToken()).toBeNull();
    expect(storage.map.size).toBe(0);
    expect(tokens).toEqual([token, null]);

    storage.set(guestTokenKey(occasionId()), token);
    const reloaded = createGuestClient({ baseUrl: BASE_URL, fetch: appFetch(t).fetch, storage });
    expect(ok(await reloaded.getSession(occasionId()))).toBeNull();
    expect(storage.map.size).toBe(0);
    expect((await reloaded.getInfo()).error).toMatchObject({ status: 401, data: { error: { code: 'UNAUTHENTICATED' } } });
  });
});

describe('a session asked about while the guest signs in', () => {
  it('keeps the new token when the session answer (null, asked before) comes after the sign-in', async () => {
    const net = appFetch(t);
    let answerSession!: () => void;
    const held = new Promise<void>((resolve) => (answerSession = resolve));
    const sessionLate: typeof fetch = async (input, init) => {
      const response = await net.fetch(input, init);
      if (String(input).includes('/auth/session/')) await held;
      return response;
    };
    const kept = memoryStorage();
    const client = createGuestClient({ baseUrl: BASE_URL, fetch: sessionLate, storage: kept });
    const session = client.getSession(occasionId());
    const signedIn = ok(await client.signIn({ occasionId: occasionId(), inviteCode: inviteCode() }));
    answerSession();
    expect(ok(await session)).toBeNull();
    expect(client.getToken()).toBe(signedIn.token);
    expect(kept.map.get(guestTokenKey(occasionId()))).toBe(signedIn.token);
    expect(ok(await client.getSession(occasionId()))).toMatchObject({ householdId: seeded.household.id });
  });
});

describe('guest event data on the real routes', () => {
  beforeEach(async () => {
    ok(await guest.signIn({ occasionId: occasionId(), inviteCode: inviteCode() }));
  });

  it('reads the info and the household, and corrects the household', async () => {
    const info = ok(await guest.getInfo());
    expect(info.occasion).toMatchObject({ id: occasionId(), title: 'Wedding', rsvpOpen: true });
    expect(info.activities.map((a) => a.id)).toEqual([seeded.activity.id]);

    const household = ok(await guest.getHousehold());
    expect(household.guests).toEqual([expect.objectContaining({ id: seeded.guest.id, firstName: 'Jane', plusOneAllowed: true })]);
    expect(household).not.toHaveProperty('notes');
    expect(household).not.toHaveProperty('inviteCode');
    const updated = ok(await guest.updateHousehold({ city: 'Boston', phone: '555 123 4567' }));
    expect(updated).toMatchObject({ city: 'Boston', phone: '555 123 4567' });
  });

  it('RSVP: null before the first answer, create, 409 on a second create, update', async () => {
    expect(await guest.getRsvp()).toEqual({ data: null });
    const body = {
      responses: [{ guestId: seeded.guest.id, activityId: seeded.activity.id, response: 'ATTENDING' as const, mealChoice: 'fish' }],
      plusOnes: [{ forGuestId: seeded.guest.id, firstName: 'Sam', lastName: 'Smith' }],
      message: 'See you there!',
    };
    const created = ok(await guest.createRsvp(body));
    expect(created).toMatchObject({ message: 'See you there!', submittedAt: expect.any(String) });
    expect(ok(await guest.getRsvp())).toEqual(created);
    expect((await guest.createRsvp(body)).error).toMatchObject({ status: 409, data: { error: { code: 'RSVP_EXISTS' } } });
    const updated = ok(await guest.updateRsvp({ ...body, message: 'Cannot wait' }));
    expect(updated.message).toBe('Cannot wait');
    expect(ok(await guest.getHousehold()).guests.map((g) => g.firstName).sort()).toEqual(['Jane', 'Sam']);
  });

  it('refuses an incomplete RSVP with issues', async () => {
    const result = await guest.createRsvp({ responses: [] });
    expect(result.error).toMatchObject({ status: 400, data: { error: { code: 'VALIDATION_FAILED' } } });
  });
});

describe('questions through the guest client', () => {
  it('reads the questions with the event info and sends and reads back answers with the reply', async () => {
    const song = ok(await host.createQuestion(occasionId(), { kind: 'SHORT_TEXT', prompt: 'Your song', sortOrder: 1 }));
    const shuttle = ok(await host.createQuestion(occasionId(), { kind: 'YES_NO', prompt: 'Shuttle?', scope: 'HOUSEHOLD', required: true, sortOrder: 2 }));
    ok(await guest.signIn({ occasionId: occasionId(), inviteCode: inviteCode() }));
    expect(ok(await guest.getInfo()).questions.map((question) => question.id)).toEqual([song.id, shuttle.id]);
    const responses = [{ guestId: seeded.guest.id, activityId: seeded.activity.id, response: 'ATTENDING' as const, mealChoice: 'fish' }];
    const missing = await guest.createRsvp({ responses });
    expect(missing.error).toMatchObject({ status: 400, data: { error: { issues: [{ path: 'answers', message: '“Shuttle?” needs an answer.' }] } } });
    const answers = [
      { questionId: song.id, guestId: seeded.guest.id, value: 'Dancing Queen' },
      { questionId: shuttle.id, guestId: null, value: false },
    ];
    expect(ok(await guest.createRsvp({ responses, answers })).answers).toEqual(answers);
    expect(ok(await guest.updateRsvp({ responses, answers: [{ questionId: song.id, guestId: seeded.guest.id, value: '' }] })).answers).toEqual([answers[1]]);
    expect(ok(await guest.getRsvp())?.answers).toEqual([answers[1]]);
  });
});
