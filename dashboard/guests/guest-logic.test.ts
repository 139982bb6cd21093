import { describe, expect, it, vi } from 'vitest';
import type { Activity } from '../../core/schemas/activity';
import type { Guest } from '../../core/schemas/guest';
import { embedSnippet, mealTotals, missingAddress } from '../occasion/overview-page';
import { chunk, inviteLines, replyLines, uninviteLines } from './bulk-writes';
import { invitationChanges } from './guest-dialog';
import { EMPTY_FILTERS, filterGuests, NO_HOUSEHOLD, searchKey, toRows, warmSearchKeys } from './guest-filters';
import { plural } from '../components/format';

function guest(id: string, firstName: string, lastName: string, fields: Partial<Guest> = {}): Guest {
  return {
    id,
    occasionId: 'o',
    householdId: null,
    firstName,
    lastName,
    email: '',
    phone: '',
    ageGroup: 'ADULT',
    plusOneAllowed: false,
    plusOneOf: null,
    dietaryNotes: '',
    attributes: {},
    notes: '',
    invitations: [],
    createdAt: '',
    updatedAt: '',
    ...fields,
  };
}

const guests = [
  guest('g1', 'Zoë', "O'Brien", {
    householdId: 'h1',
    attributes: { side: ['bride'] },
    invitations: [{ inviteLineId: 'l1', activityId: 'a1', response: 'ATTENDING', mealChoice: 'fish' }],
  }),
  guest('g2', 'Anna', 'Smith', { householdId: 'h1', invitations: [{ inviteLineId: 'l2', activityId: 'a1', response: 'PENDING', mealChoice: null }] }),
  guest('g3', 'Diana', 'Smithers', { invitations: [{ inviteLineId: 'l3', activityId: 'a2', response: 'DECLINED', mealChoice: null }] }),
];
const rows = toRows(guests);
const ids = (filters: Partial<typeof EMPTY_FILTERS>) => filterGuests(rows, { ...EMPTY_FILTERS, ...filters }).map((row) => row.guest.id);

describe('guest filters', () => {
  it('searches names by word prefixes, ignoring case, accents and punctuation', () => {
    expect(searchKey("Zoë O'Brien")).toBe(' zoe obrien o brien');
    expect(ids({ search: 'zoe obr' })).toEqual(['g1']);
    expect(ids({ search: 'zoe o bri' })).toEqual(['g1']);
    expect(ids({ search: 'smith' })).toEqual(['g2', 'g3']);
    expect(ids({ search: 'ANNA smi' })).toEqual(['g2']);
    expect(ids({ search: 'ana' })).toEqual([]); // "Diana" and "Anna" do not start with "ana"
  });

  it('makes each search key when first read, or in idle time after the first paint; the same key either way', async () => {
    const many = toRows(Array.from({ length: 1000 }, (_, i) => guest(`m${i}`, i % 2 ? 'Zoë' : 'Ann-Marie', `O'Brien ${i}`)));
    expect(many[3]!.key).toBe(searchKey("Zoë O'Brien 3"));
    warmSearchKeys(many);
    await vi.waitFor(() => expect((many[999] as unknown as { made?: string }).made).toBe(searchKey("Zoë O'Brien 999")));
    expect(many.every((row, i) => row.key === searchKey(`${row.guest.firstName} ${row.guest.lastName}`) && row.guest.id === `m${i}`)).toBe(true);
    // Stopped before it starts, it makes none.
    const idle = toRows([guest('x1', 'Ida', 'Idle')]);
    warmSearchKeys(idle)();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((idle[0] as unknown as { made?: string }).made).toBeUndefined();
  });

  it('writes counts as en-US does (core formatCount)', () => {
    expect(plural(10_000, 'guest')).toBe('10,000 guests');
    expect(plural(1, 'guest')).toBe('1 guest');
  });

  it('finds names as hosts type them: without apostrophes, hyphens or accents, or with them', () => {
    const named = toRows([guest('p1', 'Zoë', "O'Brien"), guest('p2', 'Anne-Marie', 'Smith-Jones'), guest('p3', 'José', 'Núñez'), guest('p4', 'Ob', 'Rien')]);
    const find = (search: string) => filterGuests(named, { ...EMPTY_FILTERS, search }).map((row) => row.guest.id);
    expect(find('obrien')).toEqual(['p1']);
    expect(find("o'brien")).toEqual(['p1']);
    expect(find('O’Brien')).toEqual(['p1']);
    expect(find('brien')).toEqual(['p1']);
    expect(find('zoe')).toEqual(['p1']);
    expect(find('annemarie')).toEqual(['p2']);
    expect(find('anne marie')).toEqual(['p2']);
    expect(find('marie jones')).toEqual(['p2']);
    expect(find('smith-jo')).toEqual(['p2']);
    expect(find('jose nunez')).toEqual(['p3']);
    expect(find('NÚÑEZ')).toEqual(['p3']);
    expect(find('ob')).toEqual(['p1', 'p4']);
    expect(find("'-")).toEqual(['p1', 'p2', 'p3', 'p4']);
  });

  it('filters by household, attribute, activity and response', () => {
    expect(ids({ householdId: 'h1' })).toEqual(['g1', 'g2']);
    expect(ids({ householdId: NO_HOUSEHOLD })).toEqual(['g3']);
    expect(ids({ attribute: 'side=bride' })).toEqual(['g1']);
    expect(ids({ activityId: 'a1', response: 'ATTENDING' })).toEqual(['g1']);
    expect(ids({ activityId: 'a1', response: 'NOT_INVITED' })).toEqual(['g3']);
    expect(ids({ activityId: 'a1', response: 'INVITED' })).toEqual(['g1', 'g2']);
    expect(ids({ response: 'DECLINED' })).toEqual(['g3']);
    expect(filterGuests(rows, EMPTY_FILTERS)).toBe(rows);
  });
});

describe('bulk invite lines', () => {
  it('invites only guests not yet invited, removes only those who are, and records answers', () => {
    expect(inviteLines(guests, ['a1'])).toEqual([{ guestId: 'g3', activityId: 'a1', invited: true }]);
    expect(uninviteLines(guests, ['a2'])).toEqual([{ guestId: 'g3', activityId: 'a2', invited: false }]);
    expect(replyLines(guests.slice(0, 1), 'a1', 'DECLINED', 'fish')).toEqual([
      { guestId: 'g1', activityId: 'a1', invited: true, response: 'DECLINED', mealChoice: null },
    ]);
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('turns the guest form’s invitations into the changed lines only', () => {
    const before = guests[0]!.invitations;
    expect(
      invitationChanges('g1', before, {
        a1: { response: 'ATTENDING', mealChoice: 'fish' },
        a2: { response: 'NONE', mealChoice: '' },
      }),
    ).toEqual([]);
    expect(
      invitationChanges('g1', before, {
        a1: { response: 'NONE', mealChoice: '' },
        a2: { response: 'DECLINED', mealChoice: 'fish' },
      }),
    ).toEqual([
      { guestId: 'g1', activityId: 'a1', invited: false },
      { guestId: 'g1', activityId: 'a2', invited: true, response: 'DECLINED', mealChoice: null },
    ]);
  });
});

describe('overview', () => {
  it('counts meal choices of attending guests', () => {
    const dinner = { id: 'a1', mealOptions: [{ value: 'fish', text: 'Fish' }, { value: 'veg', text: 'Vegetarian' }] } as Activity;
    expect(mealTotals(dinner, guests)).toEqual([
      { text: 'Fish', count: 1 },
      { text: 'Vegetarian', count: 0 },
    ]);
  });

  it('finds households without a postal address', () => {
    const base = { addressLine1: '1 Main St', city: 'Springfield', postalCode: '' };
    expect(missingAddress(base as never)).toBe(false);
    expect(missingAddress({ ...base, addressLine1: ' ' } as never)).toBe(true);
    expect(missingAddress({ ...base, city: '' } as never)).toBe(true);
  });

  it('writes the embed snippet for the occasion', () => {
    expect(embedSnippet('https://rsvp.example.com', 'abc123')).toBe(
      '<script src="https://rsvp.example.com/widget.js" async></script>\n<kindly-rsvp occasion="abc123"></kindly-rsvp>',
    );
  });
});
