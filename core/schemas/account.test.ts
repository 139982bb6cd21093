import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AccountCreateSchema, SignInSchema, currentPassword, password } from './account';
import { toApiIssues } from './error';

function issues(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? [] : toApiIssues(result.issues);
}

const valid = { email: 'host@example.com', password: 'lantern-meadow-42', firstName: 'Sam', lastName: 'Rivera' };

describe('password', () => {
  it('takes the password exactly as typed', () => {
    expect(v.parse(password, '  spaced out  ')).toBe('  spaced out  ');
    const decomposed = 'cafe\u0301-au-lait';
    expect(v.parse(password, decomposed)).toBe(decomposed);
    expect(v.parse(password, 'MiXeD-CaSe-99')).toBe('MiXeD-CaSe-99');
  });

  it('needs 8 to 128 characters and never truncates', () => {
    expect(issues(password, '')).toEqual([{ path: '', message: 'Password is required.' }]);
    expect(issues(password, 'short1!')).toEqual([{ path: '', message: 'Password must be at least 8 characters.' }]);
    expect(issues(password, 'x'.repeat(128))).toEqual([]);
    expect(issues(password, 'x'.repeat(129))).toEqual([{ path: '', message: 'Password must be at most 128 characters.' }]);
    // Counted in characters: 8 emoji are a valid password.
    expect(issues(password, '🔑🔑🔑🔑🔑🔑🔑🔑')).toEqual([]);
  });

  it('refuses common passwords whatever their case', () => {
    const message = 'This password is too common. Choose one that is harder to guess.';
    expect(issues(password, 'password')).toEqual([{ path: '', message }]);
    expect(issues(password, 'Password123')).toEqual([{ path: '', message }]);
    expect(issues(password, 'QWERTY123')).toEqual([{ path: '', message }]);
  });

  it('refuses strings that cannot be encoded', () => {
    expect(issues(password, 'abcdefgh\ud800')).toEqual([{ path: '', message: 'Password contains characters that are not allowed.' }]);
    expect(issues(password, 12345678)).toEqual([{ path: '', message: 'Password must be text.' }]);
  });
});

describe('currentPassword', () => {
  it('only needs a password of at most 128 characters', () => {
    expect(issues(currentPassword, 'password')).toEqual([]);
    expect(issues(currentPassword, 'short')).toEqual([]);
    expect(issues(currentPassword, '')).toEqual([{ path: '', message: 'Password is required.' }]);
    expect(issues(currentPassword, 'x'.repeat(129))).toEqual([{ path: '', message: 'Password must be at most 128 characters.' }]);
  });
});

describe('AccountCreateSchema', () => {
  it('accepts a sign-up body, cleaning names and email but not the password', () => {
    expect(v.parse(AccountCreateSchema, { ...valid, email: ' Host@Example.com ', firstName: ' Sam ', password: ' lantern-meadow-42 ' })).toEqual({
      ...valid,
      email: 'Host@Example.com',
      password: ' lantern-meadow-42 ',
    });
  });

  it('requires every field, with specific messages', () => {
    expect(issues(AccountCreateSchema, {})).toEqual([
      { path: 'email', message: 'Email is required.' },
      { path: 'password', message: 'Password is required.' },
      { path: 'firstName', message: 'First name is required.' },
      { path: 'lastName', message: 'Last name is required.' },
    ]);
    expect(issues(AccountCreateSchema, { ...valid, firstName: '', lastName: 'x'.repeat(101) })).toEqual([
      { path: 'firstName', message: 'First name is required.' },
      { path: 'lastName', message: 'Last name must be at most 100 characters.' },
    ]);
  });

  it('checks the email', () => {
    expect(issues(AccountCreateSchema, { ...valid, email: 'host' })).toEqual([
      { path: 'email', message: 'Email must be a valid email address.' },
    ]);
    expect(issues(AccountCreateSchema, { ...valid, email: `${'a'.repeat(250)}@x.io` })).toEqual([
      { path: 'email', message: 'Email must be at most 254 characters.' },
    ]);
  });

  it('refuses unknown and read-only fields', () => {
    expect(issues(AccountCreateSchema, { ...valid, id: 'abc' })).toEqual([{ path: 'id', message: 'Unknown field "id".' }]);
    expect(issues(AccountCreateSchema, { ...valid, csrfToken: 'abc' })).toEqual([
      { path: 'csrfToken', message: 'Unknown field "csrfToken".' },
    ]);
  });
});

describe('SignInSchema', () => {
  it('takes an email and the password as typed', () => {
    expect(v.parse(SignInSchema, { email: 'host@example.com', password: 'password' })).toEqual({
      email: 'host@example.com',
      password: 'password',
    });
    expect(issues(SignInSchema, { email: '', password: '' })).toEqual([
      { path: 'email', message: 'Email is required.' },
      { path: 'password', message: 'Password is required.' },
    ]);
    expect(issues(SignInSchema, { email: 'host@example.com' })).toEqual([{ path: 'password', message: 'Password is required.' }]);
  });
});
