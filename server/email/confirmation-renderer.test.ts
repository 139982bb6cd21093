import { describe, expect, it } from 'vitest';
import { confirmationRenderer, type ConfirmationReply } from './confirmation-renderer';
import { defaultTemplate } from './default-templates';
import { unsubscribeUrl } from './outbox';
import { renderEmailHere as renderEmail } from './render-email';

const PUBLIC_URL = 'https://rsvp.example.com';

const replies: Record<string, ConfirmationReply> = {
  'nothing answered yet': { householdName: 'The Smiths', activities: [], plusOnes: [], message: '' },
  'every piece, markup and spacing included': {
    householdName: `O'Brien & <Sons> "Ltd"`,
    activities: [
      {
        name: 'Ceremony <outdoors>',
        when: 'Saturday 12 June 2027, 15:00',
        answers: [
          { guestName: 'Jane   Smith', attending: true, meal: 'Sea bass & "chips"' },
          { guestName: 'Timmy Smith', attending: false, meal: 'Ignored' },
          { guestName: 'José Smith', attending: true, meal: null },
        ],
      },
      { name: 'Dinner', when: 'Saturday 12 June 2027, 19:00', answers: [{ guestName: 'Ann', attending: true, meal: '' }] },
      { name: 'Brunch', when: 'Sunday 13 June 2027, 11:00', answers: [] },
    ],
    plusOnes: ['Pat Doe', "D'Arcy <3"],
    message: '  See you there!\n\nCan\'t wait   <3  ',
  },
  'only a message': { householdName: 'Lee', activities: [], plusOnes: [], message: 'Sorry, we cannot come.' },
  'only plus-ones': { householdName: 'Lee', activities: [], plusOnes: ['Kim'], message: '' },
  'a message of spaces only': { householdName: 'Lee', activities: [], plusOnes: [], message: '   ' },
};

describe('confirmationRenderer', () => {
  for (const [name, reply] of Object.entries(replies)) {
    it(`fills a reply (${name}) exactly as rendering it does`, async () => {
      const template = { ...defaultTemplate('CONFIRMATION', 'Sam & Alex'), intro: 'Thank you!\n\nHere is <what> we have.' };
      const fill = confirmationRenderer('occ-fill', 'Sam & Alex', template, PUBLIC_URL, renderEmail);
      const direct = await renderEmail({
        kind: 'CONFIRMATION',
        props: { occasionTitle: 'Sam & Alex', intro: template.intro, ...reply, unsubscribeUrl: unsubscribeUrl(PUBLIC_URL, 'tok_en-1') },
      });
      expect(await fill.shaped).toBe(true);
      expect(await fill(reply, 'tok_en-1')).toEqual(direct);
    });
  }
});
