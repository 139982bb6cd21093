import type { ClientError, Result } from '../../core/client/result';
import type { CheckInCounts, CheckInMark } from '../../core/schemas/check-in';

/**
 * The door's marks waiting to be sent, per occasion, in `localStorage`: a mark is kept from the
 * moment it is made until the server has applied it, so a dropped connection or a closed tab
 * loses none. Each mark carries its own id, so sending one twice is harmless.
 */
export interface MarkQueue {
  /** The marks not yet applied by the server, oldest first. */
  marks(): readonly CheckInMark[];
  add(mark: CheckInMark): void;
  /** Drops marks the server applied (or refused for good). */
  remove(ids: ReadonlySet<string>): void;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** The `localStorage` key of an occasion's queue. */
export const queueKey = (occasionId: string): string => `kindly.door.marks.${occasionId}`;

/** A mark as the contract takes it; anything else found in storage is left out. */
function isMark(value: unknown): value is CheckInMark {
  const mark = value as Partial<CheckInMark> | null;
  return (
    typeof mark === 'object' &&
    mark !== null &&
    typeof mark.id === 'string' &&
    typeof mark.guestId === 'string' &&
    typeof mark.activityId === 'string' &&
    typeof mark.arrived === 'boolean' &&
    typeof mark.at === 'string'
  );
}

/**
 * The queue of one occasion. Storage that refuses writes (private mode, full) still keeps the
 * marks in memory for this page.
 *
 * @param occasionId The occasion.
 * @param storage Where it lives (`localStorage` in the app).
 * @returns The queue.
 */
export function createMarkQueue(occasionId: string, storage: Storage | undefined): MarkQueue {
  const key = queueKey(occasionId);
  const listeners = new Set<() => void>();
  const read = (): CheckInMark[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isMark) : [];
    } catch {
      return [];
    }
  };
  let marks: readonly CheckInMark[] = read();
  const write = (next: readonly CheckInMark[]): void => {
    marks = next;
    try {
      if (next.length === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(next));
    } catch {
      // Kept in memory only.
    }
    listeners.forEach((listener) => listener());
  };
  return {
    marks: () => marks,
    add: (mark) => write([...marks, mark]),
    remove: (ids) => {
      if (marks.some((mark) => ids.has(mark.id))) write(marks.filter((mark) => !ids.has(mark.id)));
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The most marks one request carries (the contract's bound). */
export const BATCH = 200;

/** A new mark id: 22 URL-safe characters from the platform's CSPRNG. */
export function newMarkId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Whether an error will pass if the same request is sent later (network, time-out, busy server, signed out). */
function worthRetrying(error: ClientError): boolean {
  return typeof error.status !== 'number' || error.status >= 500 || error.status === 408 || error.status === 429 || error.status === 401 || error.status === 403;
}

/** What {@link sendQueued} did. */
export interface SendOutcome {
  /** The counts of the last batch the server applied. */
  counts?: CheckInCounts;
  /** Marks the server refused for good (a guest or activity no longer on the list): dropped. */
  refused: CheckInMark[];
  /** Why sending stopped with marks still waiting (offline, signed out…); they stay queued. */
  stoppedBy?: ClientError;
}

/**
 * Sends the queue in order, a batch at a time, removing each batch once the server applied it.
 * A batch the server refuses as a whole (404: a guest deleted meanwhile) is sent again one mark
 * at a time, so only the marks it cannot apply are dropped.
 *
 * @param queue The queue.
 * @param send Sends one batch.
 * @returns What happened; marks still waiting stay in the queue.
 */
export async function sendQueued(queue: MarkQueue, send: (marks: CheckInMark[]) => Promise<Result<CheckInCounts>>): Promise<SendOutcome> {
  const outcome: SendOutcome = { refused: [] };
  const apply = async (batch: CheckInMark[]): Promise<boolean> => {
    const result = await send(batch);
    if (!result.error) {
      outcome.counts = result.data;
      queue.remove(new Set(batch.map((mark) => mark.id)));
      return true;
    }
    if (worthRetrying(result.error)) {
      outcome.stoppedBy = result.error;
      return false;
    }
    if (batch.length === 1) {
      outcome.refused.push(batch[0]!);
      queue.remove(new Set([batch[0]!.id]));
      return true;
    }
    for (const mark of batch) if (!(await apply([mark]))) return false;
    return true;
  };
  for (let batch = queue.marks().slice(0, BATCH); batch.length > 0; batch = queue.marks().slice(0, BATCH)) {
    if (!(await apply([...batch]))) break;
  }
  return outcome;
}
