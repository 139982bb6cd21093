import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { update } from '../routes/host/host-fixtures';
import { createEventFixture, eventRequest, signInGuest, smithsWholeReply, type EventFixture } from '../test-support/event-fixture';
import { createTestApp, type TestApp } from '../test-support/test-app';
import type { OccasionRow } from '../data/occasions';
import { confirmationParts } from './compose-confirmation';
import { confirmationRenderer } from './confirmation-renderer';
import { loadTemplate } from './email-templates';
import { unsubscribeUrl } from './outbox';
import { renderConfirmation } from './record-reply';

const PUBLIC_URL = 'https://rsvp.example.com';

describe('confirmations filled from the template rendered once', () => {
  let t: TestApp;
  let f: EventFixture;
  beforeEach(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
    const guest = await signInGuest(t.app, { occasionId: f.occasionId, inviteCode: f.smith.inviteCode });
    const body = smithsWholeReply(f, { joseAtCeremony: 'ATTENDING', plusOnes: [{ forGuestId: f.smith.jane, firstName: 'Pat', lastName: "O'Doe" }], message: 'See you <there>!\nBoth of us.' });
    const response = await eventRequest(t.app, 'POST', '/rsvp', { token: guest.token, body });
    expect(response.status, await response.clone().text()).toBe(201);
  });
  afterEach(() => t.close());

  const message = { occasionId: '', householdId: '', unsubscribeToken: 'tok_en-1' };
  const now = new Date('2027-01-01T10:00:00.000Z');
  const filled = () => renderConfirmation(t.deps.db, { ...message, occasionId: f.occasionId, householdId: f.smith.id }, PUBLIC_URL, now, t.deps.renderEmail);
  /** The confirmation rendered whole, as every message was before. */
  async function fresh() {
    const occasion: OccasionRow = await t.deps.db.selectFrom('occasion').selectAll().where('id', '=', f.occasionId).executeTakeFirstOrThrow();
    const template = await loadTemplate(t.deps.db, occasion.id, occasion.title, 'CONFIRMATION');
    const parts = await confirmationParts(t.deps.db, occasion, template, f.smith.id, unsubscribeUrl(PUBLIC_URL, 'tok_en-1'), now);
    return { subject: template.subject, ...(await t.deps.renderEmail(parts.content)), attachments: parts.attachments };
  }

  it('equals a fresh render: HTML, text, subject and the .ics', async () => {
    const confirmation = await filled();
    expect(confirmation).toEqual(await fresh());
    expect(confirmation!.text).toContain('Jane Smith: attending · Sea bass');
    expect(confirmation!.attachments[0]!.content).toContain('BEGIN:VCALENDAR');
    // Filled in from the kept shape, not rendered whole again.
    const template = await loadTemplate(t.deps.db, f.occasionId, 'Sam & Alex', 'CONFIRMATION');
    expect(await confirmationRenderer(f.occasionId, 'Sam & Alex', template, PUBLIC_URL, t.deps.renderEmail).shaped).toBe(true);
  });

  it("renders anew once the host edits the confirmation's template", async () => {
    expect((await filled())!.text).not.toContain('Cannot wait');
    await update(f.host, `/occasion/${f.occasionId}/email-template/CONFIRMATION`, { subject: 'Got it & thanks', intro: 'Cannot wait to see you & yours.' });
    const confirmation = await filled();
    expect(confirmation!.text).toContain('Cannot wait to see you & yours.');
    expect(confirmation!.subject).toBe('Got it & thanks');
    expect(confirmation).toEqual(await fresh());
  });

  it("renders anew once the occasion's title, which the template shows, changes", async () => {
    expect((await filled())!.html).toContain('Sam &amp; Alex');
    await update(f.host, `/occasion/${f.occasionId}`, { title: 'Alex <3 Sam' });
    const confirmation = await filled();
    expect(confirmation!.html).toContain('Alex &lt;3 Sam');
    expect(confirmation!.html).not.toContain('Sam &amp; Alex');
    expect(confirmation).toEqual(await fresh());
  });
});
