import { createHash } from 'node:crypto';
import { normaliseName } from '../../core/schemas/event';
import { generateGuests } from '../../server/demo/generate-guests';
import { seededRandom } from '../../server/demo/random';
import type { PlatformSize } from './options';

/**
 * The seeded platform, row by row, in the tables' own columns: accounts (one per five
 * occasions, each with a host session whose token {@link hostToken} gives), occasions (each
 * allowing its own site, {@link occasionOrigin}, its account its owner), and for the first `guestOccasions` of them
 * two activities (the second with meal options), two household questions, households of one
 * to five guests whose invite codes {@link inviteCode} gives, and every guest invited to both
 * activities. Occasion 0 is the large one. Deterministic: the same size gives the same rows.
 */

/** A table's columns and their PostgreSQL types, in the order {@link generatePlatform} writes values. */
export const TABLES = {
  account: { id: 'text', email: 'text', emailKey: 'text', passwordHash: 'text', firstName: 'text', lastName: 'text', createdAt: 'text', emailVerifiedAt: 'text' },
  hostSession: { id: 'text', accountId: 'text', createdAt: 'text', expiresAt: 'text' },
  occasion: {
    id: 'text', accountId: 'text', title: 'text', description: 'text', startDate: 'text', endDate: 'text', timezone: 'text',
    venueName: 'text', venueAddress: 'text', allowedOrigins: 'text', contactEmail: 'text', createdAt: 'text', updatedAt: 'text',
  },
  occasionRole: { occasionId: 'text', accountId: 'text', role: 'text', createdAt: 'text' },
  activity: {
    id: 'text', occasionId: 'text', name: 'text', description: 'text', startsAt: 'text', locationName: 'text', address: 'text',
    dressCode: 'text', mealOptions: 'text', sortOrder: 'integer',
  },
  question: {
    id: 'text', occasionId: 'text', kind: 'text', prompt: 'text', helpText: 'text', options: 'text', scope: 'text',
    required: 'integer', sortOrder: 'integer', createdAt: 'text', updatedAt: 'text',
  },
  household: {
    id: 'text', occasionId: 'text', name: 'text', addressLine1: 'text', addressLine2: 'text', city: 'text', state: 'text',
    postalCode: 'text', country: 'text', phone: 'text', email: 'text', notes: 'text', inviteCode: 'text', createdAt: 'text', updatedAt: 'text',
  },
  guest: {
    id: 'text', occasionId: 'text', householdId: 'text', firstName: 'text', lastName: 'text', nameKey: 'text', email: 'text',
    phone: 'text', ageGroup: 'text', plusOneAllowed: 'integer', dietaryNotes: 'text', attributes: 'text', notes: 'text',
    createdAt: 'text', updatedAt: 'text',
  },
  inviteLine: { id: 'text', occasionId: 'text', guestId: 'text', activityId: 'text', response: 'text' },
} as const satisfies Record<string, Record<string, 'text' | 'integer'>>;

export type TableName = keyof typeof TABLES;
export type Row = Array<string | number>;
/** One row of one table. */
export type TableRow = [TableName, Row];

/** Changes whenever the rows change: a cache seeded by another version is seeded again. */
export const PLATFORM_VERSION = 2;

const OCCASIONS_PER_ACCOUNT = 5;
const HOUSEHOLD_SIZES = [1, 1, 2, 2, 2, 3, 3, 4, 5];
const CREATED = '2026-09-01T09:00:00.000Z';
const SESSION_EXPIRY = '2099-12-31T00:00:00.000Z';
export const HOST_PASSWORD = 'wave-host-password-1';
const MEALS = JSON.stringify([{ value: 'meat', text: 'Meat' }, { value: 'fish', text: 'Fish' }, { value: 'veg', text: 'Vegetarian' }]);
const SHUTTLE = JSON.stringify([{ value: 'yes', text: 'Yes, please' }, { value: 'no', text: 'No, thanks' }]);
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A stable id of the `kind`'s `n`th row: 12 base64url characters, spread like the server's random ones. */
export function platformId(kind: string, n: number): string {
  return createHash('sha256').update(`${kind}:${n}`).digest('base64url').slice(0, 12);
}

/** The invite code of the platform's `n`th household, as printed (`ABCD-EFGH-JKMN`). */
export function inviteCode(n: number): string {
  const bytes = createHash('sha256').update(`code:${n}`).digest();
  let code = '';
  for (let i = 0; i < 12; i++) code += (i === 4 || i === 8 ? '-' : '') + CROCKFORD[bytes[i]! & 31];
  return code;
}

/** The site the `n`th occasion's widget is on. */
export const occasionOrigin = (n: number): string => `https://occasion-${n}.example`;
/** The host session cookie's token of the `n`th account. */
export const hostToken = (n: number): string => createHash('sha256').update(`wave-host:${n}`).digest('base64url');
export const accountOf = (occasion: number): number => Math.floor(occasion / OCCASIONS_PER_ACCOUNT);

/** Every row of the platform, occasion by occasion (nothing is kept, so memory stays flat). */
export function* platformRows(size: PlatformSize, passwordHash: string): Generator<TableRow> {
  const random = seededRandom(2027);
  const next = { household: 0, guest: 0 };
  let guestsLeft = size.guests;
  for (let o = 0; o < size.occasions; o++) {
    if (o % OCCASIONS_PER_ACCOUNT === 0) yield* accountRows(o / OCCASIONS_PER_ACCOUNT, passwordHash);
    const occasionId = platformId('occasion', o);
    yield occasionRow(o, occasionId);
    yield ['occasionRole', [occasionId, platformId('account', accountOf(o)), 'owner', CREATED]];
    if (o >= size.guestOccasions) continue;
    const activities = [platformId('activity', o * 2), platformId('activity', o * 2 + 1)];
    yield* activityAndQuestionRows(o, occasionId, activities);
    const regularLeft = size.guestOccasions - Math.max(o, 1);
    // The large occasion has its households; the others share the guests left evenly.
    const budget = o === 0 ? Infinity : Math.ceil(guestsLeft / regularLeft);
    let occasionGuests = 0;
    for (let h = 0; o === 0 ? h < size.largeHouseholds : occasionGuests < budget; h++) {
      const wanted = HOUSEHOLD_SIZES[Math.floor(random() * HOUSEHOLD_SIZES.length)]!;
      const members = Math.max(1, Math.min(wanted, o === 0 ? wanted : budget - occasionGuests, guestsLeft - (size.guestOccasions - o - 1)));
      yield* householdRows({ occasionId, household: next.household++, firstGuest: next.guest, members, activities });
      next.guest += members;
      occasionGuests += members;
      guestsLeft -= members;
    }
  }
}

function* accountRows(a: number, passwordHash: string): Generator<TableRow> {
  const id = platformId('account', a);
  const email = `host${a}@hosts.example`;
  // Verified: the platform's hosts send their guests email (confirmations in the wave).
  yield ['account', [id, email, email, passwordHash, 'Host', `Number ${a}`, CREATED, CREATED]];
  yield ['hostSession', [createHash('sha256').update(hostToken(a)).digest('hex'), id, CREATED, SESSION_EXPIRY]];
}

function occasionRow(o: number, id: string): TableRow {
  return ['occasion', [
    id, platformId('account', accountOf(o)), `Occasion ${o}`, 'A day to remember.', '2027-06-12', '2027-06-13', 'Europe/London',
    'The Old Mill', '1 Mill Lane', JSON.stringify([occasionOrigin(o)]), `host${accountOf(o)}@hosts.example`, CREATED, CREATED,
  ]];
}

function* activityAndQuestionRows(o: number, occasionId: string, [ceremony, reception]: string[]): Generator<TableRow> {
  yield ['activity', [ceremony!, occasionId, 'Ceremony', '', '2027-06-12T14:00:00.000Z', 'The Old Mill', '1 Mill Lane', '', '[]', 0]];
  yield ['activity', [reception!, occasionId, 'Reception', '', '2027-06-12T18:00:00.000Z', 'The Old Mill', '1 Mill Lane', '', MEALS, 1]];
  yield ['question', [platformId('question', o * 2), occasionId, 'SINGLE_CHOICE', 'Will you take the shuttle?', '', SHUTTLE, 'HOUSEHOLD', 0, 0, CREATED, CREATED]];
  yield ['question', [platformId('question', o * 2 + 1), occasionId, 'SHORT_TEXT', 'A song for the dance floor', '', '[]', 'HOUSEHOLD', 0, 1, CREATED, CREATED]];
}

interface HouseholdPlan {
  occasionId: string;
  household: number;
  firstGuest: number;
  members: number;
  activities: string[];
}

function* householdRows(plan: HouseholdPlan): Generator<TableRow> {
  const { occasionId, household, firstGuest, members, activities } = plan;
  const householdId = platformId('household', household);
  const people = generateGuests(members, household);
  const lastName = people[0]!.lastName;
  const email = (g: number) => `guest${g}@guests.example`;
  const name = members === 1 ? `${people[0]!.firstName} ${lastName}` : `The ${lastName} household`;
  yield ['household', [householdId, occasionId, name, '', '', '', '', '', '', '', email(firstGuest), '', inviteCode(household), CREATED, CREATED]];
  for (const [m, person] of people.entries()) {
    const g = firstGuest + m;
    const guestId = platformId('guest', g);
    const adult = m < 2;
    yield ['guest', [
      guestId, occasionId, householdId, person.firstName, lastName, normaliseName(`${person.firstName} ${lastName}`),
      adult ? email(g) : '', '', adult ? 'ADULT' : 'CHILD', members === 1 ? 1 : 0, '', '{}', '', CREATED, CREATED,
    ]];
    for (const activityId of activities) yield ['inviteLine', [`${guestId}${activityId}`, occasionId, guestId, activityId, 'PENDING']];
  }
}
