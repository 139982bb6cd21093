import { SeatAssignSchema, SeatingTableCreateSchema, SeatingTableUpdateSchema } from '../../core/schemas';
import { ref } from './json-schema';
import type { OperationTable } from './operation';

const SEATING = 'Seating';

/** The host area's seating routes: an activity's tables, who sits where, and the notices of freed seats (`docs/api/seating.md`). */
export const HOST_SEATING_OPERATIONS: OperationTable = {
  'GET /occasion/:occasionId/activity/:activityId/seating': {
    summary: 'Read an activity’s seating',
    tag: SEATING,
    caller: 'host',
    description:
      'Tables by number, seats, and `releases`: seats the server freed because their guest stopped attending (a reply or an edit away from `ATTENDING`, or the invitation or guest removed), newest first, until dismissed.',
    answers: { 200: ref('Seating') },
  },
  'POST /occasion/:occasionId/activity/:activityId/tables': {
    summary: 'Add a table',
    tag: SEATING,
    caller: 'host',
    description: '`number` defaults to one above the activity’s highest, `shape` to `ROUND`. 409 `CONFLICT`: the activity already has a table of that number.',
    body: SeatingTableCreateSchema,
    answers: { 201: ref('SeatingTable') },
    errors: [409],
  },
  'PUT /occasion/:occasionId/table/:tableId': {
    summary: 'Change a table',
    tag: SEATING,
    caller: 'host',
    description: 'Any subset of the fields. A capacity below the seated count is taken (the table is then over-full). 409 `CONFLICT`: another table of the activity has that number.',
    body: SeatingTableUpdateSchema,
    answers: { 200: ref('SeatingTable') },
    errors: [409],
  },
  'DELETE /occasion/:occasionId/table/:tableId': {
    summary: 'Remove a table',
    tag: SEATING,
    caller: 'host',
    description: 'Its guests become unseated (no release: they still attend).',
    answers: { 204: 'none' },
  },
  'POST /occasion/:occasionId/activity/:activityId/seats': {
    summary: 'Seat or unseat guests',
    tag: SEATING,
    caller: 'host',
    description:
      'Seats 1 to 500 guests at `tableId` (moving any seated at another table of the activity), or unseats them when `tableId` is null; all or nothing. ' +
      '404: a guest not of this occasion, or a table not of this activity. 400 (issue `guestIds.N`): a guest not `ATTENDING` this activity. ' +
      '409 `TABLE_FULL`: more newcomers than the table’s free seats, unless `overCapacity` is true. Answers the whole seating after the change.',
    body: SeatAssignSchema,
    answers: { 200: ref('Seating') },
    errors: [409],
  },
  'DELETE /occasion/:occasionId/activity/:activityId/releases': {
    summary: 'Dismiss the notices of freed seats',
    tag: SEATING,
    caller: 'host',
    answers: { 204: 'none' },
  },
};
