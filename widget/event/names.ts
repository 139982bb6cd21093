/** A person's name as people write it. */
export const fullName = (guest: { firstName: string; lastName: string }): string => `${guest.firstName} ${guest.lastName}`.trim();
