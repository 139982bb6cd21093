import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('writes whole numbers as en-US does', () => {
    for (const n of [0, 1, 12, 999, 1000, 12_345, 123_456, 1_234_567, -1234, 10_000, 2 ** 53 - 1]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });

  it('leaves other numbers to toLocaleString', () => {
    expect(formatCount(1.5)).toBe('1.5');
    expect(formatCount(1234.5)).toBe('1,234.5');
  });
});
