import * as v from 'valibot';
import { flag, list } from './field';
import { strictBody } from './strict-body';
import { idField, instantField } from './text';

/** The characters of a check-in code: Crockford base32, `0-9A-Z` without I, L, O and U. */
export const CHECK_IN_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** How many characters a check-in code has (50 random bits). */
export const CHECK_IN_CODE_LENGTH = 10;

/** The most marks one `POST …/check-in` carries. */
export const CHECK_IN_MARKS_MAX = 200;

/** Crockford look-alikes a person may type or a card may print: O reads as zero, I and L as one. */
const LOOK_ALIKES: Readonly<Record<string, string>> = { O: '0', I: '1', L: '1' };

const CODE = /^[0-9A-HJKMNP-TV-Z]{10}$/;

/** The path of a check-in link, `/c/{code}`, anywhere in a scanned text (dashes allowed within). */
const LINK_PATH = /\/c\/([0-9A-Za-z -]{10,30})(?:[/?#]|$)/;

/**
 * A check-in code from what a door screen reads: a typed code (any case, spaces and dashes
 * ignored, Crockford look-alikes O → 0 and I, L → 1 mapped) or a scanned check-in link
 * (`https://…/c/ABCDE12345`). Compatibility-normalised first, so full-width characters count.
 *
 * @param input What was typed or scanned.
 * @returns The code as stored (10 characters, no dash), or undefined when the input holds none.
 */
export function checkInCodeFrom(input: string): string | undefined {
  const text = input.normalize('NFKC').trim();
  const link = LINK_PATH.exec(text);
  const candidate = (link ? link[1]! : text)
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[OIL]/g, (letter) => LOOK_ALIKES[letter] ?? letter);
  return CODE.test(candidate) ? candidate : undefined;
}

/**
 * A check-in code as cards and screens show it: `ABCDE12345` → `ABCDE-12345`. Anything that
 * is not a code is returned unchanged.
 */
export function formatCheckInCode(code: string): string {
  return CODE.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

const MARK_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** A mark's id: made by the door screen, 8 to 64 characters of `[A-Za-z0-9_-]`. */
const markIdField = /* @__PURE__ */ v.pipe(
  v.string('Mark id must be text.'),
  v.regex(MARK_ID, 'Mark id must be 8 to 64 letters, digits, "_" or "-".'),
  v.title('Mark id'),
);

/* @__NO_SIDE_EFFECTS__ */
function checkInMarkSchema() {
  return strictBody(
    {
      id: markIdField,
      guestId: idField({ label: 'Guest id' }),
      activityId: idField({ label: 'Activity id' }),
      arrived: flag('Arrived'),
      at: instantField({ label: 'Marked at' }),
    },
    { label: 'Mark' },
  );
}

/* @__NO_SIDE_EFFECTS__ */
function checkInMarksSchema() {
  return strictBody({
    marks: list(checkInMarkSchema(), { label: 'Marks', min: 1, max: CHECK_IN_MARKS_MAX, tooFew: 'Give at least one mark.' }),
  });
}

/** One door screen's mark: a guest arrived at an activity (`arrived: true`) or the undo of it. */
export const CheckInMarkSchema: CheckInMarkSchemaType = /* @__PURE__ */ checkInMarkSchema();

/** The schema type of {@link CheckInMarkSchema}. */
export type CheckInMarkSchemaType = ReturnType<typeof checkInMarkSchema>;

/**
 * The body of `POST /host/v1/occasion/{occasionId}/check-in`: `{ marks }`, 1 to 200 marks, applied
 * in order in one transaction; a mark whose `id` was already applied is skipped.
 */
export const CheckInMarksSchema: CheckInMarksSchemaType = /* @__PURE__ */ checkInMarksSchema();

/** The schema type of {@link CheckInMarksSchema}. */
export type CheckInMarksSchemaType = ReturnType<typeof checkInMarksSchema>;

/** A valid mark. `at` is when the door screen made it, normalised to UTC. */
export type CheckInMark = v.InferOutput<typeof CheckInMarkSchema>;

/** A valid marks body. */
export type CheckInMarks = v.InferOutput<typeof CheckInMarksSchema>;

/** A guest on the door's check-in list. */
export interface CheckInGuest {
  id: string;
  firstName: string;
  lastName: string;
  /** Ids of the activities whose invitation this guest answered `ATTENDING`. */
  expected: string[];
  /** Ids of the activities this guest was checked in at. */
  arrived: string[];
}

/**
 * A household on the door's check-in list, guests by last then first name. A guest in no
 * household is a household of one: `id: null`, `name` their full name, `code: null`.
 */
export interface CheckInHousehold {
  id: string | null;
  name: string;
  /** The household's check-in code (10 characters, no dash), or null for a guest alone. */
  code: string | null;
  guests: CheckInGuest[];
}

/** One activity's numbers at the door. */
export interface CheckInCount {
  activityId: string;
  /** Invitations answered `ATTENDING`. */
  expected: number;
  /** Arrivals recorded, expected or not. */
  arrived: number;
}

/** An activity as the door lists it. */
export interface CheckInActivity {
  id: string;
  name: string;
  startsAt: string;
}

/** `GET /host/v1/occasion/{occasionId}/check-in`. */
export interface CheckInList {
  /** By start time. */
  activities: CheckInActivity[];
  /** By name. */
  households: CheckInHousehold[];
  counts: CheckInCount[];
  /** Changes whenever an arrival changes. */
  revision: string;
}

/** `GET …/check-in/counts` and the answer of `POST …/check-in`. */
export interface CheckInCounts {
  counts: CheckInCount[];
  revision: string;
}
