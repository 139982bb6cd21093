import { describe, expect, it } from 'vitest';
import { countryOptions } from '../options/countries';
import type { OptionEntry } from '../options/option-entry';
import { chooseOption, clearSelection, createSelectField, visibleOptions } from './select-field';
import { blurField, showsError } from './field-state';

const meals: OptionEntry[] = [
  { value: 'fish', text: 'Fish' },
  { value: 'veg', text: 'Vegetarian' },
  { value: 'beef', text: 'Beef', disabled: true },
];

describe('single select', () => {
  it('choosing an option sets the field to its value', () => {
    expect(chooseOption({ value: '', touched: false }, meals, 'veg')).toEqual({ value: 'veg', touched: false });
  });

  it('refuses disabled and unlisted options', () => {
    const state = { value: 'fish', touched: true };
    expect(chooseOption(state, meals, 'beef')).toBe(state);
    expect(chooseOption(state, meals, 'lobster')).toBe(state);
  });

  it('clearing sets an empty string and marks touched; blur marks touched', () => {
    expect(clearSelection()).toEqual({ value: '', touched: true });
    expect(blurField({ value: 'fish', touched: false })).toEqual({ value: 'fish', touched: true });
  });

  it('hides the chosen option unless asked not to (the country picker)', () => {
    expect(visibleOptions(meals, 'fish').map((o) => o.value)).toEqual(['veg', 'beef']);
    expect(visibleOptions(meals, 'fish', false)).toBe(meals);
    expect(visibleOptions(countryOptions, 'USA', false)).toContainEqual({ value: 'USA', text: 'United States' });
  });

  it('shows an error when flagged, or when required, touched and empty', () => {
    expect(showsError({ value: '', touched: false }, { required: true })).toBe(false);
    expect(showsError({ value: '', touched: true }, { required: true })).toBe(true);
    expect(showsError({ value: 'fish', touched: true }, { required: true })).toBe(false);
    expect(showsError({ value: 'fish', touched: false }, { error: true })).toBe(true);
    expect(showsError({ value: '', touched: true }, { helperText: 'Optional' })).toBe(false);
  });

  it('as a store: choose, refuse, clear, blur', () => {
    const field = createSelectField({ options: meals, required: true, helperText: 'Pick one' });
    const seen: unknown[] = [];
    const unbind = field.subscribe((state) => seen.push(state));
    expect(field.choose('fish')).toBe(true);
    expect(field.choose('beef')).toBe(false);
    expect(field.get()).toEqual({ value: 'fish', touched: false });
    expect(field.visibleOptions().map((o) => o.value)).toEqual(['veg', 'beef']);
    field.blur();
    field.clear();
    expect(field.get()).toEqual({ value: '', touched: true });
    expect(field.showsError()).toBe(true);
    field.setOptions([{ value: 'beef', text: 'Beef' }]);
    expect(field.choose('beef')).toBe(true);
    expect(seen).toEqual([
      { value: '', touched: false },
      { value: 'fish', touched: false },
      { value: 'fish', touched: true },
      { value: '', touched: true },
      { value: 'beef', touched: true },
    ]);
    unbind();
  });

  it('the country picker keeps the chosen country in its list', () => {
    const field = createSelectField({ options: countryOptions, value: 'Canada', hideSelected: false });
    expect(field.visibleOptions()).toContainEqual({ value: 'Canada', text: 'Canada' });
  });
});
