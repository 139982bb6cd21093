import { describe, expect, it } from 'vitest';
import { platformOptions, platformValues } from './platforms';

describe('platformOptions', () => {
  it('lists DESKTOP, IOS and ANDROID with readable texts', () => {
    expect(platformOptions).toEqual([
      { value: 'DESKTOP', text: 'Desktop' },
      { value: 'IOS', text: 'iOS' },
      { value: 'ANDROID', text: 'Android' },
    ]);
    expect(platformOptions.map((entry) => entry.value)).toEqual([...platformValues]);
  });
});
