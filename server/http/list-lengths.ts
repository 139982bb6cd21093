import type * as v from 'valibot';
import { ApiError } from '../data/api-error';

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const SPACE = 32;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;

/**
 * The number of items of each array that is a field of the body's top-level object
 * (`{"lines":[…]}` → `lines` → n), counted on the text without parsing it. A bulk body of
 * millions of empty rows costs seconds and hundreds of megabytes to parse; counting it costs a
 * pass over the characters. The text need not be valid JSON: parsing still decides that.
 */
export function topLevelListLengths(text: string): Map<string, number> {
  const lengths = new Map<string, number>();
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = 0;
  let lastKey = '';
  let listKey: string | undefined;
  let commas = 0;
  let hasItem = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === BACKSLASH) escaped = true;
      else if (ch === QUOTE) {
        inString = false;
        if (depth === 1) lastKey = text.slice(stringStart + 1, i);
      }
      continue;
    }
    if (ch === OPEN_BRACE || ch === OPEN_BRACKET) {
      if (depth === 1 && ch === OPEN_BRACKET) [listKey, commas, hasItem] = [lastKey, 0, false];
      else if (depth === 2) hasItem = true;
      depth++;
    } else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) {
      depth--;
      if (depth === 1 && listKey !== undefined) {
        lengths.set(listKey, hasItem ? commas + 1 : 0);
        listKey = undefined;
      }
    } else {
      if (ch === QUOTE) [inString, stringStart] = [true, i];
      if (depth === 2 && listKey !== undefined) {
        if (ch === COMMA) commas++;
        else if (ch > SPACE) hasItem = true;
      }
    }
  }
  return lengths;
}

/** A schema or action as far as this check looks into it: a pipe's items, an action's bound. */
interface PipeItem {
  readonly type: string;
  readonly requirement?: unknown;
  readonly message?: unknown;
  readonly pipe?: readonly PipeItem[];
  /** An optional field's schema. */
  readonly wrapped?: PipeItem;
}

/** The `maxLength` action of a field's schema, looking through pipes within pipes and optional fields. */
function maxLengthOf(item: PipeItem | undefined): PipeItem | undefined {
  if (!item) return undefined;
  if (item.type === 'max_length') return item;
  for (const inner of [...(item.pipe ?? []), ...(item.wrapped ? [item.wrapped] : [])]) {
    const found = inner === item ? undefined : maxLengthOf(inner);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses a body whose top-level list holds more items than its schema's `maxLength` allows,
 * before the body is parsed: the schema's own message, at the list's path, 400 `VALIDATION_FAILED`.
 */
export function refuseLongLists(schema: v.GenericSchema, text: string): void {
  const entries = (schema as { readonly entries?: Record<string, PipeItem> }).entries;
  if (!entries) return;
  for (const [key, length] of topLevelListLengths(text)) {
    const bound = Object.prototype.hasOwnProperty.call(entries, key) ? maxLengthOf(entries[key]) : undefined;
    if (!bound || typeof bound.requirement !== 'number' || length <= bound.requirement) continue;
    const message = typeof bound.message === 'string' ? bound.message : `At most ${bound.requirement} entries.`;
    throw new ApiError(400, 'VALIDATION_FAILED', message, [{ path: key, message }]);
  }
}
