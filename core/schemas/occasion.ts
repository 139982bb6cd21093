import * as v from 'valibot';
import type { Role } from './people';
import { crossCheck, flag, integer, nullOr } from './field';
import { allowedOrigins } from './origin';
import { strictBody } from './strict-body';
import { email, instantField, isoDateField, longText, text } from './text';
import { timeZone } from './time-zone';

/** The most days before the RSVP deadline a reminder may go out. */
export const REMINDER_DAYS_MAX = 90;

/** The writable fields of an occasion, without defaults (shared by create and update). */
/* @__NO_SIDE_EFFECTS__ */
function occasionFields() {
  return {
    title: text({ label: 'Title', min: 1, max: 200 }),
    description: longText({ label: 'Description' }),
    startDate: isoDateField({ label: 'Start date' }),
    endDate: isoDateField({ label: 'End date' }),
    timezone: timeZone('Time zone'),
    venueName: text({ label: 'Venue name' }),
    /** Free-form, so it may span lines; at most 200 characters like other text. */
    venueAddress: longText({ label: 'Venue address', max: 200 }),
    rsvpDeadline: nullOr(instantField({ label: 'RSVP deadline' })),
    passcode: nullOr(text({ label: 'Passcode', min: 4, max: 64 })),
    allowedOrigins,
    contactEmail: email({ label: 'Contact email' }),
    rsvpPageUrl: rsvpPageUrl(),
    reminderDaysBeforeDeadline: v.nullable(integer({ label: 'Reminder days before the deadline', min: 1, max: REMINDER_DAYS_MAX })),
    digestEnabled: flag('Daily digest'),
    requireTwoFactor: flag('Require two-factor sign-in'),
  };
}

/** Most characters of `rsvpPageUrl`. */
export const RSVP_PAGE_URL_MAX = 2000;

/** `''` or an absolute http(s) URL of at most 2,000 characters: the host's page with the widget. */
/* @__NO_SIDE_EFFECTS__ */
function rsvpPageUrl() {
  return v.pipe(
    text({ label: 'RSVP page URL', max: RSVP_PAGE_URL_MAX }),
    v.check((value: string) => value === '' || isHttpUrl(value), 'RSVP page URL must be a full web address starting with https:// or http://.'),
  );
}

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The personal link of an invitation: `rsvpPageUrl` with `invite=CODE` added to its query
 * (`?invite=` or `&invite=`), before any `#fragment`. Undefined when there is no page URL.
 *
 * @param pageUrl The occasion's `rsvpPageUrl`.
 * @param inviteCode The household's invite code as printed (`ABCD-EFGH-JKMN`).
 */
export function invitationLink(pageUrl: string, inviteCode: string): string | undefined {
  if (pageUrl === '') return undefined;
  const hash = pageUrl.indexOf('#');
  const [base, fragment] = hash === -1 ? [pageUrl, ''] : [pageUrl.slice(0, hash), pageUrl.slice(hash)];
  const joiner = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${joiner}invite=${encodeURIComponent(inviteCode)}${fragment}`;
}

/** The dates of an occasion under validation; either may be absent (updates). */
interface DateRange {
  startDate?: string;
  endDate?: string;
}

/** The rule across the dates: `endDate` is not before `startDate` (issue on `endDate`). */
/* @__NO_SIDE_EFFECTS__ */
function datesInOrder<T extends DateRange>(): v.RawCheckAction<T> {
  return crossCheck<T>(['startDate', 'endDate'], 'endDate', ({ startDate, endDate }) =>
    startDate !== undefined && endDate !== undefined && endDate < startDate
      ? 'End date cannot be before the start date.'
      : undefined,
  );
}

/* @__NO_SIDE_EFFECTS__ */
function occasionCreateSchema() {
  const fields = occasionFields();
  return v.pipe(
    strictBody({
      title: fields.title,
      description: v.optional(fields.description, ''),
      startDate: fields.startDate,
      endDate: fields.endDate,
      timezone: v.optional(fields.timezone, 'UTC'),
      venueName: v.optional(fields.venueName, ''),
      venueAddress: v.optional(fields.venueAddress, ''),
      rsvpDeadline: v.optional(fields.rsvpDeadline, null),
      passcode: v.optional(fields.passcode, null),
      allowedOrigins: v.optional(fields.allowedOrigins, () => []),
      contactEmail: v.optional(fields.contactEmail, ''),
      rsvpPageUrl: v.optional(fields.rsvpPageUrl, ''),
      reminderDaysBeforeDeadline: v.optional(fields.reminderDaysBeforeDeadline, null),
      digestEnabled: v.optional(fields.digestEnabled, false),
      requireTwoFactor: v.optional(fields.requireTwoFactor, false),
    }),
    datesInOrder(),
  );
}

/* @__NO_SIDE_EFFECTS__ */
function occasionUpdateSchema() {
  return v.pipe(v.partial(strictBody(occasionFields())), datesInOrder());
}

/**
 * The body of `POST /host/v1/occasion`: `title`, `startDate` and `endDate` are required, every
 * other field has a default (`timezone` `UTC`, `rsvpDeadline` and `passcode` null, texts `''`,
 * `allowedOrigins` `[]`, `rsvpPageUrl` `''`, `reminderDaysBeforeDeadline` null, `digestEnabled`
 * and `requireTwoFactor` false). `endDate` must not be before `startDate` (issue on `endDate`).
 *
 * Updates re-validate the merged entity with this schema, so rules across fields hold for the
 * result: `{ ...writableFieldsOf(occasion), ...patch }`. The writable keys are
 * `Object.keys(OccasionCreateSchema.entries)`. A blank `rsvpDeadline` or `passcode` means null.
 */
export const OccasionCreateSchema: OccasionCreateSchemaType = /* @__PURE__ */ occasionCreateSchema();

/** The schema type of {@link OccasionCreateSchema}. */
export type OccasionCreateSchemaType = ReturnType<typeof occasionCreateSchema>;

/** A valid occasion create body, defaults applied. */
export type OccasionCreate = v.InferOutput<typeof OccasionCreateSchema>;

/**
 * The body of `PUT /host/v1/occasion/{occasionId}`: any subset of the writable fields, no
 * defaults; unknown and read-only keys are refused. When both dates are given they must be in
 * order; re-validate the merged entity with {@link OccasionCreateSchema} for the rest.
 */
export const OccasionUpdateSchema: OccasionUpdateSchemaType = /* @__PURE__ */ occasionUpdateSchema();

/** The schema type of {@link OccasionUpdateSchema}. */
export type OccasionUpdateSchemaType = ReturnType<typeof occasionUpdateSchema>;

/** A valid occasion update body. */
export type OccasionUpdate = v.InferOutput<typeof OccasionUpdateSchema>;

/** The answers to one activity, counted over its invite lines. */
export interface ActivitySummary {
  activityId: string;
  /** Invite lines of the activity. */
  invited: number;
  attending: number;
  declined: number;
  pending: number;
}

/** Read-only counts of an occasion (contract section 2). */
export interface OccasionSummary {
  guests: number;
  households: number;
  activities: number;
  /** One entry per activity, in the activities' list order. */
  perActivity: ActivitySummary[];
}

/**
 * An occasion as the API answers it: the fields of {@link OccasionCreate} (`startDate` and
 * `endDate` `YYYY-MM-DD`; `timezone` an IANA name; `rsvpDeadline` an ISO 8601 instant in UTC or
 * null; `passcode` asked of guests who sign in by name, or null; `allowedOrigins` the exact
 * origins whose pages may embed the widget; `rsvpPageUrl` `''` or the host's page invitation
 * links point to; `reminderDaysBeforeDeadline` null or 1 to 90; `digestEnabled` the host's daily
 * digest of new replies; `requireTwoFactor` whether everyone with a role must have signed in with
 * a second factor to open it, which only an owner may change) and those the server sets.
 */
export interface Occasion extends OccasionCreate {
  id: string;
  createdAt: string;
  updatedAt: string;
  summary: OccasionSummary;
  /** The signed-in person's role on this occasion (read-only). A `door` person gets `passcode: null`. */
  role: Role;
  /** The path of the occasion's RSVP page on Kindly, `/r/{slug}`, or null for none (read-only here: `PUT …/slug` sets it). */
  slug: string | null;
}
