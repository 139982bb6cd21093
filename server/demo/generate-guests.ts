import type { GuestCreate } from '../../core/schemas/guest';
import { pick, seededRandom } from './random';

const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Amelia', 'Oliver', 'Sophia', 'Elijah', 'Isabella', 'Mateo',
  'Mia', 'Lucas', 'Chloé', 'Zoë', 'Aarav', 'Saanvi', 'Hiro', 'Yuki', 'Björn', 'Ingrid', 'Siobhán',
  'Seán', 'Amara', 'Kwame', 'Fatima', 'Omar', 'Léa', 'Hugo', 'Nora', 'Ethan', 'Ava', 'James',
  'Charlotte', 'Benjamin', 'Harper', 'Henry', 'Evelyn', 'Theodore', 'Luna', 'Jack', 'Camila', 'Leo',
];
const LAST_NAMES = [
  'Smith', 'García', 'Nguyen', 'Müller', 'Rossi', 'Kowalski', 'Okafor', 'Tanaka', 'Patel', 'Johansson',
  "O'Brien", 'Dubois', 'Silva', 'Kim', 'Haddad', 'Cohen', 'Novak', 'Jones', 'Brown', 'Wilson', 'Taylor',
  'Anderson', 'Thomas', 'Moore', 'Martin', 'Lee', 'Walker', 'Hall', 'Young', 'King', 'Wright', 'Lopez',
  'Hill', 'Green', 'Adams', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Perez', 'Roberts', 'Turner',
];

export interface GeneratedGuest extends Pick<GuestCreate, 'firstName' | 'lastName' | 'ageGroup' | 'plusOneAllowed' | 'email'> {
  householdName: string;
}

/**
 * Households of one to four people with plausible names: couples, families with children,
 * and single guests (some allowed a plus-one). Deterministic for a given seed.
 */
export function generateGuests(count: number, seed = 2027): GeneratedGuest[] {
  const random = seededRandom(seed);
  const guests: GeneratedGuest[] = [];
  const usedNames = new Set<string>();
  while (guests.length < count) {
    const lastName = pick(random, LAST_NAMES);
    const size = Math.min(count - guests.length, pick(random, [1, 1, 2, 2, 2, 3, 4]));
    const firstNames = Array.from({ length: size }, () => pick(random, FIRST_NAMES));
    const householdName = uniqueName(householdNameOf(firstNames, lastName), usedNames);
    firstNames.forEach((firstName, member) => {
      const child = member >= 2;
      guests.push({
        firstName,
        lastName,
        householdName,
        ageGroup: child ? (random() < 0.2 ? 'INFANT' : 'CHILD') : 'ADULT',
        plusOneAllowed: size === 1 && random() < 0.5,
        email: child ? '' : emailOf(firstName, lastName, usedNames.size),
      });
    });
  }
  return guests;
}

function householdNameOf(firstNames: string[], lastName: string): string {
  if (firstNames.length === 1) return `${firstNames[0]} ${lastName}`;
  if (firstNames.length === 2) return `${firstNames[0]} & ${firstNames[1]} ${lastName}`;
  return `The ${lastName} family`;
}

function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate); n++) candidate = `${name} (${n})`;
  used.add(candidate);
  return candidate;
}

function emailOf(firstName: string, lastName: string, n: number): string {
  const ascii = (s: string) => s.normalize('NFKD').replace(/[^A-Za-z]/g, '').toLowerCase();
  return `${ascii(firstName)}.${ascii(lastName)}${n}@example.com`;
}
