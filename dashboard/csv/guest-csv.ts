/**
 * Guest spreadsheets: Kindly's own export, and the mapping, checking and planning of an import
 * (Kindly's export or another planner's). Pure functions: no React, no network.
 *
 * The import never writes anything by itself: {@link previewImport} says what each row would
 * become and what is wrong with it, {@link planImport} turns the rows that are kept into one
 * bulk body (`POST /occasions/:id/guests`, households by name), the household addresses to
 * `PUT` afterwards, and {@link inviteLinesAfterImport} the one invite-line bulk body.
 */
import Papa from 'papaparse';
import * as v from 'valibot';
import { countryOptions, statesForCountry } from '../../core/options';
import type { Activity } from '../../core/schemas/activity';
import type { AttributeCategory } from '../../core/schemas/attribute-category';
import type { Guest } from '../../core/schemas/guest';
import { GuestUpsertSchema } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import { HouseholdUpdateSchema } from '../../core/schemas/household';
import type { InviteLinesBulkRow, InviteResponse } from '../../core/schemas/invite-line';
import { answerValueSchema, isBlankAnswer, type Answer, type AnswerBulkRow, type AnswerValue } from '../../core/schemas/answer';
import type { Question } from '../../core/schemas/question';
import type { Reply } from '../../core/schemas/reply';

// ---------------------------------------------------------------------------------------------
// Columns

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
  /** The host's questions: one column each, headed by the prompt (issue 13). */
  questions?: readonly Question[];
  /** Their answers, for the export and to keep unchanged ones on import. */
  answers?: readonly Answer[];
  /** The households' replies, for the `Message to the hosts` column (export only; empty when left out). */
  replies?: readonly Reply[];
}

/** The header of each question's column: its prompt, made unique among all columns. */
export function questionHeaders(context: Pick<CsvContext, 'activities' | 'categories' | 'questions'>): Map<string, string> {
  const used = new Set<string>(Object.values(KINDLY_COLUMNS).map(normaliseHeader));
  for (const { response, meal } of activityHeaders(context.activities).values()) used.add(normaliseHeader(response)).add(normaliseHeader(meal));
  for (const header of categoryHeaders(context.categories, context.activities).values()) used.add(normaliseHeader(header));
  const headers = new Map<string, string>();
  for (const question of context.questions ?? []) {
    let header = question.prompt;
    if (used.has(normaliseHeader(header))) header = `${question.prompt} (question)`;
    for (let n = 2; used.has(normaliseHeader(header)); n++) header = `${question.prompt} (question ${n})`;
    used.add(normaliseHeader(header));
    headers.set(question.id, header);
  }
  return headers;
}

/** An answer as a cell: option texts joined with `; `, Yes or No, the number or the text. */
export function answerCell(question: Question, value: AnswerValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((entry) => optionText(question.options, entry)).join('; ');
  return question.kind === 'SINGLE_CHOICE' ? optionText(question.options, String(value)) : String(value);
}

/** The header of each activity's response and meal columns, unique even when names repeat. */
export function activityHeaders(activities: readonly Activity[]): Map<string, { response: string; meal: string }> {
  const used = new Set<string>(Object.values(KINDLY_COLUMNS).map(normaliseHeader));
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

/** The header of each attribute category's column, unique among all columns. */
export function categoryHeaders(categories: readonly AttributeCategory[], activities: readonly Activity[] = []): Map<string, string> {
  const used = new Set<string>(Object.values(KINDLY_COLUMNS).map(normaliseHeader));
  for (const { response, meal } of activityHeaders(activities).values()) {
    used.add(normaliseHeader(response));
    used.add(normaliseHeader(meal));
  }
  const headers = new Map<string, string>();
  for (const category of categories) {
    let header = category.name;
    if (used.has(normaliseHeader(header))) header = `${category.name} (attribute)`;
    for (let n = 2; used.has(normaliseHeader(header)); n++) header = `${category.name} (attribute ${n})`;
    used.add(normaliseHeader(header));
    headers.set(category.id, header);
  }
  return headers;
}

/** Whether an activity gets a meal column: it asks a meal question. */
function hasMealColumn(activity: Activity): boolean {
  return activity.mealOptions.length > 0;
}

/** Every target a column can be mapped to, for the mapping step's selects. */
export function mappingTargets(context: Pick<CsvContext, 'activities' | 'categories' | 'questions'>): { value: ColumnTarget; text: string }[] {
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

/** `Zip / Postal Code` → `zippostalcode`: what header matching compares. */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Common headers of Kindly's export and other planners' (Zola, The Knot, Joy, spreadsheets). */
const ALIASES: Record<string, ColumnTarget> = {};
function alias(target: ColumnTarget, ...headers: string[]): void {
  for (const header of headers) ALIASES[normaliseHeader(header)] = target;
}
alias('guest.id', KINDLY_COLUMNS.id, 'Kindly ID', 'Guest Id');
alias(
  'household.name',
  KINDLY_COLUMNS.household,
  'Household Name',
  'Household / Party',
  'Party',
  'Party Name',
  'Party / Group',
  'Group',
  'Group Name',
  'Guest Group',
  'Family',
  'Invitation Name',
  'Invite Name',
);
alias('guest.firstName', KINDLY_COLUMNS.firstName, 'First', 'Given Name', 'Guest First Name', 'Firstname');
alias('guest.lastName', KINDLY_COLUMNS.lastName, 'Last', 'Surname', 'Family Name', 'Guest Last Name', 'Lastname');
alias('guest.fullName', 'Name', 'Full Name', 'Guest Name', 'Guest');
alias('guest.email', KINDLY_COLUMNS.email, 'Email Address', 'E-mail', 'E-mail Address', 'Guest Email', 'Email 1');
alias('guest.phone', KINDLY_COLUMNS.phone, 'Phone Number', 'Mobile', 'Mobile Phone', 'Mobile Number', 'Cell', 'Cell Phone', 'Telephone', 'Guest Phone', 'Phone 1');
alias('guest.ageGroup', KINDLY_COLUMNS.ageGroup, 'Age');
alias('guest.plusOneAllowed', KINDLY_COLUMNS.plusOneAllowed, 'Plus One Allowed', 'Plus-One', 'Plus One', 'Allowed Plus One');
alias('guest.plusOneOf', KINDLY_COLUMNS.plusOneOf, 'Plus One Of', 'Plus-One For', 'Plus One For', 'Plus-One Of Guest ID');
alias('guest.dietaryNotes', KINDLY_COLUMNS.dietaryNotes, 'Dietary Restrictions', 'Dietary', 'Allergies', 'Dietary Requirements', 'Meal Restrictions', 'Food Allergies');
alias('guest.notes', KINDLY_COLUMNS.notes, 'Note', 'Comments', 'Guest Notes');
alias('partner.firstName', 'Partner First Name', 'Partner First', 'Spouse First Name', 'Guest 2 First Name');
alias('partner.lastName', 'Partner Last Name', 'Partner Last', 'Spouse Last Name', 'Guest 2 Last Name');
alias('household.addressLine1', KINDLY_COLUMNS.addressLine1, 'Address', 'Address Line 1', 'Address 1', 'Address1', 'Street', 'Street 1', 'Street Address 1', 'Mailing Address');
alias('household.addressLine2', KINDLY_COLUMNS.addressLine2, 'Address Line 2', 'Address 2', 'Apt', 'Apartment', 'Suite', 'Apt/Suite', 'Apt / Suite', 'Unit', 'Street 2', 'Street Address 2');
alias('household.city', KINDLY_COLUMNS.city, 'Town', 'City / Town');
alias('household.state', KINDLY_COLUMNS.state, 'State', 'Province', 'Region', 'State/Province', 'State / Province', 'State/Region', 'State/Province/Region');
alias('household.postalCode', KINDLY_COLUMNS.postalCode, 'Zip', 'Zip Code', 'Postal Code', 'Postcode', 'Zip/Postal Code', 'Postal/Zip Code', 'ZIP / Postal');
alias('household.country', KINDLY_COLUMNS.country, 'Country / Region', 'Nation');
alias('household.phone', KINDLY_COLUMNS.householdPhone);
alias('household.email', KINDLY_COLUMNS.householdEmail);
alias('household.notes', KINDLY_COLUMNS.householdNotes);
alias(IGNORE, KINDLY_COLUMNS.inviteCode);
alias(IGNORE, KINDLY_COLUMNS.replyMessage);

/**
 * A first guess of where each column goes: Kindly's own headers (including this occasion's
 * attribute and activity columns) and the common headers of other planners' exports. A target
 * is guessed at most once; anything unknown is left out.
 */
export function guessMapping(headers: readonly string[], context: Pick<CsvContext, 'activities' | 'categories' | 'questions'>): ColumnTarget[] {
  const known = new Map<string, ColumnTarget>();
  for (const [id, header] of questionHeaders(context)) known.set(normaliseHeader(header), `question:${id}`);
  for (const [id, header] of categoryHeaders(context.categories, context.activities)) known.set(normaliseHeader(header), `attribute:${id}`);
  for (const [id, { response, meal }] of activityHeaders(context.activities)) {
    known.set(normaliseHeader(response), `response:${id}`);
    known.set(normaliseHeader(meal), `meal:${id}`);
  }
  // Looser: a column named like a category or an activity.
  const loose = new Map<string, ColumnTarget>();
  for (const category of context.categories) loose.set(normaliseHeader(category.name), `attribute:${category.id}`);
  for (const activity of context.activities) {
    loose.set(normaliseHeader(activity.name), `response:${activity.id}`);
    loose.set(normaliseHeader(`${activity.name} meal`), `meal:${activity.id}`);
    loose.set(normaliseHeader(`${activity.name} meal choice`), `meal:${activity.id}`);
  }
  const taken = new Set<ColumnTarget>();
  return headers.map((header) => {
    const key = normaliseHeader(header);
    const target = known.get(key) ?? ALIASES[key] ?? loose.get(key) ?? IGNORE;
    if (target === IGNORE || taken.has(target)) return IGNORE;
    taken.add(target);
    return target;
  });
}

/** Problems of a mapping as a whole (each blocks the import). */
export function mappingProblems(mapping: readonly ColumnTarget[], labels: ReadonlyMap<ColumnTarget, string>): string[] {
  const problems: string[] = [];
  const seen = new Set<ColumnTarget>();
  for (const target of mapping) {
    if (target === IGNORE) continue;
    if (seen.has(target)) problems.push(`Two columns go to “${labels.get(target) ?? target}”. Choose one.`);
    seen.add(target);
  }
  if (!seen.has('guest.firstName') && !seen.has('guest.fullName')) {
    problems.push('Choose the column that holds first names (or full names).');
  }
  if (seen.has('guest.fullName') && seen.has('guest.firstName')) {
    problems.push('Use either a full-name column or first- and last-name columns, not both.');
  }
  if (seen.has('partner.lastName') && !seen.has('partner.firstName')) {
    problems.push('A partner last-name column needs a partner first-name column.');
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Reading and writing CSV text

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A phone number or a plain number: harmless even when it starts with `+` or `-`. */
const NUMBER_LIKE = /^[+-]?[\d\s().\-/+]*$/;

/**
 * A cell as written to the file: values that a spreadsheet would run as a formula get a `'`
 * in front (CSV injection), undone by {@link unescapeCell} so import after export is lossless.
 */
export function escapeCell(value: string): string {
  return FORMULA_START.test(value) && !NUMBER_LIKE.test(value) ? `'${value}` : value;
}

/** Undoes {@link escapeCell}. */
export function unescapeCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) && !NUMBER_LIKE.test(value.slice(1)) ? value.slice(1) : value;
}

/** A parsed spreadsheet: its header row and the data rows (as text cells). */
export interface CsvTable {
  headers: string[];
  rows: string[][];
  /** Problems papaparse reported (unbalanced quotes, …). */
  errors: string[];
}

/** Parses CSV text (any line ending, optional BOM, delimiter detected); blank lines are skipped. */
export function parseCsv(text: string): CsvTable {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [head = [], ...rows] = result.data;
  return {
    headers: head.map((cell) => cell.trim()),
    rows: rows.map((row) => row.map(unescapeCell)),
    errors: result.errors.slice(0, 20).map((error) => `Line ${(error.row ?? 0) + 1}: ${error.message}`),
  };
}

const RESPONSE_TEXT: Record<InviteResponse, string> = { PENDING: 'Pending', ATTENDING: 'Attending', DECLINED: 'Declined' };
const AGE_TEXT: Record<Guest['ageGroup'], string> = { ADULT: 'Adult', CHILD: 'Child', INFANT: 'Infant' };

function optionText(options: readonly { value: string; text: string }[], value: string): string {
  return options.find((option) => option.value === value)?.text ?? value;
}

/** The header row and rows of Kindly's export (see {@link exportGuestsCsv}). */
export function exportTable(context: CsvContext): { headers: string[]; rows: string[][] } {
  const categories = categoryHeaders(context.categories, context.activities);
  const activities = activityHeaders(context.activities);
  const households = new Map(context.households.map((household) => [household.id, household]));
  const messages = new Map((context.replies ?? []).map((reply) => [reply.householdId, reply.message]));
  const headers: string[] = [...Object.values(KINDLY_COLUMNS), ...categories.values()];
  for (const activity of context.activities) {
    const names = activities.get(activity.id)!;
    headers.push(names.response);
    if (hasMealColumn(activity)) headers.push(names.meal);
  }
  const questions = context.questions ?? [];
  headers.push(...questionHeaders(context).values());
  const answerOf = new Map((context.answers ?? []).map((answer) => [`${answer.questionId} ${answer.guestId ?? `h${answer.householdId}`}`, answer.value]));
  const rows = context.guests.map((guest) => {
    const household = guest.householdId ? households.get(guest.householdId) : undefined;
    const row = [
      guest.id,
      household?.name ?? '',
      guest.firstName,
      guest.lastName,
      guest.email,
      guest.phone,
      AGE_TEXT[guest.ageGroup],
      guest.plusOneAllowed ? 'Yes' : 'No',
      guest.plusOneOf ?? '',
      guest.dietaryNotes,
      guest.notes,
      household?.addressLine1 ?? '',
      household?.addressLine2 ?? '',
      household?.city ?? '',
      household?.state ?? '',
      household?.postalCode ?? '',
      household ? optionText(countryOptions, household.country) : '',
      household?.phone ?? '',
      household?.email ?? '',
      household?.notes ?? '',
      household?.inviteCode ?? '',
      household ? (messages.get(household.id) ?? '') : '',
    ];
    for (const category of context.categories) {
      row.push((guest.attributes[category.id] ?? []).map((value) => optionText(category.options, value)).join('; '));
    }
    for (const activity of context.activities) {
      const invitation = guest.invitations.find((entry) => entry.activityId === activity.id);
      row.push(invitation ? RESPONSE_TEXT[invitation.response] : '');
      if (hasMealColumn(activity)) row.push(invitation?.mealChoice ? optionText(activity.mealOptions, invitation.mealChoice) : '');
    }
    for (const question of questions) {
      const key = question.scope === 'HOUSEHOLD' ? `h${guest.householdId}` : guest.id;
      row.push(question.scope === 'HOUSEHOLD' && !guest.householdId ? '' : answerCell(question, answerOf.get(`${question.id} ${key}`)));
    }
    return row;
  });
  return { headers, rows };
}

/**
 * Kindly's guest export: one row per guest with the household, its address and invite code,
 * the guest's attributes (one column per category, option texts joined with `; `) and, per
 * activity, the response (`Attending`, `Declined`, `Pending`, empty when not invited) and the
 * meal, then one column per question headed by its prompt (a household question's answer on
 * every row of the household). Importing it back (into the same occasion, or one with the same
 * activities, categories and questions) recreates the same guests, households, attributes and answers.
 */
export function exportGuestsCsv(context: CsvContext): string {
  const { headers, rows } = exportTable(context);
  return Papa.unparse({ fields: headers, data: rows.map((row) => row.map(escapeCell)) }, { newline: '\r\n' });
}

// ---------------------------------------------------------------------------------------------
// Checking an import

/** A name as duplicate checks compare it: case, accents, punctuation and spacing ignored. */
export function normaliseName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** One invitation as a row states it; `null` means "not invited". */
export type ImportInvitation = { response: InviteResponse; mealChoice: string | null } | null;

/** One guest a row creates or updates. */
export interface ImportGuest {
  /** The bulk row (`GuestUpsert` input) without its household. */
  upsert: Record<string, unknown>;
  /** The guest it updates (the row's Guest ID is one of this occasion's), if any. */
  existing?: Guest;
  /** Activity id → the invitation the row states; activities without a column are left alone. */
  invitations: Map<string, ImportInvitation>;
  /** The row's Guest ID as the file gives it (another occasion's, when importing a copy). */
  fileId?: string;
  /** The Guest ID (in the file or the occasion) whose plus-one this is; null: nobody's; left out: not stated. */
  plusOneOf?: string | null;
  /** For the preview. */
  name: string;
  /** Question id → the answer of a guest question the row states; null clears it. */
  answers?: Map<string, AnswerValue | null>;
}

/** Address and contact fields for the household, as `PUT household` takes them. */
export type ImportAddress = Partial<Record<Exclude<HouseholdField, 'name'>, string>>;

/** What one data row of the file becomes. */
export interface ImportRow {
  /** The line in the file (the header is line 1). */
  line: number;
  /** The guest, and the partner when the row names one. */
  guests: ImportGuest[];
  /** The household to put them in; `''` for none. */
  householdName: string;
  /** Whether the household column was mapped, so an empty one means "no household". */
  householdGiven: boolean;
  /** Household fields the row gives (only keys of mapped columns). */
  address: ImportAddress;
  /** Why the row cannot be imported; such rows are left out. */
  problems: string[];
  /** Why it looks like a guest that exists or an earlier row (a warning). */
  duplicates: string[];
  /** Question id → the answer of a household question the row states; null clears it. */
  householdAnswers?: Map<string, AnswerValue | null>;
}

/** The check of a whole file. */
export interface ImportPreview {
  rows: ImportRow[];
  /** Problems of the mapping itself; nothing can be imported until they are fixed. */
  mappingProblems: string[];
  /** Rows with problems. */
  badRows: number;
  /** Rows that look like duplicates. */
  duplicateRows: number;
  /** The ids of the occasion's guests (a plus-one may point at one the file leaves out). */
  occasionGuestIds: ReadonlySet<string>;
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', '1', 'x', 'allowed', 'oui', 'si', 'ja']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', 'none', '-', 'non', 'nein']);
const AGE_WORDS: Record<string, Guest['ageGroup']> = {
  adult: 'ADULT',
  child: 'CHILD',
  kid: 'CHILD',
  children: 'CHILD',
  infant: 'INFANT',
  baby: 'INFANT',
  toddler: 'INFANT',
};
const RESPONSE_WORDS: Record<string, InviteResponse | null> = {
  attending: 'ATTENDING',
  attend: 'ATTENDING',
  accepted: 'ATTENDING',
  accept: 'ATTENDING',
  yes: 'ATTENDING',
  going: 'ATTENDING',
  confirmed: 'ATTENDING',
  declined: 'DECLINED',
  decline: 'DECLINED',
  regrets: 'DECLINED',
  no: 'DECLINED',
  notattending: 'DECLINED',
  notgoing: 'DECLINED',
  pending: 'PENDING',
  invited: 'PENDING',
  awaiting: 'PENDING',
  noresponse: 'PENDING',
  noreply: 'PENDING',
  notinvited: null,
  '': null,
};

const COUNTRY_ALIASES: Record<string, string> = {
  us: 'USA',
  usa: 'USA',
  unitedstates: 'USA',
  unitedstatesofamerica: 'USA',
  america: 'USA',
  uk: 'United Kingdom',
  greatbritain: 'United Kingdom',
  england: 'United Kingdom',
  scotland: 'United Kingdom',
  wales: 'United Kingdom',
  ca: 'Canada',
};

/** A country as written in a file → the country list's value (or the text unchanged). */
export function countryValue(text: string): string {
  const key = normaliseHeader(text);
  if (key === '') return '';
  const aliased = COUNTRY_ALIASES[key];
  if (aliased) return aliased;
  const option = countryOptions.find((entry) => normaliseHeader(entry.value) === key || normaliseHeader(entry.text) === key);
  return option ? option.value : text;
}

/** A state as written in a file (`New York`, `ny`) → its code for the USA and Canada. */
export function stateValue(text: string, country: string): string {
  const options = statesForCountry(country);
  if (options.length === 0 || text === '') return text;
  const key = normaliseHeader(text);
  const option = options.find((entry) => normaliseHeader(entry.value) === key || normaliseHeader(entry.text) === key);
  return option ? option.value : text;
}

/** An option's value for a cell: the value itself, or the text, ignoring case. */
function matchOption(options: readonly { value: string; text: string; disabled?: boolean }[], cell: string) {
  return (
    options.find((option) => option.value === cell) ??
    options.find((option) => option.text.toLowerCase() === cell.toLowerCase()) ??
    options.find((option) => option.value.toLowerCase() === cell.toLowerCase())
  );
}

/**
 * The values of a cell that lists several options joined with `;`, where an option's own text
 * may contain `;` (the longest run of parts that names an option wins).
 */
export function splitOptions(options: readonly { value: string; text: string }[], text: string): string[] {
  if (text === '') return [];
  // Parts and the separators between them, so a run can be rejoined exactly as written.
  const pieces = text.split(/(\s*;\s*)/);
  const parts: string[] = [];
  let i = 0;
  while (i < pieces.length) {
    let end = i;
    for (let j = pieces.length - 1; j > i; j -= 2) {
      if (matchOption(options, pieces.slice(i, j + 1).join(''))) {
        end = j;
        break;
      }
    }
    const part = pieces.slice(i, end + 1).join('').trim();
    if (part) parts.push(part);
    i = end + 2;
  }
  return parts;
}

function householdNameFor(first: string, last: string, partnerFirst: string, partnerLast: string): string {
  const one = [first, last].filter(Boolean).join(' ');
  if (!partnerFirst) return one;
  if (!partnerLast || partnerLast === last) return `${first} & ${partnerFirst}${last ? ` ${last}` : ''}`;
  return `${one} & ${partnerFirst} ${partnerLast}`;
}

function splitFullName(full: string): [string, string] {
  const parts = full.trim().split(/\s+/);
  if (parts.length <= 1) return [parts[0] ?? '', ''];
  return [parts.slice(0, -1).join(' '), parts[parts.length - 1]!];
}

/**
 * Checks every row of a file against the mapping, core's schemas and the occasion, and finds
 * likely duplicates (the same normalised name as a guest of the occasion or an earlier row).
 * Nothing is written.
 */
export function previewImport(table: CsvTable, mapping: readonly ColumnTarget[], context: CsvContext): ImportPreview {
  const labels = new Map(mappingTargets(context).map((target) => [target.value, target.text]));
  const problemsOfMapping = mappingProblems(mapping, labels);
  const columns = new Map<ColumnTarget, number>();
  mapping.forEach((target, index) => {
    if (target !== IGNORE && !columns.has(target)) columns.set(target, index);
  });
  const has = (target: ColumnTarget) => columns.has(target);

  const guestsById = new Map(context.guests.map((guest) => [guest.id, guest]));
  const existingNames = new Map<string, Guest[]>();
  for (const guest of context.guests) {
    const key = normaliseName(guest.firstName, guest.lastName);
    existingNames.set(key, [...(existingNames.get(key) ?? []), guest]);
  }
  const categories = new Map(context.categories.map((category) => [category.id, category]));
  const activities = new Map(context.activities.map((activity) => [activity.id, activity]));
  const questions = new Map((context.questions ?? []).map((question) => [question.id, question]));
  const stored = new Map((context.answers ?? []).map((answer) => [`${answer.questionId} ${answer.guestId ?? `h${answer.householdId}`}`, answer.value]));
  const storedAnswer = (question: Question, guest: Guest | undefined): AnswerValue | undefined =>
    guest ? stored.get(`${question.id} ${question.scope === 'HOUSEHOLD' ? `h${guest.householdId}` : guest.id}`) : undefined;
  const seenNames = new Map<string, number>();
  const seenIds = new Map<string, number>();
  const idColumn = columns.get('guest.id');
  const fileIds = new Set(idColumn === undefined ? [] : table.rows.map((cells) => (cells[idColumn] ?? '').trim()).filter(Boolean));

  const rows: ImportRow[] = table.rows.map((cells, index) => {
    const line = index + 2;
    const cell = (target: ColumnTarget) => {
      const at = columns.get(target);
      return at === undefined ? '' : (cells[at] ?? '').trim();
    };
    const problems: string[] = [];
    const duplicates: string[] = [];

    let firstName = cell('guest.firstName');
    let lastName = cell('guest.lastName');
    if (has('guest.fullName')) [firstName, lastName] = splitFullName(cell('guest.fullName'));
    const partnerFirst = cell('partner.firstName');
    const partnerLast = has('partner.lastName') && cell('partner.lastName') ? cell('partner.lastName') : partnerFirst ? lastName : '';

    // The guest this row updates, when its Guest ID is one of this occasion's.
    const id = cell('guest.id');
    const existing = id ? guestsById.get(id) : undefined;
    if (existing) {
      const earlier = seenIds.get(existing.id);
      if (earlier !== undefined) problems.push(`This guest is already on line ${earlier}.`);
      seenIds.set(existing.id, line);
    }

    const main: Record<string, unknown> = existing ? { id: existing.id } : {};
    main.firstName = firstName;
    if (has('guest.lastName') || has('guest.fullName')) main.lastName = lastName;
    for (const field of ['email', 'phone', 'dietaryNotes', 'notes'] as const) {
      if (has(`guest.${field}`)) main[field] = cell(`guest.${field}`);
    }
    if (has('guest.ageGroup')) {
      const text = cell('guest.ageGroup');
      const ageGroup = text === '' ? undefined : (AGE_WORDS[normaliseHeader(text)] ?? (text.toUpperCase() as Guest['ageGroup']));
      if (ageGroup !== undefined) main.ageGroup = ageGroup;
    }
    let plusOneOf: string | null | undefined;
    if (has('guest.plusOneOf')) {
      plusOneOf = cell('guest.plusOneOf') || null;
      if (plusOneOf !== null && plusOneOf === id) problems.push('A guest cannot be their own plus-one.');
      else if (plusOneOf !== null && !fileIds.has(plusOneOf) && !guestsById.has(plusOneOf)) {
        problems.push(`Plus-one of: no guest with the Guest ID “${plusOneOf}” in this file or this occasion.`);
      }
    }
    if (has('guest.plusOneAllowed')) {
      const text = cell('guest.plusOneAllowed').toLowerCase();
      if (TRUE_WORDS.has(text)) main.plusOneAllowed = true;
      else if (FALSE_WORDS.has(text) || text === '') main.plusOneAllowed = false;
      else problems.push(`Plus-one allowed must be Yes or No, not “${cell('guest.plusOneAllowed')}”.`);
    }

    // Attributes: one column per category, values by option value or text.
    const attributes: Record<string, string[]> = {};
    let anyAttribute = false;
    for (const [target] of columns) {
      if (!target.startsWith('attribute:')) continue;
      const category = categories.get(target.slice('attribute:'.length));
      if (!category) continue;
      anyAttribute = true;
      const values: string[] = [];
      for (const part of splitOptions(category.options, cell(target))) {
        const option = matchOption(category.options, part);
        if (option) values.push(option.value);
        else problems.push(`${category.name}: “${part}” is not one of its options.`);
      }
      if (!category.multiple && values.length > 1) problems.push(`${category.name} takes one value, not ${values.length}.`);
      attributes[category.id] = [...new Set(values)];
    }
    if (anyAttribute) main.attributes = existing ? { ...existing.attributes, ...attributes } : attributes;

    // Invitations: a response column per activity, and its meal column.
    const invitations = new Map<string, ImportInvitation>();
    for (const [target] of columns) {
      if (!target.startsWith('response:')) continue;
      const activity = activities.get(target.slice('response:'.length));
      if (!activity) continue;
      const text = cell(target);
      const response = RESPONSE_WORDS[normaliseHeader(text)];
      if (response === undefined) {
        problems.push(`${activity.name}: “${text}” is not a response (Attending, Declined, Pending or empty).`);
        continue;
      }
      let mealChoice: string | null = null;
      const mealText = cell(`meal:${activity.id}`);
      if (mealText) {
        const option = matchOption(activity.mealOptions, mealText);
        const kept = existing?.invitations.find((invitation) => invitation.activityId === activity.id)?.mealChoice;
        if (!option) problems.push(`${activity.name}: “${mealText}” is not one of its meal options.`);
        else if (option.disabled && kept !== option.value) {
          // The server keeps an unchanged, since turned off, choice but takes no new one.
          problems.push(`${activity.name}: “${option.text}” is turned off in the schedule, so it cannot be chosen. Turn it on to import this choice.`);
        } else mealChoice = option.value;
        if (response === null) problems.push(`${activity.name}: a meal is given but the guest is not invited.`);
      }
      invitations.set(activity.id, response === null ? null : { response, mealChoice });
    }

    // Answers: one column per question, read by its kind and checked with core's answer schema.
    const questionAnswers = { guest: new Map<string, AnswerValue | null>(), household: new Map<string, AnswerValue | null>() };
    for (const [target] of columns) {
      if (!target.startsWith('question:')) continue;
      const question = questions.get(target.slice('question:'.length));
      if (!question) continue;
      const read = readAnswerCell(question, cell(target), storedAnswer(question, existing));
      if ('problem' in read) problems.push(`${question.prompt}: ${read.problem}`);
      else questionAnswers[question.scope === 'HOUSEHOLD' ? 'household' : 'guest'].set(question.id, read.value);
    }

    // The household: named by the column, or after the guests when there is none.
    const householdGiven = has('household.name');
    let householdName = cell('household.name');
    const address: ImportAddress = {};
    for (const field of ['addressLine1', 'addressLine2', 'city', 'postalCode', 'phone', 'email', 'notes'] as const) {
      if (has(`household.${field}`)) address[field] = cell(`household.${field}`);
    }
    if (has('household.country')) address.country = countryValue(cell('household.country'));
    if (has('household.state')) address.state = stateValue(cell('household.state'), address.country ?? '');
    const anyAddress = Object.values(address).some((value) => value !== '');
    if (!householdName && (!householdGiven || partnerFirst || anyAddress) && firstName) {
      householdName = householdNameFor(firstName, lastName, partnerFirst, partnerLast);
    }
    if (householdName) {
      const checked = v.safeParse(HouseholdUpdateSchema, { name: householdName, ...address });
      if (!checked.success) problems.push(...checked.issues.map((issue) => issue.message));
      else Object.assign(address, withoutName(checked.output));
    }

    const guests: ImportGuest[] = [
      {
        upsert: main,
        ...(existing ? { existing } : {}),
        invitations,
        name: [firstName, lastName].filter(Boolean).join(' '),
        ...(id ? { fileId: id } : {}),
        ...(plusOneOf !== undefined ? { plusOneOf } : {}),
        ...(questionAnswers.guest.size ? { answers: questionAnswers.guest } : {}),
      },
    ];
    if (partnerFirst) {
      const partner: Record<string, unknown> = { firstName: partnerFirst, lastName: partnerLast };
      if (anyAttribute) partner.attributes = attributes;
      guests.push({ upsert: partner, invitations: new Map(invitations), name: `${partnerFirst} ${partnerLast}`.trim() });
    }

    // Each guest against core's bulk-row schema (the household is added at planning).
    for (const guest of guests) {
      const checked = v.safeParse(GuestUpsertSchema, guest.upsert);
      if (!checked.success) {
        for (const issue of checked.issues) {
          const message = guests.length > 1 && guest !== guests[0] ? `Partner: ${issue.message}` : issue.message;
          if (!problems.includes(message)) problems.push(message);
        }
      }
    }

    // Likely duplicates: the same name as a guest of the occasion (other than the one it
    // updates) or as a guest of an earlier row.
    for (const guest of guests) {
      const key = normaliseName(String(guest.upsert.firstName ?? ''), String(guest.upsert.lastName ?? ''));
      if (!key) continue;
      const others = (existingNames.get(key) ?? []).filter((other) => other.id !== guest.existing?.id);
      if (others.length > 0 && !guest.existing) duplicates.push(`${guest.name} is already a guest.`);
      const earlier = seenNames.get(key);
      if (earlier !== undefined) duplicates.push(`${guest.name} is also on line ${earlier}.`);
      else seenNames.set(key, line);
    }

    return {
      line,
      guests,
      householdName,
      householdGiven,
      address,
      problems,
      duplicates,
      ...(questionAnswers.household.size ? { householdAnswers: questionAnswers.household } : {}),
    };
  });

  return {
    rows,
    mappingProblems: problemsOfMapping,
    badRows: rows.filter((row) => row.problems.length > 0).length,
    duplicateRows: rows.filter((row) => row.duplicates.length > 0 && row.problems.length === 0).length,
    occasionGuestIds: new Set(guestsById.keys()),
  };
}

/**
 * A question's cell as an answer: choices by option value or text (several split like
 * attributes), Yes/No words, a number; empty clears. Checked with core's schema, so a closed
 * option is taken only where the stored answer already holds it.
 */
export function readAnswerCell(question: Question, text: string, stored: AnswerValue | undefined): { value: AnswerValue | null } | { problem: string } {
  if (text === '') return { value: null };
  let value: AnswerValue;
  if (question.kind === 'YES_NO') {
    const word = text.toLowerCase();
    if (!TRUE_WORDS.has(word) && !FALSE_WORDS.has(word)) return { problem: `“${text}” is not Yes or No.` };
    value = TRUE_WORDS.has(word);
  } else if (question.kind === 'NUMBER') {
    value = Number(text.replace(',', '.'));
  } else if (question.kind === 'SINGLE_CHOICE') {
    value = matchOption(question.options.map(({ disabled: _disabled, ...option }) => option), text)?.value ?? text;
  } else if (question.kind === 'MULTIPLE_CHOICE') {
    const options = question.options.map(({ disabled: _disabled, ...option }) => option);
    value = splitOptions(options, text).map((part) => matchOption(options, part)?.value ?? part);
  } else value = text;
  const checked = v.safeParse(answerValueSchema(question, stored), value);
  return checked.success ? { value: checked.output } : { problem: checked.issues[0].message };
}

/**
 * The answer bulk rows after the guests are written: each stated answer that differs from the
 * stored one (an empty cell removes a stored one). A household answer is taken from the first
 * row of its household that states it.
 */
export function answersAfterImport(plan: ImportPlan, written: readonly Guest[], answers: readonly Answer[]): AnswerBulkRow[] {
  const stored = new Map(answers.map((answer) => [`${answer.questionId} ${answer.guestId ?? `h${answer.householdId}`}`, answer.value]));
  const rows: AnswerBulkRow[] = [];
  const seen = new Set<string>();
  const state = (key: string, row: AnswerBulkRow) => {
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
    for (const [questionId, value] of source.answers ?? []) state(`${questionId} ${guest.id}`, { questionId, householdId: null, guestId: guest.id, value });
    const row = rowOf.get(source);
    if (!row?.householdAnswers || !guest.householdId) return;
    for (const [questionId, value] of row.householdAnswers) {
      state(`${questionId} h${guest.householdId}`, { questionId, householdId: guest.householdId, guestId: null, value });
    }
  });
  return rows;
}

function withoutName(output: Record<string, unknown>): ImportAddress {
  const { name: _name, ...rest } = output;
  return rest as ImportAddress;
}

// ---------------------------------------------------------------------------------------------
// Planning the writes

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
