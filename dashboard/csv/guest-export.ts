/** Kindly's guest export: the occasion's guests as one spreadsheet. */
import { countryOptions } from '../../core/options';
import type { Activity } from '../../core/schemas/activity';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import type { InviteResponse } from '../../core/schemas/invite-line';
import { answerCell, storedAnswerOf, storedAnswers, type StoredAnswers } from './answers';
import { optionText } from './cell-values';
import { activityHeaders, categoryHeaders, hasMealColumn, KINDLY_COLUMNS, questionHeaders, type CsvContext } from './columns';
import { writeCsv } from './csv-file';

const RESPONSE_TEXT: Record<InviteResponse, string> = { PENDING: 'Pending', ATTENDING: 'Attending', DECLINED: 'Declined' };
const AGE_TEXT: Record<Guest['ageGroup'], string> = { ADULT: 'Adult', CHILD: 'Child', INFANT: 'Infant' };

function headerRow(context: CsvContext): string[] {
  const activities = activityHeaders(context.activities);
  const headers: string[] = [...Object.values(KINDLY_COLUMNS), ...categoryHeaders(context.categories, context.activities).values()];
  for (const activity of context.activities) {
    const names = activities.get(activity.id)!;
    headers.push(names.response);
    if (hasMealColumn(activity)) headers.push(names.meal);
  }
  headers.push(...questionHeaders(context).values());
  return headers;
}

/** The cells of {@link KINDLY_COLUMNS}, in order. */
function fixedCells(guest: Guest, household: Household | undefined, message: string | undefined): string[] {
  return [
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
    household ? (message ?? '') : '',
  ];
}

function invitationCells(guest: Guest, activities: readonly Activity[]): string[] {
  const cells: string[] = [];
  for (const activity of activities) {
    const invitation = guest.invitations.find((entry) => entry.activityId === activity.id);
    cells.push(invitation ? RESPONSE_TEXT[invitation.response] : '');
    if (hasMealColumn(activity)) cells.push(invitation?.mealChoice ? optionText(activity.mealOptions, invitation.mealChoice) : '');
  }
  return cells;
}

function answerCells(guest: Guest, context: CsvContext, stored: StoredAnswers): string[] {
  return (context.questions ?? []).map((question) =>
    question.scope === 'HOUSEHOLD' && !guest.householdId ? '' : answerCell(question, storedAnswerOf(stored, question, guest)),
  );
}

/** The header row and rows of Kindly's export (see {@link exportGuestsCsv}). */
export function exportTable(context: CsvContext): { headers: string[]; rows: string[][] } {
  const households = new Map(context.households.map((household) => [household.id, household]));
  const messages = new Map((context.replies ?? []).map((reply) => [reply.householdId, reply.message]));
  const stored = storedAnswers(context.answers ?? []);
  const rows = context.guests.map((guest) => {
    const household = guest.householdId ? households.get(guest.householdId) : undefined;
    return [
      ...fixedCells(guest, household, household && messages.get(household.id)),
      ...context.categories.map((category) => (guest.attributes[category.id] ?? []).map((value) => optionText(category.options, value)).join('; ')),
      ...invitationCells(guest, context.activities),
      ...answerCells(guest, context, stored),
    ];
  });
  return { headers: headerRow(context), rows };
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
  return writeCsv(headers, rows);
}
