import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { InvitationCreateSchema, InvitationTokenSchema, PERMISSIONS, PersonUpdateSchema, ROLE_PERMISSIONS, ROLES, roleCan } from './people';

const issues = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input).issues?.map((issue) => [v.getDotPath(issue), issue.message]) ?? [];

describe('people schemas', () => {
  it('gives each role the permissions of the ones below it, and only owners `own`', () => {
    expect(ROLES.map((role) => PERMISSIONS.filter((permission) => roleCan(role, permission)))).toEqual([
      ['door', 'read', 'write', 'own'],
      ['door', 'read', 'write'],
      ['door', 'read'],
      ['door'],
    ]);
    expect(roleCan(null, 'door')).toBe(false);
    expect(Object.keys(ROLE_PERMISSIONS)).toEqual([...ROLES]);
  });

  it('takes an invitation with a valid address and a role, trimmed, and refuses anything else', () => {
    expect(v.parse(InvitationCreateSchema, { email: ' pat@example.com ', role: 'door' })).toEqual({ email: 'pat@example.com', role: 'door' });
    expect(issues(InvitationCreateSchema, { email: 'pat', role: 'admin', extra: 1 })).toEqual([
      ['email', 'Email must be a valid email address.'],
      ['role', 'Role must be owner, editor, viewer or door.'],
      ['extra', 'Unknown field "extra".'],
    ]);
    expect(issues(PersonUpdateSchema, {})).toEqual([['role', 'Role is required.']]);
    expect(issues(InvitationTokenSchema, { token: '' }).length).toBe(1);
  });
});
