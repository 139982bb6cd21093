import type { HistoryAction, HistoryChanges } from '../../core/schemas/history';
import type { WebhookEventType } from '../../core/schemas/webhook';
import type { WebhookEvent } from './queue';

/** A history entry as `recordHistory` writes it: what the events are made of. */
export interface RecordedChange {
  occasionId: string;
  actorKind: string;
  actorName: string;
  entity: string;
  entityId: string;
  action: string;
  householdId: string | null;
  guestId: string | null;
  activityId: string | null;
  subjectName: string;
  /** JSON `{ field: [before, after] }`. */
  changes: string;
}

const GUEST_EVENTS: Readonly<Record<string, WebhookEventType>> = { CREATE: 'guest.created', UPDATE: 'guest.updated', DELETE: 'guest.deleted' };

/**
 * The events one write's history tells, in its order: per household, one `rsvp.created` or
 * `rsvp.updated` for the reply and the answers it changed (a guest's reply, or a host's answer
 * edits); then `guest.*` per guest, `household.updated` per household changed, and
 * `question.answered` per answer given, changed or cleared. Roles on the occasion tell nothing.
 */
export function historyEvents(rows: readonly RecordedChange[]): WebhookEvent[] {
  const replied = new Set(rows.flatMap((row) => (row.entity === 'RSVP' && row.householdId !== null ? [row.householdId] : [])));
  const replies = new Map<string, RecordedChange[]>();
  const events: WebhookEvent[] = [];
  for (const row of rows) {
    if (row.householdId === null || !isReplyPart(row, replied)) continue;
    const parts = replies.get(row.householdId);
    if (parts) parts.push(row);
    else replies.set(row.householdId, [row]);
  }
  for (const [householdId, parts] of replies) {
    const reply = parts.find((row) => row.entity === 'RSVP');
    const type: WebhookEventType = reply?.action === 'CREATE' ? 'rsvp.created' : 'rsvp.updated';
    const { occasionId, subjectName } = reply ?? parts[0]!;
    events.push({
      type,
      householdId,
      data: { occasionId, householdId, ...(reply && { rsvpId: reply.entityId, householdName: subjectName }), actor: actorOf(parts[0]!), changes: parts.map(changeOf) },
    });
  }
  for (const row of rows) {
    const event = entityEvent(row);
    if (event) events.push(event);
  }
  return events;
}

/** The reply itself, or an answer changed: by the reply's write (`replied`: its household), or by a host's edit. */
function isReplyPart(row: RecordedChange, replied: ReadonlySet<string | null>): boolean {
  if (row.entity === 'RSVP') return true;
  if (row.entity !== 'INVITE_LINE') return false;
  return row.action === 'UPDATE' || replied.has(row.householdId);
}

function entityEvent(row: RecordedChange): WebhookEvent | undefined {
  const base = { occasionId: row.occasionId, householdId: row.householdId, actor: actorOf(row), changes: changesOf(row) };
  if (row.entity === 'GUEST') {
    return { type: GUEST_EVENTS[row.action]!, householdId: row.householdId, data: { ...base, guestId: row.entityId, name: row.subjectName } };
  }
  if (row.entity === 'HOUSEHOLD' && row.action === 'UPDATE') {
    return { type: 'household.updated', householdId: row.householdId, data: { ...base, name: row.subjectName } };
  }
  if (row.entity === 'ANSWER') {
    return {
      type: 'question.answered',
      householdId: row.householdId,
      data: { ...base, answerId: row.entityId, guestId: row.guestId, subjectName: row.subjectName, action: row.action as HistoryAction },
    };
  }
  return undefined;
}

function actorOf(row: RecordedChange): { kind: string; name: string } {
  return { kind: row.actorKind, name: row.actorName };
}

function changesOf(row: RecordedChange): HistoryChanges {
  return JSON.parse(row.changes) as HistoryChanges;
}

function changeOf(row: RecordedChange) {
  return { entity: row.entity, entityId: row.entityId, action: row.action, guestId: row.guestId, activityId: row.activityId, subjectName: row.subjectName, changes: changesOf(row) };
}
