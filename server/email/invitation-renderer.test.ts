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
});
