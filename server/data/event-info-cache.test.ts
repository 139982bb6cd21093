import { describe, expect, it } from 'vitest';
import { EventInfoCache } from './event-info-cache';

describe('EventInfoCache', () => {
  it('gives an answer back only at the revision and rsvpOpen it was made with', () => {
    const cache = new EventInfoCache();
    cache.set('h1', 7, true, '{"a":1}');
    expect(cache.get('h1', 7, true)).toBe('{"a":1}');
    expect(cache.get('h1', 7, false)).toBeUndefined();
    cache.set('h1', 7, true, '{"a":1}');
    expect(cache.get('h1', 8, true)).toBeUndefined();
    // A stale entry is dropped, not kept beside the new one.
    expect(cache.size).toBe(0);
    expect(cache.get('h2', 7, true)).toBeUndefined();
  });

  it('keeps at most its bound, dropping the least recently used household', () => {
    const cache = new EventInfoCache(2);
    cache.set('h1', 1, true, 'one');
    cache.set('h2', 1, true, 'two');
    expect(cache.get('h1', 1, true)).toBe('one');
    cache.set('h3', 1, true, 'three');
    expect(cache.size).toBe(2);
    expect(cache.get('h2', 1, true)).toBeUndefined();
    expect(cache.get('h1', 1, true)).toBe('one');
    expect(cache.get('h3', 1, true)).toBe('three');
  });
});
