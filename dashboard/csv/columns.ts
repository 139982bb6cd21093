/**
 * The columns of a guest spreadsheet: Kindly's fixed ones, one per attribute category, two per
 * activity (response and meal), one per question, and every target the host can map a column to.
 */
import type { Activity } from '../../core/schemas/activity';
import type { Answer } from '../../core/schemas/answer';
import type { AttributeCategory } from '../../core/schemas/attribute-category';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import type { Question } from '../../core/schemas/question';
import type { Reply } from '../../core/schemas/reply';

/** The fixed columns of Kindly's export, in order. */
export const KINDLY_COLUMNS = {
  id: 'Guest ID',
  household: 'Household',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  ageGroup: 'Age Group',
  plusOneAllowed: 'Plus-One Allowed',
  plusOneOf: 'Plus-One Of',
  dietaryNotes: 'Dietary Notes',
  notes: 'Notes',
  addressLine1: 'Street Address',
  addressLine2: 'Street Address (line 2)',
  city: 'City',
  state: 'State / Region',
  postalCode: 'Zip / Postal Code',
  country: 'Country',
  householdPhone: 'Household Phone',
  householdEmail: 'Household Email',
  householdNotes: 'Household Notes',
  inviteCode: 'Invite Code',
  /** The household's "Message to the hosts" from its reply: exported, never imported. */
  replyMessage: 'Message to the hosts',
} as const;

/** A guest's own fields an import can set. */
export type GuestField =
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'fullName'
  | 'email'
  | 'phone'
  | 'ageGroup'
  | 'plusOneAllowed'
  | 'plusOneOf'
  | 'dietaryNotes'
  | 'notes';

/** A household's fields an import can set (`name` names it; the rest go to `PUT household`). */
export type HouseholdField =
  | 'name'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'state'
  | 'postalCode'
  | 'country'
  | 'phone'
  | 'email'
  | 'notes';

/**
 * Where a column goes, written as a string so a select can hold it:
 * `ignore`, `guest.<field>`, `partner.firstName`, `partner.lastName`, `household.<field>`,
 * `attribute:<categoryId>`, `response:<activityId>`, `meal:<activityId>`, `question:<questionId>`.
 */
export type ColumnTarget = string;

export const IGNORE: ColumnTarget = 'ignore';

const GUEST_LABELS: Record<GuestField, string> = {
  id: 'Guest ID (Kindly)',
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name (first and last)',
  email: 'Email',
  phone: 'Phone',
  ageGroup: 'Age group',
  plusOneAllowed: 'Plus-one allowed',
  plusOneOf: 'Plus-one of (Guest ID of the guest who brings them)',
  dietaryNotes: 'Dietary notes',
  notes: 'Notes',
};

const HOUSEHOLD_LABELS: Record<HouseholdField, string> = {
  name: 'Household name',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State or province',
  postalCode: 'Postal code',
  country: 'Country',
  phone: 'Household phone',
  email: 'Household email',
  notes: 'Household notes',
};

/** What a spreadsheet is checked against: the occasion as it is now. */
export interface CsvContext {
  activities: readonly Activity[];
  categories: readonly AttributeCategory[];
  guests: readonly Guest[];
  households: readonly Household[];
  /** The host's questions: one column each, headed by the prompt. */
  questions?: readonly Question[];
  /** Their answers, for the export and to keep unchanged ones on import. */
  answers?: readonly Answer[];
  /** The households' replies, for the `Message to the hosts` column (export only; empty when left out). */
  replies?: readonly Reply[];
}

/** The occasion's lists that decide the columns. */
export type ColumnContext = Pick<CsvContext, 'activities' | 'categories' | 'questions'>;

/** `Zip / Postal Code` → `zippostalcode`: what header matching compares. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The normalised headers of Kindly's fixed columns: what an occasion's own columns must not repeat. */
function fixedHeaders(): Set<string> {
  return new Set(Object.values(KINDLY_COLUMNS).map(normaliseHeader));
}

/** The header of each activity's response and meal columns, unique even when names repeat. */
export function activityHeaders(activities: readonly Activity[]): Map<string, { response: string; meal: string }> {
  const used = fixedHeaders();
  const headers = new Map<string, { response: string; meal: string }>();
  for (const activity of activities) {
    let name = activity.name;
    for (let n = 2; used.has(normaliseHeader(`${name}: Response`)); n++) name = `${activity.name} (${n})`;
    used.add(normaliseHeader(`${name}: Response`));
    used.add(normaliseHeader(`${name}: Meal`));
    headers.set(activity.id, { response: `${name}: Response`, meal: `${name}: Meal` });
  }
  return headers;
}

/** The headers taken before the categories' columns: the fixed ones and the activities'. */
function headersBeforeCategories(activities: readonly Activity[]): Set<string> {
  const used = fixedHeaders();
  for (const { response, meal } of activityHeaders(activities).values()) used.add(normaliseHeader(response)).add(normaliseHeader(meal));
  return used;
}

/**
 * A unique header for each item, in order: its name, else `<name> (<kind>)`, else
 * `<name> (<kind> 2)` and so on. `used` (normalised) gains each header given.
 */
function uniqueHeaders(items: readonly { id: string; name: string }[], kind: string, used: Set<string>): Map<string, string> {
  const headers = new Map<string, string>();
  for (const { id, name } of items) {
    let header = name;
    if (used.has(normaliseHeader(header))) header = `${name} (${kind})`;
    for (let n = 2; used.has(normaliseHeader(header)); n++) header = `${name} (${kind} ${n})`;
    used.add(normaliseHeader(header));
    headers.set(id, header);
  }
  return headers;
}

/** The header of each attribute category's column, unique among all columns. */
export function categoryHeaders(categories: readonly AttributeCategory[], activities: readonly Activity[] = []): Map<string, string> {
  return uniqueHeaders(categories, 'attribute', headersBeforeCategories(activities));
}

/** The header of each question's column: its prompt, made unique among all columns. */
export function questionHeaders(context: ColumnContext): Map<string, string> {
  const used = headersBeforeCategories(context.activities);
  for (const header of categoryHeaders(context.categories, context.activities).values()) used.add(normaliseHeader(header));
  const questions = (context.questions ?? []).map((question) => ({ id: question.id, name: question.prompt }));
  return uniqueHeaders(questions, 'question', used);
}

/** Whether an activity gets a meal column: it asks a meal question. */
export function hasMealColumn(activity: Activity): boolean {
  return activity.mealOptions.length > 0;
}

/** Every target a column can be mapped to, for the mapping step's selects. */
export function mappingTargets(context: ColumnContext): { value: ColumnTarget; text: string }[] {
  const targets: { value: ColumnTarget; text: string }[] = [{ value: IGNORE, text: 'Leave out this column' }];
  for (const [field, text] of Object.entries(GUEST_LABELS)) targets.push({ value: `guest.${field}`, text: `Guest: ${text}` });
  targets.push({ value: 'partner.firstName', text: 'Partner: First name (a second guest)' });
  targets.push({ value: 'partner.lastName', text: 'Partner: Last name' });
  for (const [field, text] of Object.entries(HOUSEHOLD_LABELS)) {
    targets.push({ value: `household.${field}`, text: `Household: ${text}` });
  }
  for (const category of context.categories) targets.push({ value: `attribute:${category.id}`, text: `Attribute: ${category.name}` });
  for (const activity of context.activities) {
    targets.push({ value: `response:${activity.id}`, text: `${activity.name}: response` });
    if (hasMealColumn(activity)) targets.push({ value: `meal:${activity.id}`, text: `${activity.name}: meal` });
  }
  for (const question of context.questions ?? []) targets.push({ value: `question:${question.id}`, text: `Question: ${question.prompt}` });
  return targets;
}
