import * as v from 'valibot';
import { platformValues } from '../options/platforms';
import type { Activity } from './activity';
import { addressFields, countryStateCheck, stateCodeUpperCase } from './address';
import { RsvpAnswersSchema, type GuestAnswer } from './answer';
import { choice, list, nullOr, uniqueItems } from './field';
import type { Guest } from './guest';
import type { HouseholdCreate } from './household';
import type { InviteLine } from './invite-line';
import type { Occasion } from './occasion';
import type { EventQuestion } from './question';
import { strictBody } from './strict-body';
import { idField, longText, text } from './text';

/** The platform a guest signs in from. */
export type Platform = (typeof platformValues)[number];

/** A platform field: `DESKTOP`, `IOS` or `ANDROID`. */
export const PlatformSchema = /* @__PURE__ */ choice(platformValues, 'Platform');

/** Crockford base32 look-alikes: O reads as zero, I and L as one. */
const CROCKFORD_ALIASES: Readonly<Record<string, string>> = { O: '0', I: '1', L: '1' };

/**
 * The canonical form of an invite code as a guest may type it: compatibility-normalised (so
 * full-width characters count), upper-cased, everything but letters and digits removed,
 * Crockford look-alikes mapped (O → 0, I and L → 1), regrouped in fours with dashes:
 * `abcd efgh-jkmn` → `ABCD-EFGH-JKMN`, `oil1 2345 6789` → `0111-2345-6789`.
 *
 * @param code The code as typed or printed.
 * @returns The canonical code (`''` when nothing is left).
 */
export function normaliseInviteCode(code: string): string {
  const characters = code
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/[OIL]/g, (letter) => CROCKFORD_ALIASES[letter] ?? letter);
  return characters.match(/.{1,4}/g)?.join('-') ?? '';
}

/**
 * The form of a name used to match guests signing in by name (contract section 4): accents
 * and case ignored, spacing ignored. Compatibility-decomposed (NFKD), combining marks removed,
 * typographic apostrophes (`’`, as phones type them) made plain and typographic hyphens made
 * `-`, lower-cased, runs of white space collapsed to one space, trimmed:
 * `  José   O’Brien ` → `jose o'brien`.
 *
 * @param name A name, or first and last name joined with a space.
 * @returns The matching key.
 */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[\u2018\u2019\u02BC\u00B4\u0060]/g, "'")
    .replace(/[\u2010\u2011\u2012\u2013\u2014]/g, '-')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const occasionId = /* @__PURE__ */ idField({ label: 'Occasion id' });
const platform = /* @__PURE__ */ v.optional(PlatformSchema);

/**
 * Guest sign-in by invite code: `{ occasionId, inviteCode, platform? }`. The code is accepted
 * with or without dashes and spaces, in any case (at most 32 characters), and output in its
 * canonical form (see {@link normaliseInviteCode}).
 */
export const GuestCodeCredentialsSchema = /* @__PURE__ */ strictBody({
  occasionId,
  inviteCode: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ text({ label: 'Invite code', min: 1, max: 32 }),
    /* @__PURE__ */ v.transform(normaliseInviteCode),
  ),
  platform,
});

/** Valid invite-code credentials. */
export type GuestCodeCredentials = v.InferOutput<typeof GuestCodeCredentialsSchema>;

/**
 * Guest sign-in by name: `{ occasionId, firstName, lastName, passcode?, platform? }`; the
 * passcode is needed only when the occasion has one. `lastName` may be `''`.
 */
export const GuestNameCredentialsSchema = /* @__PURE__ */ strictBody({
  occasionId,
  firstName: /* @__PURE__ */ text({ label: 'First name', min: 1, max: 100 }),
  lastName: /* @__PURE__ */ text({ label: 'Last name', max: 100 }),
  passcode: /* @__PURE__ */ v.optional(/* @__PURE__ */ text({ label: 'Passcode', max: 64 })),
  platform,
});

/** Valid name credentials. */
export type GuestNameCredentials = v.InferOutput<typeof GuestNameCredentialsSchema>;

/** Valid guest credentials: tell them apart with `'inviteCode' in credentials`. */
export type GuestCredentials = GuestCodeCredentials | GuestNameCredentials;

/** The schema type of {@link GuestCredentialsSchema}. */
export type GuestCredentialsSchemaType = v.SchemaWithPipe<
  readonly [
    v.CustomSchema<Record<string, unknown>, v.ErrorMessage<v.CustomIssue> | undefined>,
    v.RawTransformAction<Record<string, unknown>, GuestCredentials>,
  ]
>;

function isObject(input: unknown): boolean {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}

/**
 * The body of `POST /event/v1/auth/credentials`: the union of {@link GuestCodeCredentialsSchema}
 * (when the body has `inviteCode`) and {@link GuestNameCredentialsSchema} (otherwise), both
 * strict. Choosing by the presence of `inviteCode` gives each form its own precise issues
 * (`First name is required.`) instead of a union's vague one.
 */
export const GuestCredentialsSchema: GuestCredentialsSchemaType = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.custom<Record<string, unknown>>(isObject, 'Expected a JSON object.'),
  /* @__PURE__ */ v.rawTransform<Record<string, unknown>, GuestCredentials>(({ dataset, addIssue, NEVER }) => {
    const input = dataset.value;
    const byCode = Object.prototype.hasOwnProperty.call(input, 'inviteCode');
    if (byCode && ['firstName', 'lastName', 'passcode'].some((key) => Object.prototype.hasOwnProperty.call(input, key))) {
      addIssue({ message: 'Sign in with an invite code or with a name, not both.' });
      return NEVER;
    }
    const result = v.safeParse(byCode ? GuestCodeCredentialsSchema : GuestNameCredentialsSchema, input);
    if (result.success) return result.output;
    for (const issue of result.issues) {
      addIssue({
        message: issue.message,
        input: issue.input,
        expected: issue.expected ?? undefined,
        received: issue.received,
        path: issue.path,
      });
    }
    return NEVER;
  }),
);

/** The guest a session belongs to. */
export type EventGuest = Pick<Guest, 'id' | 'firstName' | 'lastName'>;

/**
 * The answer of a successful guest sign-in. Beyond the contract's `{ token, expiresAt,
 * occasionId, householdId, guest }`: the signed-in household's data, each exactly as its own
 * route answers it at that moment, so a client shows the RSVP form without asking again.
 */
export interface GuestSignInResult {
  /** The bearer token (also set as a cookie); at least 128 random bits. */
  token: string;
  /** ISO 8601 instant in UTC. */
  expiresAt: string;
  occasionId: string;
  householdId: string;
  guest: EventGuest;
  /** What `GET /event/v1/info` answers. */
  info: EventInfo;
  /** What `GET /event/v1/household` answers. */
  household: EventHousehold;
  /** What `GET /event/v1/rsvp` answers: `null` until the household has replied. */
  rsvp: Rsvp | null;
}

/** The answer of `GET /event/v1/auth/session/{occasionId}` (or `null` without a session). */
export interface GuestSessionInfo {
  occasionId: string;
  householdId: string;
  guest: EventGuest;
  expiresAt: string;
}

/** An activity as guests see it: everything but the host's `sortOrder`. */
export type EventActivity = Omit<Activity, 'sortOrder'>;

/** The occasion as guests see it: no passcode, origins or host data. */
export interface EventOccasion
  extends Pick<
    Occasion,
    'id' | 'title' | 'description' | 'startDate' | 'endDate' | 'timezone' | 'venueName' | 'venueAddress' | 'rsvpDeadline' | 'contactEmail'
  > {
  /** Whether RSVP writes are still accepted (before the deadline, or no deadline). */
  rsvpOpen: boolean;
}

/** The answer of `GET /event/v1/info`. */
export interface EventInfo {
  occasion: EventOccasion;
  /** Only activities someone in the household is invited to, in time order. */
  activities: EventActivity[];
  /**
   * The host's questions that apply to the household, by `sortOrder`: one limited to an activity
   * only when someone in the household is invited to it.
   */
  questions: EventQuestion[];
}

/** A member of the guest's household as guests see it: no notes or attributes. */
export interface EventHouseholdGuest
  extends Pick<Guest, 'id' | 'firstName' | 'lastName' | 'ageGroup' | 'dietaryNotes' | 'plusOneAllowed' | 'plusOneOf'> {
  /**
   * What this member is invited to, and the answer so far. Beyond the contract's list: without
   * it a form could not tell, before the first reply, which member is invited to what.
   */
  invitations: EventHouseholdInvitation[];
}

/** One of a member's invitations as the guest sees it. */
export type EventHouseholdInvitation = Pick<InviteLine, 'activityId' | 'response' | 'mealChoice'>;

/** The answer of `GET /event/v1/household`: no notes, no invite code. */
export interface EventHousehold extends Omit<HouseholdCreate, 'notes'> {
  guests: EventHouseholdGuest[];
}

/** A member's correction: spelling of the names, dietary notes. */
export const EventHouseholdGuestUpdateSchema = /* @__PURE__ */ strictBody(
  {
    id: /* @__PURE__ */ idField({ label: 'Guest id' }),
    firstName: /* @__PURE__ */ v.optional(/* @__PURE__ */ text({ label: 'First name', min: 1, max: 100 })),
    lastName: /* @__PURE__ */ v.optional(/* @__PURE__ */ text({ label: 'Last name', max: 100 })),
    dietaryNotes: /* @__PURE__ */ v.optional(/* @__PURE__ */ longText({ label: 'Dietary notes', max: 1000 })),
  },
  { label: 'Each guest' },
);

/** A valid member correction. */
export type EventHouseholdGuestUpdate = v.InferOutput<typeof EventHouseholdGuestUpdateSchema>;

/* @__NO_SIDE_EFFECTS__ */
function eventHouseholdUpdateSchema() {
  return v.pipe(
    v.partial(
      strictBody({
        ...addressFields(),
        guests: v.pipe(
          list(EventHouseholdGuestUpdateSchema, { label: 'Guests', max: 100 }),
          uniqueItems(
            (guest: EventHouseholdGuestUpdate) => guest.id,
            (_, first) => `This guest is already in guests.${first}.`,
            'id',
          ),
        ),
      }),
    ),
    countryStateCheck(),
    stateCodeUpperCase(),
  );
}

/**
 * The body of `PUT /event/v1/household`: any of the address fields, `phone`, `email`, and
 * corrections to members (`guests`, each id at most once). Members cannot be added or removed
 * (the server refuses ids outside the household). The country and state rule of households
 * applies (issue on `state`).
 */
export const EventHouseholdUpdateSchema: EventHouseholdUpdateSchemaType = /* @__PURE__ */ eventHouseholdUpdateSchema();

/** The schema type of {@link EventHouseholdUpdateSchema}. */
export type EventHouseholdUpdateSchemaType = ReturnType<typeof eventHouseholdUpdateSchema>;

/** A valid event household update. */
export type EventHouseholdUpdate = v.InferOutput<typeof EventHouseholdUpdateSchema>;

/** One answer of an RSVP: a guest's yes or no for one activity, and the meal when attending. */
export const RsvpResponseSchema = /* @__PURE__ */ strictBody(
  {
    guestId: /* @__PURE__ */ idField({ label: 'Guest id' }),
    activityId: /* @__PURE__ */ idField({ label: 'Activity id' }),
    response: /* @__PURE__ */ choice(['ATTENDING', 'DECLINED'], 'Response'),
    mealChoice: /* @__PURE__ */ v.optional(/* @__PURE__ */ nullOr(/* @__PURE__ */ text({ label: 'Meal choice', min: 1 })), null),
  },
  { label: 'Each response' },
);

/** A valid RSVP answer. */
export type RsvpResponse = v.InferOutput<typeof RsvpResponseSchema>;

/** A plus-one's own meal at one activity their guest attends. */
export const RsvpPlusOneMealSchema = /* @__PURE__ */ strictBody(
  {
    activityId: /* @__PURE__ */ idField({ label: 'Activity id' }),
    mealChoice: /* @__PURE__ */ text({ label: 'Meal choice', min: 1 }),
  },
  { label: 'Each meal' },
);

/**
 * A plus-one named for a guest who may bring one. They answer as their guest does; `meals`
 * (optional) gives their own meal at activities with meal options that their guest attends.
 */
export const RsvpPlusOneSchema = /* @__PURE__ */ strictBody(
  {
    forGuestId: /* @__PURE__ */ idField({ label: 'Guest id' }),
    firstName: /* @__PURE__ */ text({ label: 'First name', min: 1, max: 100 }),
    lastName: /* @__PURE__ */ v.optional(/* @__PURE__ */ text({ label: 'Last name', max: 100 }), ''),
    meals: /* @__PURE__ */ v.optional(/* @__PURE__ */ list(RsvpPlusOneMealSchema, { label: 'Meals', max: 100 }), () => []),
  },
  { label: 'Each plus-one' },
);

/** A valid plus-one. */
export type RsvpPlusOne = v.InferOutput<typeof RsvpPlusOneSchema>;

/* @__NO_SIDE_EFFECTS__ */
function rsvpSchema() {
  return strictBody({
    responses: v.pipe(
      list(RsvpResponseSchema, { label: 'Responses', max: 500 }),
      uniqueItems(
        (answer: RsvpResponse) => `${answer.guestId} ${answer.activityId}`,
        (_, first) => `This guest and activity are already answered in responses.${first}.`,
      ),
    ),
    plusOnes: v.optional(
      v.pipe(
        list(RsvpPlusOneSchema, { label: 'Plus-ones', max: 100 }),
        uniqueItems(
          (plusOne: RsvpPlusOne) => plusOne.forGuestId,
          (_, first) => `This guest already has a plus-one in plusOnes.${first}.`,
          'forGuestId',
        ),
      ),
      () => [],
    ),
    message: v.optional(longText({ label: 'Message' }), ''),
    answers: v.optional(RsvpAnswersSchema, () => []),
  });
}

/**
 * The body of `POST` and `PUT /event/v1/rsvp`: at most 500 `responses` (each guest and activity
 * once), at most 100 `plusOnes` (one per guest; default `[]`), a `message` (default `''`), and
 * at most 1,000 `answers` to the host's questions (default `[]`; checked against the questions
 * with `answerListSchema` by the server).
 * That every invite line is answered and meal choices fit the activity is the server's check.
 */
export const RsvpSchema: RsvpSchemaType = /* @__PURE__ */ rsvpSchema();

/** The schema type of {@link RsvpSchema}. */
export type RsvpSchemaType = ReturnType<typeof rsvpSchema>;

/** A valid RSVP body, defaults applied. */
export type RsvpInput = v.InferOutput<typeof RsvpSchema>;

/** An RSVP as the API answers it: the body's shape plus its times (ISO 8601 UTC). */
export type Rsvp = Omit<RsvpInput, 'plusOnes' | 'answers'> & {
  /** The household's answers to the host's questions (see `answerListSchema`). */
  answers: GuestAnswer[];
  /** The plus-ones by name; their own answers and meals are among `responses`. */
  plusOnes: Array<Omit<RsvpPlusOne, 'meals'>>;
  submittedAt: string;
  updatedAt: string;
};
