import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { OccasionRow } from '../data/occasions';
import { invitationContent } from './compose-invitation';
import { defaultTemplate } from './default-templates';
import { EmailRenderThread } from './email-render-thread';
import { unsubscribeUrl } from './outbox';
import { renderEmailHere } from './render-email';

/** The thread's script as the server runs it: built by `npm run build` (which `npm test` runs first). */
const SCRIPT = new URL('../../dist/server/email-render-thread.js', import.meta.url);

const occasion = { id: 'occ1', title: 'Sam & Alex', startDate: '2027-06-12', endDate: '2027-06-13', timezone: 'Europe/Lisbon', rsvpPageUrl: 'https://sam-and-alex.com/rsvp' } as OccasionRow;
const content = (householdName: string) =>
  invitationContent('INVITATION', occasion, defaultTemplate('INVITATION', occasion.title), { householdName, inviteCode: 'ABCD-EFGH-JKMN' }, unsubscribeUrl('https://rsvp.example.com', 'tok'));

describe('EmailRenderThread', () => {
  let thread: EmailRenderThread | undefined;
  afterEach(() => thread?.close());

  it('renders on its thread exactly what rendering here makes, several messages at once', async () => {
    expect(existsSync(SCRIPT), 'run `npm run build` first').toBe(true);
    thread = new EmailRenderThread(SCRIPT);
    const names = ['The Smiths', `O'Brien & <Sons>`, 'Família Souza'];
    const rendered = await Promise.all(names.map((name) => thread!.render(content(name))));
    for (const [i, name] of names.entries()) {
      const here = await renderEmailHere(content(name));
      expect(rendered[i]).toEqual(here);
      expect(rendered[i]!.text).toContain('ABCD-EFGH-JKMN');
    }
  });

  it('refuses what cannot be rendered, and renders the next message after it', async () => {
    thread = new EmailRenderThread(SCRIPT);
    await expect(thread.render({ kind: 'INVITATION', props: null } as never)).rejects.toThrow(/email rendering failed/);
    await expect(thread.render(content('The Smiths'))).resolves.toMatchObject({ text: expect.stringContaining('The Smiths') });
  });

  it('starts again after it was closed', async () => {
    thread = new EmailRenderThread(SCRIPT);
    await thread.render(content('Before'));
    await thread.close();
    await expect(thread.render(content('After'))).resolves.toMatchObject({ text: expect.stringContaining('After') });
  });
});
