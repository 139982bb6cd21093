import { ageGroupValues, inviteResponseValues } from '../../core/schemas';
import { arrayOf, boolean, count, date, id, instant, nullable, oneOfValues, ref, string, strictObject, type JsonSchema } from './json-schema';

/**
 * What the data-rights routes answer, as JSON Schema: export aside (a ZIP), the erasures, the
 * retention, the privacy note and the guests' erasure requests and download. They mirror core's
 * answer types in `core/schemas/data-rights.ts` and `core/schemas/guest-data.ts`.
 */

const erasureStatus = oneOfValues(['open', 'confirmed', 'declined']);
const person = strictObject({ id, firstName: string, lastName: string });

const GuestErasureRequest = strictObject({ id, status: erasureStatus, message: string, createdAt: instant });

/** The host area's schemas of export, erasure, retention and guests' requests. */
export const HOST_DATA_RIGHTS_SCHEMAS: Record<string, JsonSchema> = {
  ErasureResult: strictObject({ guests: count, households: count }),
  Retention: strictObject({
    days: { type: 'integer', minimum: 1 },
    lastActivityDate: date,
    eraseOn: date,
    remindOn: date,
    erasedAt: nullable(instant),
  }),
  HostPrivacyNote: strictObject({ privacyNote: nullable(string), defaultNote: string }),
  ErasureRequest: strictObject({
    id,
    occasionId: id,
    householdId: id,
    householdName: nullable(string),
    guests: nullable(arrayOf(person)),
    status: erasureStatus,
    message: string,
    createdAt: instant,
    decidedBy: nullable(id),
    decidedAt: nullable(instant),
  }),
};

const householdDataGuest = strictObject({
  id,
  firstName: string,
  lastName: string,
  email: string,
  phone: string,
  ageGroup: oneOfValues(ageGroupValues),
  dietaryNotes: string,
  plusOneOf: nullable(id),
  createdAt: instant,
  updatedAt: instant,
  invitations: arrayOf(
    strictObject({ activityId: id, activityName: string, response: oneOfValues(inviteResponseValues), mealChoice: nullable(string), respondedAt: nullable(instant) }),
  ),
});

const householdFields = ['name', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'country', 'phone', 'email'];

/** The guest area's schemas of the privacy note, the download and erasure requests. */
export const EVENT_DATA_RIGHTS_SCHEMAS: Record<string, JsonSchema> = {
  PrivacyNote: strictObject({ occasionTitle: string, note: string, isDefault: boolean }),
  GuestErasureRequest,
  HouseholdData: strictObject({
    exportedAt: instant,
    occasion: strictObject({ id, title: string }),
    household: strictObject({ id, ...Object.fromEntries(householdFields.map((field) => [field, string])), createdAt: instant, updatedAt: instant }),
    guests: arrayOf(householdDataGuest),
    reply: nullable(ref('Rsvp')),
    questions: arrayOf(strictObject({ id, prompt: string })),
    erasureRequests: arrayOf(ref('GuestErasureRequest')),
  }),
};
