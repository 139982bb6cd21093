import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../../core/schemas/answer';
import type { EventInfo, GuestSignInResult, Rsvp } from '../../../core/schemas/event';
import { createEventFixture, errorCode, eventRequest, signInGuest, type EventFixture } from '../../test-support/event-fixture';
import { createQuestionFixture, type QuestionFixture } from '../../test-support/question-fixture';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';

interface ErrorBody {
  error: { code: string; message: string; issues?: Array<{ path: string; message: string }> };
}

describe('answers to the host’s questions in the RSVP', () => {
  let t: TestApp;
  let f: EventFixture;
  let q: QuestionFixture;
  let smith: GuestSignInResult;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
    q = await createQuestionFixture(f.host, f.occasionId, f.activities);
    smith = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
  });
  afterEach(() => t.close());

  const send = (method: string, body?: unknown, token = smith.token) => eventRequest(t.app, method, '/rsvp', { token, body });

  /** Jane attends both, José only the ceremony, Timmy nothing. */
  const responses = () => [
    { guestId: f.smith.jane, activityId: f.activities.ceremony, response: 'ATTENDING' },
    { guestId: f.smith.jane, activityId: f.activities.dinner, response: 'ATTENDING', mealChoice: 'fish' },
    { guestId: f.smith.jose, activityId: f.activities.ceremony, response: 'ATTENDING' },
    { guestId: f.smith.jose, activityId: f.activities.dinner, response: 'DECLINED' },
    { guestId: f.smith.timmy, activityId: f.activities.ceremony, response: 'DECLINED' },
  ];
  /** The required answers of that reply: Jane's seat at dinner, the household's shuttle. */
  const required = () => [
    { questionId: q.seat.id, guestId: f.smith.jane, value: 'a' },
    { questionId: q.shuttle.id, guestId: null, value: true },
  ];
  const reply = (answers: unknown[] = required()) => ({ responses: responses(), answers });

  async function expectRefused(method: string, body: unknown, status: number, paths: string[]): Promise<ErrorBody['error']> {
    const before = await snapshotDatabase(t.deps.db);
    const response = await send(method, body);
    const { error } = (await response.json()) as ErrorBody;
    expect(response.status, JSON.stringify(error)).toBe(status);
    expect(error.issues!.map((issue) => issue.path)).toEqual(paths);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    return error;
  }

  const hostAnswers = async () => (await (await f.host.request('GET', `/occasion/${f.occasionId}/answers`)).json()) as Answer[];

  it('lists in /info only the questions of activities the household is invited to', async () => {
    const info = (await (await eventRequest(t.app, 'GET', '/info', { token: smith.token })).json()) as EventInfo;
    expect(info.questions.map((question) => question.prompt)).toEqual([q.song, q.allergies, q.seat, q.days, q.shuttle, q.rooms].map((x) => x.prompt));
    expect(info.questions[2]).toEqual({
      id: q.seat.id,
      activityId: f.activities.dinner,
      kind: 'SINGLE_CHOICE',
      prompt: q.seat.prompt,
      helpText: '',
      options: q.seat.options,
      min: null,
      max: null,
      scope: 'GUEST',
      required: true,
      sortOrder: 3,
    });
    const jones = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.jones.inviteCode });
    const theirs = (await (await eventRequest(t.app, 'GET', '/info', { token: jones.token })).json()) as EventInfo;
    expect(theirs.questions.map((question) => question.id)).toEqual([q.song, q.allergies, q.days, q.shuttle, q.rooms, q.brunchNote].map((x) => x.id));
  });

  it('stores the answers with the reply, echoes them, and shows them to the host', async () => {
    const answers = [
      ...required(),
      { questionId: q.song.id, guestId: f.smith.jose, value: '  September  ' },
      { questionId: q.allergies.id, guestId: f.smith.jane, value: 'Peanuts\r\nand cats' },
      { questionId: q.days.id, guestId: null, value: ['sat', 'fri'] },
      { questionId: q.rooms.id, value: 2 },
    ];
    const created = await send('POST', reply(answers));
    expect(created.status).toBe(201);
    const rsvp = (await created.json()) as Rsvp;
    expect(rsvp.answers).toEqual([
      { questionId: q.song.id, guestId: f.smith.jose, value: 'September' },
      { questionId: q.allergies.id, guestId: f.smith.jane, value: 'Peanuts\nand cats' },
      { questionId: q.seat.id, guestId: f.smith.jane, value: 'a' },
      { questionId: q.days.id, guestId: null, value: ['sat', 'fri'] },
      { questionId: q.shuttle.id, guestId: null, value: true },
      { questionId: q.rooms.id, guestId: null, value: 2 },
    ]);
    expect(((await (await send('GET')).json()) as Rsvp).answers).toEqual(rsvp.answers);
    const seen = await hostAnswers();
    expect(seen).toHaveLength(6);
    expect(seen.find((answer) => answer.questionId === q.song.id)).toEqual({
      questionId: q.song.id,
      householdId: f.smith.id,
      guestId: f.smith.jose,
      value: 'September',
      updatedAt: rsvp.submittedAt,
    });
    expect(seen.find((answer) => answer.questionId === q.rooms.id)).toMatchObject({ householdId: f.smith.id, guestId: null, value: 2 });
  });

  it('enforces required answers only for those a question is asked of', async () => {
    await expectRefused('POST', reply([required()[1]]), 400, ['answers']);
    const error = await expectRefused('POST', reply([required()[0]]), 400, ['answers']);
    expect(error.message).toBe('“Do you need the shuttle?” needs an answer.');
    expect((await send('POST', reply())).status).toBe(201);
    const joseAtDinner = responses().map((r) => (r.guestId === f.smith.jose && r.activityId === f.activities.dinner ? { ...r, response: 'ATTENDING', mealChoice: 'beef' } : r));
    const missing = await expectRefused('PUT', { responses: joseAtDinner }, 400, ['answers']);
    expect(missing.message).toBe('“Where would you like to sit?” needs an answer for José Núñez-Smith.');
    const given = await send('PUT', { responses: joseAtDinner, answers: [{ questionId: q.seat.id, guestId: f.smith.jose, value: 'b' }] });
    expect(given.status).toBe(200);
    const declineAll = responses().map((r) => ({ guestId: r.guestId, activityId: r.activityId, response: 'DECLINED' }));
    const nobody = await send('PUT', { responses: declineAll, answers: [] });
    expect(nobody.status).toBe(200);
    expect(((await nobody.json()) as Rsvp).answers).toEqual([]);
  });

  it('refuses answers for questions and guests they do not apply to', async () => {
    await expectRefused('POST', reply([...required(), { questionId: q.seat.id, guestId: f.smith.jose, value: 'a' }]), 400, ['answers.2.guestId']);
    await expectRefused('POST', reply([...required(), { questionId: q.song.id, guestId: f.smith.timmy, value: 'x' }]), 400, ['answers.2.guestId']);
    await expectRefused('POST', reply([...required(), { questionId: q.brunchNote.id, guestId: f.smith.jane, value: 'x' }]), 400, ['answers.2.questionId']);
    await expectRefused('POST', reply([...required(), { questionId: q.shuttle.id, guestId: f.smith.jane, value: true }]), 400, ['answers.2.guestId']);
    await expectRefused('POST', reply([...required(), { questionId: q.song.id, value: 'x' }]), 400, ['answers.2.guestId']);
    await expectRefused('POST', reply([...required(), { questionId: q.shuttle.id, value: false }]), 400, ['answers.2.guestId']);
    await expectRefused('POST', reply([...required(), { questionId: q.song.id, guestId: f.jones.ann, value: 'x' }]), 403, ['answers.2.guestId']);
  });

  it('checks each kind of answer, just past its limits', async () => {
    const post = (answer: object) => send('POST', reply([...required(), answer]));
    const refused: Array<[object, string]> = [
      [{ questionId: q.song.id, guestId: f.smith.jane, value: 'x'.repeat(201) }, 'Answer must be at most 200 characters.'],
      [{ questionId: q.song.id, guestId: f.smith.jane, value: 'a\u202Eb' }, 'Answer contains characters that are not allowed.'],
      [{ questionId: q.allergies.id, guestId: f.smith.jane, value: 'x'.repeat(5001) }, 'Answer must be at most 5,000 characters.'],
      [{ questionId: q.rooms.id, value: 6 }, 'Answer must be at most 5.'],
      [{ questionId: q.rooms.id, value: 0 }, 'Answer must be at least 1.'],
      [{ questionId: q.rooms.id, value: '2' }, 'Answer must be a number.'],
      [{ questionId: q.days.id, value: ['fri', 'sun'] }, 'Choose one of the options.'],
      [{ questionId: q.days.id, value: ['fri', 'late'] }, 'Choose one of the options.'],
      [{ questionId: q.days.id, value: ['fri', 'fri'] }, 'An option is chosen twice.'],
      [{ questionId: q.days.id, value: 'fri' }, 'Choose one of the options.'],
      [{ questionId: q.shuttle.id, value: 'yes' }, 'Answer yes or no.'],
    ];
    for (const [answer, message] of refused) {
      const before = await snapshotDatabase(t.deps.db);
      const body = [...required().filter((r) => r.questionId !== (answer as { questionId: string }).questionId), answer];
      const response = await send('POST', reply(body));
      const { error } = (await response.json()) as ErrorBody;
      expect(response.status, JSON.stringify(answer).slice(0, 80)).toBe(400);
      expect(error.issues).toEqual([{ path: `answers.${body.length - 1}.value`, message }]);
      expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    }
    await expectRefused('POST', reply([{ questionId: q.seat.id, guestId: f.smith.jane, value: 'c' }, required()[1]]), 400, ['answers.0.value']);
    await expectRefused('POST', reply([{ questionId: q.seat.id, guestId: f.smith.jane, value: 'z' }, required()[1]]), 400, ['answers.0.value']);
    const atLimits = [
      { questionId: q.song.id, guestId: f.smith.jane, value: 'x'.repeat(200) },
      { questionId: q.allergies.id, guestId: f.smith.jane, value: 'x'.repeat(5000) },
      { questionId: q.rooms.id, value: 5 },
    ];
    expect((await post(atLimits[0]!)).status).toBe(201);
    expect((await send('PUT', { responses: responses(), answers: atLimits.slice(1) })).status).toBe(200);
  });

  it('keeps a since disabled option in an unchanged answer, and refuses it as a new one', async () => {
    const seatPath = `/occasion/${f.occasionId}/question/${q.seat.id}`;
    const enabled = q.seat.options.map((option) => ({ value: option.value, text: option.text }));
    expect((await f.host.request('PUT', seatPath, { options: enabled })).status).toBe(200);
    const withC = [{ questionId: q.seat.id, guestId: f.smith.jane, value: 'c' }, required()[1]];
    expect((await send('POST', reply(withC))).status).toBe(201);
    expect((await f.host.request('PUT', seatPath, { options: q.seat.options })).status).toBe(200);
    expect((await send('PUT', reply(withC))).status).toBe(200);
    expect((await send('PUT', { responses: responses(), message: 'kept' })).status).toBe(200);
    expect((await hostAnswers()).find((answer) => answer.questionId === q.seat.id)?.value).toBe('c');
    expect((await send('PUT', reply([{ questionId: q.seat.id, guestId: f.smith.jane, value: 'b' }]))).status).toBe(200);
    await expectRefused('PUT', reply(withC), 400, ['answers.0.value']);
  });

  it('on PUT replaces the answers given, keeps the others, clears blanks, and drops those that stop applying', async () => {
    const first = [...required(), { questionId: q.song.id, guestId: f.smith.jane, value: 'Jolene' }, { questionId: q.song.id, guestId: f.smith.jose, value: 'Africa' }];
    expect((await send('POST', reply(first))).status).toBe(201);
    const changed = await send('PUT', { responses: responses(), answers: [{ questionId: q.song.id, guestId: f.smith.jane, value: 'Valerie' }, { questionId: q.song.id, guestId: f.smith.jose, value: '' }] });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Rsvp).answers).toEqual([
      { questionId: q.song.id, guestId: f.smith.jane, value: 'Valerie' },
      { questionId: q.seat.id, guestId: f.smith.jane, value: 'a' },
      { questionId: q.shuttle.id, guestId: null, value: true },
    ]);
    const janeSkipsDinner = responses().map((r) => (r.guestId === f.smith.jane && r.activityId === f.activities.dinner ? { guestId: r.guestId, activityId: r.activityId, response: 'DECLINED' } : r));
    const skipped = await send('PUT', { responses: janeSkipsDinner });
    expect(skipped.status).toBe(200);
    expect(((await skipped.json()) as Rsvp).answers.map((answer) => answer.questionId)).toEqual([q.song.id, q.shuttle.id]);
  });

  it('answers each write with the reply exactly as a read after it answers it, questions and all', async () => {
    const answeredAsRead = async (response: Response, status: number) => {
      expect(response.status).toBe(status);
      const written = (await response.json()) as Rsvp;
      expect(written).toEqual(await (await send('GET')).json());
      return written;
    };
    const first = [...required(), { questionId: q.song.id, guestId: f.smith.jose, value: 'Africa' }, { questionId: q.song.id, guestId: f.smith.jane, value: 'Jolene' }];
    await answeredAsRead(await send('POST', reply(first)), 201);
    await answeredAsRead(await send('PUT', { responses: responses(), answers: [{ questionId: q.song.id, guestId: f.smith.jane, value: 'Valerie' }, { questionId: q.song.id, guestId: f.smith.jose, value: '' }] }), 200);
    const janeSkipsDinner = responses().map((r) => (r.guestId === f.smith.jane && r.activityId === f.activities.dinner ? { guestId: r.guestId, activityId: r.activityId, response: 'DECLINED' } : r));
    const skipped = await answeredAsRead(await send('PUT', { responses: janeSkipsDinner }), 200);
    expect(skipped.answers.map((answer) => answer.questionId)).toEqual([q.song.id, q.shuttle.id]);
    await answeredAsRead(await send('PUT', { responses: [], message: 'No change to the answers' }), 200);
  });

  it('refuses bad answer bodies with the contract error and changes nothing', async () => {
    const bad: unknown[] = [
      'not a list',
      [{ questionId: q.song.id, guestId: f.smith.jane }],
      [{ questionId: q.song.id, guestId: f.smith.jane, value: 'x', extra: 1 }],
      [{ questionId: 'not an id!', value: 'x' }],
      [{ questionId: q.song.id, guestId: f.smith.jane, value: { nested: true } }],
      Array.from({ length: 1001 }, () => ({ questionId: q.rooms.id, value: 1 })),
      [...required(), required()[0]],
    ];
    const before = await snapshotDatabase(t.deps.db);
    for (const answers of bad) {
      const response = await send('POST', { responses: responses(), answers });
      expect(response.status, JSON.stringify(answers).slice(0, 80)).toBe(400);
      expect(await errorCode(response)).toBe('VALIDATION_FAILED');
    }
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('leaves one consistent answer per guest when several changes arrive at once', async () => {
    expect((await send('POST', reply())).status).toBe(201);
    const songs = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];
    const results = await Promise.all(
      songs.map((song, index) =>
        send('PUT', {
          responses: responses(),
          answers: [
            { questionId: q.song.id, guestId: f.smith.jane, value: song },
            { questionId: q.song.id, guestId: f.smith.jose, value: song },
            { questionId: q.rooms.id, value: (index % 5) + 1 },
          ],
        }),
      ),
    );
    expect(results.map((response) => response.status)).toEqual(songs.map(() => 200));
    const rows = await t.deps.db.selectFrom('answer').selectAll().where('questionId', '=', q.song.id).execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.value).toBe(rows[1]!.value);
    const last = songs.indexOf(JSON.parse(rows[0]!.value) as string);
    const rooms = await t.deps.db.selectFrom('answer').select('value').where('questionId', '=', q.rooms.id).executeTakeFirstOrThrow();
    expect(JSON.parse(rooms.value)).toBe((last % 5) + 1);
  });

  it('records each answer created, changed or removed in the history, as the guest and as the import', async () => {
    const answerEntries = async () =>
      (await t.deps.db.selectFrom('historyEntry').selectAll().where('entity', '=', 'ANSWER').orderBy('seq', 'desc').execute()).map((row) => ({
        action: row.action,
        actorKind: row.actorKind,
        guestId: row.guestId,
        householdId: row.householdId,
        changes: JSON.parse(row.changes) as unknown,
      }));
    expect((await send('POST', reply([...required(), { questionId: q.song.id, guestId: f.smith.jose, value: 'Toxic' }]))).status).toBe(201);
    expect(await answerEntries()).toEqual(
      expect.arrayContaining([
        { action: 'CREATE', actorKind: 'GUEST', guestId: f.smith.jane, householdId: f.smith.id, changes: { [q.seat.prompt]: [null, 'a'] } },
        { action: 'CREATE', actorKind: 'GUEST', guestId: null, householdId: f.smith.id, changes: { [q.shuttle.prompt]: [null, true] } },
        { action: 'CREATE', actorKind: 'GUEST', guestId: f.smith.jose, householdId: f.smith.id, changes: { [q.song.prompt]: [null, 'Toxic'] } },
      ]),
    );
    expect(await answerEntries()).toHaveLength(3);

    // The same answers again record nothing; a changed and a removed one record one entry each.
    expect((await send('PUT', reply([...required(), { questionId: q.song.id, guestId: f.smith.jose, value: 'Toxic' }]))).status).toBe(200);
    expect(await answerEntries()).toHaveLength(3);
    expect((await send('PUT', reply([{ ...required()[0]!, value: 'b' }, required()[1]!, { questionId: q.song.id, guestId: f.smith.jose, value: '' }]))).status).toBe(200);
    const [first, second] = await answerEntries();
    expect([first, second]).toEqual(
      expect.arrayContaining([
        { action: 'UPDATE', actorKind: 'GUEST', guestId: f.smith.jane, householdId: f.smith.id, changes: { [q.seat.prompt]: ['a', 'b'] } },
        { action: 'DELETE', actorKind: 'GUEST', guestId: f.smith.jose, householdId: f.smith.id, changes: { [q.song.prompt]: ['Toxic', null] } },
      ]),
    );

    // The host's bulk sent by the CSV importer is the import's.
    const bulk = await f.host.request('PUT', `/occasion/${f.occasionId}/answers?source=import`, {
      answers: [{ questionId: q.shuttle.id, householdId: f.smith.id, guestId: null, value: false }],
    });
    expect(bulk.status).toBe(200);
    expect((await answerEntries())[0]).toEqual({ action: 'UPDATE', actorKind: 'IMPORT', guestId: null, householdId: f.smith.id, changes: { [q.shuttle.prompt]: [true, false] } });
  });
});
