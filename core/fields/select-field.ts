import { map, type ReadableAtom } from 'nanostores';
import type { OptionEntry } from '../options/option-entry';
import { blurField, canChoose, showsError, type FieldFlags, type FieldState } from './field-state';

/**
 * Chooses an option of a single select: the field takes its value. A disabled or unlisted
 * value is refused (the field is returned unchanged).
 *
 * @param state The field.
 * @param options The field's options.
 * @param value The chosen option's value.
 * @returns The new field.
 */
export function chooseOption(state: FieldState<string>, options: readonly OptionEntry[], value: string): FieldState<string> {
  return canChoose(options, value) ? { ...state, value } : state;
}

/**
 * Clears a single select: its value becomes `''` and it is touched.
 *
 * @returns The cleared field.
 */
export function clearSelection(): FieldState<string> {
  return { value: '', touched: true };
}

/**
 * The options a select lists: all of them, or, with `hideSelected` (the default), all but the
 * chosen ones. The country picker passes `hideSelected: false`.
 *
 * @param options The field's options.
 * @param selected The chosen value(s).
 * @param hideSelected Whether chosen options leave the list; `true` unless given.
 * @returns The options to list.
 */
export function visibleOptions(
  options: readonly OptionEntry[],
  selected: string | readonly string[],
  hideSelected = true,
): readonly OptionEntry[] {
  if (!hideSelected) return options;
  return options.filter((option) => (typeof selected === 'string' ? option.value !== selected : !selected.includes(option.value)));
}

/** Settings of {@link createSelectField}. */
export interface SelectFieldConfig extends FieldFlags {
  options: readonly OptionEntry[];
  /** The starting value; `''` unless given. */
  value?: string;
  /** Whether the chosen option leaves the list; `true` unless given (the country picker: `false`). */
  hideSelected?: boolean;
}

/** A single select as a store of `{ value, touched }`, with its actions. */
export interface SelectField extends ReadableAtom<FieldState<string>> {
  /** Chooses a value; `false` (nothing changes) when it is disabled or not listed. */
  choose(value: string): boolean;
  /** Sets `''` and marks touched. */
  clear(): void;
  /** Marks touched. */
  blur(): void;
  /** Replaces the options (e.g. states when the country changes, or once loaded). */
  setOptions(options: readonly OptionEntry[]): void;
  /** The options to list now. */
  visibleOptions(): readonly OptionEntry[];
  /** Whether the field shows itself in error now. */
  showsError(): boolean;
}

/**
 * Creates a single-select field store (no framework needed).
 *
 * @param config Options, starting value, `hideSelected` and the required/error/helper-text flags.
 * @returns The field.
 */
export function createSelectField(config: SelectFieldConfig): SelectField {
  let options = config.options;
  const $field = map<FieldState<string>>({ value: config.value ?? '', touched: false });
  return Object.assign($field, {
    choose: (value: string) => {
      const next = chooseOption($field.get(), options, value);
      $field.set(next);
      return next.value === value;
    },
    clear: () => $field.set(clearSelection()),
    blur: () => $field.set(blurField($field.get())),
    setOptions: (list: readonly OptionEntry[]) => void (options = list),
    visibleOptions: () => visibleOptions(options, $field.get().value, config.hideSelected),
    showsError: () => showsError($field.get(), config),
  });
}
