import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toApiIssues } from './error';
import {
  EventHouseholdUpdateSchema,
  GuestCredentialsSchema,
  PlatformSchema,
  RsvpSchema,
  normaliseInviteCode,
  normaliseName,
  type GuestCredentials,
} from './event';

function issues(schema: v.GenericSchema, input: unknown) {
  const result = v.safeParse(schema, input);
  return result.success ? [] : toApiIssues(result.issues);
}

describe('normaliseInviteCode', () => {
  it('upper-cases, strips separators and regroups in fours', () => {
    expect(normaliseInviteCode('ABCD-EFGH-JKMN')).toBe('ABCD-EFGH-JKMN');
    expect(normaliseInviteCode('abcdefghjkmn')).toBe('ABCD-EFGH-JKMN');
    expect(normaliseInviteCode(' abcd efgh\tjkmn ')).toBe('ABCD-EFGH-JKMN');
    expect(normaliseInviteCode('AB.CD/EF_GH—JK MN')).toBe('ABCD-EFGH-JKMN');
  });

  it('maps Crockford look-alikes', () => {
    expect(normaliseInviteCode('oO0i-IlL1-2345')).toBe('0001-1111-2345');
  });

  it('accepts full-width characters and handles short or empty input', () => {
    expect(normaliseInviteCode('ＡＢＣＤ－ＥＦＧＨ')).toBe('ABCD-EFGH');
    expect(normaliseInviteCode('abcde')).toBe('ABCD-E');
    expect(normaliseInviteCode('--')).toBe('');
  });
});

describe('normaliseName', () => {
  it('ignores case, accents and spacing', () => {
    expect(normaliseName('  José   María ')).toBe('jose maria');
    expect(normaliseName('JOSE MARIA')).toBe('jose maria');
    expect(normaliseName('Zoë\tŁukasz')).toBe('zoe łukasz');
    expect(normaliseName('Ångström')).toBe(normaliseName('angstrom'));
  });

  it('treats typographic apostrophes and hyphens like plain ones', () => {
    expect(normaliseName('O’Brien')).toBe("o'brien");
    expect(normaliseName('Mary‐Jane')).toBe('mary-jane');
  });

  it('matches decomposed and composed input alike', () => {
    expect(normaliseName('Jose\u0301')).toBe(normaliseName('Jos\u00e9'));
  });
});

describe('GuestCredentialsSchema', () => {
  it('takes an invite code in any form and outputs it canonical', () => {
    const credentials: GuestCredentials = v.parse(GuestCredentialsSchema, {
      occasionId: 'occ1',
      inviteCode: 'abcd efgh jkmn',
      platform: 'IOS',
    });
    expect(credentials).toEqual({ occasionId: 'occ1', inviteCode: 'ABCD-EFGH-JKMN', platform: 'IOS' });
    expect('inviteCode' in credentials).toBe(true);
  });

  it('takes a name, with or without a passcode', () => {
    expect(v.parse(GuestCredentialsSchema, { occasionId: 'occ1', firstName: ' Ana ', lastName: 'Silva' })).toEqual({
      occasionId: 'occ1',
      firstName: 'Ana',
      lastName: 'Silva',
    });
    expect(
      v.parse(GuestCredentialsSchema, { occasionId: 'occ1', firstName: 'Ana', lastName: '', passcode: 'willow', platform: 'ANDROID' }),
    ).toEqual({ occasionId: 'occ1', firstName: 'Ana', lastName: '', passcode: 'willow', platform: 'ANDROID' });
  });

  it('gives each form its own precise issues', () => {
    expect(issues(GuestCredentialsSchema, { occasionId: 'occ1' })).toEqual([
      { path: 'firstName', message: 'First name is required.' },
      { path: 'lastName', message: 'Last name is required.' },
    ]);
    expect(issues(GuestCredentialsSchema, { occasionId: 'occ1', inviteCode: '' })).toEqual([
      { path: 'inviteCode', message: 'Invite code is required.' },
    ]);
    expect(issues(GuestCredentialsSchema, { occasionId: 'occ1', inviteCode: 'x'.repeat(33) })).toEqual([
      { path: 'inviteCode', message: 'Invite code must be at most 32 characters.' },
    ]);
    expect(issues(GuestCredentialsSchema, { inviteCode: 'ABCD' })).toEqual([
      { path: 'occasionId', message: 'Occasion id is required.' },
    ]);
    expect(issues(GuestCredentialsSchema, { occasionId: 'occ1', firstName: 'Ana', lastName: 'S', passcode: 'p'.repeat(65) })).toEqual([
      { path: 'passcode', message: 'Passcode must be at most 64 characters.' },
    ]);
    expect(issues(GuestCredentialsSchema, { occasionId: 'occ1', inviteCode: 'ABCD', platform: 'WINDOWS' })).toEqual([
      { path: 'platform', message: 'Platform must be DESKTOP, IOS or ANDROID.' },
    ]);
  });

  it('refuses both forms at once, unknown fields and non-objects', () => {
    expect(issues(GuestCredentialsSchema, { occasionId: 'occ1', inviteCode: 'ABCD', firstName: 'Ana' })).toEqual([
      { path: '', message: 'Sign in with an invite code or with a name, not both.' },
    ]);
    expect(issues(GuestCredentialsSchema, { occasionId: 'occ1', inviteCode: 'ABCD', guestId: 'g1' })).toEqual([
      { path: 'guestId', message: 'Unknown field "guestId".' },
    ]);
    expect(issues(GuestCredentialsSchema, ['occ1'])).toEqual([{ path: '', message: 'Expected a JSON object.' }]);
    expect(issues(GuestCredentialsSchema, null)).toEqual([{ path: '', message: 'Expected a JSON object.' }]);
  });
});

describe('PlatformSchema', () => {
  it('accepts the three platforms', () => {
    for (const platform of ['DESKTOP', 'IOS', 'ANDROID']) expect(v.parse(PlatformSchema, platform)).toBe(platform);
    expect(v.is(PlatformSchema, 'ios')).toBe(false);
  });
});

describe('EventHouseholdUpdateSchema', () => {
  it('takes address fields and member corrections', () => {
    expect(
      v.parse(EventHouseholdUpdateSchema, {
        addressLine1: '12 Elm St',
        state: 'on',
        country: 'Canada',
        guests: [{ id: 'g1', firstName: 'Anna' }, { id: 'g2', dietaryNotes: 'Vegan' }],
      }),
    ).toEqual({
      addressLine1: '12 Elm St',
      state: 'ON',
      country: 'Canada',
      guests: [{ id: 'g1', firstName: 'Anna' }, { id: 'g2', dietaryNotes: 'Vegan' }],
    });
  });

  it('refuses what guests may not change', () => {
    for (const key of ['name', 'notes', 'inviteCode']) {
      expect(issues(EventHouseholdUpdateSchema, { [key]: 'x' })).toEqual([{ path: key, message: `Unknown field "${key}".` }]);
    }
    for (const key of ['ageGroup', 'notes', 'attributes', 'plusOneAllowed']) {
      expect(issues(EventHouseholdUpdateSchema, { guests: [{ id: 'g1', [key]: 'x' }] })).toEqual([
        { path: `guests.0.${key}`, message: `Unknown field "${key}".` },
      ]);
    }
  });

  it('checks members and the state rule', () => {
    expect(issues(EventHouseholdUpdateSchema, { guests: [{ firstName: 'Ana' }] })).toEqual([
      { path: 'guests.0.id', message: 'Guest id is required.' },
    ]);
    expect(issues(EventHouseholdUpdateSchema, { guests: [{ id: 'g1', firstName: '' }] })).toEqual([
      { path: 'guests.0.firstName', message: 'First name is required.' },
    ]);
    expect(issues(EventHouseholdUpdateSchema, { guests: [{ id: 'g1' }, { id: 'g1', lastName: 'B' }] })).toEqual([
      { path: 'guests.1.id', message: 'This guest is already in guests.0.' },
    ]);
    expect(issues(EventHouseholdUpdateSchema, { country: 'USA', state: 'QC' })).toEqual([
      { path: 'state', message: 'State must be a US state or territory code, such as NY.' },
    ]);
  });
});

describe('RsvpSchema', () => {
  const responses = [
    { guestId: 'g1', activityId: 'a1', response: 'ATTENDING', mealChoice: 'fish' },
    { guestId: 'g2', activityId: 'a1', response: 'DECLINED' },
  ];

  it('takes responses, plus-ones and a message, with defaults', () => {
    expect(v.parse(RsvpSchema, { responses })).toEqual({
      responses: [
        { guestId: 'g1', activityId: 'a1', response: 'ATTENDING', mealChoice: 'fish' },
        { guestId: 'g2', activityId: 'a1', response: 'DECLINED', mealChoice: null },
      ],
      plusOnes: [],
      message: '',
      answers: [],
    });
    expect(
      v.parse(RsvpSchema, {
        responses,
        plusOnes: [{ forGuestId: 'g1', firstName: 'Jo' }],
        message: 'Cannot wait!\r\nSee you there.',
      }),
    ).toMatchObject({ plusOnes: [{ forGuestId: 'g1', firstName: 'Jo', lastName: '' }], message: 'Cannot wait!\nSee you there.' });
  });

  it('accepts only ATTENDING or DECLINED', () => {
    expect(issues(RsvpSchema, { responses: [{ guestId: 'g1', activityId: 'a1', response: 'PENDING' }] })).toEqual([
      { path: 'responses.0.response', message: 'Response must be ATTENDING or DECLINED.' },
    ]);
    expect(issues(RsvpSchema, {})).toEqual([{ path: 'responses', message: 'Responses is required.' }]);
  });

  it('refuses repeated answers and two plus-ones for one guest', () => {
    expect(issues(RsvpSchema, { responses: [...responses, responses[0]] })).toEqual([
      { path: 'responses.2', message: 'This guest and activity are already answered in responses.0.' },
    ]);
    expect(
      issues(RsvpSchema, {
        responses,
        plusOnes: [
          { forGuestId: 'g1', firstName: 'Jo' },
          { forGuestId: 'g1', firstName: 'Max' },
        ],
      }),
    ).toEqual([{ path: 'plusOnes.1.forGuestId', message: 'This guest already has a plus-one in plusOnes.0.' }]);
  });

  it('bounds the lists and the message', () => {
    const many = Array.from({ length: 501 }, (_, index) => ({ guestId: `g${index}`, activityId: 'a1', response: 'DECLINED' }));
    expect(issues(RsvpSchema, { responses: many })).toEqual([{ path: 'responses', message: 'Responses can have at most 500 entries.' }]);
    expect(issues(RsvpSchema, { responses, message: 'x'.repeat(5001) })).toEqual([
      { path: 'message', message: 'Message must be at most 5,000 characters.' },
    ]);
    expect(issues(RsvpSchema, { responses, plusOnes: [{ forGuestId: 'g1', firstName: '' }] })).toEqual([
      { path: 'plusOnes.0.firstName', message: 'First name is required.' },
    ]);
  });

  it('refuses read-only fields', () => {
    expect(issues(RsvpSchema, { responses, submittedAt: 'x' })).toEqual([{ path: 'submittedAt', message: 'Unknown field "submittedAt".' }]);
  });
});
