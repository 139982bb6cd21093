import * as v from 'valibot';
import { countryOptions } from '../options/countries';
import { canadianProvinceCodes, usStateCodes } from '../options/states';
import { crossCheck } from './field';
import { email, text, type StringFieldSchema } from './text';

let countryValues: ReadonlySet<string> | undefined;

/** Whether `value` is `''` or a value of the country list. */
function isCountry(value: string): boolean {
  countryValues ??= new Set(countryOptions.map((entry) => entry.value));
  return value === '' || countryValues.has(value);
}

/** The schema type of {@link country}. */
export type CountrySchema = v.SchemaWithPipe<readonly [StringFieldSchema, v.CheckAction<string, string>]>;

/** A country field: `''` or a value of the country list (`USA` for the United States). */
export const country: CountrySchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ text({ label: 'Country' }),
  /* @__PURE__ */ v.check(isCountry, 'Country must be one of the listed countries.'),
);

/**
 * The postal address and contact fields shared by a household (host area) and the guest's
 * own household (event area), without defaults; a fresh set of schemas on every call.
 * A country's `state` is checked with {@link countryStateCheck}.
 *
 * @returns The field schemas, keyed by field.
 */
/* @__NO_SIDE_EFFECTS__ */
export function addressFields(): AddressFields {
  return {
    addressLine1: text({ label: 'Address line 1' }),
    addressLine2: text({ label: 'Address line 2' }),
    city: text({ label: 'City' }),
    state: text({ label: 'State or province' }),
    postalCode: text({ label: 'Postal code', max: 20 }),
    country,
    /** Free text (international numbers, extensions), shown with `formatPhone`. */
    phone: text({ label: 'Phone', max: 32 }),
    email: email(),
  };
}

/** The schemas of {@link addressFields}. */
export type AddressFields = {
  readonly addressLine1: StringFieldSchema;
  readonly addressLine2: StringFieldSchema;
  readonly city: StringFieldSchema;
  readonly state: StringFieldSchema;
  readonly postalCode: StringFieldSchema;
  readonly country: CountrySchema;
  readonly phone: StringFieldSchema;
  readonly email: StringFieldSchema;
};

/** The address part of an object under validation; any field may be absent (updates). */
interface AddressInput {
  state?: string;
  country?: string;
}

/** Whether the state fits the country: a listed code for USA or Canada (any case), anything else otherwise. */
function stateFitsCountry(input: AddressInput): boolean {
  const { state, country: countryValue } = input;
  if (state === undefined || state === '' || countryValue === undefined) return true;
  if (countryValue === 'USA') return usStateCodes.has(state.toUpperCase());
  if (countryValue === 'Canada') return canadianProvinceCodes.has(state.toUpperCase());
  return true;
}

/** Upper-cases a US or Canadian state code (`ny` → `NY`); leaves other countries' states alone. */
function upperCaseStateCode<T extends AddressInput>(input: T): T {
  const { state, country: countryValue } = input;
  if (state !== undefined && (countryValue === 'USA' || countryValue === 'Canada')) {
    return { ...input, state: state.toUpperCase() };
  }
  return input;
}

/**
 * The rule across address fields (contract section 2): when `country` is `USA` or `Canada`,
 * `state` is `''` or a code of the state list for that country, in any case (issue on `state`).
 * Absent fields (a partial update) are not checked; re-validate the merged entity for those.
 * Follow it with {@link stateCodeUpperCase} in the pipe.
 *
 * @returns A valibot raw check for the object.
 */
/* @__NO_SIDE_EFFECTS__ */
export function countryStateCheck<T extends AddressInput>(): v.RawCheckAction<T> {
  return crossCheck<T>(['country', 'state'], 'state', (input) =>
    stateFitsCountry(input)
      ? undefined
      : input.country === 'Canada'
        ? 'Province must be a Canadian province or territory code, such as ON.'
        : 'State must be a US state or territory code, such as NY.',
  );
}

/**
 * Upper-cases the state code of a US or Canadian address (`ny` → `NY`), so what is stored is
 * exactly a value of the state list.
 *
 * @returns A valibot transformation for the object.
 */
/* @__NO_SIDE_EFFECTS__ */
export function stateCodeUpperCase<T extends AddressInput>(): v.TransformAction<T, T> {
  return v.transform<T, T>(upperCaseStateCode);
}
