/** A data row as the preview's readers see it, and the occasion and file they read it against. */
import type { Activity } from '../../core/schemas/activity';
import type { AttributeCategory } from '../../core/schemas/attribute-category';
import type { Guest } from '../../core/schemas/guest';
import type { Question } from '../../core/schemas/question';
import { storedAnswers, type StoredAnswers } from './answers';
import { IGNORE, type ColumnTarget, type CsvContext } from './columns';
import type { CsvTable } from './csv-file';

/** One data row: its cells by target (trimmed; `''` when unmapped), and the problems found so far. */
export interface RowCells {
  /** The line in the file (the header is line 1). */
  line: number;
  has(target: ColumnTarget): boolean;
  cell(target: ColumnTarget): string;
  /** Why the row cannot be imported: each reader adds its own. */
  problems: string[];
}

/** The occasion and the file as every row is read against them. */
export interface PreviewLookups {
  /** Target → the first column mapped to it, in the columns' order. */
  columns: ReadonlyMap<ColumnTarget, number>;
  guestsById: ReadonlyMap<string, Guest>;
  /** Normalised name ({@link normaliseName}) → the occasion's guests of that name. */
  guestsByName: ReadonlyMap<string, readonly Guest[]>;
  categories: ReadonlyMap<string, AttributeCategory>;
  activities: ReadonlyMap<string, Activity>;
  questions: ReadonlyMap<string, Question>;
  answers: StoredAnswers;
  /** The Guest IDs the file's rows give (a plus-one may point at any of them). */
  fileIds: ReadonlySet<string>;
}

/** What the rows read so far hold: the line of each normalised name and of each guest updated. */
export interface EarlierRows {
  names: Map<string, number>;
  guestIds: Map<string, number>;
}

/** A name as duplicate checks compare it: case, accents, punctuation and spacing ignored. */
export function normaliseName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function byId<T extends { id: string }>(items: readonly T[] = []): Map<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}

function byName(guests: readonly Guest[]): Map<string, Guest[]> {
  const named = new Map<string, Guest[]>();
  for (const guest of guests) {
    const key = normaliseName(guest.firstName, guest.lastName);
    named.set(key, [...(named.get(key) ?? []), guest]);
  }
  return named;
}

export function previewLookups(table: CsvTable, mapping: readonly ColumnTarget[], context: CsvContext): PreviewLookups {
  const columns = new Map<ColumnTarget, number>();
  mapping.forEach((target, index) => {
    if (target !== IGNORE && !columns.has(target)) columns.set(target, index);
  });
  const idColumn = columns.get('guest.id');
  const fileIds = idColumn === undefined ? [] : table.rows.map((cells) => (cells[idColumn] ?? '').trim()).filter(Boolean);
  return {
    columns,
    guestsById: byId(context.guests),
    guestsByName: byName(context.guests),
    categories: byId(context.categories),
    activities: byId(context.activities),
    questions: byId(context.questions),
    answers: storedAnswers(context.answers ?? []),
    fileIds: new Set(fileIds),
  };
}

export function rowCells(cells: readonly string[], line: number, columns: ReadonlyMap<ColumnTarget, number>): RowCells {
  return {
    line,
    has: (target) => columns.has(target),
    cell: (target) => {
      const at = columns.get(target);
      return at === undefined ? '' : (cells[at] ?? '').trim();
    },
    problems: [],
  };
}

/**
 * The items whose column is mapped, in the columns' order: for `attribute:`, `response:` or
 * `question:` targets, the category, activity or question each names (unknown ids are skipped).
 */
export function mappedItems<T>(columns: ReadonlyMap<ColumnTarget, number>, prefix: string, items: ReadonlyMap<string, T>): T[] {
  const found: T[] = [];
  for (const target of columns.keys()) {
    const item = target.startsWith(prefix) ? items.get(target.slice(prefix.length)) : undefined;
    if (item) found.push(item);
  }
  return found;
}
