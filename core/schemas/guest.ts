import * as v from 'valibot';
import type { InviteLine } from './invite-line';
import { choice, crossCheck, flag, integer, list, nullOr, uniqueItems } from './field';
import { strictBody } from './strict-body';
import { email, idField, longText, text } from './text';

/** The age groups of a guest. */
export const ageGroupValues: readonly ['ADULT', 'CHILD', 'INFANT'] = ['ADULT', 'CHILD', 'INFANT'];

/** A guest's age group. */
export type AgeGroup = (typeof ageGroupValues)[number];

/** An age group field: `ADULT`, `CHILD` or `INFANT`. */
export const AgeGroupSchema = /* @__PURE__ */ choice(ageGroupValues, 'Age group');

/**
 * A guest's attributes: attribute category id → the option values the guest holds, at most
 * 200 categories and 200 values each, repeated values dropped. Whether the values exist in the
 * category, and that a category that is not `multiple` holds at most one, is the server's check.
 */
export const guestAttributes = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.record(
    /* @__PURE__ */ idField({ label: 'Attribute category id' }),
    /* @__PURE__ */ v.pipe(
      /* @__PURE__ */ list(/* @__PURE__ */ text({ label: 'Attribute value', min: 1 }), {
        label: 'Attribute values',
        max: 200,
      }),
      /* @__PURE__ */ v.transform((values: string[]): string[] => [...new Set(values)]),
    ),
    'Attributes must be an object of category id to values.',
  ),
  /* @__PURE__ */ v.check(
    (attributes: Record<string, string[]>) => Object.keys(attributes).length <= 200,
    'Attributes can have at most 200 categories.',
  ),
  /* @__PURE__ */ v.title('Attributes'),
);

/** The writable fields of a guest, without defaults. */
/* @__NO_SIDE_EFFECTS__ */
function guestFields() {
  return {
    householdId: nullOr(idField({ label: 'Household id' })),
    firstName: text({ label: 'First name', min: 1, max: 100 }),
    lastName: text({ label: 'Last name', max: 100 }),
    email: email(),
    /** Free text (international numbers, extensions), shown with `formatPhone`. */
    phone: text({ label: 'Phone', max: 32 }),
    ageGroup: AgeGroupSchema,
    plusOneAllowed: flag('Plus-one allowed'),
    dietaryNotes: longText({ label: 'Dietary notes', max: 1000 }),
    attributes: guestAttributes,
    /** Host-only; never shown to guests. */
    notes: longText({ label: 'Notes' }),
  };
}

/* @__NO_SIDE_EFFECTS__ */
function guestCreateSchema() {
  const fields = guestFields();
  return strictBody({
    householdId: v.optional(fields.householdId, null),
    firstName: fields.firstName,
    lastName: v.optional(fields.lastName, ''),
    email: v.optional(fields.email, ''),
    phone: v.optional(fields.phone, ''),
    ageGroup: v.optional(fields.ageGroup, 'ADULT'),
    plusOneAllowed: v.optional(fields.plusOneAllowed, false),
    dietaryNotes: v.optional(fields.dietaryNotes, ''),
    attributes: v.optional(fields.attributes, () => ({})),
    notes: v.optional(fields.notes, ''),
  });
}

/* @__NO_SIDE_EFFECTS__ */
function guestUpdateSchema() {
  return v.partial(strictBody(guestFields()));
}

/**
 * The body of `POST .../guest`: `firstName` is required; `householdId` defaults to null,
 * `ageGroup` to `ADULT`, `plusOneAllowed` to false, `attributes` to `{}`, texts to `''`.
 */
export const GuestCreateSchema: GuestCreateSchemaType = /* @__PURE__ */ guestCreateSchema();

/** The schema type of {@link GuestCreateSchema}. */
export type GuestCreateSchemaType = ReturnType<typeof guestCreateSchema>;

/** A valid guest create body, defaults applied. */
export type GuestCreate = v.InferOutput<typeof GuestCreateSchema>;

/** The body of `PUT .../guest/{guestId}`: any subset of the writable fields. */
export const GuestUpdateSchema: GuestUpdateSchemaType = /* @__PURE__ */ guestUpdateSchema();

/** The schema type of {@link GuestUpdateSchema}. */
export type GuestUpdateSchemaType = ReturnType<typeof guestUpdateSchema>;

/** A valid guest update body. */
export type GuestUpdate = v.InferOutput<typeof GuestUpdateSchema>;

/** The keys a bulk row's rules read. */
interface UpsertKeys {
  id?: string;
  firstName?: string;
  householdId?: string | null;
  householdName?: string;
}

/** A bulk row names its household by id or by name, not both (issue on `householdName`). */
/* @__NO_SIDE_EFFECTS__ */
function oneHouseholdCheck<T extends UpsertKeys>(): v.RawCheckAction<T> {
  return crossCheck<T>(['householdId', 'householdName'], 'householdName', (row) =>
    row.householdId != null && row.householdName !== undefined
      ? 'Give either a household id or a household name, not both.'
      : undefined,
  );
}

/** A bulk row without `id` creates a guest, so it needs a first name (issue on `firstName`). */
/* @__NO_SIDE_EFFECTS__ */
function newGuestNameCheck<T extends UpsertKeys>(): v.RawCheckAction<T> {
  return crossCheck<T>(['id', 'firstName'], 'firstName', (row) =>
    row.id === undefined && row.firstName === undefined ? 'First name is required.' : undefined,
  );
}

/**
 * A guest bulk row whose `plusOneOfRow` may name rows 0 to `lastRow`: the bulk's 10,000 rows, or
 * an import's 20,000.
 */
/* @__NO_SIDE_EFFECTS__ */
export function guestUpsertSchema(lastRow = 9999) {
  return v.pipe(
    v.partial(
      strictBody(
        {
          id: idField({ label: 'Guest id' }),
          ...guestFields(),
          householdName: text({ label: 'Household name', min: 1, max: 200 }),
          plusOneOfRow: v.nullable(integer({ label: 'Plus-one of row', min: 0, max: lastRow })),
        },
        { label: 'Each guest' },
      ),
    ),
    oneHouseholdCheck(),
    newGuestNameCheck(),
  );
}

/**
 * One row of the guest bulk body. With `id` it updates that guest (any subset of the fields);
 * without, it creates one and `firstName` is required (issue on `firstName`). `householdName`
 * (1 to 200 characters) names the occasion's household to use, created if missing; it cannot
 * be combined with a non-null `householdId` (issue on `householdName`). `plusOneOfRow` (beyond the
 * contract, where `plusOneOf` is read-only) makes the guest the plus-one of the guest of another
 * row of the same body, by its index (null: nobody's plus-one), so an import can restore the link
 * between guests it creates. No defaults are applied here: for a new guest, apply
 * {@link GuestCreateSchema} to the row without `householdName` and `plusOneOfRow`.
 */
export const GuestUpsertSchema: GuestUpsertSchemaType = /* @__PURE__ */ guestUpsertSchema();

/** The schema type of {@link GuestUpsertSchema}. */
export type GuestUpsertSchemaType = ReturnType<typeof guestUpsertSchema>;

/** A valid row of the guest bulk body. */
export type GuestUpsert = v.InferOutput<typeof GuestUpsertSchema>;

/* @__NO_SIDE_EFFECTS__ */
function guestBulkSchema() {
  return strictBody({
    guests: v.pipe(
      list(GuestUpsertSchema, {
        label: 'Guests',
        min: 1,
        max: 10000,
        tooFew: 'Guests needs at least one guest.',
      }),
      uniqueItems(
        (row: GuestUpsert) => row.id,
        (_, first) => `This guest is already in guests.${first}.`,
        'id',
      ),
    ),
  });
}

/**
 * The body of `POST /host/v1/occasions/{occasionId}/guests` (bulk, all or nothing): 1 to 10,000
 * rows; a guest id at most once (a repeat is an issue on the row's `id`, `guests.12.id`).
 */
export const GuestBulkSchema: GuestBulkSchemaType = /* @__PURE__ */ guestBulkSchema();

/** The schema type of {@link GuestBulkSchema}. */
export type GuestBulkSchemaType = ReturnType<typeof guestBulkSchema>;

/** A valid guest bulk body. */
export type GuestBulk = v.InferOutput<typeof GuestBulkSchema>;

/** One of a guest's invitations (read-only, from the invite lines). */
export interface Invitation extends Pick<InviteLine, 'activityId' | 'response' | 'mealChoice'> {
  inviteLineId: string;
}

/**
 * A guest as the API answers it (host area): the fields of {@link GuestCreate} (`attributes`
 * attribute category id → option values; `notes` host-only) and those the server sets.
 */
export interface Guest extends GuestCreate {
  id: string;
  occasionId: string;
  /** The guest whose plus-one this is; read-only. */
  plusOneOf: string | null;
  /** Read-only; changes with the invite lines. */
  invitations: Invitation[];
  createdAt: string;
  updatedAt: string;
}

/** The answer of the guest bulk route. */
export interface GuestBulkResult {
  created: number;
  updated: number;
  /** Every guest of the request, in row order. */
  guests: Guest[];
}
