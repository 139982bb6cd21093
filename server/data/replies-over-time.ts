import type { Kysely } from 'kysely';
import type { HistoryChanges, RepliesDay } from '../../core/schemas/history';
import type { Database } from '../db/schema';
import { readJsonColumn } from './json-column';
import type { OccasionRow } from './occasions';

/** The chart shows at most this many days, the last ones. */
export const REPLIES_DAYS_MAX = 366;

/** A history entry as the sweep needs it: its day in the occasion's time zone and its answer. */
interface HistoryEvent {
  date: string;
  entity: string;
  action: string;
  entityId: string;
  guestId: string | null;
  activityId: string | null;
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

function sweepDays(unsorted: readonly HistoryEvent[], initial: Map<string, LineState>, firstDay: string, lastDay: string): RepliesDay[] {
  // By day, and within a day in the order they were recorded (the sort is stable).
  const events = [...unsorted].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const book = new LineBook(initial);
  const days: RepliesDay[] = [];
  let next = 0;
  for (let day = firstDay; day <= lastDay; day = nextDate(day)) {
    while (next < events.length && events[next]!.date <= day) book.apply(events[next++]!);
    days.push({ date: day, ...book.counts });
  }
  return days;
}

type Counts = Omit<RepliesDay, 'date'>;

/** The lines that exist, by id and by guest, with running counts: each event costs its own lines only. */
class LineBook {
  readonly counts: Counts = { attending: 0, declined: 0, pending: 0 };
  private readonly lines = new Map<string, LineState>();
  private readonly byGuest = new Map<string, Set<string>>();

  constructor(initial: ReadonlyMap<string, LineState>) {
    for (const [id, line] of initial) this.add(id, line);
  }

  apply(event: HistoryEvent): void {
    if (event.entity === 'GUEST') {
      for (const id of this.byGuest.get(event.entityId) ?? []) this.remove(id);
    } else if (event.action === 'DELETE') {
      this.remove(event.entityId);
    } else if (event.action === 'CREATE') {
      this.remove(event.entityId);
      this.add(event.entityId, { guestId: event.guestId ?? '', response: event.response ?? 'PENDING' });
    } else if (event.response) {
      const line = this.lines.get(event.entityId);
      if (line) {
        this.count(line.response, -1);
        line.response = event.response;
        this.count(line.response, 1);
      }
    }
  }

  private add(id: string, line: LineState): void {
    this.lines.set(id, { ...line });
    const ids = this.byGuest.get(line.guestId) ?? new Set<string>();
    ids.add(id);
    this.byGuest.set(line.guestId, ids);
    this.count(line.response, 1);
  }

  private remove(id: string): void {
    const line = this.lines.get(id);
    if (!line) return;
    this.lines.delete(id);
    this.byGuest.get(line.guestId)?.delete(id);
    this.count(line.response, -1);
  }

  private count(response: string, by: 1 | -1): void {
    if (response === 'ATTENDING') this.counts.attending += by;
    else if (response === 'DECLINED') this.counts.declined += by;
    else this.counts.pending += by;
  }
}

/** `YYYY-MM-DD` of an instant in a time zone. */
export function localDateIn(timeZone: string): (instant: string) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  // Every offset is whole minutes, and a bulk write's entries share one instant: format each minute once.
  const byMinute = new Map<string, string>();
  return (instant) => {
    const minute = instant.slice(0, 16);
    const known = byMinute.get(minute);
    if (known !== undefined) return known;
    const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
    const date = `${parts.year}-${parts.month}-${parts.day}`;
    byMinute.set(minute, date);
    return date;
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
