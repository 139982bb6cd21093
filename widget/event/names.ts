/** A person's name as people write it. */
export const fullName = (guest: { firstName: string; lastName: string }): string => `${guest.firstName} ${guest.lastName}`.trim();

/** Each member's full name by id. */
export const namesOf = (household: { guests: { id: string; firstName: string; lastName: string }[] }): Map<string, string> =>
  new Map(household.guests.map((guest) => [guest.id, fullName(guest)]));
