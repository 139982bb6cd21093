import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BULK_ANSWERS, type Answer } from '../../../core/schemas/answer';
import { createEventFixture, type EventFixture } from '../../test-support/event-fixture';
import { createQuestionFixture, type QuestionFixture } from '../../test-support/question-fixture';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectBadBodiesRefused, expectError, expectHugeBulkRefused, issuePaths, read, update } from './host-fixtures';

describe('answer routes of the host', () => {
  let t: TestApp;
  let f: EventFixture;
  let q: QuestionFixture;
  let path: string;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
    q = await createQuestionFixture(f.host, f.occasionId, f.activities);
    path = `/occasion/${f.occasionId}/answers`;
  });
  afterEach(() => t.close());

  const put = (answers: unknown[]) => update<Answer[]>(f.host, path, { answers });

  it('writes answers of every kind, whoever attends, and reads them back by question order', async () => {
    const written = await put([
      { questionId: q.shuttle.id, householdId: f.smith.id, value: true },
      { questionId: q.song.id, guestId: f.smith.timmy, value: 'Baby Shark' },
      { questionId: q.seat.id, householdId: f.smith.id, guestId: f.smith.jose, value: 'b' },
      { questionId: q.days.id, householdId: f.jones.id, guestId: null, value: ['fri'] },
      { questionId: q.rooms.id, householdId: f.lee.id, value: 3.5 },
      { questionId: q.allergies.id, guestId: f.lee.sam, value: '' },
    ]);
    expect(written).toEqual([
      { questionId: q.song.id, householdId: f.smith.id, guestId: f.smith.timmy, value: 'Baby Shark', updatedAt: expect.any(String) },
      { questionId: q.seat.id, householdId: f.smith.id, guestId: f.smith.jose, value: 'b', updatedAt: expect.any(String) },
      { questionId: q.days.id, householdId: f.jones.id, guestId: null, value: ['fri'], updatedAt: expect.any(String) },
      { questionId: q.shuttle.id, householdId: f.smith.id, guestId: null, value: true, updatedAt: expect.any(String) },
      { questionId: q.rooms.id, householdId: f.lee.id, guestId: null, value: 3.5, updatedAt: expect.any(String) },
    ]);
    expect(await read(f.host, path)).toEqual(written);
    const cleared = await put([
      { questionId: q.song.id, guestId: f.smith.timmy, value: null },
      { questionId: q.days.id, householdId: f.jones.id, value: [] },
    ]);
    expect(cleared.map((answer) => answer.questionId)).toEqual([q.seat.id, q.shuttle.id, q.rooms.id]);
  });

  it('keeps an unchanged answer holding a since disabled option, and refuses the option as a new answer', async () => {
    const daysPath = `/occasion/${f.occasionId}/question/${q.days.id}`;
    const enabled = q.days.options.map(({ value, text }) => ({ value, text }));
    await update(f.host, daysPath, { options: enabled });
    const [first] = await put([{ questionId: q.days.id, householdId: f.smith.id, value: ['fri', 'late'] }]);
    await update(f.host, daysPath, { options: q.days.options });
    const [kept] = await put([{ questionId: q.days.id, householdId: f.smith.id, value: ['fri', 'late'] }]);
    expect(kept).toEqual(first);
    expect(await issuePaths(f.host, 'PUT', path, { answers: [{ questionId: q.days.id, householdId: f.jones.id, value: ['late'] }] })).toEqual([
      'answers.0.value',
    ]);
  });

  it('refuses the whole bulk for one bad row, naming each, and changes nothing', async () => {
    await put([{ questionId: q.rooms.id, householdId: f.smith.id, value: 2 }]);
    const before = await snapshotDatabase(t.deps.db);
    const rows = [
      { questionId: q.rooms.id, householdId: f.smith.id, value: 4 },
      { questionId: q.rooms.id, householdId: f.jones.id, value: 6 },
      { questionId: q.song.id, guestId: f.smith.jane, value: 'x'.repeat(201) },
      { questionId: q.allergies.id, guestId: f.smith.jane, value: 'x'.repeat(5001) },
      { questionId: q.seat.id, guestId: f.smith.jane, value: 'z' },
      { questionId: q.seat.id, guestId: f.smith.jose, value: 'c' },
      { questionId: q.shuttle.id, householdId: f.lee.id, value: 1 },
      { questionId: q.shuttle.id, value: true },
      { questionId: q.song.id, householdId: f.smith.id, value: 'x' },
      { questionId: q.song.id, householdId: f.jones.id, guestId: f.smith.jose, value: 'x' },
      { questionId: q.song.id, guestId: 'NoSuchGuest1', value: 'x' },
      { questionId: 'NoSuchQuest1', householdId: f.smith.id, value: 'x' },
      { questionId: q.rooms.id, householdId: f.smith.id, value: 3 },
    ];
    expect(await issuePaths(f.host, 'PUT', path, { answers: rows })).toEqual([
      'answers.1.value',
      'answers.2.value',
      'answers.3.value',
      'answers.4.value',
      'answers.5.value',
      'answers.6.value',
      'answers.8.guestId',
      'answers.11.questionId',
      'answers.12.guestId',
    ]);
    expect(await issuePaths(f.host, 'PUT', path, { answers: [rows[7], rows[9], rows[10]] })).toEqual([
      'answers.0.householdId',
      'answers.1.householdId',
      'answers.2.guestId',
    ]);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it(`refuses a list over ${MAX_BULK_ANSWERS.toLocaleString('en-US')} rows by its length alone, and takes one at the bound`, async () => {
    await expectHugeBulkRefused(t, f.host, 'PUT', path, { key: 'answers', label: 'Answers', max: MAX_BULK_ANSWERS });
    const row = (index: number) => ({ questionId: q.rooms.id, householdId: f.smith.id, value: (index % 5) + 1 });
    const before = await snapshotDatabase(t.deps.db);
    const over = await expectError(f.host, 'PUT', path, { answers: Array.from({ length: MAX_BULK_ANSWERS + 1 }, (_, index) => row(index)) }, 400, 'VALIDATION_FAILED');
    expect(over.issues).toEqual([{ path: 'answers', message: 'Answers can have at most 20,000 entries.' }]);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    const atBound = await expectError(f.host, 'PUT', path, { answers: Array.from({ length: MAX_BULK_ANSWERS }, (_, index) => row(index)) }, 400, 'VALIDATION_FAILED');
    expect(atBound.issues![0]).toEqual({ path: 'answers.1.guestId', message: 'This question is already answered here.' });
    const households = [f.smith.id, f.jones.id, f.lee.id];
    const guests = [f.smith.jane, f.smith.jose, f.smith.timmy, f.jones.ann, f.jones.sam, f.lee.sam];
    const distinct = [
      ...households.flatMap((householdId) => [q.days, q.shuttle, q.rooms].map((question) => ({ questionId: question.id, householdId, value: question.kind === 'YES_NO' ? true : question.kind === 'NUMBER' ? 1 : ['sat'] }))),
      ...guests.flatMap((guestId) => [q.song, q.allergies, q.brunchNote].map((question) => ({ questionId: question.id, guestId, value: 'ok' }))),
    ];
    expect(await put(distinct)).toHaveLength(distinct.length);
  });

  it('deletes answers with their guest and their household', async () => {
    await put([
      { questionId: q.song.id, guestId: f.smith.jose, value: 'Africa' },
      { questionId: q.song.id, guestId: f.smith.jane, value: 'Jolene' },
      { questionId: q.shuttle.id, householdId: f.smith.id, value: true },
      { questionId: q.shuttle.id, householdId: f.jones.id, value: false },
    ]);
    expect((await f.host.request('DELETE', `/occasion/${f.occasionId}/guest/${f.smith.jose}`)).status).toBe(204);
    expect((await f.host.request('DELETE', `/occasion/${f.occasionId}/household/${f.smith.id}`)).status).toBe(204);
    const left = await read<Answer[]>(f.host, path);
    // Jane's answer stays with her (now in no household); the Smiths' household answer is gone.
    expect(left.map((answer) => [answer.questionId, answer.householdId, answer.guestId, answer.value])).toEqual([
      [q.song.id, null, f.smith.jane, 'Jolene'],
      [q.shuttle.id, f.jones.id, null, false],
    ]);
  });

  it('refuses bad bodies with the contract error and changes nothing', async () => {
    await expectBadBodiesRefused(t, f.host, 'PUT', path, { answers: [] }, [], 8 * 1024 * 1024);
  });

  it('leaves one whole bulk standing when several arrive at once', async () => {
    const bulks = [1, 2, 3, 4, 5].map((rooms) => [
      { questionId: q.rooms.id, householdId: f.smith.id, value: rooms },
      { questionId: q.rooms.id, householdId: f.jones.id, value: rooms },
      { questionId: q.song.id, guestId: f.smith.jane, value: `song ${rooms}` },
    ]);
    const results = await Promise.all(bulks.map((answers) => f.host.request('PUT', path, { answers })));
    expect(results.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const stored = await read<Answer[]>(f.host, path);
    expect(stored).toHaveLength(3);
    const rooms = stored.find((answer) => answer.questionId === q.rooms.id)!.value as number;
    expect(stored.map((answer) => answer.value).sort()).toEqual([rooms, rooms, `song ${rooms}`].sort());
  });
});
