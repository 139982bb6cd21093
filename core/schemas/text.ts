import * as v from 'valibot';
import { flag, uniqueItems, type FlagSchema } from './field';
import { strictBody, type StrictBodySchema } from './strict-body';
import { formatCount } from '../format/format-count';

/** Options of {@link text} and {@link longText}. */
export interface TextOptions {
  /** Most characters (Unicode code points) allowed; 200 for `text`, 5,000 for `longText`. */
  readonly max?: number;
  /** Fewest characters; 0 unless given. With 1, an empty value reads `<label> is required.` */
  readonly min?: number;
  /** What people call the field, used in messages: `First name must be at most 100 characters.` */
  readonly label?: string;
}

/** Options of {@link email}. */
export interface EmailOptions {
  /** What people call the field; `Email` unless given. */
  readonly label?: string;
  /** Most characters; 254 (the longest deliverable address) unless given. */
  readonly max?: number;
  /** Whether an empty value is refused (`Email is required.`); false unless given. */
  readonly required?: boolean;
}

/** Options of the labelled primitives ({@link isoDateField}, {@link instantField}, {@link idField}). */
export interface LabelOptions {
  /** What people call the field, used in messages. */
  readonly label?: string;
}

/**
 * What a string field tells forms about itself, read with `v.getMetadata(schema)`:
 * its length limits (in characters), whether it takes several lines, and its format.
 */
export type StringFieldInfo = {
  readonly minLength: number;
  readonly maxLength: number;
  readonly multiline: boolean;
  readonly format: 'text' | 'email' | 'date' | 'instant' | 'id';
};

/**
 * The shape of every string field schema of this module: a string, one raw transformation that
 * cleans, checks and (for instants) normalises it, its title (the label) and its metadata.
 */
export type StringFieldSchema = v.SchemaWithPipe<
  readonly [
    v.StringSchema<string>,
    v.RawTransformAction<string, string>,
    v.TitleAction<string, string>,
    v.MetadataAction<string, StringFieldInfo>,
  ]
>;

/** Default label when a field is used without one. */
const FIELD = 'This field';

/**
 * C0 and C1 control characters, bidirectional overrides and isolates, line and paragraph
 * separators, and lone surrogates (which no database can store faithfully).
 */
const NOT_ALLOWED = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;
/** The same, but tab, line feed and carriage return are allowed (multi-line fields). */
const NOT_ALLOWED_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;

/** Counts Unicode code points, so an emoji is one character, as people (and databases) count. */
function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** Cleans single-line text: trims and NFC-normalises. */
function cleanLine(value: string): string {
  return value.trim().normalize('NFC');
}

/** Cleans multi-line text: line breaks become `\n`, then trims and NFC-normalises. */
function cleanLines(value: string): string {
  return value.replace(/\r\n?|[\u2028\u2029]/g, '\n').trim().normalize('NFC');
}

/**
 * Builds a string field: cleans the value, refuses characters that are not allowed, checks the
 * length and then the format-specific rule, and outputs the (possibly normalised) value.
 */
/* @__NO_SIDE_EFFECTS__ */
function stringField(
  label: string,
  info: StringFieldInfo,
  clean: (value: string) => string,
  rule?: (value: string) => { message: string } | { value: string },
): StringFieldSchema {
  const { minLength, maxLength, multiline, format } = info;
  // Dates, instants and ids are judged by their format alone: "must be a real date" reads
  // better than "must be at most 10 characters", and their rules refuse long values anyway.
  const formatDecides = rule !== undefined && format !== 'email';
  const notAllowed = multiline ? NOT_ALLOWED_MULTILINE : NOT_ALLOWED;
  return v.pipe(
    v.string(`${label} must be text.`),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const value = clean(dataset.value);
      let message: string | undefined;
      if (notAllowed.test(value)) message = `${label} contains characters that are not allowed.`;
      else if (value === '' && minLength > 0) message = `${label} is required.`;
      else if (!formatDecides) {
        const count = value.length > maxLength || value.length < minLength * 2 ? characterCount(value) : value.length;
        if (count > maxLength) message = `${label} must be at most ${formatCount(maxLength)} characters.`;
        else if (count < minLength) message = `${label} must be at least ${minLength} characters.`;
      }
      if (message === undefined && value !== '' && rule) {
        const result = rule(value);
        if ('message' in result) message = result.message;
        else return result.value;
      }
      if (message !== undefined) {
        addIssue({ message });
        return NEVER;
      }
      return value;
    }),
    v.title(label),
    v.metadata(info),
  );
}

/**
 * A single-line text field (contract section 1): the string is trimmed and NFC-normalised;
 * control characters, bidirectional overrides and isolates are refused; the length is checked
 * in characters (code points), at most 200 unless `max` says otherwise.
 *
 * @example text({ label: 'First name', min: 1, max: 100 })
 * @param options Length limits and the label used in messages.
 * @returns A valibot schema whose output is the cleaned string.
 */
/* @__NO_SIDE_EFFECTS__ */
export function text(options: TextOptions = {}): StringFieldSchema {
  const { max = 200, min = 0, label = FIELD } = options;
  return stringField(label, { minLength: min, maxLength: max, multiline: false, format: 'text' }, cleanLine);
}

/**
 * A multi-line text field for descriptions, notes and messages: like {@link text}, but tabs and
 * line breaks are allowed (`\r\n` and `\r` become `\n`), and the default maximum is 5,000.
 *
 * @param options Length limits and the label used in messages.
 * @returns A valibot schema whose output is the cleaned string.
 */
/* @__NO_SIDE_EFFECTS__ */
export function longText(options: TextOptions = {}): StringFieldSchema {
  const { max = 5000, min = 0, label = FIELD } = options;
  return stringField(label, { minLength: min, maxLength: max, multiline: true, format: 'text' }, cleanLines);
}

/**
 * Local part and domain of an address: dot-separated atoms of letters, digits and the usual
 * symbols (apostrophes included: `o'brien@example.com`), a domain of at least two labels that
 * neither start nor end with a hyphen, and a top-level domain of letters (or an `xn--` label).
 * Unicode letters are allowed for internationalised addresses.
 */
const EMAIL =
  /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;

/**
 * An email field: text that is empty or a valid address of at most 254 characters.
 * Case is kept as typed; the server compares addresses case-insensitively.
 *
 * @param options The label (`Email` unless given), the maximum, and whether it is required.
 * @returns A valibot schema whose output is the cleaned address or `''`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function email(options: EmailOptions = {}): StringFieldSchema {
  const { label = 'Email', max = 254, required = false } = options;
  return stringField(
    label,
    { minLength: required ? 1 : 0, maxLength: max, multiline: false, format: 'email' },
    cleanLine,
    (value) => {
      const at = value.lastIndexOf('@');
      return EMAIL.test(value) && at <= 64 ? { value } : { message: `${label} must be a valid email address.` };
    },
  );
}

/** A required email address (`Email is required.`), for the host's account and sign-in. */
export const requiredEmail: StringFieldSchema = /* @__PURE__ */ email({ required: true });

/** Whether `year-month-day` is a real day of the proleptic Gregorian calendar. */
function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date field written `YYYY-MM-DD` that must name a real day (no 2027-02-30).
 *
 * @param options The label used in messages (`Date` unless given).
 * @returns A valibot schema whose output is the date string.
 */
/* @__NO_SIDE_EFFECTS__ */
export function isoDateField(options: LabelOptions = {}): StringFieldSchema {
  const { label = 'Date' } = options;
  return stringField(label, { minLength: 1, maxLength: 10, multiline: false, format: 'date' }, cleanLine, (value) => {
    const match = ISO_DATE.exec(value);
    return match && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))
      ? { value }
      : { message: `${label} must be a real date written YYYY-MM-DD.` };
  });
}

/** A calendar date `YYYY-MM-DD` (see {@link isoDateField}). */
export const isoDate: StringFieldSchema = /* @__PURE__ */ isoDateField();

/**
 * ISO 8601 date and time with a time zone designator: `T` (or a space) between date and time,
 * minutes required, seconds and fractions optional, `Z` or an offset `±hh:mm` / `±hhmm`.
 */
const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})[T ]([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/i;

/**
 * An instant field: an ISO 8601 date and time with a time zone designator (`Z` or an offset),
 * output normalised to UTC as `new Date(value).toISOString()`, e.g. `2027-06-12T22:00:00.000Z`.
 * Values without a time zone are refused: they would mean different instants in different places.
 *
 * @param options The label used in messages (`Date and time` unless given).
 * @returns A valibot schema whose output is the UTC ISO string.
 */
/* @__NO_SIDE_EFFECTS__ */
export function instantField(options: LabelOptions = {}): StringFieldSchema {
  const { label = 'Date and time' } = options;
  const message = `${label} must be a date and time with a time zone, like 2027-06-12T22:00:00Z.`;
  return stringField(label, { minLength: 1, maxLength: 40, multiline: false, format: 'instant' }, cleanLine, (value) => {
    const match = ISO_INSTANT.exec(value);
    if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))) return { message };
    const time = Date.parse(value.replace(' ', 'T').toUpperCase());
    if (Number.isNaN(time)) return { message };
    const iso = new Date(time).toISOString();
    return /^\d{4}-/.test(iso) ? { value: iso } : { message };
  });
}

/** An instant, normalised to a UTC ISO string (see {@link instantField}). */
export const instant: StringFieldSchema = /* @__PURE__ */ instantField();

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * An id field: a non-empty string of at most 64 letters, digits, `_` and `-` (URL-safe).
 *
 * @param options The label used in messages (`Id` unless given).
 * @returns A valibot schema whose output is the id.
 */
/* @__NO_SIDE_EFFECTS__ */
export function idField(options: LabelOptions = {}): StringFieldSchema {
  const { label = 'Id' } = options;
  return stringField(label, { minLength: 1, maxLength: 64, multiline: false, format: 'id' }, cleanLine, (value) =>
    ID.test(value) ? { value } : { message: `${label} is not a valid id.` },
  );
}

/** An id: 1 to 64 characters of `[A-Za-z0-9_-]` (see {@link idField}). */
export const id: StringFieldSchema = /* @__PURE__ */ idField();

/** Options of {@link optionEntryList}. */
export interface OptionEntryListOptions {
  /** What people call the list, used in messages; `Options` unless given. */
  readonly label?: string;
  /** Most entries; 200 unless given. */
  readonly max?: number;
}

/** The schema type of {@link optionEntry}. */
export type OptionEntrySchema = StrictBodySchema<{
  readonly value: StringFieldSchema;
  readonly text: StringFieldSchema;
  readonly disabled: v.OptionalSchema<FlagSchema, undefined>;
}>;

/**
 * One option entry `{ value, text, disabled? }` (contract section 2), strict: other keys are
 * refused. `value` and `text` are required, non-empty, at most 200 characters.
 */
export const optionEntry: OptionEntrySchema = /* @__PURE__ */ strictBody(
  {
    value: /* @__PURE__ */ text({ label: 'Option value', min: 1 }),
    text: /* @__PURE__ */ text({ label: 'Option text', min: 1 }),
    disabled: /* @__PURE__ */ v.optional(/* @__PURE__ */ flag('Disabled')),
  },
  { label: 'Each option' },
);

/** One option entry as the schemas output it. */
type OptionEntryOutput = v.InferOutput<OptionEntrySchema>;

/** The schema type of {@link optionEntryList} and {@link optionEntries}. */
export type OptionEntriesSchema = v.SchemaWithPipe<
  readonly [
    v.ArraySchema<OptionEntrySchema, string>,
    v.MaxLengthAction<OptionEntryOutput[], number, string>,
    v.RawCheckAction<OptionEntryOutput[]>,
    v.TitleAction<OptionEntryOutput[], string>,
  ]
>;

/**
 * A list of option entries whose values are unique within the list; a repeated value is an
 * issue on the repeating entry's `value` (path `mealOptions.2.value`).
 *
 * @param options The label used in messages and the most entries allowed.
 * @returns A valibot schema whose output is the list of cleaned entries.
 */
/* @__NO_SIDE_EFFECTS__ */
export function optionEntryList(options: OptionEntryListOptions = {}): OptionEntriesSchema {
  const { label = 'Options', max = 200 } = options;
  return v.pipe(
    v.array(optionEntry, `${label} must be a list.`),
    v.maxLength(max, `${label} can have at most ${max} entries.`),
    uniqueItems<OptionEntryOutput>(
      (entry) => entry.value,
      (value) => `Option value "${value}" is used more than once.`,
      'value',
    ),
    v.title(label),
  );
}

/** A list of option entries with unique values, at most 200 (see {@link optionEntryList}). */
export const optionEntries: OptionEntriesSchema = /* @__PURE__ */ optionEntryList();
