import * as v from 'valibot';
import { uniqueItems } from './field';
import { strictBody } from './strict-body';
import { idField } from './text';
import { formatCount } from '../format/format-count';

/** The most guests one bulk delete removes. */
export const GUEST_BULK_DELETE_MAX = 10000;

/* @__NO_SIDE_EFFECTS__ */
function guestBulkDeleteSchema() {
  return strictBody({
    ids: v.pipe(
      // The count first: a huge list costs one issue and no item checks.
      v.array(v.unknown(), 'Guest ids must be a list.'),
      v.minLength(1, 'Give at least one guest id.'),
      v.maxLength(GUEST_BULK_DELETE_MAX, `Guest ids can have at most ${formatCount(GUEST_BULK_DELETE_MAX)} entries.`),
      v.array(idField({ label: 'Guest id' })),
      uniqueItems(
        (id: string) => id,
        (_, first) => `This guest is already in ids.${first}.`,
      ),
    ),
  });
}

/**
 * The body of `POST /host/v1/occasions/{occasionId}/guests/delete` (bulk, all or nothing):
 * `{ ids }`, 1 to 10,000 guest ids, each at most once (a repeat is an issue on its index,
 * `ids.12`). The count is checked before the items.
 */
export const GuestBulkDeleteSchema: GuestBulkDeleteSchemaType = /* @__PURE__ */ guestBulkDeleteSchema();

/** The schema type of {@link GuestBulkDeleteSchema}. */
export type GuestBulkDeleteSchemaType = ReturnType<typeof guestBulkDeleteSchema>;

/** A valid guest bulk delete body. */
export type GuestBulkDelete = v.InferOutput<typeof GuestBulkDeleteSchema>;

/** The answer of the guest bulk delete route. */
export interface GuestBulkDeleteResult {
  /** How many guests were deleted: every id of the request. */
  deleted: number;
}
