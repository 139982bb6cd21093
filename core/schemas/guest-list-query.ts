import * as v from 'valibot';
import { limitParam } from './limit-param';
import { strictBody } from './strict-body';

/** The most guests `GET …/guests?limit=` answers: a few screens of rows, never a second list. */
export const GUEST_LIST_LIMIT_MAX = 500;

/* @__NO_SIDE_EFFECTS__ */
function guestListQuerySchema() {
  return strictBody({
    limit: v.optional(limitParam(GUEST_LIST_LIMIT_MAX)),
  });
}

/**
 * The query of `GET /occasion/{id}/guests` (beyond the contract, additive): without `limit` the
 * whole list; with `limit` (1 to {@link GUEST_LIST_LIMIT_MAX}) its first `limit` guests, in the
 * list's order (last name, first name, id). Query values are strings; `limit` comes out as a number.
 */
export const GuestListQuerySchema: GuestListQuerySchemaType = /* @__PURE__ */ guestListQuerySchema();

/** The schema type of {@link GuestListQuerySchema}. */
export type GuestListQuerySchemaType = ReturnType<typeof guestListQuerySchema>;

/** A valid guest list query. */
export type GuestListQuery = v.InferOutput<typeof GuestListQuerySchema>;
