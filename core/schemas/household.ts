import * as v from 'valibot';
import { addressFields, countryStateCheck, stateCodeUpperCase } from './address';
import { strictBody } from './strict-body';
import { longText, text } from './text';

/** The writable fields of a household, without defaults. */
/* @__NO_SIDE_EFFECTS__ */
function householdFields() {
  return {
    name: text({ label: 'Household name', min: 1, max: 200 }),
    ...addressFields(),
    /** Host-only; never shown to guests. */
    notes: longText({ label: 'Notes' }),
  };
}

/* @__NO_SIDE_EFFECTS__ */
function householdCreateSchema() {
  const fields = householdFields();
  return v.pipe(
    strictBody({
      name: fields.name,
      addressLine1: v.optional(fields.addressLine1, ''),
      addressLine2: v.optional(fields.addressLine2, ''),
      city: v.optional(fields.city, ''),
      state: v.optional(fields.state, ''),
      postalCode: v.optional(fields.postalCode, ''),
      country: v.optional(fields.country, ''),
      phone: v.optional(fields.phone, ''),
      email: v.optional(fields.email, ''),
      notes: v.optional(fields.notes, ''),
    }),
    countryStateCheck(),
    stateCodeUpperCase(),
  );
}

/* @__NO_SIDE_EFFECTS__ */
function householdUpdateSchema() {
  return v.pipe(v.partial(strictBody(householdFields())), countryStateCheck(), stateCodeUpperCase());
}

/**
 * The body of `POST .../household`: `name` is required, every other field defaults to `''`.
 * `country` is `''` or a value of the country list; for `USA` and `Canada`, `state` is `''` or
 * a code of that country's states or provinces (issue on `state`; output upper case).
 * Updates re-validate the merged entity with this schema.
 */
export const HouseholdCreateSchema: HouseholdCreateSchemaType = /* @__PURE__ */ householdCreateSchema();

/** The schema type of {@link HouseholdCreateSchema}. */
export type HouseholdCreateSchemaType = ReturnType<typeof householdCreateSchema>;

/** A valid household create body, defaults applied. */
export type HouseholdCreate = v.InferOutput<typeof HouseholdCreateSchema>;

/** The body of `PUT .../household/{householdId}`: any subset of the writable fields. */
export const HouseholdUpdateSchema: HouseholdUpdateSchemaType = /* @__PURE__ */ householdUpdateSchema();

/** The schema type of {@link HouseholdUpdateSchema}. */
export type HouseholdUpdateSchemaType = ReturnType<typeof householdUpdateSchema>;

/** A valid household update body. */
export type HouseholdUpdate = v.InferOutput<typeof HouseholdUpdateSchema>;

/**
 * A household as the API answers it (host area): the fields of {@link HouseholdCreate} (`state` a
 * US or Canadian code when `country` is `USA` or `Canada`, free text otherwise; `country` a value
 * of the country list or `''`; `notes` host-only) and those the server sets.
 */
export interface Household extends HouseholdCreate {
  id: string;
  occasionId: string;
  /** 12 Crockford base32 characters shown as `ABCD-EFGH-JKMN`; read-only. */
  inviteCode: string;
  /** The household's guests; read-only (set a guest's `householdId` to change it). */
  guestIds: string[];
  createdAt: string;
  updatedAt: string;
}
