import { describe, expect, it } from 'vitest';
import { commonPasswords, isCommonPassword } from './common-passwords';

describe('commonPasswords', () => {
  it('holds about a hundred lower-case passwords of at least 8 characters', () => {
    expect(commonPasswords.size).toBeGreaterThanOrEqual(95);
    expect(commonPasswords.size).toBeLessThanOrEqual(120);
    for (const password of commonPasswords) {
      expect(password.length).toBeGreaterThanOrEqual(8);
      expect(password).toBe(password.toLowerCase());
      expect(password).not.toMatch(/\s/);
    }
  });
});

describe('isCommonPassword', () => {
  it('matches ignoring case', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('QWERTYUIOP')).toBe(true);
    expect(isCommonPassword('12345678')).toBe(true);
  });

  it('does not match other passwords, or variations', () => {
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
    expect(isCommonPassword(' password')).toBe(false);
    expect(isCommonPassword('password!')).toBe(false);
  });
});
