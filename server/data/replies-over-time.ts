import type { Kysely } from 'kysely';
import type { HistoryChanges, RepliesDay } from '../../core/schemas/history';
import type { Database } from '../db/schema';
import { readJsonColumn } from './json-column';
import type { OccasionRow } from './occasions';

/** The chart shows at most this many days, the last ones. */
export const REPLIES_DAYS_MAX = 366;

interface LineEvent {
  date: string;
  entity: string;
  action: string;
  entityId: string;
  guestId: string | null;
  response: string | undefined;
  responseBefore: string | undefined;
}

interface LineState {
  guestId: string;
  response: string;
}

/**
 * Invite lines by their answer at the end of each day (in the occasion's time zone), from the
 * first invitation to the RSVP deadline, or to the occasion's first day without one, but never
 * past today. Rebuilt from history: a line's create, answers and delete, and its guest's delete.
 * A line older than history (no create entry) counts from the first day with the answer it had
 * before its first recorded change, or its answer now; such lines start the chart on the day the
 * occasion was created. Lines of deleted activities are left out.
 */
export async function repliesOverTime(db: Kysely<Database>, occasion: OccasionRow, now: Date): Promise<RepliesDay[]> {
  const [events, lines, activities] = await Promise.all([
    lineEvents(db, occasion),
    db.selectFrom('inviteLine').select(['id', 'guestId', 'activityId', 'response']).where('occasionId', '=', occasion.id).execute(),
    db.selectFrom('activity').select('id').where('occasionId', '=', occasion.id).execute(),
  ]);
  const liveActivities = new Set(activities.map((activity) => activity.id));
  const kept = events.filter((event) => event.entity === 'GUEST' || liveActivities.has(event.activityId ?? ''));
  const present = initialLines(kept, lines.filter((line) => liveActivities.has(line.activityId)));
  if (present.size === 0 && !kept.some((event) => event.entity === 'INVITE_LINE')) return [];
  const toDate = localDateIn(occasion.timezone);
  const firstDay = present.size > 0 ? toDate(occasion.createdAt) : kept.find((event) => event.entity === 'INVITE_LINE')!.date;
  const lastDay = maxDate(firstDay, minDate(toDate(now.toISOString()), occasion.rsvpDeadline ? toDate(occasion.rsvpDeadline) : occasion.startDate));
  return sweepDays(kept, present, shownFrom(firstDay, lastDay), lastDay);
}

type HistoryEvent = LineEvent & { activityId: string | null };

async function lineEvents(db: Kysely<Database>, occasion: OccasionRow): Promise<HistoryEvent[]> {
  const rows = await db
    .selectFrom('historyEntry')
    .select(['at', 'entity', 'action', 'entityId', 'guestId', 'activityId', 'changes'])
    .where('occasionId', '=', occasion.id)
    .where((eb) => eb.or([eb('entity', '=', 'INVITE_LINE'), eb.and([eb('entity', '=', 'GUEST'), eb('action', '=', 'DELETE')])]))
    .orderBy('seq')
    .execute();
  const toDate = localDateIn(occasion.timezone);
  return rows.map((row) => {
    const response = readJsonColumn<HistoryChanges>(row.changes, {}).response;
    return {
      date: toDate(row.at),
      entity: row.entity,
      action: row.action,
      entityId: row.entityId,
      guestId: row.guestId,
      activityId: row.activityId,
      response: response ? (response[1] as string | undefined) : undefined,
      responseBefore: response ? (response[0] as string | undefined) : undefined,
    };
  });
}

/** The lines that existed before their first history entry, with the answer they had then. */
function initialLines(events: readonly HistoryEvent[], current: ReadonlyArray<{ id: string; guestId: string; response: string }>): Map<string, LineState> {
  const first = new Map<string, HistoryEvent>();
  const firstAnswer = new Map<string, string>();
  for (const event of events) {
    if (event.entity !== 'INVITE_LINE') continue;
    if (!first.has(event.entityId)) first.set(event.entityId, event);
    if (event.responseBefore && !firstAnswer.has(event.entityId)) firstAnswer.set(event.entityId, event.responseBefore);
  }
  const present = new Map<string, LineState>();
  const currentById = new Map(current.map((line) => [line.id, line]));
  for (const [id, event] of first) {
    if (event.action === 'CREATE') continue;
    const response = firstAnswer.get(id) ?? currentById.get(id)?.response;
    if (response) present.set(id, { guestId: event.guestId ?? '', response });
  }
  for (const line of current) if (!first.has(line.id)) present.set(line.id, { guestId: line.guestId, response: line.response });
  return present;
}

function sweepDays(unsorted: readonly HistoryEvent[], present: Map<string, LineState>, firstDay: string, lastDay: string): RepliesDay[] {
  // By day, and within a day in the order they were recorded (the sort is stable).
  const events = [...unsorted].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const days: RepliesDay[] = [];
  let next = 0;
  for (let day = firstDay; day <= lastDay; day = nextDate(day)) {
    while (next < events.length && events[next]!.date <= day) applyEvent(present, events[next++]!);
    days.push(countLines(day, present));
  }
  return days;
}

function applyEvent(present: Map<string, LineState>, event: HistoryEvent): void {
  if (event.entity === 'GUEST') {
    for (const [id, line] of present) if (line.guestId === event.entityId) present.delete(id);
  } else if (event.action === 'DELETE') {
    present.delete(event.entityId);
  } else if (event.action === 'CREATE') {
    present.set(event.entityId, { guestId: event.guestId ?? '', response: event.response ?? 'PENDING' });
  } else if (event.response) {
    const line = present.get(event.entityId);
    if (line) line.response = event.response;
  }
}

function countLines(date: string, present: ReadonlyMap<string, LineState>): RepliesDay {
  const day: RepliesDay = { date, attending: 0, declined: 0, pending: 0 };
  for (const { response } of present.values()) {
    if (response === 'ATTENDING') day.attending++;
    else if (response === 'DECLINED') day.declined++;
    else day.pending++;
  }
  return day;
}

/** `YYYY-MM-DD` of an instant in a time zone. */
export function localDateIn(timeZone: string): (instant: string) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (instant) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
    return `${parts.year}-${parts.month}-${parts.day}`;
  };
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function shownFrom(firstDay: string, lastDay: string): string {
  const earliest = new Date(Date.parse(`${lastDay}T00:00:00Z`) - (REPLIES_DAYS_MAX - 1) * 86_400_000).toISOString().slice(0, 10);
  return maxDate(firstDay, earliest);
}

const minDate = (a: string, b: string): string => (a < b ? a : b);
const maxDate = (a: string, b: string): string => (a > b ? a : b);
