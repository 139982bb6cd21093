import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Occasion } from '../../../core/schemas/occasion';
import type { Question } from '../../../core/schemas/question';
import { BASE, signUpHost, type HostClient } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import {
  create,
  createActivity,
  createHousehold,
  createOccasion,
  expectBadBodiesRefused,
  expectError,
  expectHiddenFrom,
  issuePaths,
  read,
  remove,
  update,
} from './host-fixtures';

describe('question routes', () => {
  let t: TestApp;
  let host: HostClient;
  let occasion: Occasion;
  let base: string;
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
    occasion = await createOccasion(host);
    base = `/occasion/${occasion.id}`;
  });
  afterEach(() => t.close());

  const choice = { kind: 'SINGLE_CHOICE', prompt: 'Seat?', options: [{ value: 'a', text: 'A' }, { value: 'b', text: 'B' }] };

  it('creates with defaults, reads, updates a subset and deletes', async () => {
    const song = await create<Question>(host, `${base}/question`, { kind: 'SHORT_TEXT', prompt: '  Your song  ' });
    expect(song).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/),
      occasionId: occasion.id,
      activityId: null,
      kind: 'SHORT_TEXT',
      prompt: 'Your song',
      helpText: '',
      options: [],
      min: null,
      max: null,
      scope: 'GUEST',
      required: false,
      sortOrder: 0,
      createdAt: expect.any(String),
      updatedAt: song.createdAt,
    });
    expect(await read(host, `${base}/question/${song.id}`)).toEqual(song);
    const updated = await update<Question>(host, `${base}/question/${song.id}`, { required: true, helpText: 'One title' });
    expect(updated).toMatchObject({ ...song, required: true, helpText: 'One title', updatedAt: expect.any(String) });
    await remove(host, `${base}/question/${song.id}`);
    await expectError(host, 'GET', `${base}/question/${song.id}`, undefined, 404, 'NOT_FOUND');
    expect(await read(host, `${base}/questions`)).toEqual([]);
  });

  it('lists by sort order', async () => {
    const third = await create<Question>(host, `${base}/question`, { kind: 'YES_NO', prompt: 'C', sortOrder: 3 });
    const first = await create<Question>(host, `${base}/question`, { kind: 'YES_NO', prompt: 'A', sortOrder: 1 });
    const second = await create<Question>(host, `${base}/question`, { kind: 'NUMBER', prompt: 'B', sortOrder: 2, min: 0, max: 9 });
    const list = await read<Question[]>(host, `${base}/questions`);
    expect(list.map((question) => question.id)).toEqual([first.id, second.id, third.id]);
  });

  it('checks options, bounds and the activity against the kind', async () => {
    const post = (body: object) => issuePaths(host, 'POST', `${base}/question`, body);
    expect(await post({ kind: 'SINGLE_CHOICE', prompt: 'x' })).toContain('options');
    expect(await post({ kind: 'SHORT_TEXT', prompt: 'x', options: [{ value: 'a', text: 'A' }] })).toContain('options');
    expect(await post({ ...choice, options: [{ value: 'a', text: 'A' }, { value: 'a', text: 'B' }] })).toContain('options.1.value');
    expect(await post({ kind: 'YES_NO', prompt: 'x', min: 1 })).toContain('min');
    expect(await post({ kind: 'NUMBER', prompt: 'x', min: 5, max: 4 })).toContain('max');
    expect(await post({ kind: 'NUMBER', prompt: 'x', max: 1_000_000_001 })).toContain('max');
    expect(await post({ kind: 'MAYBE', prompt: 'x' })).toContain('kind');
    expect(await post({ kind: 'YES_NO', prompt: 'x'.repeat(201) })).toContain('prompt');
    expect(await post({ kind: 'YES_NO', prompt: 'x', scope: 'TABLE' })).toContain('scope');
    const reunion = await createOccasion(host, { title: 'Reunion' });
    const elsewhere = await createActivity(host, reunion.id);
    expect(await post({ kind: 'YES_NO', prompt: 'x', activityId: elsewhere.id })).toEqual(['activityId']);
    const question = await create<Question>(host, `${base}/question`, choice);
    expect(await issuePaths(host, 'PUT', `${base}/question/${question.id}`, { kind: 'YES_NO' })).toContain('options');
  });

  it('keeps answers valid: kind, scope and answered options cannot change, options can be disabled', async () => {
    const household = await createHousehold(host, occasion.id);
    const question = await create<Question>(host, `${base}/question`, { ...choice, scope: 'HOUSEHOLD' });
    await update(host, `${base}/answers`, { answers: [{ questionId: question.id, householdId: household.id, value: 'a' }] });
    const path = `${base}/question/${question.id}`;
    const before = await snapshotDatabase(t.deps.db);
    expect(await issuePaths(host, 'PUT', path, { kind: 'MULTIPLE_CHOICE' })).toEqual(['kind']);
    expect(await issuePaths(host, 'PUT', path, { scope: 'GUEST' })).toEqual(['scope']);
    expect(await issuePaths(host, 'PUT', path, { options: [{ value: 'b', text: 'B' }] })).toEqual(['options']);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    const disabled = await update<Question>(host, path, { options: [{ value: 'a', text: 'A', disabled: true }, { value: 'b', text: 'B' }] });
    expect(disabled.options[0]).toEqual({ value: 'a', text: 'A', disabled: true });
    expect(await read(host, `${base}/answers`)).toEqual([expect.objectContaining({ questionId: question.id, value: 'a' })]);
  });

  it('deletes answers with their question, and questions with their activity', async () => {
    const household = await createHousehold(host, occasion.id);
    const dinner = await createActivity(host, occasion.id, { name: 'Dinner' });
    const atDinner = await create<Question>(host, `${base}/question`, { kind: 'YES_NO', prompt: 'Cake?', scope: 'HOUSEHOLD', activityId: dinner.id });
    const general = await create<Question>(host, `${base}/question`, { kind: 'YES_NO', prompt: 'Shuttle?', scope: 'HOUSEHOLD' });
    await update(host, `${base}/answers`, {
      answers: [
        { questionId: atDinner.id, householdId: household.id, value: true },
        { questionId: general.id, householdId: household.id, value: false },
      ],
    });
    await remove(host, `${base}/activity/${dinner.id}`);
    expect(await read(host, `${base}/questions`)).toEqual([general]);
    expect(await read(host, `${base}/answers`)).toEqual([expect.objectContaining({ questionId: general.id })]);
    await remove(host, `${base}/question/${general.id}`);
    expect(await read(host, `${base}/answers`)).toEqual([]);
  });

  it('keeps every field of concurrent partial updates, and creates each of several questions sent at once', async () => {
    const question = await create<Question>(host, `${base}/question`, choice);
    const path = `${base}/question/${question.id}`;
    const patches = [{ prompt: 'Table?' }, { required: true }, { helpText: 'Pick one' }, { scope: 'HOUSEHOLD' }, { sortOrder: 7 }];
    const results = await Promise.all(patches.map((patch) => host.request('PUT', path, patch)));
    expect(results.map((response) => response.status)).toEqual(patches.map(() => 200));
    expect(await read(host, path)).toMatchObject({ prompt: 'Table?', required: true, helpText: 'Pick one', scope: 'HOUSEHOLD', sortOrder: 7 });
    const created = await Promise.all([1, 2, 3, 4].map((n) => host.request('POST', `${base}/question`, { kind: 'YES_NO', prompt: `Q${n}`, sortOrder: n })));
    expect(created.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    expect((await read<Question[]>(host, `${base}/questions`)).map((q) => q.prompt)).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'Table?']);
  });

  it('refuses bad bodies and read-only fields without changing anything', async () => {
    const question = await create<Question>(host, `${base}/question`, choice);
    const readOnly = ['id', 'occasionId', 'createdAt', 'updatedAt'];
    await expectBadBodiesRefused(t, host, 'POST', `${base}/question`, { kind: 'YES_NO', prompt: 'Shuttle?' }, readOnly);
    await expectBadBodiesRefused(t, host, 'PUT', `${base}/question/${question.id}`, { prompt: 'Table?' }, readOnly);
  });

  it("answers 404 for another account's questions and for a question of another occasion", async () => {
    const question = await create<Question>(host, `${base}/question`, choice);
    const path = `${base}/question/${question.id}`;
    const other = await signUpHost(t.app);
    await expectHiddenFrom(t, other, [
      ['GET', `${base}/questions`],
      ['POST', `${base}/question`, choice],
      ['GET', path],
      ['PUT', path, { prompt: 'Mine' }],
      ['DELETE', path],
      ['GET', `${base}/answers`],
      ['PUT', `${base}/answers`, { answers: [] }],
    ]);
    const reunion = await createOccasion(host, { title: 'Reunion' });
    const elsewhere = `/occasion/${reunion.id}/question/${question.id}`;
    await expectHiddenFrom(t, host, [['GET', elsewhere], ['PUT', elsewhere, { prompt: 'Moved' }], ['DELETE', elsewhere]]);
    expect((await t.app.request(`${BASE}/host/v1${base}/questions`)).status).toBe(401);
  });
});
