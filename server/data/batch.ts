import { randomBytes } from 'node:crypto';

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

const IDS_PER_DRAW = 1024;

/**
 * A source of ids in `newId`'s format (12 base64url characters, 72 random bits) that draws
 * random bytes for 1,024 ids at once: one draw per id dominates writes of thousands of rows.
 */
export function idSource(): () => string {
  let text = '';
  let next = 0;
  return () => {
    if (next === text.length) {
      text = randomBytes(9 * IDS_PER_DRAW).toString('base64url');
      next = 0;
    }
    next += 12;
    return text.slice(next - 12, next);
  };
}
