import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

const NOW = Date.parse('2027-05-10T12:00:00Z');
const before = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('timeAgo', () => {
  it('says how long ago in the largest whole unit', () => {
    expect(timeAgo(before(20), NOW)).toBe('just now');
    expect(timeAgo(before(59), NOW)).toBe('just now');
    expect(timeAgo(before(60), NOW)).toBe('1 minute ago');
    expect(timeAgo(before(45 * 60), NOW)).toBe('45 minutes ago');
    expect(timeAgo(before(3 * 3600 + 59 * 60), NOW)).toBe('3 hours ago');
    expect(timeAgo(before(26 * 3600), NOW)).toBe('yesterday');
    expect(timeAgo(before(4 * 86400), NOW)).toBe('4 days ago');
    expect(timeAgo(before(15 * 86400), NOW)).toBe('2 weeks ago');
    expect(timeAgo(before(70 * 86400), NOW)).toBe('2 months ago');
    expect(timeAgo(before(400 * 86400), NOW)).toBe('last year');
  });

  it('leaves text that is not an instant as it is', () => {
    expect(timeAgo('soon', NOW)).toBe('soon');
  });
});
