import { describe, expect, it } from 'vitest';
import { localInstant, occasionDates } from './email-dates';

describe('localInstant', () => {
  it('writes an instant in the zone asked for, each zone its own however often asked', () => {
    for (let i = 0; i < 3; i++) {
      expect(localInstant('2027-06-12T14:00:00Z', 'Europe/Lisbon')).toBe('Saturday, 12 June 2027 at 15:00 (Europe/Lisbon)');
      expect(localInstant('2027-06-12T14:00:00Z', 'America/New_York')).toBe('Saturday, 12 June 2027 at 10:00 (America/New_York)');
      expect(localInstant('2027-12-31T23:30:00Z', 'Europe/Lisbon')).toBe('Friday, 31 December 2027 at 23:30 (Europe/Lisbon)');
    }
  });

  it('falls back to UTC, and says so, for a zone it does not know', () => {
    expect(localInstant('2027-06-12T14:00:00Z', 'Mars/Olympus')).toBe('Saturday, 12 June 2027 at 14:00 (UTC)');
    expect(localInstant('2027-06-12T14:00:00Z', 'Mars/Olympus')).toBe('Saturday, 12 June 2027 at 14:00 (UTC)');
  });
});

describe('occasionDates', () => {
  it('writes a day, or a range of days, the same however often asked', () => {
    for (let i = 0; i < 2; i++) {
      expect(occasionDates('2027-06-12', '2027-06-12')).toBe('Saturday, 12 June 2027');
      expect(occasionDates('2027-06-12', '2027-06-13')).toBe('Saturday, 12 June 2027 – Sunday, 13 June 2027');
    }
  });
});
