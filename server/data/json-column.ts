/** JSON values are stored as text in both databases. */
export function readJsonColumn<T>(value: string | null | undefined, fallback: T): T {
  if (value == null || value === '') return fallback;
  return JSON.parse(value) as T;
}

export const writeJsonColumn = (value: unknown): string => JSON.stringify(value);

/** Booleans are stored as 0/1 so that SQLite and PostgreSQL agree. */
export const readBool = (value: number | boolean | null | undefined): boolean => value === true || value === 1;
export const writeBool = (value: boolean): number => (value ? 1 : 0);
