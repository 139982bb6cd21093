import type { Kysely } from 'kysely';
import type { ExportList } from '../../../core/schemas/data-rights';
import type { Database } from '../../db/schema';

/** How one list of the export is read: its table, its columns in file order, and its paging key. */
export interface ExportListSource {
  table: keyof Database;
  columns: readonly string[];
  /** Unique and rising: each page starts after the last page's value (a pair: after the last pair). */
  key: 'id' | 'seq' | readonly [string, string];
  /** Columns holding JSON text: parsed in the `.json` file, kept as text in the `.csv`. */
  json?: readonly string[];
  /** Columns holding 0 or 1: `true`/`false` in both files. */
  flags?: readonly string[];
  /** Only rows with a non-empty value in this column. */
  nonEmpty?: string;
}

/** Every list of the export, in the ZIP's order ({@link EXPORT_LISTS}). */
export const EXPORT_SOURCES: Readonly<Record<ExportList, ExportListSource>> = {
  activities: {
    table: 'activity',
    columns: ['id', 'name', 'description', 'startsAt', 'endsAt', 'locationName', 'address', 'dressCode', 'mealOptions', 'sortOrder'],
    key: 'id',
    json: ['mealOptions'],
  },
  households: {
    table: 'household',
    columns: ['id', 'name', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'country', 'phone', 'email', 'notes', 'inviteCode', 'createdAt', 'updatedAt'],
    key: 'id',
  },
  guests: {
    table: 'guest',
    columns: ['id', 'householdId', 'firstName', 'lastName', 'email', 'phone', 'ageGroup', 'plusOneAllowed', 'plusOneOf', 'dietaryNotes', 'attributes', 'notes', 'createdAt', 'updatedAt'],
    key: 'id',
    json: ['attributes'],
    flags: ['plusOneAllowed'],
  },
  invitations: { table: 'inviteLine', columns: ['id', 'guestId', 'activityId', 'response', 'mealChoice', 'respondedAt', 'respondedBy'], key: 'id' },
  tables: { table: 'seatingTable', columns: ['id', 'activityId', 'number', 'name', 'shape', 'capacity', 'createdAt', 'updatedAt'], key: 'id' },
  seats: { table: 'seat', columns: ['guestId', 'activityId', 'tableId', 'seatedAt'], key: ['guestId', 'activityId'] },
  replies: { table: 'rsvp', columns: ['id', 'householdId', 'answeredByGuestId', 'message', 'submittedAt', 'updatedAt'], key: 'id' },
  messages: { table: 'rsvp', columns: ['householdId', 'answeredByGuestId', 'message', 'updatedAt', 'id'], key: 'id', nonEmpty: 'message' },
  questions: {
    table: 'question',
    columns: ['id', 'activityId', 'kind', 'prompt', 'helpText', 'options', 'min', 'max', 'scope', 'required', 'sortOrder', 'createdAt', 'updatedAt'],
    key: 'id',
    json: ['options'],
    flags: ['required'],
  },
  answers: { table: 'answer', columns: ['id', 'questionId', 'householdId', 'guestId', 'value', 'updatedAt'], key: 'id', json: ['value'] },
  history: {
    table: 'historyEntry',
    columns: ['seq', 'id', 'at', 'actorKind', 'actorId', 'actorName', 'entity', 'entityId', 'action', 'householdId', 'guestId', 'activityId', 'subjectName', 'changes'],
    key: 'seq',
    json: ['changes'],
  },
  emails: { table: 'email', columns: ['id', 'householdId', 'kind', 'to', 'subject', 'status', 'attempts', 'createdAt', 'sentAt', 'text'], key: 'id' },
};

/** Rows read per statement: a page of the biggest list (history) stays well under a megabyte. */
export const EXPORT_PAGE = 500;

type Row = Record<string, unknown>;

/**
 * The occasion's rows of one list, a page at a time in key order (keyset paging: each statement
 * starts after the last key, so no page costs more than the one before and nothing is held).
 * Each page is read as the database stands then: the export is not one snapshot.
 */
export async function* exportPages(db: Kysely<Database>, occasionId: string, source: ExportListSource): AsyncGenerator<Row[]> {
  const loose = db as unknown as Kysely<Record<string, Row>>;
  const keys = typeof source.key === 'string' ? [source.key] : source.key;
  let last: Row | undefined;
  for (;;) {
    let query = loose.selectFrom(source.table).select(source.columns as string[]).where('occasionId', '=', occasionId);
    if (last) {
      const after = last;
      query = query.where((eb) =>
        typeof source.key === 'string' ? eb(source.key, '>', after[source.key]) : eb(eb.refTuple(source.key[0], source.key[1]), '>', eb.tuple(after[source.key[0]], after[source.key[1]])),
      );
    }
    if (source.nonEmpty) query = query.where(source.nonEmpty, '!=', '');
    for (const key of keys) query = query.orderBy(key);
    const page = (await query.limit(EXPORT_PAGE).execute()) as Row[];
    if (page.length > 0) yield page.map((row) => shaped(row, source));
    if (page.length < EXPORT_PAGE) return;
    last = page[page.length - 1]!;
  }
}

/** A row as the files show it: flags as booleans, numbers PostgreSQL answers as text as numbers. */
function shaped(row: Row, source: ExportListSource): Row {
  const out: Row = {};
  for (const column of source.columns) {
    const value = row[column];
    if (source.flags?.includes(column)) out[column] = value === 1 || value === true || value === '1';
    else if (column === 'seq' || column === 'attempts' || column === 'number' || column === 'capacity') out[column] = Number(value);
    else out[column] = value;
  }
  return out;
}
