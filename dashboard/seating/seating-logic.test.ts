import { describe, expect, it } from 'vitest';
import type { Activity } from '../../core/schemas/activity';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import type { Seating, SeatingTable } from '../../core/schemas/seating';
import { attributeOptions, csvRows, escortCards, filterGuests, groupByHousehold, NONE, planSeating, releaseText, seatingFileName } from './seating-logic';

function guest(id: string, firstName: string, lastName: string, fields: Partial<Guest> & { response?: 'ATTENDING' | 'DECLINED' | 'PENDING'; meal?: string | null } = {}): Guest {
  const { response = 'ATTENDING', meal = null, ...rest } = fields;
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
    invitations: [{ inviteLineId: `l-${id}`, activityId: 'dinner', response, mealChoice: meal }],
    createdAt: '',
    updatedAt: '',
    ...rest,
  };
}

const activity = {
  id: 'dinner',
  name: 'Dinner',
  mealOptions: [
    { value: 'fish', text: 'Fish' },
    { value: 'beef', text: 'Beef' },
  ],
} as Activity;

const household = (id: string, name: string) => ({ id, name }) as Household;
const households = [household('h1', 'Lee'), household('h2', 'Okafor')];

const table = (id: string, number: number, name: string, capacity: number): SeatingTable => ({ id, activityId: 'dinner', name, number, shape: 'ROUND', capacity, createdAt: '', updatedAt: '' });

const guests = [
  guest('g1', 'Ana', 'Lee', { householdId: 'h1', meal: 'beef', dietaryNotes: 'No nuts' }),
  guest('g2', 'Ben', 'Lee', { householdId: 'h1', meal: 'fish', attributes: { side: ['bride'] } }),
  guest('g3', 'Chi', 'Okafor', { householdId: 'h2', meal: 'fish' }),
  guest('g4', 'Dee', 'Okafor', { householdId: 'h2', plusOneOf: 'g3' }),
  guest('g5', 'Eve', 'Adams', { response: 'DECLINED' }),
  guest('g6', 'Fay', 'Zed', { response: 'PENDING' }),
  guest('g7', 'Gus', 'Brown', { attributes: { side: ['groom'] } }),
];

const seating: Seating = {
  activityId: 'dinner',
  tables: [table('t1', 1, 'Roses', 2), table('t2', 2, 'Tulips', 1)],
  seats: [
    { guestId: 'g1', tableId: 't1' },
    { guestId: 'g3', tableId: 't1' },
    { guestId: 'g2', tableId: 't2' },
    { guestId: 'g4', tableId: 't2' },
  ],
  releases: [],
};

describe('the seating plan', () => {
  const plan = planSeating(activity, guests, households, seating);

  it('seats only attending guests, plus-ones included, and lists the rest of them as unseated', () => {
    expect(plan.attending).toBe(5);
    expect(plan.seated).toBe(4);
    expect(plan.unseated.map((g) => g.name)).toEqual(['Gus Brown']);
    expect(plan.tables.map((t) => t.guests.map((g) => g.name))).toEqual([
      ['Ana Lee', 'Chi Okafor'],
      ['Ben Lee', 'Dee Okafor'],
    ]);
  });

  it('marks over-full tables and households split over tables', () => {
    expect(plan.overFull.map((t) => t.table.name)).toEqual(['Tulips']);
    expect(plan.tables[0]!.overFull).toBe(false);
    expect(plan.splitHouseholds.map((s) => [s.household.name, s.tables])).toEqual([
      ['Lee', ['Table 1 · Roses', 'Table 2 · Tulips']],
      ['Okafor', ['Table 1 · Roses', 'Table 2 · Tulips']],
    ]);
  });

  it('counts meals in the activity’s order, and lists dietary notes per table', () => {
    expect(plan.tables[0]!.meals).toEqual([
      { meal: 'Fish', count: 1 },
      { meal: 'Beef', count: 1 },
    ]);
    expect(plan.tables[1]!.meals).toEqual([
      { meal: 'Fish', count: 1 },
      { meal: 'No meal chosen', count: 1 },
    ]);
    expect(plan.tables[0]!.dietary).toEqual([{ name: 'Ana Lee', notes: 'No nuts' }]);
    expect(plan.tables[1]!.dietary).toEqual([]);
  });

  it('treats a seat at a table that is gone as no seat', () => {
    const gone = planSeating(activity, guests, households, { ...seating, seats: [{ guestId: 'g7', tableId: 'old' }] });
    expect(gone.unseated.map((g) => g.name)).toContain('Gus Brown');
    expect(gone.seated).toBe(0);
  });

  it('filters by household, tag and meal, and groups by household', () => {
    const everyone = planSeating(activity, guests, households, { ...seating, seats: [] }).unseated;
    expect(filterGuests(everyone, { householdId: 'h1', attribute: '', meal: '' }).map((g) => g.name)).toEqual(['Ana Lee', 'Ben Lee']);
    expect(filterGuests(everyone, { householdId: '', attribute: 'side:groom', meal: '' }).map((g) => g.name)).toEqual(['Gus Brown']);
    expect(filterGuests(everyone, { householdId: '', attribute: '', meal: 'fish' }).map((g) => g.name)).toEqual(['Ben Lee', 'Chi Okafor']);
    expect(filterGuests(everyone, { householdId: '', attribute: '', meal: NONE }).map((g) => g.name)).toEqual(['Gus Brown', 'Dee Okafor']);
    expect(groupByHousehold(everyone).map((group) => [group.household?.name ?? null, group.guests.map((g) => g.name)])).toEqual([
      ['Lee', ['Ana Lee', 'Ben Lee']],
      ['Okafor', ['Chi Okafor', 'Dee Okafor']],
      [null, ['Gus Brown']],
    ]);
    expect(attributeOptions([{ id: 'side', name: 'Side', options: [{ value: 'bride', text: 'Bride' }] } as never])).toEqual([{ value: 'side:bride', text: 'Side: Bride' }]);
  });

  it('writes one CSV row per seated guest, by table, and escort cards by last name', () => {
    expect(csvRows(plan)).toEqual([
      ['1', 'Roses', 'Lee', 'Ana', 'Lee', 'Beef', 'No nuts'],
      ['1', 'Roses', 'Okafor', 'Chi', 'Okafor', 'Fish', ''],
      ['2', 'Tulips', 'Lee', 'Ben', 'Lee', 'Fish', ''],
      ['2', 'Tulips', 'Okafor', 'Dee', 'Okafor', '', ''],
    ]);
    expect(escortCards(plan).map(({ guest: g, table: t }) => `${g.name} → ${t.number}`)).toEqual(['Ana Lee → 1', 'Ben Lee → 2', 'Chi Okafor → 1', 'Dee Okafor → 2']);
    expect(seatingFileName('Sam & Alex’s Wedding', 'Dinner')).toBe('sam-alex-s-wedding-dinner-seating.csv');
  });

  it('words a freed seat, for a guest since removed and a table since deleted too', () => {
    const byId = new Map(guests.map((g) => [g.id, g]));
    expect(releaseText({ guestId: 'g1', tableId: 't1', tableName: 'Roses', releasedAt: '' }, byId, seating.tables)).toBe('Ana Lee no longer attends; their seat at table 1 (Roses) is free.');
    expect(releaseText({ guestId: 'gone', tableId: 'old', tableName: 'Lilies', releasedAt: '' }, byId, seating.tables)).toBe('A guest who was removed no longer attends; their seat at Lilies is free.');
  });
});
