import { map, type ReadableAtom } from 'nanostores';
import type { OptionEntry } from '../options/option-entry';
import { blurField, canChoose, showsError, type FieldFlags, type FieldState } from './field-state';
import { visibleOptions } from './select-field';

/**
 * Adds a value to a multi select. A disabled or unlisted value is refused, and a value already
 * chosen is not added twice (the field is returned unchanged).
 *
 * @param state The field.
 * @param options The field's options.
 * @param value The value to add.
 * @returns The new field.
 */
export function addOption(state: FieldState<string[]>, options: readonly OptionEntry[], value: string): FieldState<string[]> {
  if (state.value.includes(value) || !canChoose(options, value)) return state;
  return { ...state, value: [...state.value, value] };
}

/**
 * Removes a value from a multi select; the field is touched once it is empty.
 *
 * @param state The field.
 * @param value The value to remove.
 * @returns The new field.
 */
export function removeOption(state: FieldState<string[]>, value: string): FieldState<string[]> {
  const next = state.value.filter((chosen) => chosen !== value);
  return { value: next, touched: state.touched || next.length === 0 };
}

/**
 * Sets the values of a multi select at once (as a list box reports them): new values that are
 * disabled or unlisted are refused; the field is touched when emptied.
 *
 * @param state The field.
 * @param options The field's options.
 * @param values The values the person chose.
 * @returns The new field.
 */
export function setSelection(state: FieldState<string[]>, options: readonly OptionEntry[], values: readonly string[]): FieldState<string[]> {
  const next = [...new Set(values)].filter((value) => state.value.includes(value) || canChoose(options, value));
  return { value: next, touched: state.touched || next.length === 0 };
}

/** Settings of {@link createMultiSelectField}. */
export interface MultiSelectFieldConfig extends FieldFlags {
  options: readonly OptionEntry[];
  /** The starting values; `[]` unless given. */
  value?: string[];
  /** Whether chosen options leave the list; `true` unless given. */
  hideSelected?: boolean;
}

/** A multi select as a store of `{ value: string[], touched }`, with its actions. */
export interface MultiSelectField extends ReadableAtom<FieldState<string[]>> {
  /** Adds a value; `false` when it is disabled, not listed or already chosen. */
  add(value: string): boolean;
  /** Removes a value; touches the field when it becomes empty. */
  remove(value: string): void;
  /** Sets all values at once (refusing new disabled ones). */
  setValues(values: readonly string[]): void;
  /** Marks touched. */
  blur(): void;
  /** Replaces the options. */
  setOptions(options: readonly OptionEntry[]): void;
  /** The options to list now. */
  visibleOptions(): readonly OptionEntry[];
  /** Whether the field shows itself in error now. */
  showsError(): boolean;
}

/**
 * Creates a multi-select field store (no framework needed).
 *
 * @param config Options, starting values, `hideSelected` and the required/error/helper-text flags.
 * @returns The field.
 */
export function createMultiSelectField(config: MultiSelectFieldConfig): MultiSelectField {
  let options = config.options;
  const $field = map<FieldState<string[]>>({ value: config.value ?? [], touched: false });
  const update = (next: FieldState<string[]>): boolean => {
    const changed = next !== $field.value;
    $field.set(next);
    return changed;
  };
  return Object.assign($field, {
    add: (value: string) => update(addOption($field.get(), options, value)),
    remove: (value: string) => void update(removeOption($field.get(), value)),
    setValues: (values: readonly string[]) => void update(setSelection($field.get(), options, values)),
    blur: () => void update(blurField($field.get())),
    setOptions: (list: readonly OptionEntry[]) => void (options = list),
    visibleOptions: () => visibleOptions(options, $field.get().value, config.hideSelected),
    showsError: () => showsError($field.get(), config),
  });
}
