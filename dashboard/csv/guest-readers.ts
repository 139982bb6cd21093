/**
 * The preview's readers of a row's guest cells, one per kind: names, the Guest ID, the guest's
 * own fields, plus-ones, attributes, invitations and answers. Each adds its problems to the row.
 */
import type { Activity } from '../../core/schemas/activity';
import type { Guest } from '../../core/schemas/guest';
import { readAnswerCell, storedAnswerOf } from './answers';
import { ageGroupValue, matchOption, responseValue, splitOptions, yesNoValue } from './cell-values';
import type { ImportAnswers, ImportInvitation } from './import-rows';
import { mappedItems, type EarlierRows, type PreviewLookups, type RowCells } from './row-cells';

/** The names a row gives: the guest's (from first and last or full name) and the partner's. */
export interface RowNames {
  firstName: string;
  lastName: string;
  /** `''` when the row names no partner. */
  partnerFirst: string;
  /** The partner's own last name, else the guest's. */
  partnerLast: string;
}

function splitFullName(full: string): [string, string] {
  const parts = full.trim().split(/\s+/);
  if (parts.length <= 1) return [parts[0] ?? '', ''];
  return [parts.slice(0, -1).join(' '), parts[parts.length - 1]!];
}

export function readNames(row: RowCells): RowNames {
  const [firstName, lastName] = row.has('guest.fullName') ? splitFullName(row.cell('guest.fullName')) : [row.cell('guest.firstName'), row.cell('guest.lastName')];
  const partnerFirst = row.cell('partner.firstName');
  const partnerLast = row.cell('partner.lastName') || (partnerFirst ? lastName : '');
  return { firstName, lastName, partnerFirst, partnerLast };
}

/** The guest the row updates, when its Guest ID is one of this occasion's (once per file). */
export function readExisting(row: RowCells, id: string, lookups: PreviewLookups, earlier: EarlierRows): Guest | undefined {
  const existing = id ? lookups.guestsById.get(id) : undefined;
  if (!existing) return undefined;
  const line = earlier.guestIds.get(existing.id);
  if (line !== undefined) row.problems.push(`This guest is already on line ${line}.`);
  earlier.guestIds.set(existing.id, row.line);
  return existing;
}

/** The guest's bulk row from its own columns: the id it updates, names, contact, notes, age group. */
export function readGuestFields(row: RowCells, names: RowNames, existing: Guest | undefined): Record<string, unknown> {
  const fields: Record<string, unknown> = existing ? { id: existing.id } : {};
  fields.firstName = names.firstName;
  if (row.has('guest.lastName') || row.has('guest.fullName')) fields.lastName = names.lastName;
  for (const field of ['email', 'phone', 'dietaryNotes', 'notes'] as const) {
    if (row.has(`guest.${field}`)) fields[field] = row.cell(`guest.${field}`);
  }
  const age = row.cell('guest.ageGroup');
  if (age !== '') fields.ageGroup = ageGroupValue(age);
  return fields;
}

/** Whose plus-one the guest is: a Guest ID of the file or the occasion; `null`: nobody's; `undefined`: not stated. */
export function readPlusOneOf(row: RowCells, id: string, lookups: PreviewLookups): string | null | undefined {
  if (!row.has('guest.plusOneOf')) return undefined;
  const plusOneOf = row.cell('guest.plusOneOf') || null;
  if (plusOneOf === null) return null;
  if (plusOneOf === id) row.problems.push('A guest cannot be their own plus-one.');
  else if (!lookups.fileIds.has(plusOneOf) && !lookups.guestsById.has(plusOneOf)) {
    row.problems.push(`Plus-one of: no guest with the Guest ID “${plusOneOf}” in this file or this occasion.`);
  }
  return plusOneOf;
}

/** Whether the guest may bring a plus-one (an empty cell: no); `undefined` when not stated or unreadable. */
export function readPlusOneAllowed(row: RowCells): boolean | undefined {
  if (!row.has('guest.plusOneAllowed')) return undefined;
  const text = row.cell('guest.plusOneAllowed');
  const allowed = text === '' ? false : yesNoValue(text);
  if (allowed === undefined) row.problems.push(`Plus-one allowed must be Yes or No, not “${text}”.`);
  return allowed;
}

/** Category id → option values, from one column per category (values by option value or text); `undefined` without such columns. */
export function readAttributes(row: RowCells, lookups: PreviewLookups): Record<string, string[]> | undefined {
  const categories = mappedItems(lookups.columns, 'attribute:', lookups.categories);
  if (categories.length === 0) return undefined;
  const attributes: Record<string, string[]> = {};
  for (const category of categories) {
    const values: string[] = [];
    for (const part of splitOptions(category.options, row.cell(`attribute:${category.id}`))) {
      const option = matchOption(category.options, part);
      if (option) values.push(option.value);
      else row.problems.push(`${category.name}: “${part}” is not one of its options.`);
    }
    if (!category.multiple && values.length > 1) row.problems.push(`${category.name} takes one value, not ${values.length}.`);
    attributes[category.id] = [...new Set(values)];
  }
  return attributes;
}

/** The meal chosen in the activity's meal column, or `null`. */
function readMealChoice(row: RowCells, activity: Activity, existing: Guest | undefined, invited: boolean): string | null {
  const text = row.cell(`meal:${activity.id}`);
  if (!text) return null;
  let choice: string | null = null;
  const option = matchOption(activity.mealOptions, text);
  const kept = existing?.invitations.find((invitation) => invitation.activityId === activity.id)?.mealChoice;
  if (!option) row.problems.push(`${activity.name}: “${text}” is not one of its meal options.`);
  else if (option.disabled && kept !== option.value) {
    // The server keeps an unchanged, since turned off, choice but takes no new one.
    row.problems.push(`${activity.name}: “${option.text}” is turned off in the schedule, so it cannot be chosen. Turn it on to import this choice.`);
  } else choice = option.value;
  if (!invited) row.problems.push(`${activity.name}: a meal is given but the guest is not invited.`);
  return choice;
}

/** Activity id → the invitation stated by its response column (and meal column); unreadable responses are left out. */
export function readInvitations(row: RowCells, lookups: PreviewLookups, existing: Guest | undefined): Map<string, ImportInvitation> {
  const invitations = new Map<string, ImportInvitation>();
  for (const activity of mappedItems(lookups.columns, 'response:', lookups.activities)) {
    const text = row.cell(`response:${activity.id}`);
    const response = responseValue(text);
    if (response === undefined) {
      row.problems.push(`${activity.name}: “${text}” is not a response (Attending, Declined, Pending or empty).`);
      continue;
    }
    const mealChoice = readMealChoice(row, activity, existing, response !== null);
    invitations.set(activity.id, response === null ? null : { response, mealChoice });
  }
  return invitations;
}

/** The answers the row states, one column per question, split by the question's scope. */
export function readAnswers(row: RowCells, lookups: PreviewLookups, existing: Guest | undefined): { guest: ImportAnswers; household: ImportAnswers } {
  const answers: { guest: ImportAnswers; household: ImportAnswers } = { guest: new Map(), household: new Map() };
  for (const question of mappedItems(lookups.columns, 'question:', lookups.questions)) {
    const stored = existing ? storedAnswerOf(lookups.answers, question, existing) : undefined;
    const read = readAnswerCell(question, row.cell(`question:${question.id}`), stored);
    if ('problem' in read) row.problems.push(`${question.prompt}: ${read.problem}`);
    else answers[question.scope === 'HOUSEHOLD' ? 'household' : 'guest'].set(question.id, read.value);
  }
  return answers;
}
