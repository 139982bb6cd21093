import * as v from 'valibot';
import { choice, flag, integer, nullOr, uniqueItems } from './field';
import { strictBody } from './strict-body';
import { idField, text } from './text';
import { formatCount } from '../format/format-count';

/** The shapes a table can have, as the seating plan draws it. */
export const TABLE_SHAPES: readonly ['ROUND', 'LONG'] = ['ROUND', 'LONG'];

/** A table's shape: `ROUND` or `LONG`. */
export type TableShape = (typeof TABLE_SHAPES)[number];

/** How people call each shape, for pickers. */
export const TABLE_SHAPE_NAMES: Readonly<Record<TableShape, string>> = { ROUND: 'Round', LONG: 'Long' };

/** The highest table number. */
export const TABLE_NUMBER_MAX = 999;

/** The most seats one table has. */
export const TABLE_CAPACITY_MAX = 200;

/** The most guests one seat request moves. */
export const SEAT_ASSIGN_MAX = 500;

/** The writable fields of a table, without defaults (shared by create and update). */
/* @__NO_SIDE_EFFECTS__ */
function tableFields() {
  return {
    name: text({ label: 'Name', min: 1, max: 80 }),
    number: integer({ label: 'Table number', min: 1, max: TABLE_NUMBER_MAX }),
    shape: choice(TABLE_SHAPES, 'Shape'),
    capacity: integer({ label: 'Capacity', min: 1, max: TABLE_CAPACITY_MAX }),
  };
}

/* @__NO_SIDE_EFFECTS__ */
function seatingTableCreateSchema() {
  const fields = tableFields();
  return strictBody({
    name: fields.name,
    number: v.optional(fields.number),
    shape: v.optional(fields.shape, 'ROUND'),
    capacity: fields.capacity,
  });
}

/* @__NO_SIDE_EFFECTS__ */
function seatingTableUpdateSchema() {
  return v.partial(strictBody(tableFields()));
}

/**
 * The body of `POST /host/v1/occasion/{occasionId}/activity/{activityId}/tables`: `name` (1 to 80)
 * and `capacity` (1 to 200) are required; `number` (1 to 999, unique within the activity) defaults,
 * on the server, to one above the highest; `shape` defaults to `ROUND`.
 */
export const SeatingTableCreateSchema: SeatingTableCreateSchemaType = /* @__PURE__ */ seatingTableCreateSchema();

/** The schema type of {@link SeatingTableCreateSchema}. */
export type SeatingTableCreateSchemaType = ReturnType<typeof seatingTableCreateSchema>;

/** A valid table create body, defaults applied (`number` may still be absent). */
export type SeatingTableCreate = v.InferOutput<typeof SeatingTableCreateSchema>;

/** The body of `PUT /host/v1/occasion/{occasionId}/table/{tableId}`: any subset of the writable fields. */
export const SeatingTableUpdateSchema: SeatingTableUpdateSchemaType = /* @__PURE__ */ seatingTableUpdateSchema();

/** The schema type of {@link SeatingTableUpdateSchema}. */
export type SeatingTableUpdateSchemaType = ReturnType<typeof seatingTableUpdateSchema>;

/** A valid table update body. */
export type SeatingTableUpdate = v.InferOutput<typeof SeatingTableUpdateSchema>;

/* @__NO_SIDE_EFFECTS__ */
function seatAssignSchema() {
  return strictBody({
    guestIds: v.pipe(
      // The count first: a huge list costs one issue and no item checks.
      v.array(v.unknown(), 'Guest ids must be a list.'),
      v.minLength(1, 'Give at least one guest id.'),
      v.maxLength(SEAT_ASSIGN_MAX, `Guest ids can have at most ${formatCount(SEAT_ASSIGN_MAX)} entries.`),
      v.array(idField({ label: 'Guest id' })),
      uniqueItems(
        (guestId: string) => guestId,
        (_, first) => `This guest is already in guestIds.${first}.`,
      ),
    ),
    tableId: nullOr(idField({ label: 'Table id' })),
    overCapacity: v.optional(flag('Over capacity'), false),
  });
}

/**
 * The body of `POST /host/v1/occasion/{occasionId}/activity/{activityId}/seats` (all or nothing):
 * 1 to 500 distinct `guestIds` to seat at `tableId` (moved from any other table of the activity),
 * or to unseat when `tableId` is null; `overCapacity: true` lets the table take more guests than
 * it has free seats. `tableId` is required, so leaving it out never unseats anyone by accident.
 */
export const SeatAssignSchema: SeatAssignSchemaType = /* @__PURE__ */ seatAssignSchema();

/** The schema type of {@link SeatAssignSchema}. */
export type SeatAssignSchemaType = ReturnType<typeof seatAssignSchema>;

/** A valid seat request, defaults applied. */
export type SeatAssign = v.InferOutput<typeof SeatAssignSchema>;

/** A table of an activity's seating plan, as the API answers it. */
export interface SeatingTable {
  id: string;
  activityId: string;
  name: string;
  /** 1 to 999, unique within the activity. */
  number: number;
  shape: TableShape;
  /** 1 to 200; may be below the seated count (the table shows as over-full). */
  capacity: number;
  createdAt: string;
  updatedAt: string;
}

/** One guest's seat at one activity: a guest has at most one per activity. */
export interface Seat {
  guestId: string;
  tableId: string;
}

/**
 * A seat the server freed because its guest stopped attending (a reply or an edit moved the
 * invitation away from `ATTENDING`, or the invitation or guest was removed), kept as a notice
 * for the host until dismissed. `guestId` may name a guest since deleted.
 */
export interface SeatRelease {
  guestId: string;
  tableId: string;
  /** The table's name when the seat was freed. */
  tableName: string;
  releasedAt: string;
}

/** An activity's whole seating: tables by number, the seats, the notices of freed seats. */
export interface Seating {
  activityId: string;
  tables: SeatingTable[];
  seats: Seat[];
  releases: SeatRelease[];
}
