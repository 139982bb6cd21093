/**
 * One choice of a select field or of an option list: the `value` that is
 * stored and sent, the `text` that people read, and whether it may be chosen.
 *
 * Used by the country, state and platform lists, by activities' meal options
 * and by attribute categories' options.
 */
export interface OptionEntry {
  /** What is stored and sent over the wire. */
  value: string;
  /** What is shown to people. */
  text: string;
  /** A disabled option is listed but cannot be chosen. */
  disabled?: boolean;
}
