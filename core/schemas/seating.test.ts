import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toApiIssues } from './error';
import { SeatAssignSchema, SeatingTableCreateSchema, SeatingTableUpdateSchema, TABLE_SHAPE_NAMES, TABLE_SHAPES } from './seating';

function issues(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? [] : toApiIssues(result.issues);
}

describe('SeatingTableCreateSchema', () => {
  it('needs a name and a capacity; the shape defaults to ROUND and the number is left to the server', () => {
    expect(v.parse(SeatingTableCreateSchema, { name: '  Family ', capacity: 8 })).toEqual({ name: 'Family', shape: 'ROUND', capacity: 8 });
    expect(v.parse(SeatingTableCreateSchema, { name: 'Head', number: 1, shape: 'LONG', capacity: 12 })).toEqual({
      name: 'Head',
      number: 1,
      shape: 'LONG',
      capacity: 12,
    });
    expect(issues(SeatingTableCreateSchema, {})).toEqual([
      { path: 'name', message: 'Name is required.' },
      { path: 'capacity', message: 'Capacity is required.' },
    ]);
  });

  it('holds name, number and capacity to their bounds', () => {
    expect(issues(SeatingTableCreateSchema, { name: 'x'.repeat(80), number: 999, capacity: 200 })).toEqual([]);
    expect(issues(SeatingTableCreateSchema, { name: 'x'.repeat(81), capacity: 1 }).map((issue) => issue.path)).toEqual(['name']);
    expect(issues(SeatingTableCreateSchema, { name: ' ', capacity: 1 }).map((issue) => issue.path)).toEqual(['name']);
    expect(issues(SeatingTableCreateSchema, { name: 'A', number: 0, capacity: 1 })).toEqual([
      { path: 'number', message: 'Table number must be between 1 and 999.' },
    ]);
    expect(issues(SeatingTableCreateSchema, { name: 'A', number: 1000, capacity: 1 }).map((issue) => issue.path)).toEqual(['number']);
    expect(issues(SeatingTableCreateSchema, { name: 'A', number: 2.5, capacity: 1 })).toEqual([
      { path: 'number', message: 'Table number must be a whole number.' },
    ]);
    expect(issues(SeatingTableCreateSchema, { name: 'A', capacity: 0 })).toEqual([{ path: 'capacity', message: 'Capacity must be between 1 and 200.' }]);
    expect(issues(SeatingTableCreateSchema, { name: 'A', capacity: 201 }).map((issue) => issue.path)).toEqual(['capacity']);
    expect(issues(SeatingTableCreateSchema, { name: 'A', capacity: '8' })).toEqual([{ path: 'capacity', message: 'Capacity must be a number.' }]);
  });

  it('refuses other shapes, read-only and unknown fields', () => {
    expect(issues(SeatingTableCreateSchema, { name: 'A', capacity: 2, shape: 'SQUARE' })).toEqual([
      { path: 'shape', message: 'Shape must be ROUND or LONG.' },
    ]);
    expect(issues(SeatingTableCreateSchema, { name: 'A', capacity: 2, id: 'abc' })).toEqual([{ path: 'id', message: 'Unknown field "id".' }]);
    expect(issues(SeatingTableCreateSchema, { name: 'A', capacity: 2, activityId: 'abc' }).map((issue) => issue.path)).toEqual(['activityId']);
    expect(issues(SeatingTableCreateSchema, [])).toEqual([{ path: '', message: 'Expected a JSON object.' }]);
  });
});

describe('SeatingTableUpdateSchema', () => {
  it('takes any subset of the writable fields, without defaults', () => {
    expect(v.parse(SeatingTableUpdateSchema, {})).toEqual({});
    expect(v.parse(SeatingTableUpdateSchema, { capacity: 4 })).toEqual({ capacity: 4 });
    expect(v.parse(SeatingTableUpdateSchema, { number: 3, shape: 'LONG', name: 'B' })).toEqual({ number: 3, shape: 'LONG', name: 'B' });
    expect(issues(SeatingTableUpdateSchema, { capacity: 0 }).map((issue) => issue.path)).toEqual(['capacity']);
    expect(issues(SeatingTableUpdateSchema, { name: '' }).map((issue) => issue.path)).toEqual(['name']);
    expect(issues(SeatingTableUpdateSchema, { updatedAt: '2027-01-01T00:00:00.000Z' }).map((issue) => issue.path)).toEqual(['updatedAt']);
  });
});

describe('SeatAssignSchema', () => {
  it('seats 1 to 500 distinct guests at a table, or unseats them with null', () => {
    expect(v.parse(SeatAssignSchema, { guestIds: ['g1', 'g2'], tableId: 't1' })).toEqual({ guestIds: ['g1', 'g2'], tableId: 't1', overCapacity: false });
    expect(v.parse(SeatAssignSchema, { guestIds: ['g1'], tableId: null, overCapacity: true })).toEqual({ guestIds: ['g1'], tableId: null, overCapacity: true });
    const many = Array.from({ length: 500 }, (_, index) => `g${index}`);
    expect(v.parse(SeatAssignSchema, { guestIds: many, tableId: 't1' }).guestIds).toHaveLength(500);
    expect(issues(SeatAssignSchema, { guestIds: [...many, 'g500'], tableId: 't1' })).toEqual([
      { path: 'guestIds', message: 'Guest ids can have at most 500 entries.' },
    ]);
    expect(issues(SeatAssignSchema, { guestIds: [], tableId: 't1' })).toEqual([{ path: 'guestIds', message: 'Give at least one guest id.' }]);
  });

  it('names a repeated or malformed guest id by its index', () => {
    expect(issues(SeatAssignSchema, { guestIds: ['g1', 'g2', 'g1'], tableId: 't1' })).toEqual([
      { path: 'guestIds.2', message: 'This guest is already in guestIds.0.' },
    ]);
    expect(issues(SeatAssignSchema, { guestIds: ['g1', 'not an id'], tableId: 't1' })).toEqual([
      { path: 'guestIds.1', message: 'Guest id is not a valid id.' },
    ]);
  });

  it('needs tableId (a table or null) and a boolean overCapacity', () => {
    expect(issues(SeatAssignSchema, { guestIds: ['g1'] })).toEqual([{ path: 'tableId', message: 'Table id is required.' }]);
    expect(issues(SeatAssignSchema, { guestIds: ['g1'], tableId: 'bad id' })).toEqual([{ path: 'tableId', message: 'Table id is not a valid id.' }]);
    expect(issues(SeatAssignSchema, { guestIds: ['g1'], tableId: 't1', overCapacity: 'yes' })).toEqual([
      { path: 'overCapacity', message: 'Over capacity must be true or false.' },
    ]);
    expect(issues(SeatAssignSchema, { guestIds: 'g1', tableId: 't1' })).toEqual([{ path: 'guestIds', message: 'Guest ids must be a list.' }]);
    expect(issues(SeatAssignSchema, { guestIds: ['g1'], tableId: 't1', seats: 2 })).toEqual([{ path: 'seats', message: 'Unknown field "seats".' }]);
  });
});

describe('TABLE_SHAPES', () => {
  it('names every shape', () => {
    expect(TABLE_SHAPES.map((shape) => TABLE_SHAPE_NAMES[shape])).toEqual(['Round', 'Long']);
  });
});
