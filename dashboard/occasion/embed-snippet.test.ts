import { describe, expect, it } from 'vitest';
import { embedSnippet, WIDGET_LANGUAGES } from './overview-page';

describe('embedSnippet', () => {
  it("writes lang= for a chosen language, and nothing for the page's own", () => {
    expect(embedSnippet('https://rsvp.example.com', 'abc123', 'es')).toBe(
      '<script src="https://rsvp.example.com/widget.js" async></script>\n<kindly-rsvp occasion="abc123" lang="es"></kindly-rsvp>',
    );
    expect(embedSnippet('https://rsvp.example.com', 'abc123', '')).not.toContain('lang=');
  });

  it('offers the six languages the widget ships', () => {
    expect(WIDGET_LANGUAGES.map((option) => option.value)).toEqual(['', 'en', 'es', 'fr', 'de', 'it', 'pt']);
  });
});
