import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../core/schemas/history';
import { actorText, historySentence, relativeTime } from './history-sentence';

const activities = new Map([['brunch', { name: 'Brunch', mealOptions: [{ value: 'fish', text: 'Sea bass' }] }]]);

const entry = (fields: Partial<HistoryEntry>): HistoryEntry => ({
  id: 'e1',
  occasionId: 'o1',
  at: '2027-06-01T10:00:00.000Z',
  actorKind: 'GUEST',
  actorId: 'g1',
  actorName: 'Amara Kim',
  entity: 'INVITE_LINE',
  entityId: 'g1brunch',
  action: 'UPDATE',
  householdId: 'h1',
  guestId: 'g1',
  activityId: 'brunch',
  subjectName: 'Amara Kim',
  changes: {},
  ...fields,
});

describe('history sentences', () => {
  it('tells answers, invitations, guests, households and replies apart', () => {
    expect(historySentence(entry({ changes: { response: ['PENDING', 'DECLINED'] } }), activities)).toBe('Amara Kim declined the Brunch');
    expect(historySentence(entry({ changes: { response: ['PENDING', 'ATTENDING'], mealChoice: [null, 'fish'] } }), activities)).toBe(
      'Amara Kim accepted the Brunch (Sea bass)',
    );
    expect(historySentence(entry({ changes: { mealChoice: ['beef', 'fish'] } }), activities)).toBe('Amara Kim chose Sea bass at the Brunch');
    expect(historySentence(entry({ action: 'CREATE', changes: { response: [null, 'PENDING'] } }), activities)).toBe('Amara Kim was invited to the Brunch');
    expect(historySentence(entry({ action: 'DELETE', activityId: 'gone' }), activities)).toBe('Amara Kim is no longer invited to an activity');
    expect(historySentence(entry({ entity: 'GUEST', changes: { lastName: ['Kim', 'Kim-Lee'], dietaryNotes: ['', 'vegan'] } }), activities)).toBe(
      'Amara Kim’s details changed: last name, dietary notes',
    );
    expect(historySentence(entry({ entity: 'HOUSEHOLD', action: 'CREATE', subjectName: 'The Kims' }), activities)).toBe('Household The Kims was added');
    expect(historySentence(entry({ entity: 'RSVP', action: 'CREATE', subjectName: 'The Kims' }), activities)).toBe('The Kims replied');
  });

  it('tells a role given, changed and ended', () => {
    const person = (action: HistoryEntry['action'], role: [string | null, string | null]) =>
      historySentence(entry({ entity: 'PERSON', action, actorKind: 'HOST', subjectName: 'Robin Partner', householdId: null, guestId: null, activityId: null, changes: { role } }), activities);
    expect(person('CREATE', [null, 'editor'])).toBe('Robin Partner joined as editor');
    expect(person('UPDATE', ['editor', 'viewer'])).toBe('Robin Partner is now viewer');
    expect(person('DELETE', ['viewer', null])).toBe('Robin Partner no longer helps run the occasion');
  });

  it('names who made the change', () => {
    expect(actorText(entry({}))).toBe('Amara Kim');
    expect(actorText(entry({ actorKind: 'HOST', actorName: 'Ada Lovelace' }))).toBe('Ada Lovelace (host)');
    expect(actorText(entry({ actorKind: 'IMPORT', actorName: 'Ada Lovelace' }))).toBe('CSV import by Ada Lovelace');
  });

  it('says how long ago in the largest whole unit', () => {
    const now = Date.parse('2027-06-01T12:00:00.000Z');
    expect(relativeTime('2027-06-01T10:00:00.000Z', now)).toBe('2 hr. ago');
    expect(relativeTime('2027-06-01T11:59:30.000Z', now)).toBe('now');
    expect(relativeTime('2027-05-31T11:00:00.000Z', now)).toBe('yesterday');
    expect(relativeTime('2027-05-20T12:00:00.000Z', now)).toBe('last wk.');
  });
});
