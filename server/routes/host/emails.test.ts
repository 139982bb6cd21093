import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EmailRecipient, EmailSendResult, EmailTemplate, OutboxPage } from '../../../core/schemas/email';
import type { Occasion } from '../../../core/schemas/occasion';
import type { Reply } from '../../../core/schemas/reply';
import { createEventFixture, eventRequest, signInGuest, smithsWholeReply, type EventFixture } from '../../test-support/event-fixture';
import { signUpHost } from '../../in-process/host-session';
import { snapshotDatabase } from '../../test-support/snapshot';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';
import { expectBadBodiesRefused, expectError, expectHiddenFrom, expectJson, issuePaths, read, update } from './host-fixtures';

describe('email and replies routes', () => {
  let t: TestApp;
  let f: EventFixture;
  let base: string;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
    base = `/occasion/${f.occasionId}`;
    // The Smiths have a household address, the Joneses two members' addresses, the Lees none.
    await update(f.host, `${base}/household/${f.smith.id}`, { email: 'smiths@example.com' });
    await update(f.host, `${base}/guest/${f.jones.ann}`, { email: 'ann@example.com' });
    await update(f.host, `${base}/guest/${f.jones.sam}`, { email: 'SAM@example.com' });
  });
  afterEach(() => t.close());

  const send = (body: unknown) => expectJson<EmailSendResult>(f.host, 'POST', `${base}/emails`, body, 202);

  it('has the three new occasion fields, with defaults, and refuses bad values', async () => {
    expect(f.occasion).toMatchObject({ rsvpPageUrl: '', reminderDaysBeforeDeadline: null, digestEnabled: false });
    const updated = await update<Occasion>(f.host, base, { rsvpPageUrl: 'https://sam-and-alex.com/rsvp?lang=en', reminderDaysBeforeDeadline: 7, digestEnabled: true });
    expect(updated).toMatchObject({ rsvpPageUrl: 'https://sam-and-alex.com/rsvp?lang=en', reminderDaysBeforeDeadline: 7, digestEnabled: true });
    expect(await read(f.host, base)).toEqual(updated);
    await update(f.host, base, { rsvpPageUrl: `https://a.com/${'x'.repeat(2000 - 14)}` });
    await update(f.host, base, { rsvpPageUrl: updated.rsvpPageUrl });
    const before = await snapshotDatabase(t.deps.db);
    expect(await issuePaths(f.host, 'PUT', base, { rsvpPageUrl: 'ftp://example.com' })).toEqual(['rsvpPageUrl']);
    expect(await issuePaths(f.host, 'PUT', base, { rsvpPageUrl: 'sam-and-alex.com' })).toEqual(['rsvpPageUrl']);
    // Just over the limits: 2,001 characters, 91 days, 0 days, a fraction.
    expect(await issuePaths(f.host, 'PUT', base, { rsvpPageUrl: `https://a.com/${'x'.repeat(2000 - 14 + 1)}` })).toEqual(['rsvpPageUrl']);
    for (const days of [0, 91, 1.5, '7']) expect(await issuePaths(f.host, 'PUT', base, { reminderDaysBeforeDeadline: days })).toEqual(['reminderDaysBeforeDeadline']);
    expect(await issuePaths(f.host, 'PUT', base, { digestEnabled: 'yes' })).toEqual(['digestEnabled']);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('lists recipients by household name: household email, else members, else none', async () => {
    const recipients = await read<EmailRecipient[]>(f.host, `${base}/email-recipients`);
    expect(recipients).toEqual([
      { householdId: f.jones.id, householdName: 'The Joneses', addresses: ['ann@example.com', 'SAM@example.com'], unsubscribed: [], pending: true, invitedAt: null },
      { householdId: f.lee.id, householdName: 'The Lees', addresses: [], unsubscribed: [], pending: true, invitedAt: null },
      { householdId: f.smith.id, householdName: 'The Smiths', addresses: ['smiths@example.com'], unsubscribed: [], pending: true, invitedAt: null },
    ]);
  });

  it('queues invitations once per address, skips households without one, and lists the outbox newest first', async () => {
    await update(f.host, base, { rsvpPageUrl: 'https://sam-and-alex.com/rsvp' });
    const result = await send({ kind: 'INVITATION' });
    expect(result).toEqual({ queued: 3, skipped: [{ householdId: f.lee.id, reason: 'NO_ADDRESS' }] });
    // Everyone with an address is invited now: a second default send queues nothing.
    expect(await send({ kind: 'INVITATION' })).toEqual({ queued: 0, skipped: [{ householdId: f.lee.id, reason: 'NO_ADDRESS' }] });

    const page = await read<OutboxPage>(f.host, `${base}/emails`);
    expect(page.nextCursor).toBeNull();
    expect(page.emails.map((e) => e.to).sort()).toEqual(['SAM@example.com', 'ann@example.com', 'smiths@example.com']);
    expect(page.emails[0]).toMatchObject({ kind: 'INVITATION', status: 'QUEUED', attempts: 0, lastError: null, sentAt: null, subject: "You're invited: Sam & Alex" });

    const smiths = page.emails.find((e) => e.to === 'smiths@example.com')!;
    const html = await f.host.request('GET', `${base}/email/${smiths.id}/html`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; frame-ancestors 'self'");
    const text = await html.text();
    expect(text).toContain(`https://sam-and-alex.com/rsvp?invite=${f.smith.inviteCode}`);
    expect(text).toContain(f.smith.inviteCode);
    expect(text).toMatch(/\/unsubscribe\/[A-Za-z0-9_-]{43}/);

    const recipients = await read<EmailRecipient[]>(f.host, `${base}/email-recipients`);
    expect(recipients.find((r) => r.householdId === f.smith.id)!.invitedAt).toBe(smiths.createdAt);
  });

  it('pages the outbox with a cursor and refuses a bad limit or cursor', async () => {
    await send({ kind: 'INVITATION' });
    await send({ kind: 'REMINDER', householdIds: [f.smith.id] });
    const first = await read<OutboxPage>(f.host, `${base}/emails?limit=2`);
    expect(first.emails).toHaveLength(2);
    expect(first.emails[0]!.kind).toBe('REMINDER');
    const second = await read<OutboxPage>(f.host, `${base}/emails?limit=2&cursor=${first.nextCursor}`);
    expect(second.emails).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.emails, ...second.emails].map((e) => e.id)).size).toBe(4);
    for (const limit of ['0', '201', 'x', '1.5']) expect(await issuePaths(f.host, 'GET', `${base}/emails?limit=${limit}`, undefined)).toEqual(['limit']);
    await read(f.host, `${base}/emails?limit=200`);
    expect(await issuePaths(f.host, 'GET', `${base}/emails?cursor=nonsense`, undefined)).toEqual(['cursor']);
  });

  it('sends reminders only to pending households and reports the rest', async () => {
    await replyAsSmiths();
    expect(await send({ kind: 'REMINDER' })).toEqual({ queued: 2, skipped: [{ householdId: f.lee.id, reason: 'NO_ADDRESS' }] });
    expect(await send({ kind: 'REMINDER', householdIds: [f.smith.id, f.lee.id] })).toEqual({
      queued: 0,
      skipped: [
        { householdId: f.smith.id, reason: 'NOT_PENDING' },
        { householdId: f.lee.id, reason: 'NO_ADDRESS' },
      ],
    });
  });

  it('refuses bad send bodies and another occasion\'s households, changing nothing', async () => {
    await expectBadBodiesRefused(t, f.host, 'POST', `${base}/emails`, { kind: 'INVITATION' }, ['queued'], 1024 * 1024);
    const before = await snapshotDatabase(t.deps.db);
    expect(await issuePaths(f.host, 'POST', `${base}/emails`, { kind: 'CONFIRMATION' })).toEqual(['kind']);
    expect(await issuePaths(f.host, 'POST', `${base}/emails`, { kind: 'INVITATION', householdIds: [] })).toEqual(['householdIds']);
    expect(await issuePaths(f.host, 'POST', `${base}/emails`, { kind: 'INVITATION', householdIds: [f.smith.id, f.smith.id] })).toEqual(['householdIds.1']);
    expect(await issuePaths(f.host, 'POST', `${base}/emails`, { kind: 'INVITATION', householdIds: [f.smith.id, 'noSuchHouse1'] })).toEqual(['householdIds.1']);
    const overLimit = Array.from({ length: 10001 }, (_, i) => `h${i}`);
    expect(await issuePaths(f.host, 'POST', `${base}/emails`, { kind: 'INVITATION', householdIds: overLimit })).toEqual(['householdIds']);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
  });

  it('edits templates (defaults until then), previews them, and refuses bad bodies', async () => {
    const templates = await read<EmailTemplate[]>(f.host, `${base}/email-templates`);
    expect(templates.map((tpl) => tpl.kind)).toEqual(['INVITATION', 'REMINDER', 'CONFIRMATION', 'DIGEST']);
    expect(templates[0]!.subject).toBe("You're invited: Sam & Alex");
    const saved = await update<EmailTemplate>(f.host, `${base}/email-template/INVITATION`, { intro: 'Come dance with us.\n\nBring shoes.' });
    expect(saved).toEqual({ kind: 'INVITATION', subject: "You're invited: Sam & Alex", intro: 'Come dance with us.\n\nBring shoes.' });
    expect(await update(f.host, `${base}/email-template/INVITATION`, { subject: 'Save the date' })).toEqual({ ...saved, subject: 'Save the date' });

    const preview = await f.host.request('GET', `${base}/email-preview/INVITATION?householdId=${f.jones.id}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const html = await preview.text();
    expect(html).toMatch(/^<!DOCTYPE html/i);
    expect(html).toContain('Come dance with us.');
    expect(html).toContain('The Joneses');
    expect(html).toContain(f.jones.inviteCode);
    for (const kind of ['REMINDER', 'CONFIRMATION', 'DIGEST']) expect((await f.host.request('GET', `${base}/email-preview/${kind}`)).status).toBe(200);
    await replyAsSmiths();
    const confirmation = await (await f.host.request('GET', `${base}/email-preview/CONFIRMATION`)).text();
    expect(confirmation).toContain('The Smiths');
    expect(confirmation).toContain('Sea bass');
    const digest = await (await f.host.request('GET', `${base}/email-preview/DIGEST`)).text();
    expect(digest).toContain('See you there!');
    await expectError(f.host, 'GET', `${base}/email-preview/INVITATION?householdId=nope`, undefined, 404, 'NOT_FOUND');
    await expectError(f.host, 'GET', `${base}/email-preview/POSTCARD`, undefined, 404, 'NOT_FOUND');
    await expectError(f.host, 'PUT', `${base}/email-template/POSTCARD`, { subject: 'x' }, 404, 'NOT_FOUND');

    await expectBadBodiesRefused(t, f.host, 'PUT', `${base}/email-template/REMINDER`, { subject: 'Hi' }, ['kind']);
    const before = await snapshotDatabase(t.deps.db);
    expect(await issuePaths(f.host, 'PUT', `${base}/email-template/REMINDER`, { subject: '' })).toEqual(['subject']);
    expect(await issuePaths(f.host, 'PUT', `${base}/email-template/REMINDER`, { subject: 'x'.repeat(201) })).toEqual(['subject']);
    expect(await issuePaths(f.host, 'PUT', `${base}/email-template/REMINDER`, { intro: 'x'.repeat(5001) })).toEqual(['intro']);
    expect(await snapshotDatabase(t.deps.db)).toEqual(before);
    await update(f.host, `${base}/email-template/REMINDER`, { subject: 'x'.repeat(200), intro: 'x'.repeat(5000) });
  });

  it('lists replies newest first with the message and who answered', async () => {
    expect(await read<Reply[]>(f.host, `${base}/replies`)).toEqual([]);
    await replyAsSmiths();
    const jones = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.jones.inviteCode });
    const reply = {
      responses: [
        { guestId: f.jones.ann, activityId: f.activities.brunch, response: 'ATTENDING' },
        { guestId: f.jones.sam, activityId: f.activities.brunch, response: 'DECLINED' },
      ],
      message: 'Ann only, sorry!',
    };
    expect((await eventRequest(t.app, 'POST', '/rsvp', { token: jones.token, body: reply })).status).toBe(201);
    const replies = await read<Reply[]>(f.host, `${base}/replies`);
    expect(replies.map((r) => [r.householdName, r.message, r.answeredBy?.firstName])).toEqual([
      ['The Joneses', 'Ann only, sorry!', 'Ann'],
      ['The Smiths', 'See you there!', 'Jane'],
    ]);
    expect(replies[0]!.answeredBy).toEqual({ guestId: f.jones.ann, firstName: 'Ann', lastName: 'Jones' });
    // Each reply queued a confirmation to the replying guest's address, else the household's.
    const outbox = await read<OutboxPage>(f.host, `${base}/emails`);
    expect(outbox.emails.map((e) => [e.kind, e.to])).toEqual(
      expect.arrayContaining([
        ['CONFIRMATION', 'ann@example.com'],
        ['CONFIRMATION', 'smiths@example.com'],
      ]),
    );
    // Not rendered in the reply's transaction: the outbox shows it as it would be sent now.
    const confirmation = outbox.emails.find((e) => e.to === 'ann@example.com')!;
    const html = await (await f.host.request('GET', `${base}/email/${confirmation.id}/html`)).text();
    expect(html).toContain('Ann only, sorry!');
    expect(html).toContain('Ann Jones');
    expect(html).toContain('Brunch');
  });

  it('hides every route from another host', async () => {
    const other = await signUpHost(t.app);
    await expectHiddenFrom(t, other, [
      ['GET', `${base}/replies`],
      ['GET', `${base}/email-templates`],
      ['PUT', `${base}/email-template/INVITATION`, { subject: 'Mine' }],
      ['GET', `${base}/email-preview/INVITATION`],
      ['GET', `${base}/email-recipients`],
      ['POST', `${base}/emails`, { kind: 'INVITATION' }],
      ['GET', `${base}/emails`],
    ]);
    await send({ kind: 'INVITATION' });
    const { emails } = await read<OutboxPage>(f.host, `${base}/emails`);
    await expectError(other, 'GET', `${base}/email/${emails[0]!.id}/html`, undefined, 404, 'NOT_FOUND');
  });

  it.runIf(testDatabaseKind === 'postgres')('queues each household once when sends run at once', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => send({ kind: 'INVITATION' })));
    expect(results.reduce((sum, r) => sum + r.queued, 0)).toBe(3);
    const reminders = await Promise.all(Array.from({ length: 6 }, () => send({ kind: 'REMINDER' })));
    expect(reminders.reduce((sum, r) => sum + r.queued, 0)).toBe(3);
    const page = await read<OutboxPage>(f.host, `${base}/emails?limit=200`);
    expect(page.emails).toHaveLength(6);
  });

  it('queues each household once when a few sends run at once', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => send({ kind: 'INVITATION' })));
    expect(results.reduce((sum, r) => sum + r.queued, 0)).toBe(3);
  });

  it('saves template edits and unsubscribes that run at once', async () => {
    const subjects = Array.from({ length: 6 }, (_, i) => `Subject ${i}`);
    const saved = await Promise.all(subjects.map((subject) => update<EmailTemplate>(f.host, `${base}/email-template/INVITATION`, { subject })));
    expect(saved.map((tpl) => tpl.subject)).toEqual(subjects);
    const [current] = await read<EmailTemplate[]>(f.host, `${base}/email-templates`);
    expect(subjects).toContain(current!.subject);
    expect(await t.deps.db.selectFrom('emailTemplate').selectAll().execute()).toHaveLength(1);

    await send({ kind: 'INVITATION', householdIds: [f.smith.id] });
    const { unsubscribeToken } = await t.deps.db.selectFrom('email').select('unsubscribeToken').executeTakeFirstOrThrow();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.app.request(`http://localhost/unsubscribe/${unsubscribeToken}`, { method: 'POST', body: 'List-Unsubscribe=One-Click' })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(answers[0]!.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await t.deps.db.selectFrom('emailUnsubscribe').selectAll().execute()).toMatchObject([{ occasionId: f.occasionId, address: 'smiths@example.com' }]);
    const recipients = await read<EmailRecipient[]>(f.host, `${base}/email-recipients`);
    expect(recipients.find((r) => r.householdId === f.smith.id)!.unsubscribed).toEqual(['smiths@example.com']);
  });

  async function replyAsSmiths(): Promise<void> {
    const smith = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    const body = smithsWholeReply(f, { joseAtCeremony: 'ATTENDING', message: 'See you there!' });
    const response = await eventRequest(t.app, 'POST', '/rsvp', { token: smith.token, body });
    expect(response.status, await response.clone().text()).toBe(201);
  }
});
