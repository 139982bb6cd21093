import { describe, expect, it } from 'vitest';
import { canadianProvinceCodes, stateOptions, statesForCountry, usStateCodes } from './states';

/** The contract's list, written out independently of the compact source string. */
const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho',
  IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana',
  ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada',
  NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina',
  ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas',
  UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia',
  WI: 'Wisconsin', WY: 'Wyoming',
};
const US_OTHER: Record<string, string> = {
  AS: 'American Samoa', DC: 'District of Columbia', GU: 'Guam', MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico', VI: 'U.S. Virgin Islands',
};
const CANADA: Record<string, string> = {
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador', NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut',
  ON: 'Ontario', PE: 'Prince Edward Island', QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
};
const byName = new Intl.Collator('en').compare;

describe('stateOptions', () => {
  it('has exactly the 50 states, 6 territories and districts, and 13 provinces', () => {
    expect(Object.keys(US_STATES)).toHaveLength(50);
    expect(Object.keys(US_OTHER)).toHaveLength(6);
    expect(Object.keys(CANADA)).toHaveLength(13);
    expect(stateOptions).toHaveLength(69);
  });

  it('matches the contract entry by entry, sorted by name', () => {
    const expected = Object.entries({ ...US_STATES, ...US_OTHER, ...CANADA })
      .map(([value, text]) => ({ value, text }))
      .sort((a, b) => byName(a.text, b.text));
    expect(stateOptions).toEqual(expected);
  });

  it('is sorted by name both by collation and by code units', () => {
    const texts = stateOptions.map((entry) => entry.text);
    expect([...texts].sort(byName)).toEqual(texts);
    expect([...texts].sort()).toEqual(texts);
    expect(stateOptions[0]).toEqual({ value: 'AL', text: 'Alabama' });
    expect(stateOptions[68]).toEqual({ value: 'YT', text: 'Yukon' });
  });

  it('has two-letter upper-case codes, unique, and no disabled entries', () => {
    const codes = stateOptions.map((entry) => entry.value);
    expect(new Set(codes).size).toBe(69);
    for (const entry of stateOptions) {
      expect(entry.value).toMatch(/^[A-Z]{2}$/);
      expect(entry.disabled).toBeUndefined();
    }
  });
});

describe('usStateCodes and canadianProvinceCodes', () => {
  it('split the list into 56 US codes and 13 Canadian codes', () => {
    expect([...usStateCodes].sort()).toEqual(Object.keys({ ...US_STATES, ...US_OTHER }).sort());
    expect([...canadianProvinceCodes].sort()).toEqual(Object.keys(CANADA).sort());
    expect(usStateCodes.has('ON')).toBe(false);
    expect(canadianProvinceCodes.has('NY')).toBe(false);
  });
});

describe('statesForCountry', () => {
  it('offers US states and territories for USA', () => {
    const list = statesForCountry('USA');
    expect(list).toHaveLength(56);
    expect(list.map((entry) => entry.value)).toContain('PR');
    expect(list.map((entry) => entry.value)).not.toContain('QC');
    expect(list.map((entry) => entry.text)).toEqual(list.map((entry) => entry.text).sort(byName));
  });

  it('offers provinces and territories for Canada', () => {
    expect(statesForCountry('Canada').map((entry) => entry.value)).toEqual([
      'AB', 'BC', 'MB', 'NB', 'NL', 'NT', 'NS', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT',
    ]);
  });

  it('offers nothing for other countries or an empty value, and is stable', () => {
    expect(statesForCountry('France')).toEqual([]);
    expect(statesForCountry('')).toEqual([]);
    expect(statesForCountry('usa')).toEqual([]);
    expect(statesForCountry('USA')).toBe(statesForCountry('USA'));
  });
});
