import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addressFields, country, countryStateCheck, stateCodeUpperCase } from './address';
import { toApiIssues } from './error';
import { strictBody } from './strict-body';

const schema = v.pipe(v.partial(strictBody(addressFields())), countryStateCheck(), stateCodeUpperCase());

function issues(input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? [] : toApiIssues(result.issues);
}

describe('country', () => {
  it("is '' or a value of the country list", () => {
    expect(v.parse(country, '')).toBe('');
    expect(v.parse(country, 'USA')).toBe('USA');
    expect(v.parse(country, ' Canada ')).toBe('Canada');
    expect(v.parse(country, 'France')).toBe('France');
    expect(v.safeParse(country, 'United States').issues?.[0]?.message).toBe('Country must be one of the listed countries.');
    expect(v.safeParse(country, 'Atlantis').success).toBe(false);
    expect(v.safeParse(country, 'usa').success).toBe(false);
  });
});

describe('countryStateCheck', () => {
  it('accepts US codes for USA and Canadian codes for Canada, upper-casing them', () => {
    expect(v.parse(schema, { country: 'USA', state: 'NY' })).toEqual({ country: 'USA', state: 'NY' });
    expect(v.parse(schema, { country: 'USA', state: 'pr' })).toEqual({ country: 'USA', state: 'PR' });
    expect(v.parse(schema, { country: 'Canada', state: 'qc' })).toEqual({ country: 'Canada', state: 'QC' });
    expect(v.parse(schema, { country: 'USA', state: '' })).toEqual({ country: 'USA', state: '' });
  });

  it('refuses a state of the other country or no list at all, on state', () => {
    expect(issues({ country: 'USA', state: 'ON' })).toEqual([
      { path: 'state', message: 'State must be a US state or territory code, such as NY.' },
    ]);
    expect(issues({ country: 'USA', state: 'New York' })).toEqual([
      { path: 'state', message: 'State must be a US state or territory code, such as NY.' },
    ]);
    expect(issues({ country: 'Canada', state: 'NY' })).toEqual([
      { path: 'state', message: 'Province must be a Canadian province or territory code, such as ON.' },
    ]);
  });

  it('leaves other countries free text, as typed', () => {
    expect(v.parse(schema, { country: 'United Kingdom', state: 'Greater London' })).toEqual({
      country: 'United Kingdom',
      state: 'Greater London',
    });
    expect(v.parse(schema, { country: '', state: 'ny' })).toEqual({ country: '', state: 'ny' });
  });

  it('does not check what a partial update leaves out', () => {
    expect(issues({ state: 'ZZ' })).toEqual([]);
    expect(issues({ country: 'USA' })).toEqual([]);
  });

  it('reports other fields and the rule together, but not the rule over a bad country', () => {
    expect(issues({ country: 'USA', state: 'ON', postalCode: 'x'.repeat(21) })).toEqual([
      { path: 'postalCode', message: 'Postal code must be at most 20 characters.' },
      { path: 'state', message: 'State must be a US state or territory code, such as NY.' },
    ]);
    expect(issues({ country: 'Narnia', state: 'ON' })).toEqual([
      { path: 'country', message: 'Country must be one of the listed countries.' },
    ]);
  });

  it('limits phone to 32 characters and checks the email', () => {
    expect(issues({ phone: '+1 (555) 123-4567 ext. 12345678901' })).toEqual([
      { path: 'phone', message: 'Phone must be at most 32 characters.' },
    ]);
    expect(issues({ email: 'nope' })).toEqual([{ path: 'email', message: 'Email must be a valid email address.' }]);
  });
});
