/**
 * The check of a whole file before anything is written: each row read against the mapping,
 * core's schemas and the occasion, and likely duplicates found.
 */
import * as v from 'valibot';
import { GuestUpsertSchema } from '../../core/schemas/guest';
import { mappingTargets, type ColumnTarget, type CsvContext } from './columns';
import type { CsvTable } from './csv-file';
import {
  readAnswers,
  readAttributes,
  readExisting,
  readGuestFields,
  readInvitations,
  readNames,
  readPlusOneAllowed,
  readPlusOneOf,
  type RowNames,
} from './guest-readers';
import { mappingProblems } from './header-mapping';
import { readHousehold } from './household-reader';
import type { ImportAnswers, ImportGuest, ImportPreview, ImportRow } from './import-rows';
import { normaliseName, previewLookups, rowCells, type EarlierRows, type PreviewLookups, type RowCells } from './row-cells';

/**
 * The row's guest, and its partner (a second guest with the same invitations) when it names one;
 * with the answers to household questions the row states.
 */
function readGuests(row: RowCells, names: RowNames, lookups: PreviewLookups, earlier: EarlierRows): { guests: ImportGuest[]; householdAnswers: ImportAnswers } {
  const id = row.cell('guest.id');
  const existing = readExisting(row, id, lookups, earlier);
  const fields = readGuestFields(row, names, existing);
  const plusOneOf = readPlusOneOf(row, id, lookups);
  const plusOneAllowed = readPlusOneAllowed(row);
  if (plusOneAllowed !== undefined) fields.plusOneAllowed = plusOneAllowed;
  const attributes = readAttributes(row, lookups);
  if (attributes) fields.attributes = existing ? { ...existing.attributes, ...attributes } : attributes;
  const invitations = readInvitations(row, lookups, existing);
  const answers = readAnswers(row, lookups, existing);
  const guest: ImportGuest = {
    upsert: fields,
    ...(existing ? { existing } : {}),
    invitations,
    name: [names.firstName, names.lastName].filter(Boolean).join(' '),
    ...(id ? { fileId: id } : {}),
    ...(plusOneOf !== undefined ? { plusOneOf } : {}),
    ...(answers.guest.size ? { answers: answers.guest } : {}),
  };
  const guests = [guest];
  if (names.partnerFirst) {
    const partner: Record<string, unknown> = { firstName: names.partnerFirst, lastName: names.partnerLast };
    if (attributes) partner.attributes = attributes;
    guests.push({ upsert: partner, invitations: new Map(invitations), name: `${names.partnerFirst} ${names.partnerLast}`.trim() });
  }
  return { guests, householdAnswers: answers.household };
}

/** Each guest against core's bulk-row schema (the household is added at planning). */
function checkGuests(row: RowCells, guests: readonly ImportGuest[]): void {
  for (const guest of guests) {
    const checked = v.safeParse(GuestUpsertSchema, guest.upsert);
    if (checked.success) continue;
    for (const issue of checked.issues) {
      const message = guest !== guests[0] ? `Partner: ${issue.message}` : issue.message;
      if (!row.problems.includes(message)) row.problems.push(message);
    }
  }
}

/** Likely duplicates: the same name as a guest of the occasion (other than the one it updates) or of an earlier row. */
function findDuplicates(line: number, guests: readonly ImportGuest[], lookups: PreviewLookups, earlier: EarlierRows): string[] {
  const duplicates: string[] = [];
  for (const guest of guests) {
    const key = normaliseName(String(guest.upsert.firstName ?? ''), String(guest.upsert.lastName ?? ''));
    if (!key) continue;
    const others = (lookups.guestsByName.get(key) ?? []).filter((other) => other.id !== guest.existing?.id);
    if (others.length > 0 && !guest.existing) duplicates.push(`${guest.name} is already a guest.`);
    const earlierLine = earlier.names.get(key);
    if (earlierLine !== undefined) duplicates.push(`${guest.name} is also on line ${earlierLine}.`);
    else earlier.names.set(key, line);
  }
  return duplicates;
}

function readRow(row: RowCells, lookups: PreviewLookups, earlier: EarlierRows): ImportRow {
  const names = readNames(row);
  const { guests, householdAnswers } = readGuests(row, names, lookups, earlier);
  const household = readHousehold(row, names);
  checkGuests(row, guests);
  return {
    line: row.line,
    guests,
    ...household,
    problems: row.problems,
    duplicates: findDuplicates(row.line, guests, lookups, earlier),
    ...(householdAnswers.size ? { householdAnswers } : {}),
  };
}

/**
 * Checks every row of a file against the mapping, core's schemas and the occasion, and finds
 * likely duplicates (the same normalised name as a guest of the occasion or an earlier row).
 * Nothing is written.
 */
export function previewImport(table: CsvTable, mapping: readonly ColumnTarget[], context: CsvContext): ImportPreview {
  const labels = new Map(mappingTargets(context).map((target) => [target.value, target.text]));
  const lookups = previewLookups(table, mapping, context);
  const earlier: EarlierRows = { names: new Map(), guestIds: new Map() };
  const rows = table.rows.map((cells, index) => readRow(rowCells(cells, index + 2, lookups.columns), lookups, earlier));
  return {
    rows,
    mappingProblems: mappingProblems(mapping, labels),
    badRows: rows.filter((row) => row.problems.length > 0).length,
    duplicateRows: rows.filter((row) => row.duplicates.length > 0 && row.problems.length === 0).length,
    occasionGuestIds: new Set(lookups.guestsById.keys()),
  };
}
