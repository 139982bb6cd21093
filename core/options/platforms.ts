import type { OptionEntry } from './option-entry';

/** The platforms a guest may sign in from (contract section 4). */
export const platformValues: readonly ['DESKTOP', 'IOS', 'ANDROID'] = ['DESKTOP', 'IOS', 'ANDROID'];

/** The platform option list, in the contract's order. */
export const platformOptions: readonly OptionEntry[] = [
  { value: 'DESKTOP', text: 'Desktop' },
  { value: 'IOS', text: 'iOS' },
  { value: 'ANDROID', text: 'Android' },
];
