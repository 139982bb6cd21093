import * as v from 'valibot';
import { integer } from './field';
import { strictBody } from './strict-body';
import { idField } from './text';

/** Days an occasion's guests are kept after its last activity ends, unless a host chooses otherwise. */
export const RETENTION_DAYS_DEFAULT = 365;

/** The longest retention a host may choose: ten years. */
export const RETENTION_DAYS_MAX = 3650;

/** The most days one postponement adds. */
export const RETENTION_POSTPONE_MAX = 365;

/** Days before the erasure date that the owners are reminded by email. */
export const RETENTION_REMINDER_DAYS = 30;

/** What an erased guest or household is called in the history that stays. */
export const ERASED_GUEST_NAME = 'a guest (erased)';
export const ERASED_HOUSEHOLD_NAME = 'a household (erased)';

/** The path of `POST /host/v1/occasion/{occasionId}/guest/{guestId}/erase`. */
export const GuestErasureParamsSchema = /* @__PURE__ */ v.object({
  occasionId: idField({ label: 'Occasion id' }),
  guestId: idField({ label: 'Guest id' }),
});

/** The path of `POST /host/v1/occasion/{occasionId}/household/{householdId}/erase`. */
export const HouseholdErasureParamsSchema = /* @__PURE__ */ v.object({
  occasionId: idField({ label: 'Occasion id' }),
  householdId: idField({ label: 'Household id' }),
});

/** The body of `PUT /host/v1/occasion/{occasionId}/retention`: `{ days }`, 1 to 3,650. */
export const RetentionUpdateSchema = /* @__PURE__ */ strictBody({
  days: integer({ label: 'Days', min: 1, max: RETENTION_DAYS_MAX }),
});

/** A valid retention body. */
export type RetentionUpdate = v.InferOutput<typeof RetentionUpdateSchema>;

/** The body of `POST /host/v1/occasion/{occasionId}/retention/postpone`: `{ days }`, 1 to 365 more. */
export const RetentionPostponeSchema = /* @__PURE__ */ strictBody({
  days: integer({ label: 'Days', min: 1, max: RETENTION_POSTPONE_MAX }),
});

/** A valid postponement body. */
export type RetentionPostpone = v.InferOutput<typeof RetentionPostponeSchema>;

/** An occasion's retention as the API answers it. */
export interface Retention {
  /** Days after the last activity's end that the guests are erased. */
  days: number;
  /** The date the last activity ends (`YYYY-MM-DD`, UTC), or the occasion's end date without activities. */
  lastActivityDate: string;
  /** `lastActivityDate` plus `days`: the date the guests are erased. */
  eraseOn: string;
  /** When the owners are reminded: {@link RETENTION_REMINDER_DAYS} before `eraseOn`. */
  remindOn: string;
  /** When the guests were erased by retention, or null. */
  erasedAt: string | null;
}

/** The answer of both erasure routes. */
export interface ErasureResult {
  /** The guests erased (for a household, every member). */
  guests: number;
  /** The households erased: the one named, or a guest's household left without members. */
  households: number;
}

/** The files of an occasion's export, in the ZIP's order; every list comes as `.csv` and `.json`. */
export const EXPORT_LISTS = [
  'activities',
  'households',
  'guests',
  'invitations',
  'tables',
  'seats',
  'replies',
  'messages',
  'questions',
  'answers',
  'history',
  'emails',
] as const;

/** One list of the export. */
export type ExportList = (typeof EXPORT_LISTS)[number];
