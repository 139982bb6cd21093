import { describe, expect, it } from 'vitest';
import type { OccasionRow } from '../data/occasions';
import { encode } from 'uqr';
import { invitationCheckIn } from './check-in-qr';
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
        const household = { householdName, inviteCode: 'ABCD-EFGH-JKMN', checkInCode: '7KM2PQ9XYZ' };
        const checkIn = invitationCheckIn('https://rsvp.example.com', household.checkInCode);
        const direct = await renderEmailHere(invitationContent(kind, occasion, template, household, unsubscribeUrl('https://rsvp.example.com', 'tok_en-1'), checkIn));
        expect(render(household, 'tok_en-1')).toEqual(direct);
      }
    }
  });

  it("links to the RSVP page at the occasion's slug when the hosts have no page of their own, and to theirs when they do", async () => {
    const template = defaultTemplate('INVITATION', occasion.title);
    const household = { householdName: 'The Smiths', inviteCode: 'ABCD-EFGH-JKMN', checkInCode: '7KM2PQ9XYZ' };
    const linkOf = async (row: OccasionRow) => (await invitationRenderer('INVITATION', row, template, 'https://rsvp.example.com', renderEmailHere))(household, 't').text;
    expect(await linkOf({ ...occasion, rsvpPageUrl: '', slug: 'sam-and-alex' })).toContain('https://rsvp.example.com/r/sam-and-alex?invite=ABCD-EFGH-JKMN');
    expect(await linkOf({ ...occasion, slug: 'sam-and-alex' })).toContain('https://sam-and-alex.com/rsvp?lang=en&invite=ABCD-EFGH-JKMN');
    expect(await linkOf({ ...occasion, rsvpPageUrl: '', slug: null })).not.toContain('invite=');
  });

  it("holds each household's check-in link, code and QR code; the plain text the link and code", async () => {
    const template = defaultTemplate('INVITATION', occasion.title);
    const render = await invitationRenderer('INVITATION', occasion, template, 'https://rsvp.example.com', renderEmailHere);
    const smiths = render({ householdName: 'The Smiths', inviteCode: 'ABCD-EFGH-JKMN', checkInCode: '7KM2PQ9XYZ' }, 't');
    const joneses = render({ householdName: 'The Joneses', inviteCode: 'WXYZ-EFGH-JKMN', checkInCode: 'ZZZZZ00000' }, 't');
    expect(smiths.html).toContain('href="https://rsvp.example.com/c/7KM2PQ9XYZ"');
    expect(smiths.html).toContain('7KM2P-Q9XYZ');
    expect(smiths.text).toContain('https://rsvp.example.com/c/7KM2PQ9XYZ');
    expect(smiths.text).toContain('7KM2P-Q9XYZ');
    expect(smiths.text).not.toMatch(/KINDLYx|bgcolor/);
    expect(smiths.html).not.toContain('KINDLYx');
    expect(qrMatrixOf(smiths.html)).toEqual(encode('https://rsvp.example.com/c/7KM2PQ9XYZ', { ecc: 'M', border: 4 }).data);
    expect(qrMatrixOf(joneses.html)).toEqual(encode('https://rsvp.example.com/c/ZZZZZ00000', { ecc: 'M', border: 4 }).data);
    expect(joneses.html).not.toContain('7KM2PQ9XYZ');
    // The code adds about 25 kB to a message; Gmail clips a message past 102 kB.
    expect(smiths.html.length).toBeLessThan(60_000);
  });
});

/** The modules a message's QR tables draw, read back from the cells' widths and colours (4 px a module). */
function qrMatrixOf(html: string): boolean[][] {
  const rows = [...html.matchAll(/<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="center" bgcolor="#ffffff"[^>]*><tr>(.*?)<\/tr><\/table>/g)];
  return rows.map(([, cells]) =>
    [...cells!.matchAll(/<td width="(\d+)" height="4"( bgcolor="#000000")?><\/td>/g)].flatMap(([, width, black]) => Array<boolean>(Number(width) / 4).fill(Boolean(black))),
  );
}
