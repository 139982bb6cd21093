import * as v from 'valibot';
import { choice, flag, list, nullOr, uniqueItems } from './field';
import { strictBody } from './strict-body';
import { idField, text } from './text';

/** The answers an invite line can hold. */
export const inviteResponseValues: readonly ['PENDING', 'ATTENDING', 'DECLINED'] = ['PENDING', 'ATTENDING', 'DECLINED'];

/** A guest's answer for one activity: not yet, yes or no. */
export type InviteResponse = (typeof inviteResponseValues)[number];

/** A response field: `PENDING`, `ATTENDING` or `DECLINED`. */
export const InviteResponseSchema = /* @__PURE__ */ choice(inviteResponseValues, 'Response');

/** Who recorded the answer: the guest through the widget, or the host (phone, paper). */
export type RespondedBy = 'GUEST' | 'HOST';

/** A meal choice: a value of the activity's meal options (checked by the server), or null. */
export const MealChoiceSchema = /* @__PURE__ */ nullOr(/* @__PURE__ */ text({ label: 'Meal choice', min: 1 }));
const guestId = /* @__PURE__ */ idField({ label: 'Guest id' });
const activityId = /* @__PURE__ */ idField({ label: 'Activity id' });

/**
 * The body of `POST .../invite-line`: invites a guest to an activity; `response` defaults to
 * `PENDING`, `mealChoice` to null. At most one line per guest and activity (server: 409).
 */
export const InviteLineCreateSchema = /* @__PURE__ */ strictBody({
  guestId,
  activityId,
  response: /* @__PURE__ */ v.optional(InviteResponseSchema, 'PENDING'),
  mealChoice: /* @__PURE__ */ v.optional(MealChoiceSchema, null),
});

/** A valid invite line create body, defaults applied. */
export type InviteLineCreate = v.InferOutput<typeof InviteLineCreateSchema>;

/** The body of `PUT .../invite-line/{inviteLineId}`: the answer only; guest and activity are fixed. */
export const InviteLineUpdateSchema = /* @__PURE__ */ strictBody({
  response: /* @__PURE__ */ v.optional(InviteResponseSchema),
  mealChoice: /* @__PURE__ */ v.optional(MealChoiceSchema),
});

/** A valid invite line update body. */
export type InviteLineUpdate = v.InferOutput<typeof InviteLineUpdateSchema>;

/** One row of the invite-line bulk body: `invited: false` removes the line. */
export const InviteLinesBulkRowSchema = /* @__PURE__ */ strictBody(
  {
    guestId,
    activityId,
    invited: /* @__PURE__ */ flag('Invited'),
    response: /* @__PURE__ */ v.optional(InviteResponseSchema),
    mealChoice: /* @__PURE__ */ v.optional(MealChoiceSchema),
  },
  { label: 'Each line' },
);

/** A valid row of the invite-line bulk body. */
export type InviteLinesBulkRow = v.InferOutput<typeof InviteLinesBulkRowSchema>;

/**
 * The body of `PUT .../invite-lines` (bulk, all or nothing): 1 to 50,000 rows, each guest and
 * activity pair at most once (a repeat is an issue on the repeating row, `lines.7`).
 */
export const InviteLinesBulkSchema = /* @__PURE__ */ strictBody({
  lines: /* @__PURE__ */ v.pipe(
    /* @__PURE__ */ list(InviteLinesBulkRowSchema, {
      label: 'Lines',
      min: 1,
      max: 50000,
      tooFew: 'Lines needs at least one line.',
    }),
    /* @__PURE__ */ uniqueItems(
      (row: InviteLinesBulkRow) => `${row.guestId} ${row.activityId}`,
      (_, first) => `This guest and activity are already in lines.${first}.`,
    ),
  ),
});

/** A valid invite-line bulk body. */
export type InviteLinesBulk = v.InferOutput<typeof InviteLinesBulkSchema>;

/** One guest invited to one activity, and the answer, as the API answers it. */
export interface InviteLine extends InviteLineCreate {
  id: string;
  occasionId: string;
  /** When the answer was recorded (ISO 8601 UTC), or null while pending. */
  respondedAt: string | null;
  respondedBy: RespondedBy | null;
}
