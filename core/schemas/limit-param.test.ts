import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { limitParam } from './limit-param';

describe('limitParam', () => {
  const limit = limitParam(200);

  it('reads a whole number from 1 to the maximum', () => {
    expect(v.parse(limit, '1')).toBe(1);
    expect(v.parse(limit, '200')).toBe(200);
  });

  it('refuses other numbers and text with a message naming the range', () => {
    for (const text of ['0', '201', '999999']) expect(v.safeParse(limit, text).issues?.[0]?.message).toBe('Limit must be between 1 and 200.');
    for (const text of ['', '1.5', '-1', 'ten', '1234567']) expect(v.safeParse(limit, text).issues?.[0]?.message).toBe('Limit must be a whole number.');
  });
});
