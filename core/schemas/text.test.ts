import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  email,
  id,
  idField,
  instant,
  instantField,
  isoDate,
  isoDateField,
  longText,
  optionEntries,
  optionEntry,
  optionEntryList,
  requiredEmail,
  text,
} from './text';
import { toApiIssues } from './error';

/** The messages of a failed parse, or [] when it passes. */
function messages(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
}

function output<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  return v.parse(schema, input);
}

describe('text', () => {
  const firstName = text({ label: 'First name', min: 1, max: 100 });

  it('trims and NFC-normalises', () => {
    expect(output(firstName, '  Ana  ')).toBe('Ana');
    const decomposed = 'Jose\u0301';
    expect(output(firstName, decomposed)).toBe('Jos\u00e9');
    expect(output(firstName, decomposed).length).toBe(4);
  });

  it('says a required field is required, with the label', () => {
    expect(messages(firstName, '')).toEqual(['First name is required.']);
    expect(messages(firstName, '   ')).toEqual(['First name is required.']);
  });

  it('checks the maximum in characters, with the label', () => {
    expect(messages(firstName, 'a'.repeat(100))).toEqual([]);
    expect(messages(firstName, 'a'.repeat(101))).toEqual(['First name must be at most 100 characters.']);
    // 100 emoji are 200 UTF-16 units but 100 characters.
    expect(messages(firstName, '😀'.repeat(100))).toEqual([]);
    expect(messages(firstName, '😀'.repeat(101))).toEqual(['First name must be at most 100 characters.']);
  });

  it('checks a minimum above one', () => {
    const passcode = text({ label: 'Passcode', min: 4, max: 64 });
    expect(messages(passcode, 'abc')).toEqual(['Passcode must be at least 4 characters.']);
    expect(messages(passcode, '😀😀😀')).toEqual(['Passcode must be at least 4 characters.']);
    expect(messages(passcode, 'abcd')).toEqual([]);
  });

  it('defaults to 0..200 characters and a generic label', () => {
    const plain = text();
    expect(output(plain, '')).toBe('');
    expect(messages(plain, 'a'.repeat(200))).toEqual([]);
    expect(messages(plain, 'a'.repeat(201))).toEqual(['This field must be at most 200 characters.']);
  });

  it('refuses control characters, bidi overrides and isolates, and lone surrogates', () => {
    const refused = [
      'a\u0000b',
      'a\u0007b',
      'a\nb',
      'a\tb',
      'a\u001fb',
      'a\u007fb',
      'a\u0085b',
      'a\u009fb',
      'a\u202ab',
      'a\u202eb',
      'a\u2066b',
      'a\u2069b',
      'a\ud800b',
      'a\udc00b',
    ];
    for (const value of refused) {
      expect(messages(firstName, value), JSON.stringify(value)).toEqual([
        'First name contains characters that are not allowed.',
      ]);
    }
    // Marks that are not overrides, joiners (emoji sequences) and non-Latin scripts are fine.
    expect(messages(firstName, 'a\u200eb')).toEqual([]);
    expect(messages(firstName, '👩\u200d👩\u200d👧')).toEqual([]);
    expect(messages(firstName, 'محمد')).toEqual([]);
  });

  it('refuses anything but a string', () => {
    expect(messages(firstName, 42)).toEqual(['First name must be text.']);
    expect(messages(firstName, null)).toEqual(['First name must be text.']);
    expect(messages(firstName, undefined)).toEqual(['First name must be text.']);
  });

  it('carries its label and limits for forms', () => {
    expect(v.getTitle(firstName)).toBe('First name');
    expect(v.getMetadata(firstName)).toEqual({ minLength: 1, maxLength: 100, multiline: false, format: 'text' });
  });
});

describe('longText', () => {
  const notes = longText({ label: 'Notes' });

  it('allows line breaks and tabs, normalising CRLF to LF', () => {
    expect(output(notes, 'line 1\r\nline 2\rline 3\n\tindented')).toBe('line 1\nline 2\nline 3\n\tindented');
    expect(output(notes, '\n\n  text  \n')).toBe('text');
  });

  it('still refuses other control characters and bidi overrides', () => {
    expect(messages(notes, 'a\u0000b')).toEqual(['Notes contains characters that are not allowed.']);
    expect(messages(notes, 'a\u000bb')).toEqual(['Notes contains characters that are not allowed.']);
    expect(messages(notes, 'a\u202eb')).toEqual(['Notes contains characters that are not allowed.']);
  });

  it('defaults to at most 5,000 characters', () => {
    expect(messages(notes, 'a'.repeat(5000))).toEqual([]);
    expect(messages(notes, 'a'.repeat(5001))).toEqual(['Notes must be at most 5,000 characters.']);
    expect(messages(longText({ label: 'Dietary notes', max: 1000 }), 'a'.repeat(1001))).toEqual([
      'Dietary notes must be at most 1,000 characters.',
    ]);
  });
});

describe('email', () => {
  const optional = email();

  it('accepts empty or a valid address, trimmed, case kept', () => {
    expect(output(optional, '')).toBe('');
    expect(output(optional, '  Ana.Silva+rsvp@Example.co.uk ')).toBe('Ana.Silva+rsvp@Example.co.uk');
    expect(output(optional, "o'brien@example.ie")).toBe("o'brien@example.ie");
    expect(output(optional, 'josé@exämple.de')).toBe('josé@exämple.de');
    expect(output(optional, 'a@xn--bcher-kva.example')).toBe('a@xn--bcher-kva.example');
  });

  it('refuses what is not an address', () => {
    for (const value of ['ana', 'ana@', '@example.com', 'ana@example', 'ana@@example.com', 'ana@exa mple.com', 'ana..b@example.com', '.ana@example.com', 'ana@-example.com', 'ana@example.c']) {
      expect(messages(optional, value), value).toEqual(['Email must be a valid email address.']);
    }
  });

  it('refuses more than 254 characters and local parts over 64', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`;
    expect(long.length).toBe(255);
    expect(messages(optional, long)).toEqual(['Email must be at most 254 characters.']);
    expect(messages(optional, `${'a'.repeat(65)}@example.com`)).toEqual(['Email must be a valid email address.']);
    expect(messages(optional, `${'a'.repeat(64)}@example.com`)).toEqual([]);
  });

  it('uses its label, and can be required', () => {
    expect(messages(email({ label: 'Contact email' }), 'x')).toEqual(['Contact email must be a valid email address.']);
    expect(messages(requiredEmail, '')).toEqual(['Email is required.']);
    expect(messages(requiredEmail, 'x')).toEqual(['Email must be a valid email address.']);
    expect(output(requiredEmail, 'Host@Example.com')).toBe('Host@Example.com');
  });
});

describe('isoDate', () => {
  it('accepts real calendar dates written YYYY-MM-DD', () => {
    expect(output(isoDate, '2027-06-12')).toBe('2027-06-12');
    expect(output(isoDate, '2028-02-29')).toBe('2028-02-29');
    expect(output(isoDate, '2000-02-29')).toBe('2000-02-29');
  });

  it('refuses impossible dates and other formats', () => {
    for (const value of ['2027-02-29', '1900-02-29', '2027-04-31', '2027-13-01', '2027-00-10', '2027-06-00', '2027-6-12', '12/06/2027', '2027-06-12T00:00:00Z', '']) {
      expect(v.is(isoDate, value), value).toBe(false);
    }
  });

  it('says what is expected, with the label', () => {
    const startDate = isoDateField({ label: 'Start date' });
    expect(messages(startDate, '2027-02-30')).toEqual(['Start date must be a real date written YYYY-MM-DD.']);
    expect(messages(startDate, 'not a date at all, and quite long')).toEqual([
      'Start date must be a real date written YYYY-MM-DD.',
    ]);
    expect(messages(startDate, '')).toEqual(['Start date is required.']);
  });
});

describe('instant', () => {
  it('normalises instants with a time zone to UTC ISO strings', () => {
    expect(output(instant, '2027-06-12T22:00:00.000Z')).toBe('2027-06-12T22:00:00.000Z');
    expect(output(instant, '2027-06-12T22:00Z')).toBe('2027-06-12T22:00:00.000Z');
    expect(output(instant, '2027-06-12T18:00:00-04:00')).toBe('2027-06-12T22:00:00.000Z');
    expect(output(instant, '2027-06-13T00:00:00+0200')).toBe('2027-06-12T22:00:00.000Z');
    expect(output(instant, '2027-06-12 22:00:00.5z')).toBe('2027-06-12T22:00:00.500Z');
    expect(output(instant, '2027-06-12T22:00:00.123456Z')).toBe('2027-06-12T22:00:00.123Z');
  });

  it('refuses instants without a time zone, impossible dates and other text', () => {
    for (const value of ['2027-06-12T22:00:00', '2027-06-12', '2027-02-30T10:00:00Z', '2027-06-12T24:00:00Z', '2027-06-12T22:00:00+02', 'Sat, 12 Jun 2027 22:00:00 GMT', 'tomorrow', '']) {
      expect(v.is(instant, value), value).toBe(false);
    }
    expect(messages(instantField({ label: 'RSVP deadline' }), '2027-06-12')).toEqual([
      'RSVP deadline must be a date and time with a time zone, like 2027-06-12T22:00:00Z.',
    ]);
  });

  it('is idempotent, so a stored value re-validates', () => {
    const once = output(instant, '2027-06-12T18:00:00-04:00');
    expect(output(instant, once)).toBe(once);
  });
});

describe('id', () => {
  it('accepts 1 to 64 URL-safe characters', () => {
    expect(output(id, 'aB3_-x')).toBe('aB3_-x');
    expect(v.is(id, 'a'.repeat(64))).toBe(true);
  });

  it('refuses empty, long and unsafe ids', () => {
    for (const value of ['', 'a'.repeat(65), 'a b', 'a/b', 'a.b', 'é', '../x', 42]) {
      expect(v.is(id, value), String(value)).toBe(false);
    }
    expect(messages(idField({ label: 'Guest id' }), 'a/b')).toEqual(['Guest id is not a valid id.']);
    expect(messages(idField({ label: 'Guest id' }), '')).toEqual(['Guest id is required.']);
  });
});

describe('optionEntry and optionEntries', () => {
  it('accepts entries with an optional disabled flag', () => {
    expect(
      output(optionEntries, [
        { value: 'chicken', text: ' Chicken ' },
        { value: 'fish', text: 'Fish', disabled: true },
      ]),
    ).toEqual([
      { value: 'chicken', text: 'Chicken' },
      { value: 'fish', text: 'Fish', disabled: true },
    ]);
  });

  it('is strict and needs a value and a text', () => {
    expect(messages(optionEntry, { value: 'a', text: 'A', color: 'red' })).toEqual(['Unknown field "color".']);
    expect(messages(optionEntry, { value: '', text: 'A' })).toEqual(['Option value is required.']);
    expect(messages(optionEntry, { value: 'a' })).toEqual(['Option text is required.']);
    expect(messages(optionEntry, { value: 'a', text: 'A', disabled: 'yes' })).toEqual(['Disabled must be true or false.']);
    expect(messages(optionEntry, 'a')).toEqual(['Each option must be an object.']);
  });

  it('reports a repeated value on the repeating entry', () => {
    const result = v.safeParse(optionEntries, [
      { value: 'a', text: 'A' },
      { value: 'b', text: 'B' },
      { value: 'a', text: 'A again' },
    ]);
    expect(result.success).toBe(false);
    expect(toApiIssues(result.issues ?? [])).toEqual([{ path: '2.value', message: 'Option value "a" is used more than once.' }]);
  });

  it('limits the number of entries', () => {
    const many = Array.from({ length: 201 }, (_, index) => ({ value: `v${index}`, text: `V${index}` }));
    expect(messages(optionEntries, many)).toEqual(['Options can have at most 200 entries.']);
    expect(messages(optionEntryList({ label: 'Meal options', max: 2 }), many.slice(0, 3))).toEqual([
      'Meal options can have at most 2 entries.',
    ]);
    expect(messages(optionEntries, 'chicken')).toEqual(['Options must be a list.']);
  });
});
