/**
 * The writes of an import: {@link planImport} turns the rows that are kept into one bulk body
 * (`POST /occasions/:id/guests`, households by name); after that call, the household addresses
 * to `PUT`, the one invite-line bulk body and the one answer bulk body.
 */
import { isBlankAnswer, type Answer, type AnswerBulkRow } from '../../core/schemas/answer';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import type { InviteLinesBulkRow } from '../../core/schemas/invite-line';
import { answerKey, storedAnswers } from './answers';
import type { ImportAddress, ImportGuest, ImportPreview, ImportRow } from './import-rows';

/** The writes of an import, in order. */
export interface ImportPlan {
  /** The rows that are written. */
  rows: ImportRow[];
  /** The body of `POST /occasions/:id/guests`, in the rows' order (a partner right after its row). */
  guests: Record<string, unknown>[];
  /** For each bulk row: the import guest it came from. */
  sources: ImportGuest[];
  /** Household name → the fields to `PUT` once the bulk call has created it. */
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

/**
 * The household updates after the bulk call: for each household named in the plan, its id
 * (from the guests the bulk call answered, in row order) and the fields that differ from what
 * it holds now.
 */
export function householdUpdatesAfterImport(
  plan: ImportPlan,
  written: readonly Guest[],
  households: readonly Household[],
): { householdId: string; name: string; body: ImportAddress }[] {
  const idByName = new Map<string, string>();
  plan.guests.forEach((row, index) => {
    const householdId = written[index]?.householdId;
    if (typeof row.householdName === 'string' && householdId) idByName.set(row.householdName, householdId);
  });
  const current = new Map(households.map((household) => [household.id, household]));
  const updates: { householdId: string; name: string; body: ImportAddress }[] = [];
  for (const [name, address] of plan.addresses) {
    const householdId = idByName.get(name);
    if (!householdId) continue;
    const now = current.get(householdId);
    const body: ImportAddress = {};
    for (const [key, value] of Object.entries(address) as [keyof ImportAddress, string][]) {
      if (!now || now[key] !== value) body[key] = value;
    }
    if (Object.keys(body).length > 0) updates.push({ householdId, name, body });
  }
  return updates;
}

/**
 * The invite-line bulk rows after the bulk call: each stated invitation that differs from the
 * guest's current one (so unchanged answers keep who recorded them and when), and `invited:
 * false` where the file says "not invited" to a guest who is.
 */
export function inviteLinesAfterImport(plan: ImportPlan, written: readonly Guest[]): InviteLinesBulkRow[] {
  const lines: InviteLinesBulkRow[] = [];
  plan.sources.forEach((source, index) => {
    const guest = written[index];
    if (!guest) return;
    for (const [activityId, stated] of source.invitations) {
      const now = guest.invitations.find((invitation) => invitation.activityId === activityId);
      if (stated === null) {
        if (now) lines.push({ guestId: guest.id, activityId, invited: false });
        continue;
      }
      if (now && now.response === stated.response && now.mealChoice === stated.mealChoice) continue;
      lines.push({ guestId: guest.id, activityId, invited: true, response: stated.response, mealChoice: stated.mealChoice });
    }
  });
  return lines;
}

/**
 * The answer bulk rows after the guests are written: each stated answer that differs from the
 * stored one (an empty cell removes a stored one). A household answer is taken from the first
 * row of its household that states it.
 */
export function answersAfterImport(plan: ImportPlan, written: readonly Guest[], answers: readonly Answer[]): AnswerBulkRow[] {
  const stored = storedAnswers(answers);
  const rows: AnswerBulkRow[] = [];
  const seen = new Set<string>();
  const state = (row: AnswerBulkRow) => {
    const key = answerKey(row.questionId, row);
    if (seen.has(key)) return;
    seen.add(key);
    const before = stored.get(key);
    const same = isBlankAnswer(row.value) ? before === undefined : JSON.stringify(before) === JSON.stringify(row.value);
    if (!same) rows.push(row);
  };
  const rowOf = new Map(plan.rows.map((row) => [row.guests[0], row]));
  plan.sources.forEach((source, index) => {
    const guest = written[index];
    if (!guest) return;
    for (const [questionId, value] of source.answers ?? []) state({ questionId, householdId: null, guestId: guest.id, value });
    const row = rowOf.get(source);
    if (!row?.householdAnswers || !guest.householdId) return;
    for (const [questionId, value] of row.householdAnswers) state({ questionId, householdId: guest.householdId, guestId: null, value });
  });
  return rows;
}
