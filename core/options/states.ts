import type { OptionEntry } from './option-entry';

/** `CODE Name` pairs sorted by name, joined with `|` to keep the widget small. */
const ENTRIES =
  'AL Alabama|AK Alaska|AB Alberta|AS American Samoa|AZ Arizona|AR Arkansas|BC British Columbia|' +
  'CA California|CO Colorado|CT Connecticut|DE Delaware|DC District of Columbia|FL Florida|GA Georgia|' +
  'GU Guam|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|KS Kansas|KY Kentucky|LA Louisiana|ME Maine|' +
  'MB Manitoba|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|MS Mississippi|MO Missouri|' +
  'MT Montana|NE Nebraska|NV Nevada|NB New Brunswick|NH New Hampshire|NJ New Jersey|NM New Mexico|' +
  'NY New York|NL Newfoundland and Labrador|NC North Carolina|ND North Dakota|MP Northern Mariana Islands|' +
  'NT Northwest Territories|NS Nova Scotia|NU Nunavut|OH Ohio|OK Oklahoma|ON Ontario|OR Oregon|' +
  'PA Pennsylvania|PE Prince Edward Island|PR Puerto Rico|QC Quebec|RI Rhode Island|SK Saskatchewan|' +
  'SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|VI U.S. Virgin Islands|UT Utah|VT Vermont|' +
  'VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming|YT Yukon';

/**
 * The state and province list (contract section 5): exactly 69 entries sorted by name, the
 * two-letter code as value and the full name as text: the 50 US states, American Samoa, District
 * of Columbia, Guam, Northern Mariana Islands, Puerto Rico, U.S. Virgin Islands, and the 13
 * Canadian provinces and territories.
 */
export const stateOptions: readonly OptionEntry[] = /* @__PURE__ */ stateList();

const CANADIAN: readonly string[] = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'];

/** The codes of the 13 Canadian provinces and territories. */
export const canadianProvinceCodes: ReadonlySet<string> = /* @__PURE__ */ codeSet(true);

/** The codes of the 50 US states, the District of Columbia and the 5 inhabited territories. */
export const usStateCodes: ReadonlySet<string> = /* @__PURE__ */ codeSet(false);

function stateList(): readonly OptionEntry[] {
  return ENTRIES.split('|').map((entry): OptionEntry => ({ value: entry.slice(0, 2), text: entry.slice(3) }));
}

function codeSet(canadian: boolean): ReadonlySet<string> {
  return new Set(stateList().map((entry) => entry.value).filter((code) => CANADIAN.includes(code) === canadian));
}

let usStates: readonly OptionEntry[] | undefined;
let canadianProvinces: readonly OptionEntry[] | undefined;

/**
 * The states or provinces to offer for a country value of {@link countryOptions}:
 * US states and territories for `USA`, provinces and territories for `Canada`,
 * and an empty list for any other country (its state is free text).
 *
 * @param country A country value, e.g. `USA`.
 * @returns The entries, sorted by name; the same array on every call.
 */
export function statesForCountry(country: string): readonly OptionEntry[] {
  if (country === 'USA') return (usStates ??= stateOptions.filter((entry) => usStateCodes.has(entry.value)));
  if (country === 'Canada') {
    return (canadianProvinces ??= stateOptions.filter((entry) => canadianProvinceCodes.has(entry.value)));
  }
  return [];
}
