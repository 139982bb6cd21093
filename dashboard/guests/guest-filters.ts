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

/** Lower case without accents: `Zoë O'Brien` → `zoe o'brien`. */
function folded(text: string): string {
  // Most names are plain ASCII: skip the Unicode normalisation for them (10,000 names per list).
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const PUNCTUATION = /[^\p{L}\p{N}]+/u;

/**
 * A name as search finds it, with a space before each word: case and accents ignored, and each
 * word written both without its punctuation and split at it, so `Zoë O'Brien-Hall` →
 * ` zoe obrienhall o brien hall`: `obrien`, `o'brien`, `brien` and `hall` all find it.
 */
export function searchKey(text: string): string {
  const words = folded(text)
    .split(/\s+/)
    .flatMap((word) => {
      const parts = word.split(PUNCTUATION).filter(Boolean);
      return parts.length > 1 ? [parts.join(''), ...parts] : parts;
    });
  return words.length > 0 ? ` ${words.join(' ')}` : '';
}

/** What a host typed, as the words a {@link searchKey} must hold: `O'Bri` → `['obri']`. */
export function searchWords(query: string): string[] {
  return folded(query)
    .split(/\s+/)
    .map((word) => word.split(PUNCTUATION).join(''))
    .filter(Boolean);
}

/** Whether a {@link searchKey} holds every word, each as the start of one of its words. */
export function matchesWords(key: string, words: readonly string[]): boolean {
  for (const word of words) if (!key.includes(` ${word}`)) return false;
  return true;
}

/** A guest with its search key (made once per list, not per keystroke). */
export interface GuestRow {
  readonly guest: Guest;
  readonly key: string;
}

/**
 * A row whose search key is made the first time it is read: the list's first render does not
 * make 10,000 keys (~50 ms at 4× CPU, in the task that shows the rows); {@link warmSearchKeys}
 * makes them in idle time after it, before the host types.
 */
class LazyRow implements GuestRow {
  private made: string | undefined;
  constructor(readonly guest: Guest) {}
  get key(): string {
    return (this.made ??= searchKey(`${this.guest.firstName} ${this.guest.lastName}`));
  }
}

export function toRows(guests: readonly Guest[]): GuestRow[] {
  return guests.map((guest) => new LazyRow(guest));
}

/**
 * Makes the rows' search keys in idle time, a few hundred at a time (each slice well under a
 * frame at 4× CPU), so that the first search finds them made. Returns a function that stops.
 */
export function warmSearchKeys(rows: readonly GuestRow[]): () => void {
  let next = 0;
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = typeof requestIdleCallback === 'function';
  const step = (deadline?: IdleDeadline) => {
    const until = performance.now() + Math.min(deadline?.timeRemaining() ?? 8, 8);
    while (next < rows.length && performance.now() < until) {
      for (const end = Math.min(rows.length, next + 200); next < end; next++) void rows[next]!.key;
    }
    if (next < rows.length) schedule();
  };
  const schedule = () => {
    if (idle) idleHandle = requestIdleCallback(step, { timeout: 1000 });
    else timer = setTimeout(step, 0);
  };
  schedule();
  return () => {
    if (idleHandle !== undefined) cancelIdleCallback(idleHandle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** Whether any filter is set. */
export function isFiltered(filters: GuestFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}

/** The rows that pass every filter, in list order. */
export function filterGuests(rows: readonly GuestRow[], filters: GuestFilters): GuestRow[] {
  const words = searchWords(filters.search);
  const [categoryId, value] = filters.attribute ? splitAttribute(filters.attribute) : ['', ''];
  const { householdId, activityId, response } = filters;
  if (words.length === 0 && !householdId && !categoryId && !response) return rows as GuestRow[];
  return rows.filter(({ guest, key }) => {
    if (!matchesWords(key, words)) return false;
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
