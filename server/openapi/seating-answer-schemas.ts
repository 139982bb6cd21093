import { SeatingTableCreateSchema } from '../../core/schemas';
import { arrayOf, entity, id, instant, ref, string, strictObject, type JsonSchema } from './json-schema';

/** What the seating routes answer, as JSON Schema; they mirror core's types in `core/schemas/seating.ts`. */
export const HOST_SEATING_SCHEMAS: Record<string, JsonSchema> = {
  SeatingTable: entity(SeatingTableCreateSchema, { id, activityId: id, createdAt: instant, updatedAt: instant }),
  Seating: strictObject({
    activityId: id,
    tables: arrayOf(ref('SeatingTable')),
    seats: arrayOf(strictObject({ guestId: id, tableId: id })),
    releases: arrayOf(strictObject({ guestId: id, tableId: id, tableName: string, releasedAt: instant })),
  }),
};
