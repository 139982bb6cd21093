import type { Kysely, Selectable } from 'kysely';
import type { ApiIssue } from '../../core/schemas/error';
import { normaliseName } from '../../core/schemas/event';
import type { AgeGroup, Guest, GuestCreate, Invitation } from '../../core/schemas/guest';
import type { InviteResponse } from '../../core/schemas/invite-line';
import type { OptionEntry } from '../../core/options/option-entry';
import { GUEST_COLUMNS as GUEST_FIELDS, queries } from '../db/queries';
import { isAnyOf } from '../db/queries/household-lines';
import { INVITE_LINE_ANSWER_COLUMNS, type Database, type GuestTable } from '../db/schema';
import { notFound } from './api-error';
import type { InviteLineAnswerRow } from './invite-lines';
import { IDS_PER_STATEMENT, chunked } from './batch';
import { readBool, readJsonColumn, writeBool, writeJsonColumn } from './json-column';

export type GuestRow = Selectable<GuestTable>;
/** What a guest entity is made of: every column but the sign-in key. */
type GuestFields = Omit<GuestRow, 'nameKey'>;


export function toGuest(row: GuestFields, invitations: Invitation[]): Guest {
  return {
    id: row.id,
    occasionId: row.occasionId,
    householdId: row.householdId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    ageGroup: row.ageGroup as AgeGroup,
    plusOneAllowed: readBool(row.plusOneAllowed),
    plusOneOf: row.plusOneOf,
    dietaryNotes: row.dietaryNotes,
    attributes: readAttributes(row.attributes),
    notes: row.notes,
    invitations,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Most guests hold no attributes: skip parsing those. */
function readAttributes(json: string): Record<string, string[]> {
  return json === '{}' ? {} : readJsonColumn<Record<string, string[]>>(json, {});
}

export function guestWritable(row: GuestFields): GuestCreate {
  return {
    householdId: row.householdId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    ageGroup: row.ageGroup as AgeGroup,
    plusOneAllowed: readBool(row.plusOneAllowed),
    dietaryNotes: row.dietaryNotes,
    attributes: readAttributes(row.attributes),
    notes: row.notes,
  };
}

/** What sign-in by name compares: case, accents and spacing do not count. */
export const guestNameKey = (firstName: string, lastName: string): string => normaliseName(`${firstName} ${lastName}`);

/** The row of a guest with these writable fields; `base` keeps what the host cannot write. */
export function toGuestRow(
  base: Pick<GuestRow, 'id' | 'occasionId' | 'plusOneOf' | 'createdAt'>,
  input: GuestCreate,
  updatedAt: string,
): GuestRow {
  return {
    id: base.id,
    occasionId: base.occasionId,
    householdId: input.householdId,
    firstName: input.firstName,
    lastName: input.lastName,
    nameKey: guestNameKey(input.firstName, input.lastName),
    email: input.email,
    phone: input.phone,
    ageGroup: input.ageGroup,
    plusOneAllowed: writeBool(input.plusOneAllowed),
    plusOneOf: base.plusOneOf,
    dietaryNotes: input.dietaryNotes,
    attributes: writeJsonColumn(input.attributes),
    notes: input.notes,
    createdAt: base.createdAt,
    updatedAt,
  };
}

/** The guest of this occasion; 404 for any other id. */
export async function findGuestRow(db: Kysely<Database>, occasionId: string, guestId: string): Promise<GuestFields> {
  const row = await db
    .selectFrom('guest')
    .select(GUEST_FIELDS)
    .where('id', '=', guestId)
    .where('occasionId', '=', occasionId)
    .executeTakeFirst();
  if (!row) throw notFound('No such guest.');
  return row;
}

/**
 * The occasion's guests with their invitations: all of them in list order (last name, first
 * name), or those of `ids` in that order. The same few queries whatever the count (guests,
 * invite lines, activity order), grouped here.
 */
export async function loadGuests(db: Kysely<Database>, occasionId: string, ids?: readonly string[]): Promise<Guest[]> {
  if (ids?.length === 1) return loadOneGuest(db, occasionId, ids[0]!);
  const [rows, invitations] = await Promise.all([
    ids ? selectGuestsById(db, occasionId, ids) : selectAllGuests(db, occasionId),
    loadInvitations(db, occasionId, ids),
  ]);
  return rows.map((row) => toGuest(row, invitations.get(row.id) ?? []));
}

/** One guest: its row, and its lines already in activity order (two statements). */
async function loadOneGuest(db: Kysely<Database>, occasionId: string, id: string): Promise<Guest[]> {
  const [rows, lines] = await Promise.all([queries.guestById(db, { guestId: id }), queries.linesOfGuest(db, { guestId: id })]);
  const row = rows[0];
  if (!row || row.occasionId !== occasionId) return [];
  return [toGuest(row, lines.map(({ id: inviteLineId, activityId, response, mealChoice }) => ({ inviteLineId, activityId, response: response as InviteResponse, mealChoice })))];
}

/** The occasion's guests in the list's order (last name, first name, id). */
function selectAllGuests(db: Kysely<Database>, occasionId: string): Promise<GuestFields[]> {
  return db.selectFrom('guest').select(GUEST_FIELDS).where('occasionId', '=', occasionId).orderBy('lastName').orderBy('firstName').orderBy('id').execute();
}

async function selectGuestsById(db: Kysely<Database>, occasionId: string, ids: readonly string[]): Promise<GuestFields[]> {
  if (ids.length === 1) return (await queries.guestById(db, { guestId: ids[0]! })).filter((row) => row.occasionId === occasionId);
  const byId = await guestRowsById(db, occasionId, ids);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The occasion's guests among `ids`, by id (an id of another occasion, or of none, is left out).
 * Looked up by id alone and the occasion checked here: with the occasion in the statement SQLite
 * walks the occasion's index (every guest) instead of looking each id up, 4x slower at 10,000.
 */
export async function guestRowsById(db: Kysely<Database>, occasionId: string, ids: readonly string[]): Promise<Map<string, GuestRow>> {
  const byId = new Map<string, GuestRow>();
  for (const chunk of chunked(ids, IDS_PER_STATEMENT)) {
    const rows = await db.selectFrom('guest').selectAll().where('id', 'in', chunk).execute();
    for (const row of rows) if (row.occasionId === occasionId) byId.set(row.id, row);
  }
  return byId;
}

/**
 * Guest id → its invitations in activity order (start time, then sort order). The lines are
 * read unsorted and dealt out activity by activity, so each guest's list comes out in order.
 */
export async function loadInvitations(
  db: Kysely<Database>,
  occasionId: string,
  guestIds?: readonly string[],
): Promise<Map<string, Invitation[]>> {
  const [activityIds, lines] = await Promise.all([activityOrder(db, occasionId), selectLines(db, occasionId, guestIds)]);
  const linesByActivity = new Map<string, LineFields[]>(activityIds.map((id) => [id, []]));
  for (const line of lines) linesByActivity.get(line.activityId)?.push(line);
  const invitations = new Map<string, Invitation[]>();
  for (const activityLines of linesByActivity.values()) {
    for (const { id, guestId, activityId, response, mealChoice } of activityLines) {
      const invitation: Invitation = { inviteLineId: id, activityId, response: response as InviteResponse, mealChoice };
      const list = invitations.get(guestId);
      if (list) list.push(invitation);
      else invitations.set(guestId, [invitation]);
    }
  }
  return invitations;
}

type LineFields = InviteLineAnswerRow;

async function activityOrder(db: Kysely<Database>, occasionId: string): Promise<string[]> {
  return (await selectActivityOrder(db, occasionId)).map((row) => row.id);
}

const selectActivityOrder = (db: Kysely<Database>, occasionId: string) =>
  db.selectFrom('activity').select('id').where('occasionId', '=', occasionId).orderBy('startsAt').orderBy('sortOrder').orderBy('id').execute();

const selectLinesOfGuest = (db: Kysely<Database>, guestId: string) =>
  db.selectFrom('inviteLine').select(INVITE_LINE_ANSWER_COLUMNS).where('guestId', '=', guestId).execute();

async function selectLines(db: Kysely<Database>, occasionId: string, guestIds?: readonly string[]): Promise<LineFields[]> {
  if (guestIds?.length === 1) return selectLinesOfGuest(db, guestIds[0]!);
  const query = db.selectFrom('inviteLine').select(INVITE_LINE_ANSWER_COLUMNS);
  if (!guestIds) return query.where('occasionId', '=', occasionId).execute();
  // The lines of the given guests (the occasion's, as the caller checked) by guest alone, so the
  // (guestId, activityId) index is used rather than a walk over all of the occasion's lines.
  const lines: LineFields[] = [];
  for (const chunk of chunked(guestIds, IDS_PER_STATEMENT)) lines.push(...(await query.where(isAnyOf(db, 'inviteLine.guestId', chunk)).execute()));
  return lines;
}

/** What a guest's household and attributes must refer to: the occasion's own. */
export interface GuestReferences {
  householdIds: ReadonlySet<string>;
  categories: ReadonlyMap<string, { name: string; multiple: boolean; values: ReadonlySet<string> }>;
}

export async function loadGuestReferences(db: Kysely<Database>, occasionId: string): Promise<GuestReferences> {
  const [households, categories] = await Promise.all([
    db.selectFrom('household').select('id').where('occasionId', '=', occasionId).execute(),
    db.selectFrom('attributeCategory').select(['id', 'name', 'multiple', 'options']).where('occasionId', '=', occasionId).execute(),
  ]);
  return {
    householdIds: new Set(households.map((household) => household.id)),
    categories: new Map(
      categories.map((category) => [
        category.id,
        {
          name: category.name,
          multiple: readBool(category.multiple),
          values: new Set(readJsonColumn<OptionEntry[]>(category.options, []).map((option) => option.value)),
        },
      ]),
    ),
  };
}

/**
 * Issues with a guest's references: a household of another occasion, an attribute category that
 * is not the occasion's, a value that is not an option of its category, several values of a
 * single-value category. `prefix` places them in a bulk body (`guests.41.`).
 */
export function guestReferenceIssues(
  references: GuestReferences,
  guest: Pick<GuestCreate, 'householdId' | 'attributes'>,
  prefix = '',
): ApiIssue[] {
  const issues: ApiIssue[] = [];
  if (guest.householdId !== null && !references.householdIds.has(guest.householdId)) {
    issues.push({ path: `${prefix}householdId`, message: 'No household with this id in the occasion.' });
  }
  for (const [categoryId, values] of Object.entries(guest.attributes)) {
    const message = attributeProblem(references, categoryId, values);
    if (message) issues.push({ path: `${prefix}attributes.${categoryId}`, message });
  }
  return issues;
}

function attributeProblem(references: GuestReferences, categoryId: string, values: string[]): string | undefined {
  const category = references.categories.get(categoryId);
  if (!category) return 'No attribute category with this id in the occasion.';
  const unknown = values.find((value) => !category.values.has(value));
  if (unknown !== undefined) return `"${unknown}" is not an option of ${category.name}.`;
  if (!category.multiple && values.length > 1) return `${category.name} takes one value only.`;
  return undefined;
}
