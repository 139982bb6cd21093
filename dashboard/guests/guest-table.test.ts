import { describe, expect, it } from 'vitest';
import type { Guest } from '../../core/schemas/guest';
import type { GuestRow } from './guest-filters';
import { aheadOnly, countSelected } from './guest-table';

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

describe('countSelected (the select-all box)', () => {
  const rows: GuestRow[] = ['a', 'b', 'c'].map((id) => ({ guest: { id } as Guest, key: id }));

  it('counts the rows that are selected, ignoring selected guests not shown', () => {
    expect(countSelected(rows, new Set(['a', 'c', 'z']))).toBe(2);
    expect(countSelected(rows, new Set(['a', 'b', 'c']))).toBe(3);
  });

  it('does not go through the rows when nothing is selected', () => {
    const untouchable = new Proxy(rows, {
      get() {
        throw new Error('the rows were read');
      },
    });
    expect(countSelected(untouchable, new Set())).toBe(0);
  });
});
