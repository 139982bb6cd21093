/**
 * The writes of an import: {@link planImport} turns the rows that are kept into guest bulk rows
 * (households by name, plus-ones by row); {@link importBody} adds the household fields,
 * invitations and answers, for the one request that writes them all.
 */
import type { GuestImportBody } from '../../core/client/bodies';
import { isBlankAnswer, type Answer, type AnswerValue } from '../../core/schemas/answer';
import type { Household } from '../../core/schemas/household';
import { answerKey, storedAnswers } from './answers';
import type { ImportAddress, ImportGuest, ImportPreview, ImportRow } from './import-rows';

/** The writes of an import. */
export interface ImportPlan {
  /** The rows that are written. */
  rows: ImportRow[];
  /** The guest rows of the import body, in the rows' order (a partner right after its row). */
  guests: Record<string, unknown>[];
  /** For each bulk row: the import guest it came from. */
  sources: ImportGuest[];
  /** Household name → the fields the file gives it. */
  addresses: Map<string, ImportAddress>;
  /** Rows only there for a plus-one to point at (`{ id }` of a guest the file leaves out). */
  referenceRows: number;
}

/** Options of {@link planImport}. */
export interface PlanOptions {
  /** Leave out rows flagged as likely duplicates. */
  skipDuplicates: boolean;
}

/**
 * The writes for the rows that pass: bad rows (and, if asked, likely duplicates) are left out.
 * Guests go in one bulk body with `householdName`, so households are found or created by name.
 */
export function planImport(preview: ImportPreview, options: PlanOptions): ImportPlan {
  const rows = preview.rows.filter(
    (row) => row.problems.length === 0 && !(options.skipDuplicates && row.duplicates.length > 0),
  );
  const guests: Record<string, unknown>[] = [];
  const sources: ImportGuest[] = [];
  const addresses = new Map<string, ImportAddress>();
  for (const row of rows) {
    for (const guest of row.guests) {
      const body: Record<string, unknown> = { ...guest.upsert };
      if (row.householdName) body.householdName = row.householdName;
      else if (row.householdGiven && guest.existing) body.householdId = null;
      guests.push(body);
      sources.push(guest);
    }
    if (row.householdName && Object.keys(row.address).length > 0) {
      const known = addresses.get(row.householdName);
      if (!known || !Object.values(known).some((value) => value !== '')) addresses.set(row.householdName, row.address);
    }
  }
  const referenceRows = linkPlusOnes(guests, sources, preview.occasionGuestIds);
  return { rows, guests, sources, addresses, referenceRows };
}

/**
 * Turns each guest's `plusOneOf` (a Guest ID of the file or the occasion) into `plusOneOfRow`,
 * the index of that guest's row in the bulk body; a guest of the occasion the file leaves out
 * gets a row of its own (`{ id }`, which changes nothing). A link to a row left out is dropped.
 * Answers how many such rows were added.
 */
function linkPlusOnes(guests: Record<string, unknown>[], sources: ImportGuest[], occasionGuestIds: ReadonlySet<string>): number {
  const rowOf = new Map<string, number>();
  sources.forEach((source, index) => {
    if (source.fileId !== undefined && !rowOf.has(source.fileId)) rowOf.set(source.fileId, index);
  });
  let added = 0;
  sources.slice().forEach((source, index) => {
    if (source.plusOneOf === undefined) return;
    if (source.plusOneOf === null) {
      guests[index]!.plusOneOfRow = null;
      return;
    }
    let at = rowOf.get(source.plusOneOf);
    if (at === undefined && occasionGuestIds.has(source.plusOneOf)) {
      at = guests.push({ id: source.plusOneOf }) - 1;
      sources.push({ upsert: { id: source.plusOneOf }, invitations: new Map(), name: '', fileId: source.plusOneOf });
      rowOf.set(source.plusOneOf, at);
      added++;
    }
    if (at !== undefined && at !== index) guests[index]!.plusOneOfRow = at;
  });
  return added;
}

/** The part of an import body the plan states besides its guests. */
type StatedWrites = Required<Pick<GuestImportBody, 'households' | 'invitations' | 'answers'>>;

/**
 * The one request of an import: the plan's guest rows and, compared with the occasion as the
 * preview read it, only the household fields, invitations and answers that differ. The server
 * compares again inside its transaction, so a change made meanwhile is not undone by a stale
 * comparison here. `key` names the import: sent again, it is recognised.
 */
export function importBody(plan: ImportPlan, key: string, occasion: { households: readonly Household[]; answers: readonly Answer[] }): GuestImportBody {
  return {
    key,
    guests: plan.guests as GuestImportBody['guests'],
    households: householdFields(plan, occasion.households),
    invitations: statedInvitations(plan),
    answers: statedAnswers(plan, occasion),
  };
}

/** For each household the plan names: the fields that differ from the household of that name. */
function householdFields(plan: ImportPlan, households: readonly Household[]): StatedWrites['households'] {
  const rows: StatedWrites['households'] = [];
  for (const [name, address] of plan.addresses) {
    const now = households.find((household) => household.name === name);
    const fields: ImportAddress = {};
    for (const [field, value] of Object.entries(address) as [keyof ImportAddress, string][]) {
      if (!now || now[field] !== value) fields[field] = value;
    }
    if (Object.keys(fields).length > 0) rows.push({ name, ...fields });
  }
  return rows;
}

/**
 * Each stated invitation that differs from the guest's current one (so unchanged answers keep
 * who recorded them and when), and `invited: false` where the file says "not invited" to a
 * guest who is.
 */
function statedInvitations(plan: ImportPlan): StatedWrites['invitations'] {
  const rows: StatedWrites['invitations'] = [];
  plan.sources.forEach((source, guestRow) => {
    const current = source.existing?.invitations ?? [];
    for (const [activityId, stated] of source.invitations) {
      const now = current.find((invitation) => invitation.activityId === activityId);
      if (stated === null) {
        if (now) rows.push({ guestRow, activityId, invited: false });
        continue;
      }
      if (now && now.response === stated.response && now.mealChoice === stated.mealChoice) continue;
      rows.push({ guestRow, activityId, invited: true, response: stated.response, mealChoice: stated.mealChoice });
    }
  });
  return rows;
}

/**
 * Each stated answer that differs from the stored one (an empty cell removes a stored one). A
 * household answer is taken from the first row of its household that states it.
 */
function statedAnswers(plan: ImportPlan, occasion: { households: readonly Household[]; answers: readonly Answer[] }): StatedWrites['answers'] {
  const stored = storedAnswers(occasion.answers);
  const householdIds = new Map(occasion.households.map((household) => [household.name, household.id]));
  const rows: StatedWrites['answers'] = [];
  const seen = new Set<string>();
  const state = (questionId: string, guestRow: number, holder: { guestId: string | null; householdId: string | null }, value: AnswerValue | null) => {
    const key = answerKey(questionId, holder);
    if (seen.has(key)) return;
    seen.add(key);
    const before = stored.get(key);
    const same = isBlankAnswer(value) ? before === undefined : JSON.stringify(before) === JSON.stringify(value);
    if (!same) rows.push({ questionId, guestRow, value });
  };
  const rowOf = new Map(plan.rows.map((row) => [row.guests[0], row]));
  plan.sources.forEach((source, guestRow) => {
    // A new guest's holder is the row itself: nothing is stored for it.
    const guestId = source.existing?.id ?? `row ${guestRow}`;
    for (const [questionId, value] of source.answers ?? []) state(questionId, guestRow, { guestId, householdId: null }, value);
    const row = rowOf.get(source);
    if (!row?.householdAnswers) return;
    const householdId = row.householdName ? (householdIds.get(row.householdName) ?? `new ${row.householdName}`) : source.existing?.householdId;
    if (!householdId) return;
    for (const [questionId, value] of row.householdAnswers) state(questionId, guestRow, { guestId: null, householdId }, value);
  });
  return rows;
}
