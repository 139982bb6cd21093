import { describe, expect, it } from 'vitest';
import { nextCell } from './grid-keys';

describe('invitation grid keys', () => {
  const size = { rows: 100, cols: 4, pageRows: 10 };

  it('moves by arrows within the grid, stopping at its edges', () => {
    expect(nextCell({ row: 5, col: 1 }, 'ArrowDown', false, size)).toEqual({ row: 6, col: 1 });
    expect(nextCell({ row: 5, col: 1 }, 'ArrowUp', false, size)).toEqual({ row: 4, col: 1 });
    expect(nextCell({ row: 5, col: 1 }, 'ArrowRight', false, size)).toEqual({ row: 5, col: 2 });
    expect(nextCell({ row: 5, col: 1 }, 'ArrowLeft', false, size)).toEqual({ row: 5, col: 0 });
    expect(nextCell({ row: 0, col: 0 }, 'ArrowUp', false, size)).toEqual({ row: 0, col: 0 });
    expect(nextCell({ row: 99, col: 3 }, 'ArrowRight', false, size)).toEqual({ row: 99, col: 3 });
    expect(nextCell({ row: 99, col: 3 }, 'ArrowDown', false, size)).toEqual({ row: 99, col: 3 });
  });

  it('goes to row and grid ends with Home and End, and by pages', () => {
    expect(nextCell({ row: 5, col: 2 }, 'Home', false, size)).toEqual({ row: 5, col: 0 });
    expect(nextCell({ row: 5, col: 2 }, 'End', false, size)).toEqual({ row: 5, col: 3 });
    expect(nextCell({ row: 5, col: 2 }, 'Home', true, size)).toEqual({ row: 0, col: 0 });
    expect(nextCell({ row: 5, col: 2 }, 'End', true, size)).toEqual({ row: 99, col: 3 });
    expect(nextCell({ row: 5, col: 2 }, 'PageDown', false, size)).toEqual({ row: 15, col: 2 });
    expect(nextCell({ row: 5, col: 2 }, 'PageUp', false, size)).toEqual({ row: 0, col: 2 });
  });

  it('ignores other keys and empty grids', () => {
    expect(nextCell({ row: 5, col: 2 }, 'a', false, size)).toBeNull();
    expect(nextCell({ row: 0, col: 0 }, 'ArrowDown', false, { rows: 0, cols: 3, pageRows: 10 })).toBeNull();
  });
});
