import { describe, expect, it } from 'vitest';
import type { EmailRecipient } from '../../core/schemas/email';
import { describeSkips, messageCount, planSend, sendSummary } from './send-plan';

function recipient(householdId: string, fields: Partial<EmailRecipient> = {}): EmailRecipient {
  return { householdId, householdName: householdId, addresses: [`${householdId}@example.com`], unsubscribed: [], pending: true, invitedAt: null, ...fields };
}

const recipients: EmailRecipient[] = [
  recipient('new'),
  recipient('invited', { invitedAt: '2027-01-02T00:00:00.000Z' }),
  recipient('replied', { pending: false, invitedAt: '2027-01-02T00:00:00.000Z' }),
  recipient('no-address', { addresses: [] }),
  recipient('gone', { addresses: ['a@example.com', 'b@example.com'], unsubscribed: ['a@example.com', 'b@example.com'] }),
  recipient('half-gone', { addresses: ['a@example.com', 'b@example.com'], unsubscribed: ['a@example.com'] }),
];
const ids = (list: readonly { householdId: string }[]) => list.map((entry) => entry.householdId);

describe('planSend', () => {
  it('invites every household not yet invited, skipping those without an address or with every address unsubscribed', () => {
    const plan = planSend(recipients, 'INVITATION');
    expect(plan.householdIds).toBeUndefined();
    expect(ids(plan.sent)).toEqual(['new', 'half-gone']);
    // One message per address that did not unsubscribe.
    expect(plan.messages).toBe(2);
    expect(plan.skipped.map((skip) => [skip.recipient.householdId, skip.reason])).toEqual([
      ['no-address', 'NO_ADDRESS'],
      ['gone', 'UNSUBSCRIBED'],
    ]);
  });

  it('reminds every pending household', () => {
    const plan = planSend(recipients, 'REMINDER');
    expect(ids(plan.sent)).toEqual(['new', 'invited', 'half-gone']);
    expect(ids(plan.skipped.map((skip) => skip.recipient))).toEqual(['no-address', 'gone']);
  });

  it('sends to the selected households only, naming them, and skips those that replied from a reminder', () => {
    const selected = new Set(['invited', 'replied']);
    expect(ids(planSend(recipients, 'INVITATION', selected).sent)).toEqual(['invited', 'replied']);
    const reminder = planSend(recipients, 'REMINDER', selected);
    expect(reminder.householdIds).toEqual(['invited', 'replied']);
    expect(ids(reminder.sent)).toEqual(['invited']);
    expect(reminder.skipped.map((skip) => skip.reason)).toEqual(['NOT_PENDING']);
  });
});

describe('the words of a send', () => {
  it('counts messages, and households too when some have several addresses', () => {
    const two = recipient('two', { addresses: ['a@example.com', 'b@example.com'] });
    expect(sendSummary(planSend([recipient('one')], 'INVITATION'))).toBe('1 invitation will be sent');
    expect(sendSummary(planSend([recipient('one'), two], 'REMINDER'))).toBe('3 reminders to 2 households will be sent');
  });

  it('counts skipped households by reason and messages by kind', () => {
    expect(describeSkips(['NO_ADDRESS', 'UNSUBSCRIBED', 'NO_ADDRESS'])).toBe('2 have no email address, 1 unsubscribed');
    expect(describeSkips(['NOT_PENDING'])).toBe('1 has already replied');
    expect(describeSkips([])).toBe('');
    expect(messageCount(1, 'INVITATION')).toBe('1 invitation');
    expect(messageCount(1200, 'REMINDER')).toBe('1,200 reminders');
  });
});
