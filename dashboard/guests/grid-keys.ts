/** A cell of the invitation grid: `row` in the shown guests, `col` 0 for the name, 1… per activity. */
export interface GridCell {
  row: number;
  col: number;
}

/** The grid's size, and how many rows a page key moves. */
export interface GridSize {
  rows: number;
  cols: number;
  pageRows: number;
}

/**
 * Where a key moves the focus in the grid (WAI-ARIA grid pattern): arrows by one cell, Home and
 * End to the row's first and last cell (with Ctrl, the grid's), PageUp and PageDown by a page.
 * `null` for any other key, or when the grid is empty.
 */
export function nextCell(at: GridCell, key: string, ctrl: boolean, size: GridSize): GridCell | null {
  if (size.rows === 0 || size.cols === 0) return null;
  const clamp = (row: number, col: number): GridCell => ({
    row: Math.min(Math.max(row, 0), size.rows - 1),
    col: Math.min(Math.max(col, 0), size.cols - 1),
  });
  switch (key) {
    case 'ArrowUp':
      return clamp(at.row - 1, at.col);
    case 'ArrowDown':
      return clamp(at.row + 1, at.col);
    case 'ArrowLeft':
      return clamp(at.row, at.col - 1);
    case 'ArrowRight':
      return clamp(at.row, at.col + 1);
    case 'Home':
      return ctrl ? clamp(0, 0) : clamp(at.row, 0);
    case 'End':
      return ctrl ? clamp(size.rows - 1, size.cols - 1) : clamp(at.row, size.cols - 1);
    case 'PageUp':
      return clamp(at.row - size.pageRows, at.col);
    case 'PageDown':
      return clamp(at.row + size.pageRows, at.col);
    default:
      return null;
  }
}
