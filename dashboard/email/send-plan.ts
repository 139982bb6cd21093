import type { EmailRecipient, EmailSkipReason, SendableEmailKind } from '../../core/schemas/email';
import { formatCount, plural } from '../components/format';

/** What a send would do, worked out from the recipients list before asking the server. */
export interface SendPlan {
  kind: SendableEmailKind;
  /** The households named in the request; undefined: the server picks (not yet invited, or pending). */
  householdIds: string[] | undefined;
  /** Households that would get a message. */
  sent: EmailRecipient[];
  /** Messages that would be queued: one per address of those households that did not unsubscribe. */
  messages: number;
  /** Households that would be left out, and why. */
  skipped: { recipient: EmailRecipient; reason: EmailSkipReason }[];
}

/** Why a household would be left out of a send of `kind`, or undefined when it gets one. */
export function skipReason(recipient: EmailRecipient, kind: SendableEmailKind): EmailSkipReason | undefined {
  if (recipient.addresses.length === 0) return 'NO_ADDRESS';
  if (recipient.addresses.every((address) => recipient.unsubscribed.includes(address))) return 'UNSUBSCRIBED';
  if (kind === 'REMINDER' && !recipient.pending) return 'NOT_PENDING';
  return undefined;
}

/**
 * The plan of a send, by the same rules as `POST .../emails`: the selected households, or
 * without a selection every household not yet invited (invitations) or still pending
 * (reminders); of those, households without an address, whose every address unsubscribed,
 * or (reminders) no longer pending are skipped.
 */
export function planSend(recipients: readonly EmailRecipient[], kind: SendableEmailKind, selected: ReadonlySet<string> = new Set()): SendPlan {
  const chosen = selected.size > 0;
  const targets = recipients.filter((recipient) =>
    chosen ? selected.has(recipient.householdId) : kind === 'INVITATION' ? recipient.invitedAt === null : recipient.pending,
  );
  const plan: SendPlan = { kind, householdIds: chosen ? targets.map((recipient) => recipient.householdId) : undefined, sent: [], messages: 0, skipped: [] };
  for (const recipient of targets) {
    const reason = skipReason(recipient, kind);
    if (reason) plan.skipped.push({ recipient, reason });
    else {
      plan.sent.push(recipient);
      plan.messages += recipient.addresses.filter((address) => !recipient.unsubscribed.includes(address)).length;
    }
  }
  return plan;
}

const REASON_TEXT: Record<EmailSkipReason, [one: string, many: string]> = {
  NO_ADDRESS: ['has no email address', 'have no email address'],
  UNSUBSCRIBED: ['unsubscribed', 'unsubscribed'],
  NOT_PENDING: ['has already replied', 'have already replied'],
};

/** `2 have no email address, 1 unsubscribed`: the skipped households counted by reason. */
export function describeSkips(reasons: readonly EmailSkipReason[]): string {
  const counts = new Map<EmailSkipReason, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => `${formatCount(count)} ${REASON_TEXT[reason][count === 1 ? 0 : 1]}`).join(', ');
}

/** `invitation` or `reminder`, counted: `3 invitations`. */
export function messageCount(count: number, kind: SendableEmailKind): string {
  return plural(count, kind === 'INVITATION' ? 'invitation' : 'reminder');
}

/** `2 invitations will be sent`, or `3 invitations to 2 households will be sent` when some have several addresses. */
export function sendSummary(plan: SendPlan): string {
  const count = messageCount(plan.messages, plan.kind);
  return plan.messages === plan.sent.length ? `${count} will be sent` : `${count} to ${plural(plan.sent.length, 'household')} will be sent`;
}
