import { describe, expect, it } from 'vitest';
import type { Activity } from '../../core/schemas/activity';
import type { CsvContext } from './columns';
import { parseCsv } from './csv-file';
import { guessMapping } from './header-mapping';
import { exportGuestsCsv } from './guest-export';
import { planImport } from './import-plan';
import { previewImport } from './import-preview';
import { normaliseName } from './row-cells';
import { importText, sampleContext } from './test-occasion';

describe('preview', () => {
  it('normalises names for duplicate checks', () => {
    expect(normaliseName('  José ', "O'Brien")).toBe(normaliseName('jose', 'o brien'));
    expect(normaliseName('Zoë', 'Müller')).toBe('zoe muller');
  });

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
