/**
 * Which column of a file goes where: a first guess from the headers (Kindly's own and other
 * planners'), and the problems of a mapping as a whole.
 */
import {
  activityHeaders,
  categoryHeaders,
  IGNORE,
  KINDLY_COLUMNS,
  normaliseHeader,
  questionHeaders,
  type ColumnContext,
  type ColumnTarget,
} from './columns';

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

/** This occasion's own export headers (attributes, activities, questions), normalised → target. */
function occasionHeaders(context: ColumnContext): Map<string, ColumnTarget> {
  const known = new Map<string, ColumnTarget>();
  for (const [id, header] of questionHeaders(context)) known.set(normaliseHeader(header), `question:${id}`);
  for (const [id, header] of categoryHeaders(context.categories, context.activities)) known.set(normaliseHeader(header), `attribute:${id}`);
  for (const [id, { response, meal }] of activityHeaders(context.activities)) {
    known.set(normaliseHeader(response), `response:${id}`);
    known.set(normaliseHeader(meal), `meal:${id}`);
  }
  return known;
}

/** Looser: a column named like a category or an activity. */
function namesOfOccasion(context: ColumnContext): Map<string, ColumnTarget> {
  const loose = new Map<string, ColumnTarget>();
  for (const category of context.categories) loose.set(normaliseHeader(category.name), `attribute:${category.id}`);
  for (const activity of context.activities) {
    loose.set(normaliseHeader(activity.name), `response:${activity.id}`);
    loose.set(normaliseHeader(`${activity.name} meal`), `meal:${activity.id}`);
    loose.set(normaliseHeader(`${activity.name} meal choice`), `meal:${activity.id}`);
  }
  return loose;
}

/**
 * A first guess of where each column goes: Kindly's own headers (including this occasion's
 * attribute and activity columns) and the common headers of other planners' exports. A target
 * is guessed at most once; anything unknown is left out.
 */
export function guessMapping(headers: readonly string[], context: ColumnContext): ColumnTarget[] {
  const known = occasionHeaders(context);
  const loose = namesOfOccasion(context);
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
