/**
 * The occasion the CSV tests export and import (two activities, two attribute categories, two
 * households, five guests, a reply; questions and answers in {@link contextWithAnswers}), and
 * {@link applyPlan}, which writes a plan the way the server would.
 */
import type { Activity } from '../../core/schemas/activity';
import type { Answer } from '../../core/schemas/answer';
import type { AttributeCategory } from '../../core/schemas/attribute-category';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import type { Question } from '../../core/schemas/question';
import type { Reply } from '../../core/schemas/reply';
import type { CsvContext } from './columns';
import { parseCsv } from './csv-file';
import { guessMapping } from './header-mapping';
import { importBody, type ImportPlan } from './import-plan';
import { previewImport } from './import-preview';

export const NOW = '2027-01-01T00:00:00.000Z';

export function activity(id: string, name: string, meals: string[] = []): Activity {
  return {
    id,
    occasionId: 'occ',
    name,
    description: '',
    startsAt: NOW,
    endsAt: null,
    locationName: '',
    address: '',
    dressCode: '',
    mealOptions: meals.map((meal) => ({ value: meal.toLowerCase(), text: meal })),
    sortOrder: 0,
  };
}

export function household(id: string, name: string, fields: Partial<Household> = {}): Household {
  return {
    id,
    occasionId: 'occ',
    name,
    addressLine1: '',
    addressLine2: '',
    city: '',
    state: '',
    postalCode: '',
    country: '',
    phone: '',
    email: '',
    notes: '',
    inviteCode: `CODE-${id}`,
    guestIds: [],
    createdAt: NOW,
    updatedAt: NOW,
    ...fields,
  };
}

export function guest(id: string, firstName: string, lastName: string, fields: Partial<Guest> = {}): Guest {
  return {
    id,
    occasionId: 'occ',
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
    createdAt: NOW,
    updatedAt: NOW,
    ...fields,
  };
}

export const side: AttributeCategory = {
  id: 'side',
  occasionId: 'occ',
  name: 'Side',
  multiple: false,
  options: [
    { value: 'bride', text: "Bride's side" },
    { value: 'groom', text: "Groom's side" },
  ],
  sortOrder: 0,
};
export const tags: AttributeCategory = {
  id: 'tags',
  occasionId: 'occ',
  name: 'Tags',
  multiple: true,
  options: [
    { value: 'family', text: 'Family' },
    { value: 'work', text: 'Work; colleagues' },
    { value: 'school', text: 'School' },
  ],
  sortOrder: 1,
};

export function sampleContext(): CsvContext {
  const activities = [activity('ceremony', 'Ceremony'), activity('dinner', 'Dinner', ['Fish', 'Meat', 'Vegetarian'])];
  const households = [
    household('h1', 'Ana & Ben García', {
      addressLine1: '1 Main St',
      addressLine2: 'Apt 2',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      country: 'USA',
      phone: '555-123-4567',
      email: 'garcia@example.com',
      notes: 'Send by post',
    }),
    household('h2', 'The Okafor family', { city: 'Toronto', state: 'ON', country: 'Canada' }),
  ];
  const guests = [
    guest('g1', 'Ana', 'García', {
      householdId: 'h1',
      email: 'ana@example.com',
      phone: '+1 555 000 1111',
      attributes: { side: ['bride'], tags: ['family', 'work'] },
      invitations: [
        { inviteLineId: 'l1', activityId: 'ceremony', response: 'ATTENDING', mealChoice: null },
        { inviteLineId: 'l2', activityId: 'dinner', response: 'ATTENDING', mealChoice: 'fish' },
      ],
    }),
    guest('g2', 'Ben', 'García', {
      householdId: 'h1',
      plusOneAllowed: true,
      dietaryNotes: 'No nuts, "really"',
      notes: 'Line one\nline two',
      invitations: [{ inviteLineId: 'l3', activityId: 'ceremony', response: 'DECLINED', mealChoice: null }],
    }),
    guest('g5', 'Cleo', 'Guest', { householdId: 'h1', plusOneOf: 'g2', invitations: [{ inviteLineId: 'l5', activityId: 'ceremony', response: 'DECLINED', mealChoice: null }] }),
    guest('g3', 'Chidi', 'Okafor', {
      householdId: 'h2',
      ageGroup: 'CHILD',
      attributes: { side: ['groom'] },
      invitations: [{ inviteLineId: 'l4', activityId: 'dinner', response: 'PENDING', mealChoice: null }],
    }),
    guest('g4', '=HYPERLINK("x")', 'Solo'),
  ];
  const replies: Reply[] = [
    {
      householdId: 'h1',
      householdName: 'Ana & Ben García',
      message: '=Can\'t wait, "see you" there!\nLove, A & B',
      submittedAt: NOW,
      updatedAt: NOW,
      answeredBy: { guestId: 'g1', firstName: 'Ana', lastName: 'García' },
    },
  ];
  return { activities, categories: [side, tags], guests, households, replies };
}

/** Applies a plan the way the server would, into `target` (a fresh or the same occasion). */
export function applyPlan(plan: ImportPlan, target: CsvContext): CsvContext {
  let nextId = 1000;
  const guests = [...target.guests.map((g) => ({ ...g, invitations: [...g.invitations] }))];
  const households = [...target.households.map((h) => ({ ...h }))];
  const written: Guest[] = plan.guests.map((row) => {
    let householdId: string | null | undefined = row.householdId as string | null | undefined;
    if (typeof row.householdName === 'string') {
      let found = households.find((h) => h.name === row.householdName);
      if (!found) {
        found = household(`h${nextId++}`, row.householdName);
        households.push(found);
      }
      householdId = found.id;
    }
    const { householdName: _n, id, plusOneOfRow: _link, ...fields } = row;
    const existing = typeof id === 'string' ? guests.find((g) => g.id === id) : undefined;
    if (existing) {
      Object.assign(existing, fields, householdId !== undefined ? { householdId } : {});
      return existing;
    }
    const created = guest(`g${nextId++}`, String(fields.firstName), '', { ...(fields as Partial<Guest>), householdId: householdId ?? null });
    guests.push(created);
    return created;
  });
  plan.guests.forEach((row, index) => {
    if (row.plusOneOfRow === null) written[index]!.plusOneOf = null;
    else if (typeof row.plusOneOfRow === 'number') written[index]!.plusOneOf = written[row.plusOneOfRow]!.id;
  });
  const body = importBody(plan, 'test-import', { households: target.households, answers: target.answers ?? [] });
  for (const { name, ...fields } of body.households ?? []) Object.assign(households.find((h) => h.name === name)!, fields);
  for (const line of body.invitations ?? []) {
    const g = written[line.guestRow]!;
    g.invitations = g.invitations.filter((i) => i.activityId !== line.activityId);
    if (line.invited) {
      g.invitations.push({ inviteLineId: `l${nextId++}`, activityId: line.activityId, response: line.response ?? 'PENDING', mealChoice: (line.mealChoice as string | null | undefined) ?? null });
    }
  }
  let answers = [...(target.answers ?? [])];
  const scopes = new Map((target.questions ?? []).map((q) => [q.id, q.scope]));
  for (const { questionId, guestRow, value } of body.answers ?? []) {
    const guest = written[guestRow]!;
    const row = scopes.get(questionId) === 'HOUSEHOLD' ? { householdId: guest.householdId, guestId: null } : { householdId: null, guestId: guest.id };
    const same = (answer: Answer) => answer.questionId === questionId && (row.guestId ? answer.guestId === row.guestId : answer.householdId === row.householdId && !answer.guestId);
    answers = answers.filter((answer) => !same(answer));
    if (value !== null && value !== '') answers.push({ questionId, ...row, value, updatedAt: NOW });
  }
  for (const g of guests) g.invitations.sort((a, b) => a.activityId.localeCompare(b.activityId));
  guests.sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
  return { ...target, guests, households, answers };
}

export function importText(text: string, context: CsvContext) {
  const table = parseCsv(text);
  const mapping = guessMapping(table.headers, context);
  const preview = previewImport(table, mapping, context);
  return { table, mapping, preview };
}

export function question(id: string, kind: Question['kind'], prompt: string, extra: Partial<Question> = {}): Question {
  return { id, occasionId: 'occ', activityId: null, kind, prompt, helpText: '', options: [], min: null, max: null, scope: 'GUEST', required: false, sortOrder: 0, createdAt: NOW, updatedAt: NOW, ...extra };
}

/** The sample occasion with one question of each kind and answers, one holding a closed option. */
export function contextWithAnswers(): CsvContext {
  const questions = [
    question('song', 'SHORT_TEXT', 'Your song'),
    question('seat', 'SINGLE_CHOICE', 'Seat', { options: [{ value: 'a', text: 'Band' }, { value: 'c', text: 'Kitchen', disabled: true }] }),
    question('days', 'MULTIPLE_CHOICE', 'Days', { scope: 'HOUSEHOLD', options: [{ value: 'fri', text: 'Friday' }, { value: 'sat', text: 'Saturday' }] }),
    question('shuttle', 'YES_NO', 'Shuttle?', { scope: 'HOUSEHOLD' }),
    question('rooms', 'NUMBER', 'Rooms', { scope: 'HOUSEHOLD', min: 1, max: 5 }),
    question('notes', 'LONG_TEXT', 'Side', {}),
  ];
  const answer = (questionId: string, householdId: string | null, guestId: string | null, value: Answer['value']): Answer => ({ questionId, householdId, guestId, value, updatedAt: NOW });
  const answers = [
    answer('song', 'h1', 'g1', 'September; or Africa'),
    answer('seat', 'h1', 'g1', 'c'),
    answer('seat', 'h1', 'g2', 'a'),
    answer('days', 'h1', null, ['fri', 'sat']),
    answer('shuttle', 'h1', null, false),
    answer('rooms', 'h2', null, 2.5),
    answer('notes', 'h2', 'g3', 'Line one\nline two'),
  ];
  return { ...sampleContext(), questions, answers };
}
