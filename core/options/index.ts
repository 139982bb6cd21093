export type { OptionEntry } from './option-entry';
export { countryOptions } from './countries';
export { canadianProvinceCodes, stateOptions, statesForCountry, usStateCodes } from './states';
export { platformOptions, platformValues } from './platforms';
