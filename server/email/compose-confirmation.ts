import type { Kysely } from 'kysely';
import { activitiesCalendar } from '../../core/calendar/ics';
import type { OptionEntry } from '../../core/options/option-entry';
import type { EmailTemplate } from '../../core/schemas/email';
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
  const [household, lines, rsvp, plusOnes] = await Promise.all([
    db.selectFrom('household').select('name').where('id', '=', householdId).executeTakeFirstOrThrow(),
    db
      .selectFrom('inviteLine')
      .innerJoin('guest', 'guest.id', 'inviteLine.guestId')
      .innerJoin('activity', 'activity.id', 'inviteLine.activityId')
      .select([
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
      .where('guest.householdId', '=', householdId)
      // A line still pending (a member the reply did not cover, or a preview before any reply) says nothing yet.
      .where('inviteLine.response', '!=', 'PENDING')
      .orderBy('activity.startsAt')
      .orderBy('activity.sortOrder')
      .orderBy('activity.id')
      .orderBy('guest.createdAt')
      .orderBy('guest.id')
      .execute(),
    db.selectFrom('rsvp').select('message').where('householdId', '=', householdId).executeTakeFirst(),
    db.selectFrom('guest').select(['firstName', 'lastName']).where('householdId', '=', householdId).where('plusOneOf', 'is not', null).orderBy('createdAt').execute(),
  ]);
  const activities = new Map<string, ConfirmedActivity & { attended: boolean; row: (typeof lines)[number] }>();
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
        householdName: household.name,
        activities: [...activities.values()].map(({ name, when, answers }) => ({ name, when, answers })),
        plusOnes: plusOnes.map((p) => `${p.firstName} ${p.lastName}`.trim()),
        message: rsvp?.message ?? '',
        ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
      },
    },
    attachments: attended.length > 0 ? [{ filename: 'invitation.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: ics }] : [],
  };
}
