import * as v from 'valibot';
import type { AgeGroup } from './guest';
import type { Rsvp } from './event';
import { nullOr } from './field';
import { strictBody } from './strict-body';
import { idField, longText } from './text';

/** Most characters of an occasion's privacy note. */
export const PRIVACY_NOTE_MAX = 5000;
/** Most characters of the message a guest may add to an erasure request. */
export const ERASURE_MESSAGE_MAX = 1000;

/* @__NO_SIDE_EFFECTS__ */
function privacyNoteUpdateSchema() {
  return strictBody({
    privacyNote: nullOr(longText({ label: 'Privacy note', max: PRIVACY_NOTE_MAX })),
  });
}

/**
 * The body of `PUT /host/v1/occasion/{occasionId}/privacy-note`: `{ privacyNote }`, the hosts'
 * own text (at most 5,000 characters, cleaned like every long text), or null (or blank) for
 * Kindly's default note.
 */
export const PrivacyNoteUpdateSchema: PrivacyNoteUpdateSchemaType = /* @__PURE__ */ privacyNoteUpdateSchema();

/** The schema type of {@link PrivacyNoteUpdateSchema}. */
export type PrivacyNoteUpdateSchemaType = ReturnType<typeof privacyNoteUpdateSchema>;

/** A valid privacy note body. */
export type PrivacyNoteUpdate = v.InferOutput<typeof PrivacyNoteUpdateSchema>;

/* @__NO_SIDE_EFFECTS__ */
function privacyNoteQuerySchema() {
  return strictBody({ occasionId: idField({ label: 'Occasion id' }) });
}

/** The query of `GET /event/v1/privacy`: `?occasionId=…` and nothing else. */
export const PrivacyNoteQuerySchema: PrivacyNoteQuerySchemaType = /* @__PURE__ */ privacyNoteQuerySchema();

/** The schema type of {@link PrivacyNoteQuerySchema}. */
export type PrivacyNoteQuerySchemaType = ReturnType<typeof privacyNoteQuerySchema>;

/* @__NO_SIDE_EFFECTS__ */
function erasureRequestCreateSchema() {
  return strictBody({
    message: v.optional(longText({ label: 'Message', max: ERASURE_MESSAGE_MAX }), ''),
  });
}

/**
 * The body of `POST /event/v1/erasure-request`: `{ message? }`, at most 1,000 characters for
 * the hosts (default `''`). An empty body object is enough.
 */
export const ErasureRequestCreateSchema: ErasureRequestCreateSchemaType = /* @__PURE__ */ erasureRequestCreateSchema();

/** The schema type of {@link ErasureRequestCreateSchema}. */
export type ErasureRequestCreateSchemaType = ReturnType<typeof erasureRequestCreateSchema>;

/** A valid erasure request body. */
export type ErasureRequestCreate = v.InferOutput<typeof ErasureRequestCreateSchema>;

/** What `GET /event/v1/privacy` answers: the occasion's title and its note, nothing else. */
export interface PrivacyNote {
  occasionTitle: string;
  /** The hosts' own text, or Kindly's default (English) when they wrote none. */
  note: string;
  /** True when `note` is Kindly's default. */
  isDefault: boolean;
}

/** What the host routes of the privacy note answer. */
export interface HostPrivacyNote {
  /** The hosts' own text, or null for the default. */
  privacyNote: string | null;
  /** Kindly's default note for this occasion, what guests see while `privacyNote` is null. */
  defaultNote: string;
}

export type ErasureRequestStatus = 'open' | 'confirmed' | 'declined';

/** An erasure request as the guest who sent it sees it. */
export interface GuestErasureRequest {
  id: string;
  status: ErasureRequestStatus;
  message: string;
  createdAt: string;
}

/** An erasure request as hosts see it. `householdName` and `guests` are null once the household is gone. */
export interface ErasureRequest extends GuestErasureRequest {
  occasionId: string;
  householdId: string;
  householdName: string | null;
  guests: Array<{ id: string; firstName: string; lastName: string }> | null;
  decidedBy: string | null;
  decidedAt: string | null;
}

/** One member of a household in its data download. */
export interface HouseholdDataGuest {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  ageGroup: AgeGroup;
  dietaryNotes: string;
  plusOneOf: string | null;
  createdAt: string;
  updatedAt: string;
  invitations: Array<{ activityId: string; activityName: string; response: string; mealChoice: string | null; respondedAt: string | null }>;
}

/**
 * What `GET /event/v1/household/data` answers: everything Kindly keeps about the guest's own
 * household, its members, their reply, answers and message, and its erasure requests.
 */
export interface HouseholdData {
  exportedAt: string;
  occasion: { id: string; title: string };
  household: {
    id: string;
    name: string;
    addressLine1: string;
    addressLine2: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
    phone: string;
    email: string;
    createdAt: string;
    updatedAt: string;
  };
  guests: HouseholdDataGuest[];
  /** The household's reply (message and answers included), or null before one. */
  reply: Rsvp | null;
  /** The prompts of the questions the reply answers, so its answers read on their own. */
  questions: Array<{ id: string; prompt: string }>;
  erasureRequests: GuestErasureRequest[];
}
