import type { Seating, SeatingTable } from '../schemas/seating';
import type { SeatAssignBody, SeatingTableCreateBody, SeatingTableUpdateBody } from './bodies';
import type { Mutation } from './mutation';
import { path } from './path';
import type { KeyArg, Query } from './query-context';
import type { Send } from './request';
import type { Result } from './result';
import type { Tag } from './stale-tags';

/** The seating routes of `/host/v1` (`docs/api/seating.md`), part of the host client. */
export interface SeatingClient {
  /** `GET /occasion/{occasionId}/activity/{activityId}/seating`: tables by number, seats, release notices. */
  getSeating(occasionId: string, activityId: string): Promise<Result<Seating>>;
  /** `POST …/activity/{activityId}/tables` `{ name, number?, shape?, capacity }` (409 `CONFLICT` on a taken number). */
  createTable(occasionId: string, activityId: string, body: SeatingTableCreateBody): Promise<Result<SeatingTable>>;
  /** `PUT /occasion/{occasionId}/table/{tableId}`: any of `name`, `number`, `shape`, `capacity`. */
  updateTable(occasionId: string, tableId: string, body: SeatingTableUpdateBody): Promise<Result<SeatingTable>>;
  /** `DELETE /occasion/{occasionId}/table/{tableId}` (204): its guests become unseated. */
  deleteTable(occasionId: string, tableId: string): Promise<Result<void>>;
  /**
   * `POST …/activity/{activityId}/seats` `{ guestIds, tableId, overCapacity? }`: seats the guests
   * at the table (or unseats them with `tableId: null`), all or nothing; the whole seating after
   * it. More guests than free seats without `overCapacity` is 409 `TABLE_FULL`.
   */
  seatGuests(occasionId: string, activityId: string, body: SeatAssignBody): Promise<Result<Seating>>;
  /** `DELETE …/activity/{activityId}/releases` (204): dismisses the freed-seat notices. */
  dismissSeatReleases(occasionId: string, activityId: string): Promise<Result<void>>;
}

/** The seating routes on the host area's `send`. */
export function createSeatingClient(send: Send): SeatingClient {
  const activity = (occasionId: string, activityId: string) => path`/occasion/${occasionId}/activity/${activityId}`;
  const table = (occasionId: string, tableId: string) => path`/occasion/${occasionId}/table/${tableId}`;
  return {
    getSeating: (o, a) => send(`${activity(o, a)}/seating`),
    createTable: (o, a, body) => send(`${activity(o, a)}/tables`, { method: 'POST', json: body }),
    updateTable: (o, t, body) => send(table(o, t), { method: 'PUT', json: body }),
    deleteTable: (o, t) => send<void>(table(o, t), { method: 'DELETE' }),
    seatGuests: (o, a, body) => send(`${activity(o, a)}/seats`, { method: 'POST', json: body }),
    dismissSeatReleases: (o, a) => send<void>(`${activity(o, a)}/releases`, { method: 'DELETE' }),
  };
}

/** The ids of one activity's seating. */
export interface ActivityIds {
  occasionId: string;
  activityId: string;
}

/** The seating's stores, part of the host stores. */
export interface SeatingStores {
  /** One activity's seating (tag `Seating`: table and seat writes, and every write that can free a seat, mark it stale). */
  seating(occasionId: KeyArg, activityId: KeyArg): Query<Seating>;
  $createTable: Mutation<ActivityIds & { body: SeatingTableCreateBody }, SeatingTable>;
  $updateTable: Mutation<{ occasionId: string; tableId: string; body: SeatingTableUpdateBody }, SeatingTable>;
  $deleteTable: Mutation<{ occasionId: string; tableId: string }, void>;
  /** Seats or unseats guests; the answer (the whole seating) goes straight into the activity's store. */
  $seatGuests: Mutation<ActivityIds & { body: SeatAssignBody }, Seating>;
  $dismissSeatReleases: Mutation<ActivityIds, void>;
}

/** What the seating stores take from the host stores' query context. */
export interface SeatingStoreParts {
  query<T>(tag: Tag, ids: readonly KeyArg[], load: (...ids: string[]) => Promise<Result<T>>): Query<T>;
  mutation<Input, Output>(call: (input: Input) => Promise<Result<Output>>, tags: readonly Tag[], after?: (data: Output, input: Input) => void): Mutation<Input, Output>;
  put(tag: Tag, ids: readonly string[], data: unknown): void;
}

/** What every table and notice write marks stale: the activity's seating (a deleted table's guests become unseated). */
const SEATING: readonly Tag[] = ['Seating'];

/**
 * Creates the seating's stores over the host client, in the host stores' cache.
 *
 * @param host The seating routes.
 * @param parts The host stores' `query` (with its 401 handling), `mutation` and `put`.
 * @returns The stores.
 */
export function createSeatingStores(host: SeatingClient, { query, mutation, put }: SeatingStoreParts): SeatingStores {
  return {
    seating: (o, a) => query('Seating', [o, a], (occasionId, activityId) => host.getSeating(occasionId!, activityId!)),
    $createTable: mutation((i) => host.createTable(i.occasionId, i.activityId, i.body), SEATING),
    $updateTable: mutation((i) => host.updateTable(i.occasionId, i.tableId, i.body), SEATING),
    $deleteTable: mutation((i) => host.deleteTable(i.occasionId, i.tableId), SEATING),
    $seatGuests: mutation(
      (i) => host.seatGuests(i.occasionId, i.activityId, i.body),
      [],
      (seating, i) => put('Seating', [i.occasionId, i.activityId], seating),
    ),
    $dismissSeatReleases: mutation((i) => host.dismissSeatReleases(i.occasionId, i.activityId), SEATING),
  };
}
