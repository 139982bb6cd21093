import type { Guest } from '../../core/schemas/guest';
import type { InviteResponse } from '../../core/schemas/invite-line';

/** How the guest list is narrowed. */
export interface GuestFilters {
  /** Words that must all appear in the guest's name (case, accents and punctuation ignored). */
  search: string;
  /** `''` any, {@link NO_HOUSEHOLD} none, or a household id. */
  householdId: string;
  /** `''` any, or `<categoryId>=<value>`. */
  attribute: string;
  /** `''` any activity, or an activity id the response filter applies to. */
  activityId: string;
  /** `''` any; `INVITED`, `NOT_INVITED`, or a response. */
  response: '' | 'INVITED' | 'NOT_INVITED' | InviteResponse;
}

export const NO_HOUSEHOLD = '__none__';

const ASCII = /^[\x20-\x7e]*$/;

export const EMPTY_FILTERS: GuestFilters = { search: '', householdId: '', attribute: '', activityId: '', response: '' };

/** Lower case without accents or punctuation, for name search: `Zoë O'Brien` → `zoe o brien`. */
export function searchKey(text: string): string {
  // Most names are plain ASCII: skip the Unicode normalisation for them (10,000 names per list).
  if (ASCII.test(text)) return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A guest with its precomputed search key (built once per list, not per keystroke). */
export interface GuestRow {
  guest: Guest;
  key: string;
}

export function toRows(guests: readonly Guest[]): GuestRow[] {
  return guests.map((guest) => ({ guest, key: ` ${searchKey(`${guest.firstName} ${guest.lastName}`)}` }));
}

/** Whether any filter is set. */
export function isFiltered(filters: GuestFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}

/** The rows that pass every filter, in list order. */
export function filterGuests(rows: readonly GuestRow[], filters: GuestFilters): GuestRow[] {
  const words = searchKey(filters.search).split(' ').filter(Boolean);
  const [categoryId, value] = filters.attribute ? splitAttribute(filters.attribute) : ['', ''];
  const { householdId, activityId, response } = filters;
  if (words.length === 0 && !householdId && !categoryId && !response) return rows as GuestRow[];
  return rows.filter(({ guest, key }) => {
    for (const word of words) if (!key.includes(` ${word}`)) return false;
    if (householdId === NO_HOUSEHOLD ? guest.householdId !== null : householdId && guest.householdId !== householdId) return false;
    if (categoryId && !(guest.attributes[categoryId] ?? []).includes(value)) return false;
    if (response) {
      const invitations = activityId ? guest.invitations.filter((i) => i.activityId === activityId) : guest.invitations;
      if (response === 'NOT_INVITED') return invitations.length === 0;
      if (response === 'INVITED') return invitations.length > 0;
      return invitations.some((invitation) => invitation.response === response);
    }
    return true;
  });
}

/** `<categoryId>=<value>` → its parts (a value may itself contain `=`). */
export function splitAttribute(attribute: string): [string, string] {
  const at = attribute.indexOf('=');
  return at === -1 ? [attribute, ''] : [attribute.slice(0, at), attribute.slice(at + 1)];
}
