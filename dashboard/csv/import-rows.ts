/** What an import makes of a file: per row, the guests and household it would write. */
import type { AnswerValue } from '../../core/schemas/answer';
import type { Guest } from '../../core/schemas/guest';
import type { InviteResponse } from '../../core/schemas/invite-line';
import type { HouseholdField } from './columns';

/** One invitation as a row states it; `null` means "not invited". */
export type ImportInvitation = { response: InviteResponse; mealChoice: string | null } | null;

/** Question id → the answer a row states; null clears it. */
export type ImportAnswers = Map<string, AnswerValue | null>;

/** One guest a row creates or updates. */
export interface ImportGuest {
  /** The bulk row (`GuestUpsert` input) without its household. */
  upsert: Record<string, unknown>;
  /** The guest it updates (the row's Guest ID is one of this occasion's), if any. */
  existing?: Guest;
  /** Activity id → the invitation the row states; activities without a column are left alone. */
  invitations: Map<string, ImportInvitation>;
  /** The row's Guest ID as the file gives it (another occasion's, when importing a copy). */
  fileId?: string;
  /** The Guest ID (in the file or the occasion) whose plus-one this is; null: nobody's; left out: not stated. */
  plusOneOf?: string | null;
  /** For the preview. */
  name: string;
  /** The answers to guest questions the row states. */
  answers?: ImportAnswers;
}

/** Address and contact fields for the household, as `PUT household` takes them. */
export type ImportAddress = Partial<Record<Exclude<HouseholdField, 'name'>, string>>;

/** What one data row of the file becomes. */
export interface ImportRow {
  /** The line in the file (the header is line 1). */
  line: number;
  /** The guest, and the partner when the row names one. */
  guests: ImportGuest[];
  /** The household to put them in; `''` for none. */
  householdName: string;
  /** Whether the household column was mapped, so an empty one means "no household". */
  householdGiven: boolean;
  /** Household fields the row gives (only keys of mapped columns). */
  address: ImportAddress;
  /** Why the row cannot be imported; such rows are left out. */
  problems: string[];
  /** Why it looks like a guest that exists or an earlier row (a warning). */
  duplicates: string[];
  /** The answers to household questions the row states. */
  householdAnswers?: ImportAnswers;
}

/** The check of a whole file. */
export interface ImportPreview {
  rows: ImportRow[];
  /** Problems of the mapping itself; nothing can be imported until they are fixed. */
  mappingProblems: string[];
  /** Rows with problems. */
  badRows: number;
  /** Rows that look like duplicates. */
  duplicateRows: number;
  /** The ids of the occasion's guests (a plus-one may point at one the file leaves out). */
  occasionGuestIds: ReadonlySet<string>;
}
