import { describe, expect, it } from 'vitest';
import { countryOptions } from './countries';

describe('countryOptions', () => {
  it('has about 190 to 200 unique entries', () => {
    expect(countryOptions.length).toBeGreaterThanOrEqual(190);
    expect(countryOptions.length).toBeLessThanOrEqual(200);
    expect(new Set(countryOptions.map((entry) => entry.value)).size).toBe(countryOptions.length);
  });

  it('stores the United States as USA and every other country under its name', () => {
    expect(countryOptions.find((entry) => entry.text === 'United States')).toEqual({
      value: 'USA',
      text: 'United States',
    });
    const others = countryOptions.filter((entry) => entry.text !== 'United States');
    expect(others.every((entry) => entry.value === entry.text)).toBe(true);
    expect(countryOptions.find((entry) => entry.value === 'Canada')).toEqual({ value: 'Canada', text: 'Canada' });
  });

  it('is sorted by name', () => {
    const texts = countryOptions.map((entry) => entry.text);
    expect([...texts].sort(new Intl.Collator('en').compare)).toEqual(texts);
    expect(texts[0]).toBe('Afghanistan');
    expect(texts.at(-1)).toBe('Zimbabwe');
  });

  it('holds clean, NFC-normalised names that text fields accept unchanged', () => {
    for (const { text } of countryOptions) {
      expect(text).toBe(text.trim());
      expect(text).toBe(text.normalize('NFC'));
      expect(text.length).toBeGreaterThan(2);
      expect(text).not.toMatch(/[|\u0000-\u001f]/);
    }
    expect(countryOptions.map((entry) => entry.value)).toEqual(
      expect.arrayContaining(['United Kingdom', 'Mexico', 'Germany', 'India', "Côte d'Ivoire"]),
    );
  });
});
