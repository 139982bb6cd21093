import { describe, expect, it } from 'vitest';
import type { Answer } from '../../core/schemas/answer';
import { IGNORE, type CsvContext } from './columns';
import { parseCsv } from './csv-file';
import { guessMapping } from './header-mapping';
import { exportGuestsCsv } from './guest-export';
import { importBody, planImport } from './import-plan';
import { previewImport } from './import-preview';
import { applyPlan, contextWithAnswers, importText, sampleContext } from './test-occasion';

const sortAnswers = (answers: readonly Answer[]) => answers.map(({ questionId, guestId, value }) => [questionId, guestId, value]).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

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
    expect(JSON.stringify(plan)).not.toContain('Edited in the spreadsheet');
    expect(importBody(plan, 'k', { households: context.households, answers: [] }).households).toEqual([]);
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
    const body = importBody(plan, 'k', { households: context.households, answers: [] });
    expect(body.households).toEqual([]);
    expect(body.invitations).toEqual([]);
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
    const rowOf = (id: string) => plan.guests.findIndex((row) => row.id === id);
    expect(importBody(plan, 'k', { households: context.households, answers: [] }).invitations).toEqual([
      { guestRow: rowOf('g2'), activityId: 'ceremony', invited: false },
      { guestRow: rowOf('g3'), activityId: 'ceremony', invited: true, response: 'PENDING', mealChoice: null },
      { guestRow: rowOf('g3'), activityId: 'dinner', invited: true, response: 'ATTENDING', mealChoice: 'vegetarian' },
    ]);
  });
});

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
    expect(importBody(plan, 'k', { households: context.households, answers: context.answers! }).answers).toEqual([]);
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
    const rowOf = (id: string) => plan.guests.findIndex((row) => row.id === id);
    expect(importBody(plan, 'k', { households: context.households, answers: context.answers! }).answers).toEqual([
      { questionId: 'song', guestRow: rowOf('g1'), value: null },
      { questionId: 'shuttle', guestRow: rowOf('g1'), value: true },
      { questionId: 'seat', guestRow: rowOf('g3'), value: 'a' },
      { questionId: 'rooms', guestRow: rowOf('g3'), value: 4 },
    ]);
    chidi[col('Rooms')] = '6';
    chidi[col('Seat')] = 'Kitchen';
    ana[col('Shuttle?')] = 'maybe';
    const preview = previewImport(table, guessMapping(table.headers, context), context);
    expect(preview.rows.flatMap((row) => row.problems)).toEqual(['Shuttle?: “maybe” is not Yes or No.', 'Seat: Choose one of the options.', 'Rooms: Answer must be at most 5.']);
  });
});
