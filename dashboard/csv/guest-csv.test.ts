import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Activity } from '../../core/schemas/activity';
import type { AttributeCategory } from '../../core/schemas/attribute-category';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import type { Answer } from '../../core/schemas/answer';
import type { Question } from '../../core/schemas/question';
import type { Reply } from '../../core/schemas/reply';
import {
  answersAfterImport,
  escapeCell,
  exportGuestsCsv,
  guessMapping,
  householdUpdatesAfterImport,
  IGNORE,
  inviteLinesAfterImport,
  normaliseName,
  parseCsv,
  planImport,
  previewImport,
  unescapeCell,
  type CsvContext,
  type ImportPlan,
} from './guest-csv';

const NOW = '2027-01-01T00:00:00.000Z';

function activity(id: string, name: string, meals: string[] = []): Activity {
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

function household(id: string, name: string, fields: Partial<Household> = {}): Household {
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

function guest(id: string, firstName: string, lastName: string, fields: Partial<Guest> = {}): Guest {
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

const side: AttributeCategory = {
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
const tags: AttributeCategory = {
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

function sampleContext(): CsvContext {
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
function applyPlan(plan: ImportPlan, target: CsvContext): CsvContext {
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
  for (const update of householdUpdatesAfterImport(plan, written, households)) {
    Object.assign(households.find((h) => h.id === update.householdId)!, update.body);
  }
  for (const line of inviteLinesAfterImport(plan, written)) {
    const g = guests.find((x) => x.id === line.guestId)!;
    g.invitations = g.invitations.filter((i) => i.activityId !== line.activityId);
    if (line.invited) {
      g.invitations.push({ inviteLineId: `l${nextId++}`, activityId: line.activityId, response: line.response ?? 'PENDING', mealChoice: line.mealChoice ?? null });
    }
  }
  let answers = [...(target.answers ?? [])];
  for (const row of answersAfterImport(plan, written, answers)) {
    const same = (answer: Answer) => answer.questionId === row.questionId && (row.guestId ? answer.guestId === row.guestId : answer.householdId === row.householdId && !answer.guestId);
    answers = answers.filter((answer) => !same(answer));
    if (row.value !== null && row.value !== '') answers.push({ questionId: row.questionId, householdId: row.householdId, guestId: row.guestId, value: row.value, updatedAt: NOW });
  }
  for (const g of guests) g.invitations.sort((a, b) => a.activityId.localeCompare(b.activityId));
  guests.sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
  return { ...target, guests, households, answers };
}

function importText(text: string, context: CsvContext) {
  const table = parseCsv(text);
  const mapping = guessMapping(table.headers, context);
  const preview = previewImport(table, mapping, context);
  return { table, mapping, preview };
}

describe('CSV cells', () => {
  it('escapes formulas and undoes it, but leaves phone numbers alone', () => {
    for (const value of ['=SUM(A1)', '@cmd', '-x', "'=already", "''=twice", 'plain', "'quoted", '+1 555 000 1111', '-12.5', '']) {
      expect(unescapeCell(escapeCell(value))).toBe(value);
    }
    expect(escapeCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(escapeCell('+1 555 000 1111')).toBe('+1 555 000 1111');
  });

  it('normalises names for duplicate checks', () => {
    expect(normaliseName('  José ', "O'Brien")).toBe(normaliseName('jose', 'o brien'));
    expect(normaliseName('Zoë', 'Müller')).toBe('zoe muller');
  });
});

describe('mapping', () => {
  it("recognises other planners' common columns", () => {
    const headers = [
      'First Name',
      'Last Name',
      'Partner First Name',
      'Partner Last Name',
      'Street Address',
      'Street Address (line 2)',
      'City',
      'State / Region',
      'Zip / Postal Code',
      'Country',
      'Email',
      'Phone',
      'Table',
    ];
    expect(guessMapping(headers, { activities: [], categories: [] })).toEqual([
      'guest.firstName',
      'guest.lastName',
      'partner.firstName',
      'partner.lastName',
      'household.addressLine1',
      'household.addressLine2',
      'household.city',
      'household.state',
      'household.postalCode',
      'household.country',
      'guest.email',
      'guest.phone',
      IGNORE,
    ]);
  });

  it('maps a household / party / group / family column to the household', () => {
    for (const header of ['Household / Party', 'Party', 'Group', 'Family', 'Household', 'Party Name', 'Group Name', 'Party / Group']) {
      expect(guessMapping([header, 'First Name'], { activities: [], categories: [] }), header).toEqual(['household.name', 'guest.firstName']);
    }
    expect(guessMapping(['Family Name'], { activities: [], categories: [] })).toEqual(['guest.lastName']);
  });

  it("reads files in other planners' column shapes: households, partners and addresses", () => {
    const empty: CsvContext = { activities: [], categories: [], guests: [], households: [] };
    const read = (name: string) => importText(readFileSync(resolve('dashboard/csv/fixtures', name), 'utf8'), empty);
    const households = (name: string) => {
      const { preview } = read(name);
      expect(preview.mappingProblems, name).toEqual([]);
      expect(preview.rows.flatMap((row) => row.problems), name).toEqual([]);
      return preview.rows.map((row) => [row.guests.map((g) => g.name).join(' & '), row.householdName, row.address]);
    };
    expect(households('the-knot-shape.csv')).toEqual([
      ['Maren Solberg', 'The Solbergs', { addressLine1: '9 Fir Court', addressLine2: '', city: 'Tacoma', state: 'WA', postalCode: '98402', country: 'USA' }],
      ['Tove Solberg', 'The Solbergs', { addressLine1: '9 Fir Court', addressLine2: '', city: 'Tacoma', state: 'WA', postalCode: '98402', country: 'USA' }],
      ['Quentin Abara', 'Quentin Abara', { addressLine1: '1 Pier Street', addressLine2: 'Apt 12', city: 'Portland', state: 'OR', postalCode: '97201', country: 'USA' }],
    ]);
    expect(read('the-knot-shape.csv').preview.rows[0]!.guests[0]!.upsert).toEqual({
      firstName: 'Maren',
      lastName: 'Solberg',
      email: 'maren@example.com',
      phone: '206-555-0142',
    });
    expect(households('joy-shape.csv').map(([, name]) => name)).toEqual(['Lindqvist Family', 'Lindqvist Family', 'Lindqvist Family']);
    expect(households('joy-shape.csv')[0]![2]).toEqual({ addressLine1: '5 Birch Row', addressLine2: '', city: 'Boulder', state: 'CO', postalCode: '80302', country: 'USA' });
    expect(households('rsvpify-shape.csv').map(([, name, address]) => [name, (address as { country: string }).country])).toEqual([
      ['Team Marchetti', 'Italy'],
      ['Team Marchetti', 'Italy'],
    ]);
    expect(read('rsvpify-shape.csv').preview.rows[0]!.guests[0]!.upsert).toMatchObject({ phone: '+39 055 000 111', email: 'livia@example.com' });
    expect(households('family-sheet.csv')).toEqual([
      ['Beatriz Ferreira', 'Ferreira', { addressLine1: '40 Elm Street', city: 'Austin', state: 'Texas', postalCode: '73301' }],
      ['Caio Ferreira', 'Ferreira', { addressLine1: '40 Elm Street', city: 'Austin', state: 'Texas', postalCode: '73301' }],
    ]);
    const zola = households('zola-shape.csv');
    expect(zola[0]).toEqual([
      'Wren Halloway & Ezra Halloway',
      'Wren & Ezra Halloway',
      { addressLine1: '14 Larch Lane', addressLine2: 'Unit 3', city: 'Evanston', state: 'IL', postalCode: '60201', country: 'USA' },
    ]);
    expect(zola[1]![2]).toMatchObject({ state: 'NS', country: 'Canada', postalCode: 'B3H 1A1' });
  });

  it("maps every column of Kindly's own export", () => {
    const context = sampleContext();
    const { mapping } = importText(exportGuestsCsv(context), context);
    // Invite Code and Message to the hosts only.
    expect(mapping.filter((target) => target === IGNORE)).toHaveLength(2);
    expect(mapping).toContain('attribute:side');
    expect(mapping).toContain('response:dinner');
    expect(mapping).toContain('meal:dinner');
  });

  it('reports a mapping without first names and a target chosen twice', () => {
    const context = sampleContext();
    const table = parseCsv('A,B\nx,y\n');
    const preview = previewImport(table, ['guest.email', 'guest.email'], context);
    expect(preview.mappingProblems).toHaveLength(2);
  });
});

describe('preview', () => {
  const header = 'First Name,Last Name,Partner First Name,Partner Last Name,Street Address,City,State / Region,Zip / Postal Code,Country,Email,Phone';

  it('makes a partner a second guest of the same household, with the address for the household', () => {
    const context: CsvContext = { activities: [], categories: [], guests: [], households: [] };
    const { preview } = importText(`${header}\nAna,García,Ben,,1 Main St,Springfield,Illinois,62701,United States,ana@example.com,5551234567\n`, context);
    const [row] = preview.rows;
    expect(row!.problems).toEqual([]);
    expect(row!.guests.map((g) => g.upsert)).toEqual([
      { firstName: 'Ana', lastName: 'García', email: 'ana@example.com', phone: '5551234567' },
      { firstName: 'Ben', lastName: 'García' },
    ]);
    expect(row!.householdName).toBe('Ana & Ben García');
    expect(row!.address).toMatchObject({ addressLine1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'USA' });
    const plan = planImport(preview, { skipDuplicates: true });
    expect(plan.guests).toEqual([
      { firstName: 'Ana', lastName: 'García', email: 'ana@example.com', phone: '5551234567', householdName: 'Ana & Ben García' },
      { firstName: 'Ben', lastName: 'García', householdName: 'Ana & Ben García' },
    ]);
  });

  it('flags bad rows with the schema messages and the occasion’s options', () => {
    const context = sampleContext();
    const text = [
      'First Name,Last Name,Email,Side,Dinner: Response,Dinner: Meal,Country,State / Region',
      ',Nobody,,,,,,',
      'Bad,Email,not-an-email,,,,,',
      'Odd,Side,,Aunt,,,,',
      'Wrong,Answer,,,Maybe,,,',
      'No,Meal,,,Attending,Lobster,,',
      'Bad,State,,,,,USA,Narnia',
      'Fine,Row,,Groom,Attending,Meat,Canada,Ontario',
    ].join('\n');
    const { preview } = importText(text, context);
    const problems = preview.rows.map((row) => row.problems);
    expect(problems[0]).toEqual(['First name is required.']);
    expect(problems[1]).toEqual(['Email must be a valid email address.']);
    expect(problems[2]![0]).toMatch(/Side: “Aunt” is not one of its options/);
    expect(problems[3]![0]).toMatch(/Dinner: “Maybe” is not a response/);
    expect(problems[4]![0]).toMatch(/“Lobster” is not one of its meal options/);
    expect(problems[5]![0]).toMatch(/State must be a US state/);
    expect(problems[6]).toEqual([]);
    expect(preview.rows[6]!.address).toMatchObject({ country: 'Canada', state: 'ON' });
    expect(preview.badRows).toBe(6);
    const plan = planImport(preview, { skipDuplicates: false });
    expect(plan.guests).toHaveLength(1);
    expect(plan.guests[0]).toMatchObject({ firstName: 'Fine', attributes: { side: ['groom'] } });
  });

  it('flags likely duplicates of existing guests and of earlier rows', () => {
    const context = sampleContext();
    const text = 'First Name,Last Name\nana,GARCIA\nZed,Zulu\nzed,  zulu\nNew,Person\n';
    const { preview } = importText(text, context);
    expect(preview.rows.map((row) => row.duplicates.length > 0)).toEqual([true, false, true, false]);
    expect(preview.rows[2]!.duplicates[0]).toMatch(/also on line 3/);
    expect(preview.duplicateRows).toBe(2);
    expect(planImport(preview, { skipDuplicates: true }).guests.map((g) => g.firstName)).toEqual(['Zed', 'New']);
    expect(planImport(preview, { skipDuplicates: false }).guests).toHaveLength(4);
  });
});

describe('plus-ones and turned-off meals', () => {
  it('links a plus-one to a guest of the file, or of the occasion when the file leaves that guest out', () => {
    const context = sampleContext();
    const table = parseCsv(exportGuestsCsv(context));
    const fresh: CsvContext = { ...context, guests: [], households: [] };
    const plan = planImport(previewImport(table, guessMapping(table.headers, fresh), fresh), { skipDuplicates: true });
    const cleo = plan.guests.findIndex((row) => row.firstName === 'Cleo');
    const ben = plan.guests.findIndex((row) => row.firstName === 'Ben');
    expect(plan.guests[cleo]!.plusOneOfRow).toBe(ben);
    expect(plan.guests.filter((row) => row.plusOneOfRow !== undefined && row.plusOneOfRow !== null)).toHaveLength(1);

    // Only Cleo's row, into the same occasion: Ben comes along as a row that changes nothing.
    const onlyCleo = { ...table, rows: table.rows.filter((row) => row[table.headers.indexOf('First Name')] === 'Cleo') };
    const inPlace = planImport(previewImport(onlyCleo, guessMapping(table.headers, context), context), { skipDuplicates: true });
    expect(inPlace.guests.map((row) => [row.id, row.plusOneOfRow])).toEqual([
      ['g5', 1],
      ['g2', undefined],
    ]);
    expect(inPlace.referenceRows).toBe(1);

    // An unknown Guest ID is a problem of the row.
    const text = 'Guest ID,First Name,Plus-One Of\nx1,Ann,nobody\nx2,Bo,x1\nx3,Cy,x3\n';
    const { preview } = importText(text, fresh);
    expect(preview.rows.map((row) => row.problems)).toEqual([
      ['Plus-one of: no guest with the Guest ID “nobody” in this file or this occasion.'],
      [],
      ['A guest cannot be their own plus-one.'],
    ]);
  });

  it('reports a meal turned off in the target occasion on its row before anything is written, and keeps an unchanged one', () => {
    const context = sampleContext();
    const csv = exportGuestsCsv(context);
    const turnedOff = (activity: Activity): Activity =>
      activity.id === 'dinner' ? { ...activity, mealOptions: activity.mealOptions.map((option) => (option.value === 'fish' ? { ...option, disabled: true } : option)) } : activity;
    const fresh: CsvContext = { ...context, activities: context.activities.map(turnedOff), guests: [], households: [] };
    const { preview } = importText(csv, fresh);
    const ana = preview.rows.find((row) => row.guests[0]!.name === 'Ana García')!;
    expect(ana.problems).toEqual(['Dinner: “Fish” is turned off in the schedule, so it cannot be chosen. Turn it on to import this choice.']);
    expect(preview.badRows).toBe(1);
    // In place, Ana's Fish is unchanged: the server keeps it, so the row is fine.
    const same: CsvContext = { ...context, activities: fresh.activities };
    expect(importText(csv, same).preview.badRows).toBe(0);
  });
});

describe('the households\' messages to the hosts', () => {
  it('exports each household\'s message on every member\'s row, escaped like any cell, empty without a reply', () => {
    const context = sampleContext();
    const table = parseCsv(exportGuestsCsv(context));
    const at = table.headers.indexOf('Message to the hosts');
    expect(at).toBe(table.headers.indexOf('Invite Code') + 1);
    const byName = new Map(table.rows.map((row) => [row[2], row[at]]));
    expect(byName.get('Ana')).toBe('=Can\'t wait, "see you" there!\nLove, A & B');
    expect(byName.get('Cleo')).toBe(byName.get('Ana'));
    expect(byName.get('Chidi')).toBe('');
    expect(byName.get('=HYPERLINK("x")')).toBe('');
    // In the file the formula-like message starts with a quote, so a spreadsheet shows it as text.
    expect(exportGuestsCsv(context)).toContain('"\'=Can\'t wait, ""see you"" there!');
    expect(exportGuestsCsv({ ...context, replies: undefined })).not.toContain('see you');
  });

  it('is read-only: import leaves the column out, and an edited message changes nothing', () => {
    const context = sampleContext();
    const table = parseCsv(exportGuestsCsv(context));
    const at = table.headers.indexOf('Message to the hosts');
    expect(guessMapping(table.headers, context)[at]).toBe(IGNORE);
    for (const row of table.rows) row[at] = 'Edited in the spreadsheet';
    const preview = previewImport(table, guessMapping(table.headers, context), context);
    const plan = planImport(preview, { skipDuplicates: true });
    const written = plan.guests.map((row) => context.guests.find((g) => g.id === row.id)!);
    expect(JSON.stringify(plan)).not.toContain('Edited in the spreadsheet');
    expect(householdUpdatesAfterImport(plan, written, context.households)).toEqual([]);
    expect(exportGuestsCsv(applyPlan(plan, context))).toBe(exportGuestsCsv(context));
  });
});

describe('export then import', () => {
  it('round-trips losslessly into a fresh occasion with the same activities and categories', () => {
    const context = sampleContext();
    const csv = exportGuestsCsv(context);
    const fresh: CsvContext = { ...context, guests: [], households: [] };
    const { preview } = importText(csv, fresh);
    expect(preview.rows.flatMap((row) => row.problems)).toEqual([]);
    expect(preview.rows.every((row) => row.duplicates.length === 0)).toBe(true);
    const after = applyPlan(planImport(preview, { skipDuplicates: true }), fresh);
    // Guest IDs and invite codes are the new occasion's; a plus-one points at the same person.
    const strip = (text: string) => {
      const table = parseCsv(text);
      const at = (name: string) => table.headers.indexOf(name);
      const nameOf = new Map(table.rows.map((row) => [row[at('Guest ID')], `${row[at('First Name')]} ${row[at('Last Name')]}`]));
      return table.rows.map((row) => {
        const copy = [...row];
        copy[at('Guest ID')] = '';
        copy[at('Invite Code')] = '';
        copy[at('Message to the hosts')] = '';
        copy[at('Plus-One Of')] = nameOf.get(row[at('Plus-One Of')]!) ?? '';
        return copy;
      });
    };
    expect(strip(exportGuestsCsv(after))).toEqual(strip(csv));
    expect(after.guests.find((g) => g.firstName === 'Cleo')!.plusOneOf).toBe(after.guests.find((g) => g.firstName === 'Ben')!.id);
  });

  it('changes nothing when imported back into the same occasion', () => {
    const context = sampleContext();
    const csv = exportGuestsCsv(context);
    const { preview } = importText(csv, context);
    expect(preview.badRows).toBe(0);
    expect(preview.duplicateRows).toBe(0);
    const plan = planImport(preview, { skipDuplicates: true });
    expect(plan.guests.map((row) => row.id)).toEqual(['g1', 'g2', 'g5', 'g3', 'g4']);
    const written = plan.guests.map((row) => context.guests.find((g) => g.id === row.id)!);
    expect(householdUpdatesAfterImport(plan, written, context.households)).toEqual([]);
    expect(inviteLinesAfterImport(plan, written)).toEqual([]);
    expect(exportGuestsCsv(applyPlan(plan, context))).toBe(csv);
  });

  it('applies edits made in the spreadsheet', () => {
    const context = sampleContext();
    const table = parseCsv(exportGuestsCsv(context));
    const col = (name: string) => table.headers.indexOf(name);
    const chidi = table.rows.find((row) => row[2] === 'Chidi')!;
    chidi[col('Dinner: Response')] = 'Attending';
    chidi[col('Dinner: Meal')] = 'Vegetarian';
    chidi[col('Ceremony: Response')] = 'Pending';
    const ben = table.rows.find((row) => row[2] === 'Ben')!;
    ben[col('Ceremony: Response')] = '';
    const preview = previewImport(table, guessMapping(table.headers, context), context);
    const plan = planImport(preview, { skipDuplicates: true });
    const written = plan.guests.map((row) => context.guests.find((g) => g.id === row.id)!);
    expect(inviteLinesAfterImport(plan, written)).toEqual([
      { guestId: 'g2', activityId: 'ceremony', invited: false },
      { guestId: 'g3', activityId: 'ceremony', invited: true, response: 'PENDING', mealChoice: null },
      { guestId: 'g3', activityId: 'dinner', invited: true, response: 'ATTENDING', mealChoice: 'vegetarian' },
    ]);
  });
});

function question(id: string, kind: Question['kind'], prompt: string, extra: Partial<Question> = {}): Question {
  return { id, occasionId: 'occ', activityId: null, kind, prompt, helpText: '', options: [], min: null, max: null, scope: 'GUEST', required: false, sortOrder: 0, createdAt: NOW, updatedAt: NOW, ...extra };
}

/** The sample occasion with one question of each kind and answers, one holding a closed option. */
function contextWithAnswers(): CsvContext {
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

const sortAnswers = (answers: readonly Answer[]) => answers.map(({ questionId, guestId, value }) => [questionId, guestId, value]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('answers to the host’s questions', () => {
  it('exports a column per question headed by its prompt, a household answer on each of its rows', () => {
    const { headers, rows } = parseCsv(exportGuestsCsv(contextWithAnswers()));
    expect(headers.slice(-6)).toEqual(['Your song', 'Seat', 'Days', 'Shuttle?', 'Rooms', 'Side (question)']);
    const ana = rows.find((row) => row[2] === 'Ana')!;
    const ben = rows.find((row) => row[2] === 'Ben')!;
    expect(ana.slice(-6)).toEqual(['September; or Africa', 'Kitchen', 'Friday; Saturday', 'No', '', '']);
    expect(ben.slice(-6)).toEqual(['', 'Band', 'Friday; Saturday', 'No', '', '']);
    expect(rows.find((row) => row[2] === 'Chidi')!.slice(-2)).toEqual(['2.5', 'Line one\nline two']);
  });

  it('round-trips the answers into a fresh occasion with the same questions', () => {
    const context = contextWithAnswers();
    const csv = exportGuestsCsv(context);
    const fresh: CsvContext = { ...context, guests: [], households: [], answers: [] };
    const { preview, mapping } = importText(csv, fresh);
    expect(mapping.slice(-6)).toEqual(['question:song', 'question:seat', 'question:days', 'question:shuttle', 'question:rooms', 'question:notes']);
    // Kitchen is closed: a new answer cannot choose it, so Ana's row is refused in a fresh occasion.
    expect(preview.rows.flatMap((row) => row.problems)).toEqual(['Seat: Choose one of the options.']);
    const reopened: CsvContext = { ...fresh, questions: context.questions!.map((q) => (q.id === 'seat' ? { ...q, options: [{ value: 'a', text: 'Band' }, { value: 'c', text: 'Kitchen' }] } : q)) };
    const again = importText(csv, reopened).preview;
    expect(again.badRows).toBe(0);
    const after = applyPlan(planImport(again, { skipDuplicates: true }), reopened);
    const names = (c: CsvContext) => new Map(c.guests.map((g) => [g.id, g.firstName]));
    const byName = (c: CsvContext) => sortAnswers(c.answers!).map(([q, g, value]) => [q, g ? names(c).get(String(g)) : null, value]);
    expect(byName(after)).toEqual(byName(context));
  });

  it('changes no answer when imported back into the same occasion, a closed option included', () => {
    const context = contextWithAnswers();
    const { preview } = importText(exportGuestsCsv(context), context);
    expect(preview.badRows).toBe(0);
    const plan = planImport(preview, { skipDuplicates: true });
    const written = plan.guests.map((row) => context.guests.find((g) => g.id === row.id)!);
    expect(answersAfterImport(plan, written, context.answers!)).toEqual([]);
  });

  it('applies answers edited in the spreadsheet, clears emptied ones, and flags values that do not fit', () => {
    const context = contextWithAnswers();
    const table = parseCsv(exportGuestsCsv(context));
    const col = (name: string) => table.headers.indexOf(name);
    const ana = table.rows.find((row) => row[2] === 'Ana')!;
    ana[col('Your song')] = '';
    ana[col('Shuttle?')] = 'yes';
    const chidi = table.rows.find((row) => row[2] === 'Chidi')!;
    chidi[col('Rooms')] = '4';
    chidi[col('Seat')] = 'band';
    const plan = planImport(previewImport(table, guessMapping(table.headers, context), context), { skipDuplicates: true });
    const written = plan.guests.map((row) => context.guests.find((g) => g.id === row.id)!);
    expect(answersAfterImport(plan, written, context.answers!)).toEqual([
      { questionId: 'song', householdId: null, guestId: 'g1', value: null },
      { questionId: 'shuttle', householdId: 'h1', guestId: null, value: true },
      { questionId: 'seat', householdId: null, guestId: 'g3', value: 'a' },
      { questionId: 'rooms', householdId: 'h2', guestId: null, value: 4 },
    ]);
    chidi[col('Rooms')] = '6';
    chidi[col('Seat')] = 'Kitchen';
    ana[col('Shuttle?')] = 'maybe';
    const preview = previewImport(table, guessMapping(table.headers, context), context);
    expect(preview.rows.flatMap((row) => row.problems)).toEqual(['Shuttle?: “maybe” is not Yes or No.', 'Seat: Choose one of the options.', 'Rooms: Answer must be at most 5.']);
  });
});
