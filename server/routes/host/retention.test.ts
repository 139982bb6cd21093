import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Retention } from '../../../core/schemas/data-rights';
import { addDays } from '../../data/retention';
import { runRetention } from '../../data/retention-job';
import { DEFAULT_EMAIL_SETTINGS } from '../../email/email-settings';
import { localOutbox } from '../../email/transport';
import { EmailWorker } from '../../email/worker';
import { BASE } from '../../in-process/host-session';
import { createEventFixture, type EventFixture } from '../../test-support/event-fixture';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { expectJson, issuePaths, read } from './host-fixtures';

/** Noon UTC of a date: the clock the job is run at. */
const noon = (date: string) => new Date(`${date}T12:00:00.000Z`);

describe('retention: how long an occasion keeps its guests', () => {
  let t: TestApp;
  let f: EventFixture;
  let path: string;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
    path = `/occasion/${f.occasionId}/retention`;
  });
  afterEach(() => t.close());

  const retention = () => read<Retention>(f.host, path);
  const postpone = (days: unknown) => f.host.request('POST', `${path}/postpone`, { days });
  const run = Object.assign((date: string) => runRetention(t.deps.db, t.deps.dbKind, BASE, noon(date)), {
    paged: (date: string, pageSize: number) => runRetention(t.deps.db, t.deps.dbKind, BASE, noon(date), { pageSize }),
  });
  const notices = async () => (await t.deps.db.selectFrom('accountEmail').select(['to', 'subject']).where('kind', '=', 'RETENTION_NOTICE').execute());
  const guestCount = async () => (await t.deps.db.selectFrom('guest').select('id').where('occasionId', '=', f.occasionId).execute()).length;

  it('is 365 days after the last activity by default, and can be set and postponed', async () => {
    const brunch = (await t.deps.db.selectFrom('activity').select('startsAt').where('id', '=', f.activities.brunch).executeTakeFirstOrThrow()).startsAt.slice(0, 10);
    const initial = await retention();
    expect(initial).toEqual({ days: 365, lastActivityDate: brunch, eraseOn: addDays(brunch, 365), remindOn: addDays(brunch, 335), erasedAt: null });
    expect(await expectJson<Retention>(f.host, 'PUT', path, { days: 100 }, 200)).toMatchObject({ days: 100, eraseOn: addDays(brunch, 100) });
    expect(await expectJson<Retention>(f.host, 'POST', `${path}/postpone`, { days: 30 }, 200)).toMatchObject({ days: 130, eraseOn: addDays(brunch, 130) });
  });

  it('refuses bad days and a postponement past ten years, changing nothing', async () => {
    const before = await snapshotDatabase(t.deps.db);
    for (const days of [0, 3651, 1.5, '7', null]) expect(await issuePaths(f.host, 'PUT', path, { days })).toEqual(['days']);
    expect(await issuePaths(f.host, 'PUT', path, { days: 30, more: 1 })).toEqual(['more']);
    for (const days of [0, 366]) expect(await issuePaths(f.host, 'POST', `${path}/postpone`, { days })).toEqual(['days']);
    await expectJson(f.host, 'PUT', path, { days: 3600 }, 200);
    const after = await snapshotDatabase(t.deps.db);
    expect(await issuePaths(f.host, 'POST', `${path}/postpone`, { days: 51 })).toEqual(['days']);
    expect(await snapshotDatabase(t.deps.db)).toEqual(after);
    expect(after).not.toEqual(before);
  });

  it('adds up postponements sent at once', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => postpone(10)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect((await retention()).days).toBe(405);
  });

  it('reminds the owners once, 30 days before, then erases every guest on the date unless postponed', async () => {
    const { remindOn, eraseOn } = await retention();
    await run(addDays(remindOn, -1));
    expect(await notices()).toEqual([]);
    await Promise.all([run(remindOn), run(remindOn), run(remindOn)]);
    await run(addDays(remindOn, 1));
    expect(await notices()).toEqual([{ to: f.host.credentials.email, subject: `The guest list of Sam & Alex will be erased on ${eraseOn}` }]);

    const postponed = await expectJson<Retention>(f.host, 'POST', `${path}/postpone`, { days: 10 }, 200);
    await run(eraseOn);
    expect(await guestCount()).toBe(6);
    expect((await notices()).map((notice) => notice.subject)).toEqual([
      `The guest list of Sam & Alex will be erased on ${eraseOn}`,
      `The guest list of Sam & Alex will be erased on ${postponed.eraseOn}`,
    ]);

    const history = (await t.deps.db.selectFrom('historyEntry').select('id').execute()).length;
    await Promise.all([run(postponed.eraseOn), run(postponed.eraseOn)]);
    expect(await guestCount()).toBe(0);
    expect(await t.deps.db.selectFrom('household').select('id').where('occasionId', '=', f.occasionId).execute()).toEqual([]);
    expect((await t.deps.db.selectFrom('historyEntry').select('id').execute()).length).toBe(history);
    expect(await t.deps.db.selectFrom('activity').select('id').where('occasionId', '=', f.occasionId).execute()).toHaveLength(3);
    expect((await retention()).erasedAt).toBe(noon(postponed.eraseOn).toISOString());
  });

  it('never erases without notice: a date passed unreminded moves 30 days past the reminder', async () => {
    const { lastActivityDate } = await expectJson<Retention>(f.host, 'PUT', path, { days: 1 }, 200);
    const today = addDays(lastActivityDate, 5);
    await run(today);
    expect(await guestCount()).toBe(6);
    expect(await retention()).toMatchObject({ eraseOn: addDays(today, 30), days: 35 });
    expect(await notices()).toHaveLength(1);
    await run(addDays(today, 30));
    expect(await guestCount()).toBe(0);
  });

  it('walks every occasion a page at a time', async () => {
    const titles = ['First', 'Second', 'Third'];
    for (const title of titles) await f.host.request('POST', '/occasion', { title, startDate: '2027-06-12', endDate: '2027-06-12' });
    await run.paged('2030-01-01', 1);
    const subjects = (await notices()).map((notice) => notice.subject.replace(/ will be erased on .*/, ''));
    expect(subjects.sort()).toEqual(['Sam & Alex', ...titles].map((title) => `The guest list of ${title}`).sort());
  });

  it('stops a pass at the next occasion when asked', async () => {
    for (const title of ['First', 'Second']) await f.host.request('POST', '/occasion', { title, startDate: '2027-06-12', endDate: '2027-06-12' });
    let asked = 0;
    await runRetention(t.deps.db, t.deps.dbKind, BASE, noon('2030-01-01'), { stopping: () => asked++ >= 1 });
    expect(await notices()).toHaveLength(1);
    await run('2030-01-01');
    expect(await notices()).toHaveLength(3);
  });

  const emailWorker = () =>
    new EmailWorker({
      db: t.deps.db,
      dbKind: t.deps.dbKind,
      settings: { ...DEFAULT_EMAIL_SETTINGS, pollMs: 20 },
      transport: localOutbox,
      publicUrl: () => BASE,
      log: () => {},
      renderEmail: t.deps.renderEmail,
    });
  const noticeStatuses = () => t.deps.db.selectFrom('accountEmail').select(['kind', 'status']).where('kind', '=', 'RETENTION_NOTICE').execute();

  it('runs on the email worker, in a loop of its own, whose next round sends the reminder', async () => {
    const { remindOn } = await retention();
    const worker = emailWorker();
    // A round sends mail and nothing of retention's.
    await worker.runOnce(noon(remindOn));
    expect(await noticeStatuses()).toEqual([]);
    await worker.runRetention(noon(remindOn));
    await worker.runOnce(noon(remindOn));
    expect(await noticeStatuses()).toEqual([{ kind: 'RETENTION_NOTICE', status: 'SENT' }]);
  });

  it('runs a pass as the worker starts, and the worker stops with it', async () => {
    // Activities long over: the worker's clock is the real one.
    await t.deps.db.updateTable('activity').set({ startsAt: '2020-01-01T10:00:00.000Z', endsAt: null }).where('occasionId', '=', f.occasionId).execute();
    const worker = emailWorker();
    worker.start();
    try {
      await vi.waitFor(async () => expect(await noticeStatuses()).toEqual([{ kind: 'RETENTION_NOTICE', status: 'SENT' }]), { timeout: 5000 });
    } finally {
      await worker.stop();
    }
  });
});
