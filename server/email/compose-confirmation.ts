import type { Kysely } from 'kysely';
import { activitiesCalendar } from '../../core/calendar/ics';
import type { OptionEntry } from '../../core/options/option-entry';
import type { EmailTemplate } from '../../core/schemas/email';
import { isAnyOf, isMemberOfAny } from '../db/queries/household-lines';
import type { Database } from '../db/schema';
import { readJsonColumn } from '../data/json-column';
import type { OccasionRow } from '../data/occasions';
import { localInstant } from './email-dates';
import type { EmailAttachment } from './outbox';
import type { EmailContent } from './render-email';
import type { ConfirmedActivity } from './templates/confirmation';

/** A confirmation's content and its calendar file. */
export interface ConfirmationParts {
  content: Extract<EmailContent, { kind: 'CONFIRMATION' }>;
  attachments: EmailAttachment[];
}

/**
 * The confirmation of a household's reply as it is now (read inside the reply's transaction):
 * each activity the household is invited to with every member's answer and meal, the plus-ones,
 * the message, and an `.ics` of the activities someone of the household attends.
 */
export async function confirmationParts(
  db: Kysely<Database>,
  occasion: OccasionRow,
  template: EmailTemplate,
  householdId: string,
  unsubscribeUrl: string | undefined,
  now: Date,
): Promise<ConfirmationParts> {
  const [parts] = (await confirmationPartsOf(db, occasion, template, [householdId], now)).values();
  if (!parts) throw new Error('no such household');
  return { ...parts, content: { ...parts.content, props: { ...parts.content.props, ...(unsubscribeUrl ? { unsubscribeUrl } : {}) } } };
}

/**
 * {@link confirmationParts} of several households of the occasion at once (four queries for all;
 * a household deleted since is absent), without an unsubscribe link: each message has its own.
 */
export async function confirmationPartsOf(
  db: Kysely<Database>,
  occasion: OccasionRow,
  template: EmailTemplate,
  householdIds: readonly string[],
  now: Date,
): Promise<Map<string, ConfirmationParts>> {
  const ids = [...new Set(householdIds)];
  if (ids.length === 0) return new Map();
  const [households, lines, rsvps, plusOnes] = await Promise.all([
    db.selectFrom('household').select(['id', 'name']).where('id', 'in', ids).execute(),
    selectLines(db, occasion.id, ids),
    db.selectFrom('rsvp').select(['householdId', 'message']).where(isAnyOf(db, 'rsvp.householdId', ids)).execute(),
    db
      .selectFrom('guest')
      .select(['householdId', 'firstName', 'lastName'])
      .where(isAnyOf(db, 'guest.householdId', ids))
      .where('plusOneOf', 'is not', null)
      .orderBy('createdAt')
      .execute(),
  ]);
  const messages = new Map(rsvps.map((rsvp) => [rsvp.householdId, rsvp.message]));
  const parts = new Map<string, ConfirmationParts>();
  for (const household of households) {
    const own = lines.filter((line) => line.householdId === household.id);
    const ownPlusOnes = plusOnes.filter((guest) => guest.householdId === household.id);
    parts.set(household.id, householdParts(occasion, template, household.name, own, ownPlusOnes, messages.get(household.id) ?? '', now));
  }
  return parts;
}


/**
 * Every answer given by the households' members, in the order the confirmation shows them. The
 * lines are found from the members and the activities from the occasion, in the shapes both
 * planners run as index lookups without statistics: as plain joins, PostgreSQL after a fresh
 * import hashed every invite line and activity of the platform for each batch of confirmations.
 */
function selectLines(db: Kysely<Database>, occasionId: string, householdIds: readonly string[]) {
  return (
    db
      .selectFrom('inviteLine')
      .innerJoin('guest', 'guest.id', 'inviteLine.guestId')
      .innerJoin('activity', 'activity.id', 'inviteLine.activityId')
      .select([
        'guest.householdId',
        'activity.id as activityId',
        'activity.name',
        'activity.description',
        'activity.startsAt',
        'activity.endsAt',
        'activity.locationName',
        'activity.address',
        'activity.dressCode',
        'activity.mealOptions',
        'guest.firstName',
        'guest.lastName',
        'inviteLine.response',
        'inviteLine.mealChoice',
      ])
      .where(isMemberOfAny(db, 'inviteLine.guestId', householdIds))
      .where('activity.occasionId', '=', occasionId)
      // A line still pending (a member the reply did not cover, or a preview before any reply) says nothing yet.
      .where('inviteLine.response', '!=', 'PENDING')
      .orderBy('activity.startsAt')
      .orderBy('activity.sortOrder')
      .orderBy('activity.id')
      .orderBy('guest.createdAt')
      .orderBy('guest.id')
      .execute()
  );
}

type ConfirmationLine = Awaited<ReturnType<typeof selectLines>>[number];

function householdParts(
  occasion: OccasionRow,
  template: EmailTemplate,
  householdName: string,
  lines: ConfirmationLine[],
  plusOnes: Array<{ firstName: string; lastName: string }>,
  message: string,
  now: Date,
): ConfirmationParts {
  const activities = new Map<string, ConfirmedActivity & { attended: boolean; row: ConfirmationLine }>();
  for (const line of lines) {
    const activity = activities.get(line.activityId) ?? {
      name: line.name,
      when: localInstant(line.startsAt, occasion.timezone),
      answers: [],
      attended: false,
      row: line,
    };
    const attending = line.response === 'ATTENDING';
    const meal = readJsonColumn<OptionEntry[]>(line.mealOptions, []).find((option) => option.value === line.mealChoice);
    activity.answers.push({ guestName: `${line.firstName} ${line.lastName}`.trim(), attending, meal: meal?.text ?? line.mealChoice });
    activity.attended ||= attending;
    activities.set(line.activityId, activity);
  }
  const attended = [...activities.values()].filter((activity) => activity.attended);
  const ics = activitiesCalendar(
    occasion,
    attended.map(({ row }) => ({ ...row, id: row.activityId })),
    now,
  );
  return {
    content: {
      kind: 'CONFIRMATION',
      props: {
        occasionTitle: occasion.title,
        intro: template.intro,
        householdName,
        activities: [...activities.values()].map(({ name, when, answers }) => ({ name, when, answers })),
        plusOnes: plusOnes.map((p) => `${p.firstName} ${p.lastName}`.trim()),
        message,
      },
    },
    attachments: attended.length > 0 ? [{ filename: 'invitation.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }] : [],
  };
}
