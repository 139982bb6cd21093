import { toPlainText } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import type { OccasionRow } from '../data/occasions';
import { invitationContent } from './compose-invitation';
import { defaultTemplate } from './default-templates';
import { unsubscribeUrl } from './outbox';
import { renderEmailHere } from './render-email';

const occasion = { id: 'occ1', title: 'Sam & Alex', startDate: '2027-06-12', endDate: '2027-06-13', timezone: 'Europe/Lisbon', rsvpPageUrl: 'https://sam-and-alex.com/rsvp' } as OccasionRow;

describe('renderEmailHere', () => {
  it("writes the plain-text part React Email would, message after message, with links' addresses in angle brackets", async () => {
    const asReactEmail = (html: string) => toPlainText(html, { selectors: [{ selector: 'a', options: { linkBrackets: ['<', '>'], hideLinkHrefIfSameAsText: true } }] });
    for (const kind of ['INVITATION', 'REMINDER'] as const) {
      for (const householdName of ['The Smiths', `O'Brien & <Sons>`, 'Família Souza']) {
        const content = invitationContent(kind, occasion, defaultTemplate(kind, occasion.title), { householdName, inviteCode: 'ABCD-EFGH-JKMN' }, unsubscribeUrl('https://rsvp.example.com', 'tok'));
        const { html, text } = await renderEmailHere(content);
        expect(text).toBe(asReactEmail(html));
        expect(text).toContain('Unsubscribe <https://rsvp.example.com/unsubscribe/tok>.');
        expect(text).toContain(householdName);
        expect(text).not.toMatch(/<(p|table|div|a)\b/);
      }
    }
  });
});
