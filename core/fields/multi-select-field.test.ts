import { describe, expect, it } from 'vitest';
import type { OptionEntry } from '../options/option-entry';
import { addOption, createMultiSelectField, removeOption, setSelection } from './multi-select-field';

const sides: OptionEntry[] = [
  { value: 'bride', text: "Bride's" },
  { value: 'groom', text: "Groom's" },
  { value: 'both', text: 'Both', disabled: true },
];

describe('multi select', () => {
  it('holds an array of chosen values', () => {
    let state = { value: [] as string[], touched: false };
    state = addOption(state, sides, 'bride');
    state = addOption(state, sides, 'groom');
    state = addOption(state, sides, 'bride');
    expect(state).toEqual({ value: ['bride', 'groom'], touched: false });
  });

  it('refuses disabled and unlisted options', () => {
    const state = { value: ['bride'], touched: false };
    expect(addOption(state, sides, 'both')).toBe(state);
    expect(addOption(state, sides, 'cousin')).toBe(state);
    expect(setSelection(state, sides, ['bride', 'both', 'groom'])).toEqual({ value: ['bride', 'groom'], touched: false });
  });

  it('marks the field touched when it is emptied', () => {
    const two = { value: ['bride', 'groom'], touched: false };
    expect(removeOption(two, 'bride')).toEqual({ value: ['groom'], touched: false });
    expect(removeOption({ value: ['groom'], touched: false }, 'groom')).toEqual({ value: [], touched: true });
    expect(setSelection(two, sides, [])).toEqual({ value: [], touched: true });
  });

  it('keeps a value chosen before its option was disabled', () => {
    expect(setSelection({ value: ['both'], touched: false }, sides, ['both', 'bride']).value).toEqual(['both', 'bride']);
  });

  it('as a store: add, remove, set, blur, visible options, errors', () => {
    const field = createMultiSelectField({ options: sides, required: true });
    expect(field.add('bride')).toBe(true);
    expect(field.add('both')).toBe(false);
    expect(field.visibleOptions().map((o) => o.value)).toEqual(['groom', 'both']);
    field.remove('bride');
    expect(field.get()).toEqual({ value: [], touched: true });
    expect(field.showsError()).toBe(true);
    field.setValues(['groom', 'bride']);
    expect(field.get()).toEqual({ value: ['groom', 'bride'], touched: true });
    expect(field.showsError()).toBe(false);
    const untouched = createMultiSelectField({ options: sides, value: ['groom'], hideSelected: false });
    untouched.blur();
    expect(untouched.get()).toEqual({ value: ['groom'], touched: true });
    expect(untouched.visibleOptions()).toBe(sides);
  });
});
