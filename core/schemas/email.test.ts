import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EmailSendSchema, EmailTemplateUpdateSchema } from './email';
import { toApiIssues } from './error';
import { invitationLink, OccasionUpdateSchema } from './occasion';

const issues = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? [] : toApiIssues(result.issues);
};

describe('EmailTemplateUpdateSchema', () => {
  it('takes a subject of 1 to 200 characters and an intro of up to 5,000', () => {
    expect(v.parse(EmailTemplateUpdateSchema, { subject: '  Save the date ', intro: 'Line 1\r\n\r\nLine 2' })).toEqual({ subject: 'Save the date', intro: 'Line 1\n\nLine 2' });
    expect(v.parse(EmailTemplateUpdateSchema, {})).toEqual({});
    expect(v.parse(EmailTemplateUpdateSchema, { subject: 'x'.repeat(200), intro: 'x'.repeat(5000) })).toBeTruthy();
    expect(issues(EmailTemplateUpdateSchema, { subject: '' })).toEqual([{ path: 'subject', message: 'Subject is required.' }]);
    expect(issues(EmailTemplateUpdateSchema, { subject: 'x'.repeat(201) })).toEqual([{ path: 'subject', message: 'Subject must be at most 200 characters.' }]);
    expect(issues(EmailTemplateUpdateSchema, { intro: 'x'.repeat(5001) })).toEqual([{ path: 'intro', message: 'Intro must be at most 5,000 characters.' }]);
    expect(issues(EmailTemplateUpdateSchema, { subject: 'a\nb' }).map((i) => i.path)).toEqual(['subject']);
    expect(issues(EmailTemplateUpdateSchema, { kind: 'INVITATION' }).map((i) => i.path)).toEqual(['kind']);
  });
});

describe('EmailSendSchema', () => {
  it('takes an invitation or reminder kind and optional distinct household ids', () => {
    expect(v.parse(EmailSendSchema, { kind: 'INVITATION' })).toEqual({ kind: 'INVITATION' });
    expect(v.parse(EmailSendSchema, { kind: 'REMINDER', householdIds: ['a', 'b'] })).toEqual({ kind: 'REMINDER', householdIds: ['a', 'b'] });
    expect(issues(EmailSendSchema, { kind: 'DIGEST' })).toEqual([{ path: 'kind', message: 'Kind must be INVITATION or REMINDER.' }]);
    expect(issues(EmailSendSchema, {}).map((i) => i.path)).toEqual(['kind']);
    expect(issues(EmailSendSchema, { kind: 'INVITATION', householdIds: [] }).map((i) => i.path)).toEqual(['householdIds']);
    expect(issues(EmailSendSchema, { kind: 'INVITATION', householdIds: ['a', 'a'] }).map((i) => i.path)).toEqual(['householdIds.1']);
    expect(issues(EmailSendSchema, { kind: 'INVITATION', householdIds: ['no spaces'] }).map((i) => i.path)).toEqual(['householdIds.0']);
    const justOver = Array.from({ length: 10_001 }, (_, i) => `h${i}`);
    expect(issues(EmailSendSchema, { kind: 'INVITATION', householdIds: justOver })).toEqual([{ path: 'householdIds', message: 'Household ids can have at most 10,000 entries.' }]);
    expect(v.parse(EmailSendSchema, { kind: 'INVITATION', householdIds: justOver.slice(1) }).householdIds).toHaveLength(10_000);
  });
});

describe('the occasion email fields', () => {
  it('take an http(s) RSVP page URL of at most 2,000 characters, 1 to 90 reminder days and a digest flag', () => {
    const url = `https://sam-and-alex.com/${'x'.repeat(2000 - 25)}`;
    expect(url).toHaveLength(2000);
    expect(v.parse(OccasionUpdateSchema, { rsvpPageUrl: url, reminderDaysBeforeDeadline: 90, digestEnabled: true })).toEqual({ rsvpPageUrl: url, reminderDaysBeforeDeadline: 90, digestEnabled: true });
    expect(v.parse(OccasionUpdateSchema, { rsvpPageUrl: '', reminderDaysBeforeDeadline: null })).toEqual({ rsvpPageUrl: '', reminderDaysBeforeDeadline: null });
    expect(issues(OccasionUpdateSchema, { rsvpPageUrl: `${url}x` })).toEqual([{ path: 'rsvpPageUrl', message: 'RSVP page URL must be at most 2,000 characters.' }]);
    for (const bad of ['javascript:alert(1)', 'mailto:a@b.com', '/rsvp', 'https://', 'https://exa mple.com']) {
      expect(issues(OccasionUpdateSchema, { rsvpPageUrl: bad }).map((i) => i.path), bad).toEqual(['rsvpPageUrl']);
    }
    for (const days of [0, 91, 2.5]) expect(issues(OccasionUpdateSchema, { reminderDaysBeforeDeadline: days }).map((i) => i.path)).toEqual(['reminderDaysBeforeDeadline']);
    expect(issues(OccasionUpdateSchema, { digestEnabled: 1 }).map((i) => i.path)).toEqual(['digestEnabled']);
  });

  it('make invitation links with ?invite= or &invite=, before a fragment', () => {
    expect(invitationLink('https://a.com/rsvp', 'ABCD-EFGH-JKMN')).toBe('https://a.com/rsvp?invite=ABCD-EFGH-JKMN');
    expect(invitationLink('https://a.com/rsvp?lang=fr', 'ABCD-EFGH-JKMN')).toBe('https://a.com/rsvp?lang=fr&invite=ABCD-EFGH-JKMN');
    expect(invitationLink('https://a.com/rsvp?', 'C')).toBe('https://a.com/rsvp?invite=C');
    expect(invitationLink('https://a.com/#rsvp', 'C')).toBe('https://a.com/?invite=C#rsvp');
    expect(invitationLink('', 'C')).toBeUndefined();
  });
});
