import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DATE, DEFAULT_MIN_DATE, isInDateRange } from './date-range';
import { emptyListText, LOADING_TEXT, NO_OPTIONS_TEXT } from './field-texts';

describe('stock texts and the default date range', () => {
  it('reads No options and Loading…', () => {
    expect(NO_OPTIONS_TEXT).toBe('No options');
    expect(LOADING_TEXT).toBe('Loading\u2026');
    expect(emptyListText(true)).toBe('Loading…');
    expect(emptyListText(false)).toBe('No options');
  });

  it('offers 1900-01-01 through 2099-12-31 unless told otherwise', () => {
    expect([DEFAULT_MIN_DATE, DEFAULT_MAX_DATE]).toEqual(['1900-01-01', '2099-12-31']);
    expect(isInDateRange('1900-01-01')).toBe(true);
    expect(isInDateRange('2099-12-31')).toBe(true);
    expect(isInDateRange('1899-12-31')).toBe(false);
    expect(isInDateRange('2100-01-01')).toBe(false);
    expect(isInDateRange('2027-06-12', '2027-06-01', '2027-06-30')).toBe(true);
    expect(isInDateRange('2027-6-12')).toBe(false);
  });
});
