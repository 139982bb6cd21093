import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, timeZone } from './time-zone';

describe('canonicalTimeZone', () => {
  it('keeps names the engine lists, and UTC', () => {
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
  });

  it('keeps valid IANA links some engines leave out of their list', () => {
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Asia/Calcutta')).toBe('Asia/Calcutta');
    expect(canonicalTimeZone('Europe/Kyiv')).toBe('Europe/Kyiv');
  });

  it('fixes the capitalisation of a valid name', () => {
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
  });

  it('refuses offsets, unknown names and junk', () => {
    for (const name of ['+02:00', 'GMT+2', 'Mars/Olympus_Mons', 'Europe/', '', 'Paris', '../../etc/passwd']) {
      expect(canonicalTimeZone(name), name).toBeUndefined();
    }
  });
});

describe('timeZone', () => {
  const schema = timeZone();

  it('outputs the name to store', () => {
    expect(v.parse(schema, ' America/Chicago ')).toBe('America/Chicago');
  });

  it('explains what is expected', () => {
    expect(v.safeParse(schema, 'Somewhere').issues?.[0]?.message).toBe(
      'Time zone must be a time zone name such as Europe/Paris or America/New_York.',
    );
    expect(v.safeParse(schema, '').issues?.[0]?.message).toBe('Time zone is required.');
    expect(v.safeParse(schema, 1).issues?.[0]?.message).toBe('Time zone must be text.');
    expect(v.safeParse(schema, `Europe/${'x'.repeat(100)}`).success).toBe(false);
  });
});
