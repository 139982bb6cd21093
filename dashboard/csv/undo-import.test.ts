import { describe, expect, it } from 'vitest';
import type { Guest } from '../../core/schemas/guest';
import { restoreBody } from './undo-import';

const guest = (id: string, plusOneOf: string | null): Guest => ({
  id,
  occasionId: 'o',
  householdId: 'h1',
  firstName: id,
  lastName: 'L',
  email: '',
  phone: '',
  ageGroup: 'ADULT',
  plusOneAllowed: false,
  plusOneOf,
  dietaryNotes: '',
  attributes: { side: ['bride'] },
  notes: 'n',
  invitations: [],
  createdAt: '',
  updatedAt: '',
});

describe('restoreBody', () => {
  it('puts every writable field back, plus-one links by row, with a row to point at for a guest not among them', () => {
    expect(restoreBody([guest('a', null), guest('b', 'a'), guest('c', 'z')])).toEqual([
      { id: 'a', householdId: 'h1', firstName: 'a', lastName: 'L', email: '', phone: '', ageGroup: 'ADULT', plusOneAllowed: false, dietaryNotes: '', attributes: { side: ['bride'] }, notes: 'n', plusOneOfRow: null },
      expect.objectContaining({ id: 'b', plusOneOfRow: 0 }),
      expect.objectContaining({ id: 'c', plusOneOfRow: 3 }),
      { id: 'z' },
    ]);
  });
});
