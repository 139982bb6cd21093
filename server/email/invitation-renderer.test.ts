import { describe, expect, it } from 'vitest';
import type { OccasionRow } from '../data/occasions';
import { invitationContent } from './compose-invitation';
import { defaultTemplate } from './default-templates';
import { invitationRenderer } from './invitation-renderer';
import { unsubscribeUrl } from './outbox';
import { renderEmailHere } from './render-email';

const occasion = {
  id: 'occ1',
  title: 'Sam & Alex',
  startDate: '2027-06-12',
  endDate: '2027-06-13',
  timezone: 'Europe/Lisbon',
  venueName: 'Quinta',
  venueAddress: 'Sintra',
  rsvpDeadline: '2027-05-01T12:00:00.000Z',
  rsvpPageUrl: 'https://sam-and-alex.com/rsvp?lang=en',
} as OccasionRow;

describe('invitationRenderer', () => {
  it('makes the same message as rendering each one, names with markup included', async () => {
    for (const kind of ['INVITATION', 'REMINDER'] as const) {
      const template = defaultTemplate(kind, occasion.title);
      const render = await invitationRenderer(kind, occasion, template, 'https://rsvp.example.com', renderEmailHere);
      for (const householdName of ['The Smiths', `O'Brien & <Sons> "Ltd"`]) {
        const household = { householdName, inviteCode: 'ABCD-EFGH-JKMN' };
        const direct = await renderEmailHere(invitationContent(kind, occasion, template, household, unsubscribeUrl('https://rsvp.example.com', 'tok_en-1')));
        expect(render(household, 'tok_en-1')).toEqual(direct);
      }
    }
  });

  it("links to the RSVP page at the occasion's slug when the hosts have no page of their own, and to theirs when they do", async () => {
    const template = defaultTemplate('INVITATION', occasion.title);
    const household = { householdName: 'The Smiths', inviteCode: 'ABCD-EFGH-JKMN' };
    const linkOf = async (row: OccasionRow) => (await invitationRenderer('INVITATION', row, template, 'https://rsvp.example.com', renderEmailHere))(household, 't').text;
    expect(await linkOf({ ...occasion, rsvpPageUrl: '', slug: 'sam-and-alex' })).toContain('https://rsvp.example.com/r/sam-and-alex?invite=ABCD-EFGH-JKMN');
    expect(await linkOf({ ...occasion, slug: 'sam-and-alex' })).toContain('https://sam-and-alex.com/rsvp?lang=en&invite=ABCD-EFGH-JKMN');
    expect(await linkOf({ ...occasion, rsvpPageUrl: '', slug: null })).not.toContain('invite=');
  });
});
