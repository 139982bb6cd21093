import { describe, expect, it } from 'vitest';
import { originWarnings, pageOriginWarning } from './origin-warnings';

describe('originWarnings', () => {
  it('says nothing of a site listed in its common form, with and without www.', () => {
    expect(originWarnings('https://smith-wedding.com\nhttps://www.smith-wedding.com')).toEqual([]);
    expect(originWarnings('http://127.0.0.1:8788\nhttp://localhost:3000\n\n')).toEqual([]);
  });

  it('warns of a missing www. twin, either way round', () => {
    expect(originWarnings('https://smith-wedding.com')).toEqual([
      'Line 1: https://smith-wedding.com is listed without https://www.smith-wedding.com. If visitors reach your site at both, list both.',
    ]);
    expect(originWarnings('https://www.smith-wedding.com')).toEqual([
      'Line 1: https://www.smith-wedding.com is listed without https://smith-wedding.com. If visitors reach your site at both, list both.',
    ]);
  });

  it('warns of http:, a path and a trailing slash, naming the line', () => {
    const warnings = originWarnings('https://a.com, https://www.a.com\nhttp://b.org\nhttps://a.com/rsvp\nhttps://www.a.com/');
    expect(warnings).toContain('Line 3: http://b.org uses http:. Most sites are served over https:, which is a different origin: list https://b.org too if yours is.');
    expect(warnings).toContain('Line 4: only the origin counts; write https://a.com without the path.');
    expect(warnings).toContain('Line 5: write https://www.a.com without the trailing slash.');
  });

  it('ignores what is no URL at all (the schema reports it)', () => {
    expect(originWarnings('smith wedding')).toEqual([]);
  });
});

describe('pageOriginWarning', () => {
  it('says nothing when the RSVP page is empty, not a URL yet, or on an allowed origin', () => {
    expect(pageOriginWarning('', '')).toBeUndefined();
    expect(pageOriginWarning('smith-wedding', '')).toBeUndefined();
    expect(pageOriginWarning('https://smith-wedding.com/rsvp?x=1', 'https://www.smith-wedding.com\nhttps://smith-wedding.com/')).toBeUndefined();
  });

  it('names the origin to add when the page is on a site the widget would refuse', () => {
    expect(pageOriginWarning('https://www.smith-wedding.com/rsvp', 'https://smith-wedding.com')).toBe(
      'https://www.smith-wedding.com is not in Allowed origins: add it there, or the widget will not work on that page.',
    );
    expect(pageOriginWarning('http://127.0.0.1:8788/blank/', '')).toMatch(/^http:\/\/127\.0\.0\.1:8788 is not in Allowed origins/);
  });
});
