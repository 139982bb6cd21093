/**
 * Rows per multi-row statement: 500, or fewer for wide rows, so a statement stays far below
 * SQLite's 32,766 and PostgreSQL's 65,535 bound values.
 */
export function rowsPerStatement(columnCount: number): number {
  return Math.max(1, Math.min(500, Math.floor(16_000 / columnCount)));
}

/** The items in consecutive slices of at most `size`. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** Ids per `WHERE id IN (…)` statement. */
export const IDS_PER_STATEMENT = 500;
