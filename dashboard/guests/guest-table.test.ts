import { describe, expect, it } from 'vitest';
import { aheadOnly } from './guest-table';

describe('aheadOnly (the guest rows rendered)', () => {
  const range = { startIndex: 10, endIndex: 24, overscan: 2, count: 100 };

  it('renders the overscan on both sides at rest', () => {
    expect(aheadOnly(range, null)).toEqual(Array.from({ length: 19 }, (_, i) => 8 + i));
  });

  it('renders the overscan only ahead while scrolling', () => {
    expect(aheadOnly(range, 'forward')).toEqual(Array.from({ length: 17 }, (_, i) => 10 + i));
    expect(aheadOnly(range, 'backward')).toEqual(Array.from({ length: 17 }, (_, i) => 8 + i));
  });

  it('renders none ahead after a step longer than the view (a drag of the scroll bar)', () => {
    expect(aheadOnly(range, 'forward', true)).toEqual(Array.from({ length: 15 }, (_, i) => 10 + i));
    expect(aheadOnly(range, 'backward', true)).toEqual(Array.from({ length: 15 }, (_, i) => 10 + i));
    expect(aheadOnly(range, null, true)).toEqual(Array.from({ length: 19 }, (_, i) => 8 + i));
  });

  it('stays within the list', () => {
    expect(aheadOnly({ startIndex: 0, endIndex: 3, overscan: 2, count: 5 }, null)).toEqual([0, 1, 2, 3, 4]);
    expect(aheadOnly({ startIndex: 0, endIndex: -1, overscan: 2, count: 0 }, 'forward')).toEqual([]);
  });
});
