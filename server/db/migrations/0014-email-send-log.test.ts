import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, changingSchema } from '../../test-support/test-app';
import { emailSendLog } from './0014-email-send-log';

describe('migration 0014: the send log the account limits count', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it("copies the last day's sent messages by account, and nothing older or unsent", async () => {
    t = await createTestApp();
    const { db } = t.deps;
    await changingSchema(() => emailSendLog.down(db));
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * 3600_000).toISOString();
    await db.insertInto('account').values({ id: 'a1', email: 'a@b.co', emailKey: 'a@b.co', passwordHash: 'x', firstName: 'A', lastName: 'B', createdAt: at(1000) }).execute();
    const occasion = { accountId: 'a1', title: 'T', description: '', startDate: '2027-01-01', endDate: '2027-01-01', timezone: 'UTC', venueName: '', venueAddress: '', rsvpDeadline: null, passcode: null, allowedOrigins: '[]', contactEmail: '', createdAt: at(1000), updatedAt: at(1000) };
    await db.insertInto('occasion').values({ ...occasion, id: 'o1' }).execute();
    const email = { occasionId: 'o1', householdId: null, kind: 'INVITATION', to: 'g@example.com', subject: 's', html: 'h', text: 't', attachments: '[]', attempts: 1, nextAttemptAt: at(30), lastError: null, createdAt: at(30), lease: null, leaseUntil: null };
    await db
      .insertInto('email')
      .values([
        { ...email, id: 'recent', status: 'SENT', sentAt: at(2), unsubscribeToken: 'tok-recent' },
        { ...email, id: 'old', status: 'SENT', sentAt: at(25), unsubscribeToken: 'tok-old' },
        { ...email, id: 'queued', status: 'QUEUED', sentAt: null, unsubscribeToken: 'tok-queued' },
      ])
      .execute();
    await changingSchema(() => emailSendLog.up(db));
    expect(await db.selectFrom('emailSendLog').selectAll().execute()).toEqual([{ emailId: 'recent', accountId: 'a1', occasionId: 'o1', sentAt: at(2) }]);
    // The row outlives its occasion, not its account.
    await db.deleteFrom('occasion').execute();
    expect(await db.selectFrom('emailSendLog').select('emailId').execute()).toEqual([{ emailId: 'recent' }]);
    await db.deleteFrom('account').execute();
    expect(await db.selectFrom('emailSendLog').select('emailId').execute()).toEqual([]);
  });
});
