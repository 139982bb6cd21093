import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('drops the least recently used entry past its limit; reads and writes count as use', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3); // drops b: a was read after it
    expect(map.size).toBe(2);
    expect(map.get('b')).toBeUndefined();
    map.set('a', 10); // rewriting a makes c the least recently used
    map.set('d', 4);
    expect(map.get('c')).toBeUndefined();
    expect([map.get('a'), map.get('d')]).toEqual([10, 4]);
  });

  it('answers undefined for a key it never had or has dropped', () => {
    const map = new LruMap<string, number>(3);
    expect(map.get('x')).toBeUndefined();
    map.set('x', 0);
    expect(map.get('x')).toBe(0);
    map.delete('x');
    expect(map.get('x')).toBeUndefined();
    expect(map.size).toBe(0);
  });
});
