/** What the dashboard's component tests answer for a signed-in host and their occasion `occ1`. */

/** `GET /host/v1/auth/session` of a signed-in host. */
export const HOST_SESSION = {
  user: { id: 'a1', email: 'ada@example.com', name: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace' },
  expires: '2030-01-01T00:00:00.000Z',
};

/** `GET /host/v1/occasion/occ1` with `guests` in its summary. */
export function occasionAnswer(guests = 0) {
  return {
    id: 'occ1',
    title: 'Ada & Charles',
    description: '',
    startDate: '2027-06-12',
    endDate: '2027-06-13',
    timezone: 'UTC',
    venueName: '',
    venueAddress: '',
    rsvpDeadline: null,
    passcode: null,
    allowedOrigins: [],
    contactEmail: '',
    rsvpPageUrl: '',
    slug: null,
    reminderDaysBeforeDeadline: null,
    digestEnabled: false,
    requireTwoFactor: false,
    createdAt: '2027-01-01T00:00:00.000Z',
    updatedAt: '2027-01-01T00:00:00.000Z',
    summary: { guests, households: 0, activities: 0, perActivity: [] },
    role: 'owner',
  };
}
