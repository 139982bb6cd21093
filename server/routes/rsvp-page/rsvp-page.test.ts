import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE } from '../../in-process/host-session';
import { update } from '../host/host-fixtures';
import { createEventFixture, type EventFixture } from '../../test-support/event-fixture';
import { createTestApp, type TestApp } from '../../test-support/test-app';

describe('the RSVP page: GET /r/{slug}', () => {
  let t: TestApp;
  let f: EventFixture;
  beforeAll(async () => {
    t = await createTestApp();
    f = await createEventFixture(t);
    const base = `/occasion/${f.occasionId}`;
    await update(f.host, base, { description: 'Dinner at eight, dancing after', venueAddress: 'Rua das Flores 12, Sintra', contactEmail: 'sam@example.com' });
    await update(f.host, `${base}/slug`, { slug: 'sam-and-alex' });
  });
  afterAll(() => t.close());

  const page = async (path: string): Promise<Response> => await t.app.request(`${BASE}${path}`, { headers: { accept: 'text/html' } });

  it('shows the title, the widget for the occasion and a link to its privacy note, not to be indexed', async () => {
    const answer = await page('/r/sam-and-alex');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await answer.text();
    expect(html).toContain('<title>Sam &amp; Alex</title>');
    expect(html).toContain('<h1>Sam &amp; Alex</h1>');
    expect(html).toContain(`<kindly-rsvp occasion="${f.occasionId}"></kindly-rsvp>`);
    expect(html).toContain('<script src="/widget.js" async></script>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('href="/r/sam-and-alex/privacy"');
    expect(html).toContain('--kindly-accent:');
  });

  it('says nothing else of the occasion: no dates, venue, description, guests, households or codes', async () => {
    const html = await page('/r/sam-and-alex').then((r) => r.text());
    const occasion = f.occasion;
    const secrets = [
      occasion.startDate, occasion.endDate, occasion.startDate.slice(0, 4) + '-', 'Quinta da Serra', 'Rua das Flores', 'Sintra', 'Dinner at eight',
      'sam@example.com', 'Olive-Tree', 'Europe/Lisbon', 'Smith', 'Jones', 'Lee', 'Jane', 'José', 'Ceremony', 'Brunch', 'Sea bass',
      f.smith.inviteCode, f.smith.id, f.smith.jane,
    ];
    for (const secret of secrets) expect(html, secret).not.toContain(secret);
    expect([...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual(['<script src="/widget.js" async>']);
  });

  it('has a strict policy of its own: the widget from this origin, the inline style by its hash, never framed', async () => {
    const answer = await page('/r/sam-and-alex');
    const csp = answer.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers its privacy note on a page of its own, the default until the hosts write one', async () => {
    const first = await page('/r/sam-and-alex/privacy');
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain('<h1>Privacy note: Sam &amp; Alex</h1>');
    expect(html).toContain('The hosts of Sam &amp; Alex keep this guest list');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    await update(f.host, `/occasion/${f.occasionId}/privacy-note`, { privacyNote: 'We keep <your> replies.\n\nAsk us anything.' });
    const own = await page('/r/sam-and-alex/privacy').then((r) => r.text());
    expect(own).toContain('<p>We keep &lt;your&gt; replies.</p>');
    expect(own).toContain('<p>Ask us anything.</p>');
    expect(own).not.toContain('Quinta da Serra');
  });

  it('answers an unknown or malformed slug with a plain 404 page that says nothing more', async () => {
    for (const path of ['/r/no-such-page', '/r/admin', '/r/', '/r/sam-and-alex/guests', '/r/sam-and-alex/privacy/x', '/r/SAM-AND-ALEX', '/r/%ZZ', '/r/no-such-page/privacy', `/r/${'a'.repeat(61)}`]) {
      const answer = await page(path);
      expect(answer.status, path).toBe(404);
      const html = await answer.text();
      expect(html, path).toContain('<h1>Page not found</h1>');
      expect(html, path).not.toContain('Sam');
      expect(html, path).not.toContain('<script');
    }
  });
});
