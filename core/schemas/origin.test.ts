import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toApiIssues } from './error';
import { allowedOrigins, normaliseOrigin, origin } from './origin';

describe('normaliseOrigin', () => {
  it('accepts exact http and https origins and normalises them as browsers do', () => {
    expect(normaliseOrigin('https://smith-wedding.com')).toBe('https://smith-wedding.com');
    expect(normaliseOrigin('HTTPS://Smith-Wedding.COM')).toBe('https://smith-wedding.com');
    expect(normaliseOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(normaliseOrigin('https://example.com:443')).toBe('https://example.com');
    expect(normaliseOrigin('http://example.com:80')).toBe('http://example.com');
    expect(normaliseOrigin('https://example.com:8443')).toBe('https://example.com:8443');
    expect(normaliseOrigin('https://bücher.example')).toBe('https://xn--bcher-kva.example');
    expect(normaliseOrigin('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it('refuses anything that is not exactly an origin', () => {
    for (const value of [
      'null',
      '',
      'smith-wedding.com',
      'https://smith-wedding.com/',
      'https://smith-wedding.com/rsvp',
      'https://smith-wedding.com?x=1',
      'https://smith-wedding.com#top',
      'https://user:pass@smith-wedding.com',
      'ftp://smith-wedding.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://',
      'https://smith wedding.com',
      'https://example.com:99999',
      '*.smith-wedding.com',
    ]) {
      expect(normaliseOrigin(value), value).toBeUndefined();
    }
  });
});

describe('origin and allowedOrigins', () => {
  it('outputs normalised, de-duplicated origins', () => {
    expect(v.parse(origin, ' https://Example.com ')).toBe('https://example.com');
    expect(
      v.parse(allowedOrigins, ['https://smith-wedding.com', 'HTTPS://SMITH-WEDDING.COM:443', 'http://localhost:3000']),
    ).toEqual(['https://smith-wedding.com', 'http://localhost:3000']);
  });

  it('reports a bad entry at its index with an example of the right form', () => {
    const result = v.safeParse(allowedOrigins, ['https://ok.com', 'https://smith-wedding.com/']);
    expect(toApiIssues(result.issues ?? [])).toEqual([
      {
        path: '1',
        message:
          '"https://smith-wedding.com/" is not an origin. Write it like https://smith-wedding.com, without a path or a trailing slash.',
      },
    ]);
  });

  it('allows at most 20 origins', () => {
    const many = Array.from({ length: 21 }, (_, index) => `https://site${index}.com`);
    expect(v.safeParse(allowedOrigins, many).issues?.[0]?.message).toBe('Allowed origins can have at most 20 entries.');
    expect(v.parse(allowedOrigins, many.slice(0, 20))).toHaveLength(20);
  });
});
