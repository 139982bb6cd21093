import * as v from 'valibot';
import { AnswerValueSchema } from './answer';
import { crossCheck, flag, integer, list, uniqueItems } from './field';
import { guestUpsertSchema, type GuestUpsert } from './guest';
import { HouseholdUpdateSchema } from './household';
import { InviteResponseSchema, MealChoiceSchema } from './invite-line';
import { strictBody } from './strict-body';
import { idField } from './text';

/** The most guest rows one import writes. */
export const GUEST_IMPORT_MAX_ROWS = 20_000;
/** The most invitation rows one import states (a guest per activity). */
export const GUEST_IMPORT_MAX_INVITATIONS = 100_000;
/** The most answers one import states. */
export const GUEST_IMPORT_MAX_ANSWERS = 100_000;

const guestRow = /* @__PURE__ */ integer({ label: 'Guest row', min: 0, max: GUEST_IMPORT_MAX_ROWS - 1 });

/** The import key: 8 to 64 letters, digits, `-` or `_`, made by the client once per import. */
const importKey = /* @__PURE__ */ v.pipe(
  v.string('Import key must be text.'),
  v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Import key must be 8 to 64 letters, digits, "-" or "_".'),
  v.title('Import key'),
);

/** A household named by the guest rows, with the address and contact fields to give it. */
const ImportHouseholdSchema = /* @__PURE__ */ v.pipe(
  HouseholdUpdateSchema,
  crossCheck<{ name?: string }>(['name'], 'name', (row) => (row.name === undefined ? 'Household name is required.' : undefined)),
);

/** One stated invitation of the guest of row `guestRow`: `invited: false` takes it back. */
const ImportInvitationSchema = /* @__PURE__ */ strictBody(
  {
    guestRow,
    activityId: idField({ label: 'Activity id' }),
    invited: flag('Invited'),
    response: v.optional(InviteResponseSchema),
    mealChoice: v.optional(MealChoiceSchema),
  },
  { label: 'Each invitation' },
);

/**
 * One stated answer of the guest of row `guestRow`; for a question asked once per household it
 * is that guest's household's answer. A blank value or null removes a stored answer.
 */
const ImportAnswerSchema = /* @__PURE__ */ strictBody(
  {
    questionId: idField({ label: 'Question id' }),
    guestRow,
    value: v.nullable(AnswerValueSchema),
  },
  { label: 'Each answer' },
);

/* @__NO_SIDE_EFFECTS__ */
function guestImportSchema() {
  return strictBody({
    key: importKey,
    guests: v.pipe(
      list(guestUpsertSchema(GUEST_IMPORT_MAX_ROWS - 1), { label: 'Guests', min: 1, max: GUEST_IMPORT_MAX_ROWS, tooFew: 'Guests needs at least one guest.' }),
      uniqueItems(
        (row: GuestUpsert) => row.id,
        (_, first) => `This guest is already in guests.${first}.`,
        'id',
      ),
    ),
    households: v.optional(
      v.pipe(
        list(ImportHouseholdSchema, { label: 'Households', max: GUEST_IMPORT_MAX_ROWS }),
        uniqueItems(
          (row: { name?: string }) => row.name,
          (_, first) => `This household is already in households.${first}.`,
          'name',
        ),
      ),
      [],
    ),
    invitations: v.optional(
      v.pipe(
        list(ImportInvitationSchema, { label: 'Invitations', max: GUEST_IMPORT_MAX_INVITATIONS }),
        uniqueItems(
          (row: v.InferOutput<typeof ImportInvitationSchema>) => `${row.guestRow} ${row.activityId}`,
          (_, first) => `This guest and activity are already in invitations.${first}.`,
        ),
      ),
      [],
    ),
    answers: v.optional(list(ImportAnswerSchema, { label: 'Answers', max: GUEST_IMPORT_MAX_ANSWERS }), []),
  });
}

/**
 * The body of `POST /host/v1/occasion/{occasionId}/import`: a whole CSV import, written all or
 * nothing. `key` names the import (the same key again answers the first import's result);
 * `guests` are guest bulk rows (households by `householdName`, plus-ones by `plusOneOfRow`), 1 to
 * {@link GUEST_IMPORT_MAX_ROWS}; `households` give the address fields of households the rows
 * name (by `name`, each once); `invitations` and `answers` name their guest by row.
 */
export const GuestImportSchema: GuestImportSchemaType = /* @__PURE__ */ guestImportSchema();

/** The schema type of {@link GuestImportSchema}. */
export type GuestImportSchemaType = ReturnType<typeof guestImportSchema>;

/** A valid import body. */
export type GuestImport = v.InferOutput<typeof GuestImportSchema>;

/** An import body as the client builds it. */
export type GuestImportInput = v.InferInput<typeof GuestImportSchema>;

/** How many rows of one kind an import created, changed and removed. */
export interface ImportCounts {
  created: number;
  updated: number;
  removed: number;
}

/** The answer of an import (and of the same import sent again). */
export interface GuestImportResult {
  importId: string;
  /** When it was written (ISO 8601 UTC). */
  createdAt: string;
  /** The id of each guest row's guest, in row order. */
  guestIds: string[];
  /** The households it created or whose fields it changed. */
  householdIds: string[];
  guests: ImportCounts;
  households: ImportCounts;
  invitations: ImportCounts;
  answers: ImportCounts;
}

/** The path parameters of an import's undo. */
export const GuestImportParamsSchema = /* @__PURE__ */ strictBody({ occasionId: idField({ label: 'Occasion id' }), importId: idField({ label: 'Import id' }) });

/** The answer of an import's undo. */
export interface GuestImportUndoResult {
  importId: string;
  /** When it was undone (ISO 8601 UTC). */
  undoneAt: string;
}
