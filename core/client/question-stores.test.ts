import { allTasks, type ReadableAtom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test-support/test-app';
import { appFetch, BASE_URL, newAccount, ok, seedOccasion, type AppFetch } from './app-fetch.test-helper';
import { signUpHost } from './host-auth';
import { createHostClient, type HostClient } from './host-client';
import { createHostStores, type HostStores } from './host-stores';

let t: TestApp;
let net: AppFetch;
let host: HostClient;
let stores: HostStores;
const unbinds: (() => void)[] = [];

beforeEach(async () => {
  t = await createTestApp();
  net = appFetch(t);
  host = createHostClient({ baseUrl: BASE_URL, fetch: net.fetch });
  stores = createHostStores(host);
  ok(await signUpHost(host, newAccount()));
});
afterEach(async () => {
  unbinds.splice(0).forEach((unbind) => unbind());
  await t.close();
});

async function loaded(store: ReadableAtom<{ data?: unknown; loading?: boolean }>): Promise<void> {
  unbinds.push(store.listen(() => {}));
  await allTasks();
  expect(store.get().loading).toBe(false);
}

describe('questions and answers in the host client and stores', () => {
  it('creates, lists, updates and deletes questions, and writes and reads answers', async () => {
    const { occasion, household } = await seedOccasion(host);
    const o = occasion.id;
    const shuttle = ok(await host.createQuestion(o, { kind: 'YES_NO', prompt: 'Shuttle?', scope: 'HOUSEHOLD' }));
    expect(ok(await host.getQuestion(o, shuttle.id))).toEqual(shuttle);
    expect(ok(await host.updateQuestion(o, shuttle.id, { required: true })).required).toBe(true);
    const written = ok(await host.updateAnswers(o, { answers: [{ questionId: shuttle.id, householdId: household.id, value: true }] }));
    expect(written).toEqual([{ questionId: shuttle.id, householdId: household.id, guestId: null, value: true, updatedAt: expect.any(String) }]);
    expect(ok(await host.listAnswers(o))).toEqual(written);
    const refused = await host.updateAnswers(o, { answers: [{ questionId: shuttle.id, householdId: household.id, value: 'yes' }] });
    expect(refused.error).toMatchObject({ status: 400, data: { error: { issues: [{ path: 'answers.0.value' }] } } });
    ok(await host.deleteQuestion(o, shuttle.id));
    expect(ok(await host.listQuestions(o))).toEqual([]);
    expect(ok(await host.listAnswers(o))).toEqual([]);
  });

  it('a question write refetches questions; a delete also answers; the answer bulk only answers', async () => {
    const { occasion, household } = await seedOccasion(host);
    const o = occasion.id;
    const [$questions, $answers] = [stores.questions(o), stores.answers(o)];
    for (const store of [$questions, $answers, stores.guests(o), stores.occasion(o)]) await loaded(store);
    net.calls.length = 0;
    const created = await stores.$createQuestion.mutate({ occasionId: o, body: { kind: 'NUMBER', prompt: 'Rooms?', scope: 'HOUSEHOLD', min: 1 } });
    await allTasks();
    expect(net.counts()).toEqual({ [`POST /host/v1/occasion/${o}/question`]: 1, [`GET /host/v1/occasion/${o}/questions`]: 1 });
    expect($questions.get().data).toEqual([created.data]);

    net.calls.length = 0;
    await stores.$updateAnswers.mutate({ occasionId: o, body: { answers: [{ questionId: created.data!.id, householdId: household.id, value: 2 }] } });
    await allTasks();
    expect(net.counts()).toEqual({ [`PUT /host/v1/occasion/${o}/answers`]: 1, [`GET /host/v1/occasion/${o}/answers`]: 1 });
    expect($answers.get().data).toHaveLength(1);

    net.calls.length = 0;
    await stores.$deleteQuestion.mutate({ occasionId: o, questionId: created.data!.id });
    await allTasks();
    expect(net.counts()).toEqual({
      [`DELETE /host/v1/occasion/${o}/question/${created.data!.id}`]: 1,
      [`GET /host/v1/occasion/${o}/questions`]: 1,
      [`GET /host/v1/occasion/${o}/answers`]: 1,
    });
    expect($answers.get().data).toEqual([]);
  });
});
