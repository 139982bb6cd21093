import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { IGNORE, type CsvContext } from './columns';
import { parseCsv } from './csv-file';
import { guessMapping } from './header-mapping';
import { exportGuestsCsv } from './guest-export';
import { previewImport } from './import-preview';
import { importText, sampleContext } from './test-occasion';

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
