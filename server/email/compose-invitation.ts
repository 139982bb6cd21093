import { invitationLink } from '../../core/schemas/occasion';
import type { EmailTemplate } from '../../core/schemas/email';
import type { OccasionRow } from '../data/occasions';
import type { InvitationCheckIn } from './check-in-qr';
import { localInstant, occasionDates } from './email-dates';
import type { EmailContent } from './render-email';

/** What an invitation or reminder needs of its household. */
export interface InvitedHousehold {
  householdName: string;
  inviteCode: string;
  /** The household's check-in code as stored (`ABCDE12345`). */
  checkInCode: string;
}

/** The content of an invitation or a reminder to one household, with the saved template. */
export function invitationContent(
  kind: 'INVITATION' | 'REMINDER',
  occasion: OccasionRow,
  template: EmailTemplate,
  household: Omit<InvitedHousehold, 'checkInCode'>,
  unsubscribeUrl?: string,
  checkIn?: InvitationCheckIn,
): EmailContent {
  return {
    kind,
    props: {
      occasionTitle: occasion.title,
      intro: template.intro,
      householdName: household.householdName,
      link: invitationLink(occasion.rsvpPageUrl, household.inviteCode),
      inviteCode: household.inviteCode,
      deadline: occasion.rsvpDeadline ? localInstant(occasion.rsvpDeadline, occasion.timezone) : null,
      when: occasionDates(occasion.startDate, occasion.endDate),
      venue: [occasion.venueName, occasion.venueAddress].filter(Boolean).join(', '),
      ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
      ...(checkIn ? { checkIn } : {}),
    },
  };
}
