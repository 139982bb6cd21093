/**
 * What the words in a spreadsheet's cells mean: yes and no, age groups, responses, countries and
 * states, and options named by their value or their text.
 */
import { countryOptions, statesForCountry } from '../../core/options';
import type { Guest } from '../../core/schemas/guest';
import type { InviteResponse } from '../../core/schemas/invite-line';
import { normaliseHeader } from './columns';

const TRUE_WORDS = new Set(['yes', 'y', 'true', '1', 'x', 'allowed', 'oui', 'si', 'ja']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', 'none', '-', 'non', 'nein']);

/** A yes-or-no cell: `true`, `false`, or `undefined` when it is neither (empty is neither). */
export function yesNoValue(text: string): boolean | undefined {
  const word = text.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

const AGE_WORDS: Record<string, Guest['ageGroup']> = {
  adult: 'ADULT',
  child: 'CHILD',
  kid: 'CHILD',
  children: 'CHILD',
  infant: 'INFANT',
  baby: 'INFANT',
  toddler: 'INFANT',
};

/** An age group as written (`kid`, `Baby`), or the text in capitals for the schema to judge. */
export function ageGroupValue(text: string): Guest['ageGroup'] {
  return AGE_WORDS[normaliseHeader(text)] ?? (text.toUpperCase() as Guest['ageGroup']);
}

const RESPONSE_WORDS: Record<string, InviteResponse | null> = {
  attending: 'ATTENDING',
  attend: 'ATTENDING',
  accepted: 'ATTENDING',
  accept: 'ATTENDING',
  yes: 'ATTENDING',
  going: 'ATTENDING',
  confirmed: 'ATTENDING',
  declined: 'DECLINED',
  decline: 'DECLINED',
  regrets: 'DECLINED',
  no: 'DECLINED',
  notattending: 'DECLINED',
  notgoing: 'DECLINED',
  pending: 'PENDING',
  invited: 'PENDING',
  awaiting: 'PENDING',
  noresponse: 'PENDING',
  noreply: 'PENDING',
  notinvited: null,
  '': null,
};

/** A response as written; `null`: not invited (also an empty cell); `undefined`: not a response. */
export function responseValue(text: string): InviteResponse | null | undefined {
  return RESPONSE_WORDS[normaliseHeader(text)];
}

const COUNTRY_ALIASES: Record<string, string> = {
  us: 'USA',
  usa: 'USA',
  unitedstates: 'USA',
  unitedstatesofamerica: 'USA',
  america: 'USA',
  uk: 'United Kingdom',
  greatbritain: 'United Kingdom',
  england: 'United Kingdom',
  scotland: 'United Kingdom',
  wales: 'United Kingdom',
  ca: 'Canada',
};

/** A country as written in a file → the country list's value (or the text unchanged). */
export function countryValue(text: string): string {
  const key = normaliseHeader(text);
  if (key === '') return '';
  const aliased = COUNTRY_ALIASES[key];
  if (aliased) return aliased;
  const option = countryOptions.find((entry) => normaliseHeader(entry.value) === key || normaliseHeader(entry.text) === key);
  return option ? option.value : text;
}

/** A state as written in a file (`New York`, `ny`) → its code for the USA and Canada. */
export function stateValue(text: string, country: string): string {
  const options = statesForCountry(country);
  if (options.length === 0 || text === '') return text;
  const key = normaliseHeader(text);
  const option = options.find((entry) => normaliseHeader(entry.value) === key || normaliseHeader(entry.text) === key);
  return option ? option.value : text;
}

/** An option's text for its value (the value itself when no option has it). */
export function optionText(options: readonly { value: string; text: string }[], value: string): string {
  return options.find((option) => option.value === value)?.text ?? value;
}

/** An option's value for a cell: the value itself, or the text, ignoring case. */
export function matchOption<O extends { value: string; text: string }>(options: readonly O[], cell: string): O | undefined {
  return (
    options.find((option) => option.value === cell) ??
    options.find((option) => option.text.toLowerCase() === cell.toLowerCase()) ??
    options.find((option) => option.value.toLowerCase() === cell.toLowerCase())
  );
}

/**
 * The values of a cell that lists several options joined with `;`, where an option's own text
 * may contain `;` (the longest run of parts that names an option wins).
 */
export function splitOptions(options: readonly { value: string; text: string }[], text: string): string[] {
  if (text === '') return [];
  // Parts and the separators between them, so a run can be rejoined exactly as written.
  const pieces = text.split(/(\s*;\s*)/);
  const parts: string[] = [];
  let i = 0;
  while (i < pieces.length) {
    let end = i;
    for (let j = pieces.length - 1; j > i; j -= 2) {
      if (matchOption(options, pieces.slice(i, j + 1).join(''))) {
        end = j;
        break;
      }
    }
    const part = pieces.slice(i, end + 1).join('').trim();
    if (part) parts.push(part);
    i = end + 2;
  }
  return parts;
}
