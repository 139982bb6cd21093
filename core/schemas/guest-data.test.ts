import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ERASURE_MESSAGE_MAX, ErasureRequestCreateSchema, PRIVACY_NOTE_MAX, PrivacyNoteUpdateSchema } from './guest-data';

const paths = (schema: v.GenericSchema, input: unknown) => (v.safeParse(schema, input).issues ?? []).map((issue) => v.getDotPath(issue));

describe('guest data bodies', () => {
  it('takes a privacy note of up to 5,000 characters, or null for the default, and refuses one more', () => {
    expect(paths(PrivacyNoteUpdateSchema, { privacyNote: 'n'.repeat(PRIVACY_NOTE_MAX) })).toEqual([]);
    expect(paths(PrivacyNoteUpdateSchema, { privacyNote: null })).toEqual([]);
    expect(paths(PrivacyNoteUpdateSchema, { privacyNote: 'n'.repeat(PRIVACY_NOTE_MAX + 1) })).toEqual(['privacyNote']);
  });

  it('takes an erasure request with a message of up to 1,000 characters, or none, and refuses one more', () => {
    expect(v.parse(ErasureRequestCreateSchema, {})).toEqual({ message: '' });
    expect(paths(ErasureRequestCreateSchema, { message: 'm'.repeat(ERASURE_MESSAGE_MAX) })).toEqual([]);
    expect(paths(ErasureRequestCreateSchema, { message: 'm'.repeat(ERASURE_MESSAGE_MAX + 1) })).toEqual(['message']);
  });
});
