import type { CheckInCount, CheckInHousehold, CheckInList, CheckInMark } from '../../core/schemas/check-in';

/**
 * The door's view of arrivals: the server's list with the marks it has not seen yet applied on
 * top, in order, so a mark shows at once, online or not. Pure functions of their arguments.
 */

/** The list with `marks` applied in order (an arrival added once, removed by an undo); the same object when none changes it. */
export function applyMarks(list: CheckInList, marks: readonly CheckInMark[]): CheckInList {
  if (marks.length === 0) return list;
  const byGuest = new Map<string, CheckInMark[]>();
  for (const mark of marks) byGuest.set(mark.guestId, [...(byGuest.get(mark.guestId) ?? []), mark]);
  const households = list.households.map((household) => {
    if (!household.guests.some((guest) => byGuest.has(guest.id))) return household;
    return {
      ...household,
      guests: household.guests.map((guest) => {
        const own = byGuest.get(guest.id);
        if (!own) return guest;
        const arrived = new Set(guest.arrived);
        for (const mark of own) {
          if (mark.arrived) arrived.add(mark.activityId);
          else arrived.delete(mark.activityId);
        }
        return { ...guest, arrived: [...arrived] };
      }),
    };
  });
  return { ...list, households };
}

/** Arrivals per activity in a list. */
function arrivalsByActivity(list: CheckInList): Map<string, number> {
  const counts = new Map<string, number>();
  for (const household of list.households) {
    for (const guest of household.guests) for (const id of guest.arrived) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/**
 * The server's counts moved by what `marks` change in `list` (a mark that changes nothing, such
 * as a second arrival of the same guest, moves nothing).
 */
export function adjustCounts(counts: readonly CheckInCount[], list: CheckInList, marks: readonly CheckInMark[]): CheckInCount[] {
  if (marks.length === 0) return [...counts];
  const before = arrivalsByActivity(list);
  const after = arrivalsByActivity(applyMarks(list, marks));
  return counts.map((count) => ({ ...count, arrived: Math.max(0, count.arrived + (after.get(count.activityId) ?? 0) - (before.get(count.activityId) ?? 0)) }));
}

/** Lower case without accents, so "zoe" finds "Zoë". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A guest's whole name. */
export const fullName = (guest: { firstName: string; lastName: string }): string => `${guest.firstName} ${guest.lastName}`.trim();

/** The households whose name or a member's name holds every word of the search. */
export function matchingHouseholds(households: readonly CheckInHousehold[], search: string): CheckInHousehold[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...households];
  return households.filter((household) => {
    const text = fold(`${household.name} ${household.guests.map(fullName).join(' ')}`);
    return words.every((word) => text.includes(word));
  });
}

/** A household's key in the door's list: its id, or its one guest's id for a guest without a household. */
export const householdKey = (household: CheckInHousehold): string => household.id ?? `guest:${household.guests[0]?.id ?? household.name}`;

/**
 * The activity a door screen starts on: the latest that has started by `now`, else the first.
 *
 * @returns Its id, or undefined when the occasion has no activities.
 */
export function currentActivity(activities: CheckInList['activities'], now: number): string | undefined {
  let chosen = activities[0]?.id;
  for (const activity of activities) if (Date.parse(activity.startsAt) <= now) chosen = activity.id;
  return chosen;
}
