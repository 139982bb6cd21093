import { describe, expect, it } from 'vitest';
import type { CheckInList, CheckInMark } from '../../core/schemas/check-in';
import { adjustCounts, applyMarks, currentActivity, householdKey, matchingHouseholds } from './arrivals';
import { createMarkQueue, newMarkId, queueKey } from './mark-queue';

const list: CheckInList = {
  activities: [
    { id: 'dinner', name: 'Dinner', startsAt: '2099-06-12T18:00:00.000Z' },
    { id: 'brunch', name: 'Brunch', startsAt: '2099-06-13T10:00:00.000Z' },
  ],
  households: [
    {
      id: 'h1',
      name: 'The Smiths',
      code: 'ABCDE12345',
      guests: [
        { id: 'g1', firstName: 'Jane', lastName: 'Smith', expected: ['dinner'], arrived: [] },
        { id: 'g2', firstName: 'Zoë', lastName: 'Smith', expected: ['dinner', 'brunch'], arrived: ['dinner'] },
      ],
    },
    { id: null, name: 'Ada Lovelace', code: null, guests: [{ id: 'g3', firstName: 'Ada', lastName: 'Lovelace', expected: [], arrived: [] }] },
  ],
  counts: [
    { activityId: 'dinner', expected: 2, arrived: 1 },
    { activityId: 'brunch', expected: 1, arrived: 0 },
  ],
  revision: '7',
};

let made = 0;
const mark = (guestId: string, activityId: string, arrived: boolean): CheckInMark => ({ id: `mark-${++made}-x`, guestId, activityId, arrived, at: '2099-06-12T18:05:00.000Z' });

describe('the door drawing its marks over the server list', () => {
  it('applies marks in order: an arrival, its undo, an arrival again', () => {
    const marks = [mark('g1', 'dinner', true), mark('g1', 'dinner', false), mark('g1', 'brunch', true), mark('g2', 'dinner', false)];
    const shown = applyMarks(list, marks);
    const [jane, zoe] = shown.households[0]!.guests;
    expect(jane!.arrived).toEqual(['brunch']);
    expect(zoe!.arrived).toEqual([]);
    // The server's list itself is untouched, and a household without marks is the same object.
    expect(list.households[0]!.guests[0]!.arrived).toEqual([]);
    expect(shown.households[1]).toBe(list.households[1]);
    expect(applyMarks(list, [])).toBe(list);
  });

  it('moves the counts by what the marks change, not by how many there are', () => {
    // Zoë arrived already: a second arrival moves nothing; Jane's and Ada's (not expected) count.
    const marks = [mark('g2', 'dinner', true), mark('g1', 'dinner', true), mark('g3', 'dinner', true), mark('g3', 'brunch', false)];
    expect(adjustCounts(list.counts, list, marks)).toEqual([
      { activityId: 'dinner', expected: 2, arrived: 3 },
      { activityId: 'brunch', expected: 1, arrived: 0 },
    ]);
    expect(adjustCounts(list.counts, list, [mark('g2', 'dinner', false)])[0]!.arrived).toBe(0);
  });

  it('finds households by any member or the household name, ignoring case and accents', () => {
    expect(matchingHouseholds(list.households, 'zoe').map((h) => h.name)).toEqual(['The Smiths']);
    expect(matchingHouseholds(list.households, 'SMITHS jane').map((h) => h.name)).toEqual(['The Smiths']);
    expect(matchingHouseholds(list.households, 'love').map((h) => h.name)).toEqual(['Ada Lovelace']);
    expect(matchingHouseholds(list.households, '  ')).toHaveLength(2);
    expect(matchingHouseholds(list.households, 'nobody')).toEqual([]);
    expect(list.households.map(householdKey)).toEqual(['h1', 'guest:g3']);
  });

  it('starts on the latest activity that has begun, else the first', () => {
    expect(currentActivity(list.activities, Date.parse('2099-06-01T00:00:00Z'))).toBe('dinner');
    expect(currentActivity(list.activities, Date.parse('2099-06-13T11:00:00Z'))).toBe('brunch');
    expect(currentActivity([], Date.now())).toBeUndefined();
  });
});

describe('the queue of marks in localStorage', () => {
  it('keeps marks in order across a reload of the page, per occasion', () => {
    localStorage.clear();
    const first = createMarkQueue('o1', localStorage);
    const seen: number[] = [];
    first.subscribe(() => seen.push(first.marks().length));
    const a = mark('g1', 'dinner', true);
    const b = mark('g1', 'dinner', false);
    first.add(a);
    first.add(b);
    expect(createMarkQueue('o1', localStorage).marks()).toEqual([a, b]);
    expect(createMarkQueue('o2', localStorage).marks()).toEqual([]);
    first.remove(new Set([a.id]));
    expect(createMarkQueue('o1', localStorage).marks()).toEqual([b]);
    first.remove(new Set([b.id]));
    expect(localStorage.getItem(queueKey('o1'))).toBeNull();
    expect(seen).toEqual([1, 2, 1, 0]);
  });

  it('leaves out what is not a mark in storage, and survives storage that is not JSON', () => {
    localStorage.setItem(queueKey('o3'), JSON.stringify([{ id: 'x' }, mark('g1', 'dinner', true), 'text']));
    expect(createMarkQueue('o3', localStorage).marks()).toHaveLength(1);
    localStorage.setItem(queueKey('o4'), '{not json');
    expect(createMarkQueue('o4', localStorage).marks()).toEqual([]);
  });

  it('makes ids the contract takes, each one new', () => {
    const ids = new Set(Array.from({ length: 100 }, newMarkId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
