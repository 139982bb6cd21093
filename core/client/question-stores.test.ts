import { allTasks, type ReadableAtom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { ok, seedOccasion, signedInHostEachTest } from './app-fetch.test-helper';

const h = signedInHostEachTest();

async function loaded(store: ReadableAtom<{ data?: unknown; loading?: boolean }>): Promise<void> {
  h.unbinds.push(store.listen(() => {}));
  await allTasks();
  expect(store.get().loading).toBe(false);
}

describe('questions and answers in the host client and stores', () => {
  it('creates, lists, updates and deletes questions, and writes and reads answers', async () => {
    const { occasion, household } = await seedOccasion(h.host);
    const o = occasion.id;
    const shuttle = ok(await h.host.createQuestion(o, { kind: 'YES_NO', prompt: 'Shuttle?', scope: 'HOUSEHOLD' }));
    expect(ok(await h.host.getQuestion(o, shuttle.id))).toEqual(shuttle);
    expect(ok(await h.host.updateQuestion(o, shuttle.id, { required: true })).required).toBe(true);
    const written = ok(await h.host.updateAnswers(o, { answers: [{ questionId: shuttle.id, householdId: household.id, value: true }] }));
    expect(written).toEqual([{ questionId: shuttle.id, householdId: household.id, guestId: null, value: true, updatedAt: expect.any(String) }]);
    expect(ok(await h.host.listAnswers(o))).toEqual(written);
    const refused = await h.host.updateAnswers(o, { answers: [{ questionId: shuttle.id, householdId: household.id, value: 'yes' }] });
    expect(refused.error).toMatchObject({ status: 400, data: { error: { issues: [{ path: 'answers.0.value' }] } } });
    ok(await h.host.deleteQuestion(o, shuttle.id));
    expect(ok(await h.host.listQuestions(o))).toEqual([]);
    expect(ok(await h.host.listAnswers(o))).toEqual([]);
  });

  it('a question write refetches questions; a delete also answers; the answer bulk only answers', async () => {
    const { occasion, household } = await seedOccasion(h.host);
    const o = occasion.id;
    const [$questions, $answers] = [h.stores.questions(o), h.stores.answers(o)];
    for (const store of [$questions, $answers, h.stores.guests(o), h.stores.occasion(o)]) await loaded(store);
    h.net.calls.length = 0;
    const created = await h.stores.$createQuestion.mutate({ occasionId: o, body: { kind: 'NUMBER', prompt: 'Rooms?', scope: 'HOUSEHOLD', min: 1 } });
    await allTasks();
    expect(h.net.counts()).toEqual({ [`POST /host/v1/occasion/${o}/question`]: 1, [`GET /host/v1/occasion/${o}/questions`]: 1 });
    expect($questions.get().data).toEqual([created.data]);

    h.net.calls.length = 0;
    await h.stores.$updateAnswers.mutate({ occasionId: o, body: { answers: [{ questionId: created.data!.id, householdId: household.id, value: 2 }] } });
    await allTasks();
    expect(h.net.counts()).toEqual({ [`PUT /host/v1/occasion/${o}/answers`]: 1, [`GET /host/v1/occasion/${o}/answers`]: 1 });
    expect($answers.get().data).toHaveLength(1);

    h.net.calls.length = 0;
    await h.stores.$deleteQuestion.mutate({ occasionId: o, questionId: created.data!.id });
    await allTasks();
    expect(h.net.counts()).toEqual({
      [`DELETE /host/v1/occasion/${o}/question/${created.data!.id}`]: 1,
      [`GET /host/v1/occasion/${o}/questions`]: 1,
      [`GET /host/v1/occasion/${o}/answers`]: 1,
    });
    expect($answers.get().data).toEqual([]);
  });
});
