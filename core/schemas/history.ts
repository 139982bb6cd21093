import * as v from 'valibot';
import { limitParam } from './limit-param';
import { strictBody } from './strict-body';
import { idField } from './text';

/** Who made a change: a host account, a guest through the widget, or a host's CSV import. */
export const historyActorKinds: readonly ['HOST', 'GUEST', 'IMPORT'] = ['HOST', 'GUEST', 'IMPORT'];
/** Who made a change. */
export type HistoryActorKind = (typeof historyActorKinds)[number];

/** What a history entry is about. */
export const historyEntities: readonly ['GUEST', 'HOUSEHOLD', 'INVITE_LINE', 'RSVP', 'ANSWER', 'PERSON'] = [
  'GUEST',
  'HOUSEHOLD',
  'INVITE_LINE',
  'RSVP',
  'ANSWER',
  // A person's role on the occasion (`entityId` their account, `changes.role`).
  'PERSON',
];
/** What a history entry is about. */
export type HistoryEntity = (typeof historyEntities)[number];

/** What happened to the entity. */
export type HistoryAction = 'CREATE' | 'UPDATE' | 'DELETE';

/** Field → `[before, after]`, only the fields that changed (null before a create, after a delete). */
export type HistoryChanges = Record<string, [unknown, unknown]>;

/**
 * One change of one entity, as `GET /host/v1/occasion/{id}/history` lists it. `subjectName` is
 * the guest's (or for a household or reply, the household's) name when the change was made, so
 * the entry still reads well after the guest is renamed or deleted.
 */
export interface HistoryEntry {
  id: string;
  occasionId: string;
  at: string;
  actorKind: HistoryActorKind;
  actorId: string;
  actorName: string;
  entity: HistoryEntity;
  entityId: string;
  action: HistoryAction;
  householdId: string | null;
  guestId: string | null;
  activityId: string | null;
  subjectName: string;
  changes: HistoryChanges;
}

/** A page of history, newest first; `nextCursor` asks for the older entries (null: no more). */
export interface HistoryPage {
  entries: HistoryEntry[];
  nextCursor: string | null;
}

/** Entries per history page unless `limit` says otherwise; at most {@link HISTORY_LIMIT_MAX}. */
export const HISTORY_LIMIT_DEFAULT = 50;
/** The most entries one history page holds. */
export const HISTORY_LIMIT_MAX = 200;

const CURSOR = /^[1-9][0-9]{0,14}$/;

/* @__NO_SIDE_EFFECTS__ */
function historyQuerySchema() {
  return strictBody({
    limit: v.optional(limitParam(HISTORY_LIMIT_MAX), String(HISTORY_LIMIT_DEFAULT)),
    cursor: v.optional(v.pipe(v.string('Cursor is not valid.'), v.regex(CURSOR, 'Cursor is not valid.'))),
    householdId: v.optional(idField({ label: 'Household id' })),
    guestId: v.optional(idField({ label: 'Guest id' })),
  });
}

/**
 * The query of the history route: `limit` (1 to 200, default 50), `cursor` (a page's
 * `nextCursor`, opaque), and optional `householdId` or `guestId` filters. Query values are
 * strings; `limit` comes out as a number.
 */
export const HistoryQuerySchema: HistoryQuerySchemaType = /* @__PURE__ */ historyQuerySchema();

/** The schema type of {@link HistoryQuerySchema}. */
export type HistoryQuerySchemaType = ReturnType<typeof historyQuerySchema>;

/** A valid history query. */
export type HistoryQuery = v.InferOutput<typeof HistoryQuerySchema>;

/** One day of the replies chart: invite lines by their state at the end of that day. */
export interface RepliesDay {
  /** `YYYY-MM-DD` in the occasion's time zone. */
  date: string;
  attending: number;
  declined: number;
  pending: number;
}

/* @__NO_SIDE_EFFECTS__ */
function guestBulkQuerySchema() {
  return strictBody({ source: v.optional(v.picklist(['import'], 'Source must be import.')) });
}

/**
 * The query of the guest bulk route: `?source=import` marks the write as a CSV import, so its
 * history entries name the actor `IMPORT` rather than `HOST`. Any other query key is refused.
 */
export const GuestBulkQuerySchema: GuestBulkQuerySchemaType = /* @__PURE__ */ guestBulkQuerySchema();

/** The schema type of {@link GuestBulkQuerySchema}. */
export type GuestBulkQuerySchemaType = ReturnType<typeof guestBulkQuerySchema>;
