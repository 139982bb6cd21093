import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventHousehold, GuestSignInResult, Rsvp } from '../../../core/schemas/event';
import type { Guest } from '../../../core/schemas/guest';
import type { InviteLine } from '../../../core/schemas/invite-line';
import type { Occasion } from '../../../core/schemas/occasion';
import { createEventFixture, errorCode, eventRequest, signInGuest, type EventFixture } from '../../test-support/event-fixture';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';

interface ErrorBody {
  error: { code: string; message: string; issues?: Array<{ path: string; message: string }> };
}

describe('RSVP', () => {
  let t: TestApp;
  let f: EventFixture;
  let smith: GuestSignInResult;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
    smith = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
  });
  afterEach(() => t.close());

  const send = (method: string, body?: unknown, token = smith.token) => eventRequest(t.app, method, '/rsvp', { token, body });

  /** A complete, valid reply of the Smiths: Jane and José at both, Timmy declines the ceremony. */
  const smithReply = () => ({
    responses: [
      { guestId: f.smith.jane, activityId: f.activities.ceremony, response: 'ATTENDING' },
      { guestId: f.smith.jane, activityId: f.activities.dinner, response: 'ATTENDING', mealChoice: 'fish' },
      { guestId: f.smith.jose, activityId: f.activities.ceremony, response: 'ATTENDING', mealChoice: null },
      { guestId: f.smith.jose, activityId: f.activities.dinner, response: 'DECLINED' },
      { guestId: f.smith.timmy, activityId: f.activities.ceremony, response: 'DECLINED' },
    ],
    plusOnes: [] as Array<{ forGuestId: string; firstName: string; lastName?: string }>,
    message: 'See you there!',
  });

  const jonesReply = (response: string) => ({
    responses: [f.jones.ann, f.jones.sam].map((guestId) => ({ guestId, activityId: f.activities.brunch, response })),
    plusOnes: [],
    message: `Joneses ${response}`,
  });
  const leeReply = (response: string) => ({ responses: [{ guestId: f.lee.sam, activityId: f.activities.ceremony, response }], plusOnes: [], message: `Lee ${response}` });
  const everyoneDeclines = () => ({ ...smithReply(), responses: smithReply().responses.map((r) => ({ ...r, response: 'DECLINED', mealChoice: null })), message: 'Smiths DECLINED' });
  const read = async (token: string) => (await (await eventRequest(t.app, 'GET', '/rsvp', { token })).json()) as Rsvp;

  /** The Joneses and the Lees signed in, and all three households' first replies stored. */
  const threeHouseholdsReplied = async () => {
    const jones = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.jones.inviteCode });
    const lee = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.lee.inviteCode });
    await Promise.all([send('POST', smithReply()), send('POST', jonesReply('ATTENDING'), jones.token), send('POST', leeReply('ATTENDING'), lee.token)]);
    return { jones, lee };
  };

  const smithLines = () =>
    t.deps.db
      .selectFrom('inviteLine')
      .innerJoin('guest', 'guest.id', 'inviteLine.guestId')
      .selectAll('inviteLine')
      .where('guest.householdId', '=', f.smith.id)
      .execute();

  it('answers 200 null before a reply, then stores one with every answer and answers it', async () => {
    const missing = await send('GET');
    expect(missing.status).toBe(200);
    expect(await missing.json()).toBeNull();

    const created = await send('POST', smithReply());
    expect(created.status).toBe(201);
    const rsvp = (await created.json()) as Rsvp;
    expect(rsvp).toEqual({
      responses: [
        { guestId: f.smith.jane, activityId: f.activities.ceremony, response: 'ATTENDING', mealChoice: null },
        { guestId: f.smith.jane, activityId: f.activities.dinner, response: 'ATTENDING', mealChoice: 'fish' },
        { guestId: f.smith.jose, activityId: f.activities.ceremony, response: 'ATTENDING', mealChoice: null },
        { guestId: f.smith.jose, activityId: f.activities.dinner, response: 'DECLINED', mealChoice: null },
        { guestId: f.smith.timmy, activityId: f.activities.ceremony, response: 'DECLINED', mealChoice: null },
      ],
      plusOnes: [],
      message: 'See you there!',
      answers: [],
      submittedAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await (await send('GET')).json()).toEqual(rsvp);

    const lines = await smithLines();
    expect(lines.every((line) => line.respondedBy === 'GUEST' && line.respondedAt === rsvp.submittedAt)).toBe(true);
  });

  it('rewrites only the lines whose answer changes: the others keep their respondedAt', async () => {
    expect((await send('POST', smithReply())).status).toBe(201);
    const before = new Map((await smithLines()).map((line) => [line.id, line]));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const reply = smithReply();
    reply.responses[4] = { guestId: f.smith.timmy, activityId: f.activities.ceremony, response: 'ATTENDING' };
    expect((await send('PUT', reply)).status).toBe(200);
    const after = await smithLines();
    const changed = after.filter((line) => line.respondedAt !== before.get(line.id)?.respondedAt);
    expect(changed.map((line) => [line.guestId, line.response])).toEqual([[f.smith.timmy, 'ATTENDING']]);
  });

  it('shows the answers to the host at once: invitations, invite lines and the summary', async () => {
    const plusOne = { forGuestId: f.smith.jane, firstName: 'Pat', lastName: 'Doe' };
    expect((await send('POST', { ...smithReply(), plusOnes: [plusOne] })).status).toBe(201);

    const jane = (await (await f.host.request('GET', `/occasion/${f.occasionId}/guest/${f.smith.jane}`)).json()) as Guest;
    expect(jane.invitations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ activityId: f.activities.ceremony, response: 'ATTENDING', mealChoice: null }),
        expect.objectContaining({ activityId: f.activities.dinner, response: 'ATTENDING', mealChoice: 'fish' }),
      ]),
    );
    const lines = (await (await f.host.request('GET', `/occasion/${f.occasionId}/invite-lines`)).json()) as InviteLine[];
    const timmy = lines.find((line) => line.guestId === f.smith.timmy)!;
    expect(timmy).toMatchObject({ response: 'DECLINED', respondedBy: 'GUEST', respondedAt: expect.any(String) });

    const guests = (await (await f.host.request('GET', `/occasion/${f.occasionId}/guests`)).json()) as Guest[];
    const pat = guests.find((guest) => guest.firstName === 'Pat')!;
    expect(pat).toMatchObject({ householdId: f.smith.id, plusOneOf: f.smith.jane, lastName: 'Doe', plusOneAllowed: false });
    expect(pat.invitations.map((i) => [i.activityId, i.response, i.mealChoice]).sort()).toEqual(
      [
        [f.activities.ceremony, 'ATTENDING', null],
        [f.activities.dinner, 'ATTENDING', 'fish'],
      ].sort(),
    );

    const occasion = (await (await f.host.request('GET', `/occasion/${f.occasionId}`)).json()) as Occasion;
    const per = Object.fromEntries(occasion.summary.perActivity.map((a) => [a.activityId, a]));
    expect(per[f.activities.ceremony]).toEqual({ activityId: f.activities.ceremony, invited: 5, attending: 3, declined: 1, pending: 1 });
    expect(per[f.activities.dinner]).toEqual({ activityId: f.activities.dinner, invited: 3, attending: 2, declined: 1, pending: 0 });
    expect(occasion.summary.guests).toBe(7);
  });

  it('refuses a second reply with 409 RSVP_EXISTS and changes nothing', async () => {
    await send('POST', smithReply());
    const before = await snapshotDatabase(t.deps.db);
    const again = await send('POST', { ...smithReply(), message: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('RSVP_EXISTS');
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('leaves exactly one reply when two are sent at once', async () => {
    const [a, b] = await Promise.all([send('POST', smithReply()), send('POST', { ...smithReply(), message: 'Second' })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(await errorCode(loser)).toBe('RSVP_EXISTS');
    const rows = await t.deps.db.selectFrom('rsvp').selectAll().where('householdId', '=', f.smith.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('leaves exactly one reply when two sessions of a household send at once', async () => {
    const jose = await signInGuest(t.app, { occasionId: f.occasionId, firstName: 'Jose', lastName: 'Nunez-Smith', passcode: 'olive-tree' });
    const plusOnes = [{ forGuestId: f.smith.jane, firstName: 'Pat' }];
    const results = await Promise.all([
      send('POST', { ...smithReply(), plusOnes }),
      send('POST', { ...smithReply(), plusOnes }, jose.token),
      send('POST', { ...smithReply(), plusOnes }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await t.deps.db.selectFrom('rsvp').selectAll().execute()).toHaveLength(1);
    const plusOneRows = await t.deps.db.selectFrom('guest').selectAll().where('plusOneOf', '=', f.smith.jane).execute();
    expect(plusOneRows).toHaveLength(1);
  });

  it('needs an answer for every invitation of the household', async () => {
    const before = await snapshotDatabase(t.deps.db);
    const reply = smithReply();
    reply.responses = reply.responses.filter((r) => r.guestId !== f.smith.timmy);
    const response = await send('POST', reply);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues).toEqual([{ path: 'responses', message: 'The answer for Timmy Smith at Ceremony is missing.' }]);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('checks meal choices against the activity’s enabled options', async () => {
    const before = await snapshotDatabase(t.deps.db);
    const withDinner = (mealChoice: unknown) => {
      const reply = smithReply();
      reply.responses[1] = { ...reply.responses[1]!, mealChoice } as (typeof reply.responses)[number];
      return reply;
    };
    for (const [mealChoice, message] of [
      [undefined, 'Choose a meal for Jane Smith at Dinner.'],
      [null, 'Choose a meal for Jane Smith at Dinner.'],
      ['veal', '"veal" is not a meal choice of Dinner.'],
      ['pizza', '"pizza" is not a meal choice of Dinner.'],
      ['Sea bass', '"Sea bass" is not a meal choice of Dinner.'],
    ] as const) {
      const response = await send('POST', withDinner(mealChoice));
      expect(response.status, String(mealChoice)).toBe(400);
      expect(((await response.json()) as ErrorBody).error.issues).toEqual([{ path: 'responses.1.mealChoice', message }]);
    }
    const ceremonyMeal = smithReply();
    ceremonyMeal.responses[0] = { ...ceremonyMeal.responses[0]!, mealChoice: 'fish' } as (typeof ceremonyMeal.responses)[number];
    const noMeals = await send('POST', ceremonyMeal);
    expect(((await noMeals.json()) as ErrorBody).error.issues).toEqual([
      { path: 'responses.0.mealChoice', message: 'Ceremony has no meal choice.' },
    ]);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);

    const declinedWithMeal = smithReply();
    declinedWithMeal.responses[3] = { ...declinedWithMeal.responses[3]!, mealChoice: 'beef' } as (typeof declinedWithMeal.responses)[number];
    expect((await send('POST', declinedWithMeal)).status).toBe(201);
    const jose = (await smithLines()).find((l) => l.guestId === f.smith.jose && l.activityId === f.activities.dinner)!;
    expect(jose).toMatchObject({ response: 'DECLINED', mealChoice: null });
  });

  it('refuses ids of another household or occasion with 403 and changes nothing', async () => {
    const other = await createEventFixture(t);
    const before = await snapshotDatabase(t.deps.db);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ guestId: f.jones.ann, activityId: f.activities.brunch, response: 'ATTENDING' }, 'responses.5.guestId'],
      [{ guestId: other.smith.jane, activityId: other.activities.ceremony, response: 'ATTENDING' }, 'responses.5.guestId'],
      [{ guestId: 'AAAAAAAAAAAA', activityId: f.activities.ceremony, response: 'DECLINED' }, 'responses.5.guestId'],
      [{ guestId: f.smith.timmy, activityId: f.activities.brunch, response: 'DECLINED' }, 'responses.5.activityId'],
      [{ guestId: f.smith.timmy, activityId: other.activities.ceremony, response: 'DECLINED' }, 'responses.5.activityId'],
    ];
    for (const [extra, path] of cases) {
      const reply = smithReply();
      const response = await send('POST', { ...reply, responses: [...reply.responses, extra] });
      expect(response.status, JSON.stringify(extra)).toBe(403);
      const { error } = (await response.json()) as ErrorBody;
      expect(error.code).toBe('FORBIDDEN');
      expect(error.issues!.map((issue) => issue.path)).toEqual([path]);
    }
    for (const forGuestId of [f.jones.ann, other.smith.jane]) {
      const response = await send('POST', { ...smithReply(), plusOnes: [{ forGuestId, firstName: 'Mallory' }] });
      expect(response.status).toBe(403);
    }
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    const jones = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.jones.inviteCode });
    const jonesRsvp = await send('GET', undefined, jones.token);
    expect(jonesRsvp.status).toBe(200);
    expect(await jonesRsvp.json()).toBeNull();
  });

  it("stores a new plus-one's own meal given in the same reply, and refuses one their guest cannot have", async () => {
    const before = await snapshotDatabase(t.deps.db);
    const declined = await send('POST', {
      ...smithReply(),
      plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat', meals: [{ activityId: f.activities.ceremony, mealChoice: 'fish' }] }],
    });
    expect(declined.status).toBe(400);
    expect(((await declined.json()) as ErrorBody).error.issues).toEqual([
      { path: 'plusOnes.0.meals.0.mealChoice', message: '"fish" is not a meal choice of Ceremony.' },
    ]);
    const disabled = await send('POST', {
      ...smithReply(),
      plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat', meals: [{ activityId: f.activities.dinner, mealChoice: 'veal' }] }],
    });
    expect(disabled.status).toBe(400);
    const notAttending = smithReply();
    notAttending.responses[1] = { guestId: f.smith.jane, activityId: f.activities.dinner, response: 'DECLINED' };
    const absent = await send('POST', {
      ...notAttending,
      plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat', meals: [{ activityId: f.activities.dinner, mealChoice: 'beef' }] }],
    });
    expect(absent.status).toBe(400);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);

    const created = await send('POST', {
      ...smithReply(),
      plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat', meals: [{ activityId: f.activities.dinner, mealChoice: 'beef' }] }],
    });
    expect(created.status).toBe(201);
    const reply = (await created.json()) as Rsvp;
    expect(reply.plusOnes).toEqual([{ forGuestId: f.smith.jane, firstName: 'Pat', lastName: '' }]);
    const household = (await (await eventRequest(t.app, 'GET', '/household', { token: smith.token })).json()) as EventHousehold;
    const pat = household.guests.find((guest) => guest.plusOneOf === f.smith.jane)!;
    expect(reply.responses).toContainEqual({ guestId: pat.id, activityId: f.activities.dinner, response: 'ATTENDING', mealChoice: 'beef' });
    expect(reply.responses).toContainEqual({ guestId: f.smith.jane, activityId: f.activities.dinner, response: 'ATTENDING', mealChoice: 'fish' });

    // A later PUT may change the existing plus-one's meal the same way.
    const changed = await send('PUT', {
      ...smithReply(),
      plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat', meals: [{ activityId: f.activities.dinner, mealChoice: 'fish' }] }],
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Rsvp).responses).toContainEqual({ guestId: pat.id, activityId: f.activities.dinner, response: 'ATTENDING', mealChoice: 'fish' });
  });

  it('names plus-ones only for guests who may bring one', async () => {
    const before = await snapshotDatabase(t.deps.db);
    const response = await send('POST', { ...smithReply(), plusOnes: [{ forGuestId: f.smith.jose, firstName: 'Kim' }] });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.issues).toEqual([
      { path: 'plusOnes.0.forGuestId', message: 'José Núñez-Smith cannot bring a plus-one.' },
    ]);
    const twice = await send('POST', {
      ...smithReply(),
      plusOnes: [
        { forGuestId: f.smith.jane, firstName: 'Kim' },
        { forGuestId: f.smith.jane, firstName: 'Lou' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('adds a plus-one to the household, renames it on PUT, lets it answer, and removes it', async () => {
    const created = await send('POST', { ...smithReply(), plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat', lastName: 'Doe' }] });
    expect(((await created.json()) as Rsvp).plusOnes).toEqual([{ forGuestId: f.smith.jane, firstName: 'Pat', lastName: 'Doe' }]);
    const household = (await (await eventRequest(t.app, 'GET', '/household', { token: smith.token })).json()) as EventHousehold;
    const pat = household.guests.find((g) => g.plusOneOf === f.smith.jane)!;
    expect(pat).toMatchObject({ firstName: 'Pat', lastName: 'Doe', ageGroup: 'ADULT', plusOneAllowed: false });

    const renamed = await send('PUT', {
      ...smithReply(),
      plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Patricia', lastName: 'Doe' }],
      responses: [
        ...smithReply().responses,
        { guestId: pat.id, activityId: f.activities.dinner, response: 'ATTENDING', mealChoice: 'beef' },
      ],
    });
    expect(renamed.status).toBe(200);
    const rsvp = (await renamed.json()) as Rsvp;
    expect(rsvp.plusOnes).toEqual([{ forGuestId: f.smith.jane, firstName: 'Patricia', lastName: 'Doe' }]);
    expect(rsvp.responses).toContainEqual({ guestId: pat.id, activityId: f.activities.dinner, response: 'ATTENDING', mealChoice: 'beef' });
    expect(rsvp.responses).toContainEqual({ guestId: pat.id, activityId: f.activities.ceremony, response: 'ATTENDING', mealChoice: null });
    const plusOnes = await t.deps.db.selectFrom('guest').select(['id', 'firstName']).where('plusOneOf', '=', f.smith.jane).execute();
    expect(plusOnes).toEqual([{ id: pat.id, firstName: 'Patricia' }]);

    const keepsThem = await send('PUT', { responses: [] });
    expect(keepsThem.status).toBe(200);
    expect(((await keepsThem.json()) as Rsvp)).toMatchObject({ message: 'See you there!', plusOnes: [{ firstName: 'Patricia' }] });

    const removed = await send('PUT', { responses: [], plusOnes: [] });
    expect(((await removed.json()) as Rsvp).plusOnes).toEqual([]);
    expect(await t.deps.db.selectFrom('guest').selectAll().where('plusOneOf', '=', f.smith.jane).execute()).toEqual([]);
    expect(await t.deps.db.selectFrom('inviteLine').selectAll().where('guestId', '=', pat.id).execute()).toEqual([]);
  });

  it('notes who answered last, changing it only when another member answers', async () => {
    const jose = await signInGuest(t.app, { occasionId: f.occasionId, firstName: 'Jose', lastName: 'Nunez-Smith', passcode: 'olive-tree' });
    const answeredBy = async () => (await t.deps.db.selectFrom('rsvp').select('answeredByGuestId').executeTakeFirstOrThrow()).answeredByGuestId;
    expect((await send('POST', smithReply())).status).toBe(201);
    expect(await answeredBy()).toBe(smith.guest.id);
    expect((await send('PUT', { ...smithReply(), message: 'One' }, jose.token)).status).toBe(200);
    expect(await answeredBy()).toBe(f.smith.jose);
    expect((await send('PUT', { ...smithReply(), message: 'Two' }, jose.token)).status).toBe(200);
    expect(await answeredBy()).toBe(f.smith.jose);
    expect((await send('PUT', { ...smithReply(), message: 'Three' })).status).toBe(200);
    expect(await answeredBy()).toBe(smith.guest.id);
  });

  it('keeps one whole change, with who sent it, when two sessions of a household change the reply at once', async () => {
    const jose = await signInGuest(t.app, { occasionId: f.occasionId, firstName: 'Jose', lastName: 'Nunez-Smith', passcode: 'olive-tree' });
    expect((await send('POST', smithReply())).status).toBe(201);
    const janeChange = { ...smithReply(), message: 'From Jane' };
    const joseChange = {
      ...smithReply(),
      responses: smithReply().responses.map((r) => ({ ...r, response: 'DECLINED', mealChoice: null })),
      message: 'From José',
    };
    const results = await Promise.all([send('PUT', janeChange), send('PUT', joseChange, jose.token), send('PUT', janeChange)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const [row] = await t.deps.db.selectFrom('rsvp').selectAll().execute();
    const lines = await smithLines();
    const declined = lines.filter((line) => line.response === 'DECLINED').length;
    if (row!.message === 'From José') {
      expect(row!.answeredByGuestId).toBe(f.smith.jose);
      expect(declined).toBe(lines.length);
    } else {
      expect(row!.message).toBe('From Jane');
      expect(row!.answeredByGuestId).toBe(smith.guest.id);
      expect(declined).toBe(smithReply().responses.filter((r) => r.response === 'DECLINED').length);
    }
  });

  it('changes answers on PUT, keeping the ones left out, and answers 404 before a reply', async () => {
    const before = await snapshotDatabase(t.deps.db);
    const early = await send('PUT', smithReply());
    expect(early.status).toBe(404);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);

    const created = (await (await send('POST', smithReply())).json()) as Rsvp;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const changed = await send('PUT', {
      responses: [{ guestId: f.smith.jose, activityId: f.activities.dinner, response: 'ATTENDING', mealChoice: 'beef' }],
      message: 'José is coming after all',
    });
    expect(changed.status).toBe(200);
    const rsvp = (await changed.json()) as Rsvp;
    expect(rsvp.message).toBe('José is coming after all');
    expect(rsvp.submittedAt).toBe(created.submittedAt);
    expect(rsvp.updatedAt > created.updatedAt).toBe(true);
    expect(rsvp.responses).toContainEqual({ guestId: f.smith.jose, activityId: f.activities.dinner, response: 'ATTENDING', mealChoice: 'beef' });
    expect(rsvp.responses).toContainEqual({ guestId: f.smith.timmy, activityId: f.activities.ceremony, response: 'DECLINED', mealChoice: null });
  });

  it('closes writes after the deadline, while reading still works', async () => {
    await send('POST', smithReply());
    await f.host.request('PUT', `/occasion/${f.occasionId}`, { rsvpDeadline: new Date(Date.now() - 1000).toISOString() });
    const before = await snapshotDatabase(t.deps.db);
    for (const method of ['POST', 'PUT']) {
      const response = await send(method, smithReply());
      expect(response.status).toBe(403);
      expect(await errorCode(response)).toBe('RSVP_CLOSED');
    }
    expect((await send('GET')).status).toBe(200);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('writes nothing when the database fails half-way through a reply', async () => {
    const before = await snapshotDatabase(t.deps.db);
    t.deps.duringRsvpWrite = async () => {
      throw new Error('disk I/O error: /var/lib/db at SELECT * FROM "inviteLine"');
    };
    try {
      const response = await send('POST', { ...smithReply(), plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat' }] });
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text).error.code).toBe('INTERNAL_ERROR');
      for (const leak of ['disk', '/var/lib', 'SELECT', 'inviteLine']) expect(text).not.toContain(leak);
      expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    } finally {
      t.deps.duringRsvpWrite = undefined;
    }

    expect((await send('POST', smithReply())).status).toBe(201);
    const afterPost = await snapshotDatabase(t.deps.db);
    t.deps.duringRsvpWrite = async () => {
      throw new Error('connection reset');
    };
    try {
      const reply = { ...smithReply(), message: 'Changed', plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat' }] };
      reply.responses[4] = { ...reply.responses[4]!, response: 'ATTENDING' };
      expect((await send('PUT', reply)).status).toBe(500);
      expect(await snapshotDatabase(t.deps.db)).toEqual(afterPost);
    } finally {
      t.deps.duringRsvpWrite = undefined;
    }
  });

  it('refuses bad bodies with the contract error and changes nothing', async () => {
    const before = await snapshotDatabase(t.deps.db);
    const reply = smithReply();
    const cases: Array<[unknown, number, string]> = [
      ['{"responses": [', 400, 'MALFORMED_JSON'],
      [{ ...reply, submittedAt: '2020-01-01T00:00:00Z' }, 400, 'VALIDATION_FAILED'],
      [{ ...reply, householdId: f.jones.id }, 400, 'VALIDATION_FAILED'],
      [{ ...reply, responses: [{ ...reply.responses[0], respondedBy: 'HOST' }] }, 400, 'VALIDATION_FAILED'],
      [{ ...reply, responses: [{ ...reply.responses[0], response: 'PENDING' }] }, 400, 'VALIDATION_FAILED'],
      [{ ...reply, responses: [...reply.responses, reply.responses[0]] }, 400, 'VALIDATION_FAILED'],
      [{ ...reply, message: 'Hi\u0000there' }, 400, 'VALIDATION_FAILED'],
      [{ ...reply, message: 'x'.repeat(10_240) }, 400, 'VALIDATION_FAILED'],
      [{ ...reply, plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat\u202Etap' }] }, 400, 'VALIDATION_FAILED'],
      [{ ...reply, plusOnes: [{ forGuestId: f.smith.jane, firstName: 'P'.repeat(10_240) }] }, 400, 'VALIDATION_FAILED'],
      [{ ...reply, plusOnes: [{ forGuestId: f.smith.jane, firstName: '' }] }, 400, 'VALIDATION_FAILED'],
      [{ message: 'no responses' }, 400, 'VALIDATION_FAILED'],
      [[], 400, 'VALIDATION_FAILED'],
      [{ ...reply, message: 'x'.repeat(70_000) }, 413, 'PAYLOAD_TOO_LARGE'],
    ];
    for (const [body, status, code] of cases) {
      const response = await send('POST', body);
      expect(response.status, JSON.stringify(body).slice(0, 100)).toBe(status);
      expect(await errorCode(response)).toBe(code);
    }
    const form = await eventRequest(t.app, 'POST', '/rsvp', { token: smith.token, body: 'responses=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });
  /** A write's answer, checked against a read of the reply right after it (what the write answered before it worked it out). */
  async function expectAnsweredAsRead(response: Response, status: number, token = smith.token): Promise<Rsvp> {
    expect(response.status).toBe(status);
    const written = (await response.json()) as Rsvp;
    const read = await eventRequest(t.app, 'GET', '/rsvp', { token });
    expect(written).toEqual(await read.json());
    return written;
  }

  it('answers every write with the reply exactly as a read after it answers it', async () => {
    await expectAnsweredAsRead(await send('POST', smithReply()), 201);
    const everyoneDeclines = smithReply().responses.map((r) => ({ ...r, response: 'DECLINED', mealChoice: null }));
    await expectAnsweredAsRead(await send('PUT', { ...smithReply(), responses: everyoneDeclines, message: 'Sorry' }), 200);
    await expectAnsweredAsRead(await send('PUT', { responses: [{ guestId: f.smith.jose, activityId: f.activities.dinner, response: 'ATTENDING', mealChoice: 'beef' }] }), 200);
    await expectAnsweredAsRead(await send('PUT', { responses: [] }), 200);
    // Plus-ones: added (read back), answered and renamed, kept, removed.
    const added = await expectAnsweredAsRead(await send('PUT', { ...smithReply(), plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat', lastName: 'Doe' }] }), 200);
    const household = (await (await eventRequest(t.app, 'GET', '/household', { token: smith.token })).json()) as EventHousehold;
    const pat = household.guests.find((g) => g.plusOneOf === f.smith.jane)!;
    expect(added.responses.filter((r) => r.guestId === pat.id)).toHaveLength(2);
    await expectAnsweredAsRead(
      await send('PUT', {
        responses: [{ guestId: pat.id, activityId: f.activities.dinner, response: 'ATTENDING', mealChoice: 'beef' }],
        plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Patricia', lastName: 'Doe' }],
      }),
      200,
    );
    await expectAnsweredAsRead(await send('PUT', { ...smithReply(), message: 'Same again' }), 200);
    const removed = await expectAnsweredAsRead(await send('PUT', { responses: [], plusOnes: [] }), 200);
    expect(removed.responses.some((r) => r.guestId === pat.id)).toBe(false);
  });

  it('answers a household imported in one bulk (members of one createdAt) in the order a read gives', async () => {
    const names = ['Zoë', 'ann', 'Bob', 'carl', 'Dee'];
    const imported = await f.host.request('POST', `/occasions/${f.occasionId}/guests`, {
      guests: names.map((firstName) => ({ firstName, lastName: 'Bulk', householdName: 'The Bulks', plusOneAllowed: firstName === 'Bob' })),
    });
    expect(imported.status).toBeLessThan(300);
    const guests = ((await imported.json()) as { guests: Guest[] }).guests;
    const lines = guests.flatMap((guest) => Object.values(f.activities).map((activityId) => ({ guestId: guest.id, activityId, invited: true })));
    expect((await f.host.request('PUT', `/occasion/${f.occasionId}/invite-lines`, { lines })).status).toBeLessThan(300);
    const households = (await (await f.host.request('GET', `/occasion/${f.occasionId}/households`)).json()) as Array<{ id: string; inviteCode: string; name: string }>;
    const bulks = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: households.find((h) => h.name === 'The Bulks')!.inviteCode });
    const reply = (flip: boolean) => ({
      responses: guests.flatMap((guest, g) =>
        Object.values(f.activities).map((activityId) => {
          const attending = (g % 2 === 0) !== flip;
          return { guestId: guest.id, activityId, response: attending ? 'ATTENDING' : 'DECLINED', mealChoice: attending && activityId === f.activities.dinner ? 'fish' : null };
        }),
      ),
    });
    await expectAnsweredAsRead(await send('POST', { ...reply(false), plusOnes: [] }, bulks.token), 201, bulks.token);
    for (const flip of [true, false, true]) await expectAnsweredAsRead(await send('PUT', reply(flip), bulks.token), 200, bulks.token);
    const withPlusOne = { ...reply(false), plusOnes: [{ forGuestId: guests[2]!.id, firstName: 'Eve' }] };
    await expectAnsweredAsRead(await send('PUT', withPlusOne, bulks.token), 200, bulks.token);
    await expectAnsweredAsRead(await send('PUT', reply(true), bulks.token), 200, bulks.token);
  });

  it('keeps the changes of households writing at once when one of them fails half-way, and nothing of that one', async () => {
    const { jones, lee } = await threeHouseholdsReplied();
    const tokens = [smith.token, jones.token, lee.token];
    const householdIds = [f.smith.id, f.jones.id, f.lee.id];
    const historyOf = (householdId: string) => t.deps.db.selectFrom('historyEntry').selectAll().where('householdId', '=', householdId).execute();
    const before = await Promise.all(tokens.map(read));
    const historyBefore = await Promise.all(householdIds.map(historyOf));

    const transactions = new Set<unknown>();
    let calls = 0;
    t.deps.duringRsvpWrite = async (trx) => {
      transactions.add(trx);
      if (++calls === 2) throw new Error('connection reset');
    };
    let answers: Response[];
    try {
      answers = await Promise.all([send('PUT', everyoneDeclines()), send('PUT', jonesReply('DECLINED'), jones.token), send('PUT', leeReply('DECLINED'), lee.token)]);
    } finally {
      t.deps.duringRsvpWrite = undefined;
    }
    // On PostgreSQL each write is a transaction of its own; on SQLite the writes of one turn of the
    // event loop share one (group commit), each in its own savepoint.
    if (testDatabaseKind === 'postgres') expect(transactions.size).toBe(3);
    else expect(transactions.size).toBeLessThanOrEqual(3);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 500]);
    const failed = answers.findIndex((r) => r.status === 500);
    for (const [i, answer] of answers.entries()) {
      if (i === failed) {
        expect(await read(tokens[i]!)).toEqual(before[i]);
        expect(await historyOf(householdIds[i]!)).toEqual(historyBefore[i]);
      } else {
        const stored = await read(tokens[i]!);
        expect(stored).toEqual(await answer.json());
        expect(stored.message).toMatch(/DECLINED$/);
        expect((await historyOf(householdIds[i]!)).length).toBeGreaterThan(historyBefore[i]!.length);
      }
    }
  });

  it('stores and answers each household its own change when households write at once, and one whole change when a household does', async () => {
    const { jones, lee } = await threeHouseholdsReplied();
    const answers = await Promise.all([
      send('PUT', everyoneDeclines()),
      send('PUT', jonesReply('DECLINED'), jones.token),
      send('PUT', leeReply('DECLINED'), lee.token),
      send('PUT', jonesReply('ATTENDING'), jones.token),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const [smiths, joneses1, lees, joneses2] = (await Promise.all(answers.map((r) => r.json()))) as [Rsvp, Rsvp, Rsvp, Rsvp];
    // Different households: each answered and stored exactly its own change.
    expect(await read(smith.token)).toEqual(smiths);
    expect(smiths.responses.every((r) => r.response === 'DECLINED')).toBe(true);
    expect(await read(lee.token)).toEqual(lees);
    expect(lees).toMatchObject({ message: 'Lee DECLINED', responses: [{ guestId: f.lee.sam, response: 'DECLINED' }] });
    // One household twice: the stored reply is one whole change, the one committed last.
    const stored = await read(jones.token);
    expect([joneses1.message, joneses2.message]).toContain(stored.message);
    const last = stored.message === joneses1.message ? joneses1 : joneses2;
    expect(stored).toEqual(last);
    expect(stored.responses.every((r) => `Joneses ${r.response}` === stored.message)).toBe(true);
  });
});
