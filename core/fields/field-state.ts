import type { OptionEntry } from '../options/option-entry';

/** A field's value and whether the person has been through it (for showing errors). */
export interface FieldState<V> {
  value: V;
  touched: boolean;
}

/** What a picker is told besides its options (country and state pickers among others). */
export interface FieldFlags {
  /** An empty value is an error once the field is touched. */
  required?: boolean;
  /** The field is in error whatever its value (e.g. the server refused it). */
  error?: boolean;
  /** A line shown under the field. */
  helperText?: string;
}

/**
 * Marks a field touched, as leaving it (blur) does.
 *
 * @param state The field.
 * @returns The field, touched.
 */
export function blurField<V>(state: FieldState<V>): FieldState<V> {
  return state.touched ? state : { ...state, touched: true };
}

/**
 * Whether a value can be chosen from a list: it is listed and not disabled.
 *
 * @param options The list.
 * @param value The value.
 * @returns `true` when it may be chosen.
 */
export function canChoose(options: readonly OptionEntry[], value: string): boolean {
  return options.some((option) => option.value === value && !option.disabled);
}

/**
 * Whether a field shows itself in error: flagged so, or required, touched and empty.
 *
 * @param state The field (a single value or an array).
 * @param flags Its flags.
 * @returns `true` when the error styling and message should show.
 */
export function showsError(state: FieldState<string | readonly string[]>, flags: FieldFlags): boolean {
  return !!flags.error || (!!flags.required && state.touched && state.value.length === 0);
}
