import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone';

describe('formatPhone', () => {
  it('formats any value with exactly 10 digits', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('555-123-4567')).toBe('(555) 123-4567');
    expect(formatPhone('555.123.4567')).toBe('(555) 123-4567');
    expect(formatPhone(' (555) 123 4567 ')).toBe('(555) 123-4567');
    expect(formatPhone('(555) 123-4567')).toBe('(555) 123-4567');
  });

  it('returns every other value unchanged', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('123-4567')).toBe('123-4567');
    expect(formatPhone('+1 555 123 4567')).toBe('+1 555 123 4567');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('555-123-4567 ext 89')).toBe('555-123-4567 ext 89');
    expect(formatPhone('call me')).toBe('call me');
  });

  it('counts only ASCII digits', () => {
    // Arabic-Indic digits are not \d in JavaScript regular expressions.
    expect(formatPhone('٥٥٥١٢٣٤٥٦٧')).toBe('٥٥٥١٢٣٤٥٦٧');
  });
});
