import type { Activity } from '../../core/schemas/activity';
import type { HistoryEntry } from '../../core/schemas/history';

/** What a sentence needs besides the entry: the occasion's activities, by id. */
export type ActivityNames = ReadonlyMap<string, Pick<Activity, 'name' | 'mealOptions'>>;

const FIELD_NAMES: Record<string, string> = {
  householdId: 'household',
  firstName: 'first name',
  lastName: 'last name',
  ageGroup: 'age group',
  plusOneAllowed: 'plus-one allowance',
  plusOneOf: 'plus-one link',
  dietaryNotes: 'dietary notes',
  addressLine1: 'address',
  addressLine2: 'address line 2',
  postalCode: 'postal code',
  mealChoice: 'meal',
};

/** `lastName` → `last name`; fields named once in a list. */
function fieldList(changes: HistoryEntry['changes']): string {
  const names = [...new Set(Object.keys(changes).map((field) => FIELD_NAMES[field] ?? field.toLowerCase()))];
  return names.join(', ');
}

const who = (entry: HistoryEntry): string => entry.subjectName || (entry.entity === 'HOUSEHOLD' ? 'A household' : 'A guest');

/**
 * One entry as a sentence about what happened to whom: "Amara Kim declined the Brunch",
 * "The Smiths replied", "Jane Smith's details changed: last name". Who made the change is shown
 * beside it (see {@link actorText}).
 */
export function historySentence(entry: HistoryEntry, activities: ActivityNames): string {
  const subject = who(entry);
  const activity = entry.activityId ? activities.get(entry.activityId) : undefined;
  const the = activity ? `the ${activity.name}` : 'an activity';
  switch (entry.entity) {
    case 'INVITE_LINE':
      return inviteLineSentence(entry, subject, the, activity);
    case 'GUEST':
      if (entry.action === 'CREATE') return `${subject} was added to the guest list`;
      if (entry.action === 'DELETE') return `${subject} was removed from the guest list`;
      return `${subject}’s details changed: ${fieldList(entry.changes)}`;
    case 'HOUSEHOLD':
      if (entry.action === 'CREATE') return `Household ${subject} was added`;
      if (entry.action === 'DELETE') return `Household ${subject} was removed`;
      return `Household ${subject} changed: ${fieldList(entry.changes)}`;
    case 'RSVP':
      return entry.action === 'CREATE' ? `${subject} replied` : `${subject} changed their message`;
    case 'ANSWER':
      return answerSentence(entry, subject);
    case 'PERSON':
      return personSentence(entry, subject);
  }
}

/** Roles are recorded as `{ role: [before, after] }`. */
function personSentence(entry: HistoryEntry, subject: string): string {
  const role = entry.changes.role?.[1];
  if (entry.action === 'DELETE' || typeof role !== 'string') return `${subject} no longer helps run the occasion`;
  return entry.action === 'CREATE' ? `${subject} joined as ${role}` : `${subject} is now ${role}`;
}

/** Answers are recorded as `{ [prompt]: [before, after] }`. */
function answerSentence(entry: HistoryEntry, subject: string): string {
  const [prompt, [, after] = [null, null]] = Object.entries(entry.changes)[0] ?? ['a question'];
  if (entry.action === 'DELETE' || after === null) return `${subject}’s answer to “${prompt}” was removed`;
  return `${subject} answered “${prompt}”: ${answerText(after)}`;
}

function answerText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

function inviteLineSentence(entry: HistoryEntry, subject: string, the: string, activity: Pick<Activity, 'name' | 'mealOptions'> | undefined): string {
  if (entry.action === 'DELETE') return `${subject} is no longer invited to ${the}`;
  const response = entry.changes.response?.[1];
  const meal = entry.changes.mealChoice?.[1];
  const mealText = typeof meal === 'string' ? (activity?.mealOptions.find((option) => option.value === meal)?.text ?? meal) : undefined;
  const withMeal = mealText ? ` (${mealText})` : '';
  if (entry.action === 'CREATE' && (response === 'PENDING' || response === undefined)) return `${subject} was invited to ${the}`;
  if (response === 'ATTENDING') return `${subject} accepted ${the}${withMeal}`;
  if (response === 'DECLINED') return `${subject} declined ${the}`;
  if (response === 'PENDING') return `${subject}’s answer to ${the} was cleared`;
  if (mealText) return `${subject} chose ${mealText} at ${the}`;
  return `${subject}’s invitation to ${the} changed`;
}

/** Who made the change: "Jane Smith", "Ada Lovelace (host)", "CSV import by Ada Lovelace". */
export function actorText(entry: HistoryEntry): string {
  if (entry.actorKind === 'IMPORT') return `CSV import by ${entry.actorName || 'the host'}`;
  if (entry.actorKind === 'HOST') return `${entry.actorName || 'The host'} (host)`;
  return entry.actorName || 'A guest';
}

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

const relative = /* @__PURE__ */ new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });

/** "2 hr. ago", "yesterday", "now": the largest unit that fits, rounded down. */
export function relativeTime(at: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(at) - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return relative.format(0, 'second');
}
