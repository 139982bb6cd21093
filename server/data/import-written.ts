import type { Kysely, Selectable } from 'kysely';
import type { AnswerTable, Database, GuestTable, HouseholdTable, InviteLineTable } from '../db/schema';
import { IDS_PER_STATEMENT, chunked } from './batch';

export type ImportTable = 'guest' | 'household' | 'inviteLine' | 'answer';

/** A row of one of the tables an import writes. */
export type ImportedRow = Selectable<GuestTable> | Selectable<HouseholdTable> | Selectable<InviteLineTable> | Selectable<AnswerTable>;

/**
 * One row an import touched: as it was before (null: the import created it), and as the import
 * left it (null: the import removed it). Undo puts `before` back only while the row is still
 * `after`.
 */
export interface TouchedRow<R = ImportedRow> {
  id: string;
  before: R | null;
  after: R | null;
}

/** Everything one import wrote, table by table. */
export interface ImportWritten {
  household: TouchedRow<Selectable<HouseholdTable>>[];
  guest: TouchedRow<Selectable<GuestTable>>[];
  inviteLine: TouchedRow<Selectable<InviteLineTable>>[];
  answer: TouchedRow<Selectable<AnswerTable>>[];
}

/** The rows of `table` with these ids, by id (of any occasion: the ids come from this one's). */
export async function rowsById<T extends ImportTable>(db: Kysely<Database>, table: T, ids: Iterable<string>): Promise<Map<string, Selectable<Database[T]>>> {
  const found = new Map<string, Selectable<Database[T]>>();
  for (const chunk of chunked([...new Set(ids)], IDS_PER_STATEMENT)) {
    const rows = (await db.selectFrom(table as ImportTable).selectAll().where('id', 'in', chunk).execute()) as Selectable<Database[T]>[];
    for (const row of rows) found.set((row as { id: string }).id, row);
  }
  return found;
}

/**
 * Reads the same rows before and after a step of writes: `touched()` answers those the step
 * created, changed or removed. Values are compared as read, so a doubt counts as a change.
 */
export async function watchRows<T extends ImportTable>(db: Kysely<Database>, table: T, ids: Iterable<string>) {
  const watched = new Set(ids);
  const before = await rowsById(db, table, watched);
  return {
    /** Adds ids known only after the step (rows it created). */
    async touched(created: Iterable<string> = []): Promise<TouchedRow<Selectable<Database[T]>>[]> {
      for (const id of created) watched.add(id);
      const after = await rowsById(db, table, watched);
      const rows: TouchedRow<Selectable<Database[T]>>[] = [];
      for (const id of watched) {
        const was = before.get(id) ?? null;
        const now = after.get(id) ?? null;
        if (!sameRow(was, now)) rows.push({ id, before: was, after: now });
      }
      return rows;
    },
  };
}

/** Whether two reads of a row hold the same values (both missing counts as the same). */
export function sameRow(a: object | null, b: object | null): boolean {
  if (a === null || b === null) return a === b;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (String(left[key]) !== String(right[key])) return false;
  return true;
}
