import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { optionEntries } from '../schemas/text';
import { countryOptions, platformOptions, stateOptions, type OptionEntry } from './index';

describe('OptionEntry', () => {
  it('is what the option-entry schema outputs', () => {
    const parsed: OptionEntry[] = v.parse(optionEntries, [{ value: 'a', text: 'A', disabled: true }]);
    expect(parsed).toEqual([{ value: 'a', text: 'A', disabled: true }]);
    expectTypeOf<v.InferOutput<typeof optionEntries>[number]>().toEqualTypeOf<{
      value: string;
      text: string;
      disabled?: boolean | undefined;
    }>();
  });

  it('describes every shipped list, which the option-entry schema accepts as is', () => {
    for (const list of [countryOptions, stateOptions, platformOptions]) {
      expect(v.parse(optionEntries, [...list])).toEqual(list);
    }
  });
});
