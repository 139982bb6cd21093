import * as v from 'valibot';
import { crossCheck, integer, nullOr } from './field';
import { strictBody } from './strict-body';
import { instantField, longText, optionEntryList, text } from './text';

/** The writable fields of an activity, without defaults (shared by create and update). */
/* @__NO_SIDE_EFFECTS__ */
function activityFields() {
  return {
    name: text({ label: 'Name', min: 1, max: 200 }),
    description: longText({ label: 'Description' }),
    startsAt: instantField({ label: 'Start time' }),
    endsAt: nullOr(instantField({ label: 'End time' })),
    locationName: text({ label: 'Location name' }),
    /** Free-form, so it may span lines; at most 200 characters like other text. */
    address: longText({ label: 'Address', max: 200 }),
    dressCode: text({ label: 'Dress code' }),
    mealOptions: optionEntryList({ label: 'Meal options' }),
    sortOrder: integer({ label: 'Sort order' }),
  };
}

/** The times of an activity under validation; either may be absent (updates). */
interface TimeRange {
  startsAt?: string;
  endsAt?: string | null;
}

/** The rule across the times: `endsAt`, when set, is not before `startsAt` (issue on `endsAt`). */
/* @__NO_SIDE_EFFECTS__ */
function timesInOrder<T extends TimeRange>(): v.RawCheckAction<T> {
  return crossCheck<T>(['startsAt', 'endsAt'], 'endsAt', ({ startsAt, endsAt }) =>
    startsAt !== undefined && endsAt !== undefined && endsAt !== null && Date.parse(endsAt) < Date.parse(startsAt)
      ? 'End time cannot be before the start time.'
      : undefined,
  );
}

/* @__NO_SIDE_EFFECTS__ */
function activityCreateSchema() {
  const fields = activityFields();
  return v.pipe(
    strictBody({
      name: fields.name,
      description: v.optional(fields.description, ''),
      startsAt: fields.startsAt,
      endsAt: v.optional(fields.endsAt, null),
      locationName: v.optional(fields.locationName, ''),
      address: v.optional(fields.address, ''),
      dressCode: v.optional(fields.dressCode, ''),
      mealOptions: v.optional(fields.mealOptions, () => []),
      sortOrder: v.optional(fields.sortOrder, 0),
    }),
    timesInOrder(),
  );
}

/* @__NO_SIDE_EFFECTS__ */
function activityUpdateSchema() {
  return v.pipe(v.partial(strictBody(activityFields())), timesInOrder());
}

/**
 * The body of `POST /host/v1/occasion/{occasionId}/activity`: `name` and `startsAt` are
 * required; `endsAt` defaults to null and, when set, is not before `startsAt`; `mealOptions`
 * (values unique; empty means no meal question) defaults to `[]`, `sortOrder` to 0, texts to `''`.
 * Updates re-validate the merged entity with this schema (`Object.keys(ActivityCreateSchema.entries)`).
 */
export const ActivityCreateSchema: ActivityCreateSchemaType = /* @__PURE__ */ activityCreateSchema();

/** The schema type of {@link ActivityCreateSchema}. */
export type ActivityCreateSchemaType = ReturnType<typeof activityCreateSchema>;

/** A valid activity create body, defaults applied. */
export type ActivityCreate = v.InferOutput<typeof ActivityCreateSchema>;

/** The body of `PUT .../activity/{activityId}`: any subset of the writable fields, no defaults. */
export const ActivityUpdateSchema: ActivityUpdateSchemaType = /* @__PURE__ */ activityUpdateSchema();

/** The schema type of {@link ActivityUpdateSchema}. */
export type ActivityUpdateSchemaType = ReturnType<typeof activityUpdateSchema>;

/** A valid activity update body. */
export type ActivityUpdate = v.InferOutput<typeof ActivityUpdateSchema>;

/**
 * An activity of an occasion as the API answers it: the fields of {@link ActivityCreate}
 * (`startsAt` and `endsAt` ISO 8601 instants in UTC shown in the occasion's time zone, `endsAt`
 * null when open-ended; `mealOptions` empty when the activity asks no meal question) and its ids.
 */
export interface Activity extends ActivityCreate {
  id: string;
  occasionId: string;
}
