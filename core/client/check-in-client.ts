import type { CheckInCounts, CheckInHousehold, CheckInList } from '../schemas/check-in';
import type { CheckInMarksBody } from './bodies';
import type { Mutation } from './mutation';
import { path } from './path';
import type { KeyArg, Query, QueryContext } from './query-context';
import type { Send } from './request';
import type { Result } from './result';

/** The check-in routes of `/host/v1` (every one needs the `door` permission), part of the host client. */
export interface CheckInClient {
  /** `GET /occasion/{occasionId}/check-in`: activities, households with their check-in codes and arrivals, counts. */
  getCheckInList(occasionId: string): Promise<Result<CheckInList>>;
  /** `GET /occasion/{occasionId}/check-in/counts`: cheap, for every door screen to poll. */
  getCheckInCounts(occasionId: string): Promise<Result<CheckInCounts>>;
  /** `GET /occasion/{occasionId}/check-in/code/{code}`: the household of a check-in code (404 unknown or another occasion's). */
  getCheckInHousehold(occasionId: string, code: string): Promise<Result<CheckInHousehold>>;
  /**
   * `POST /occasion/{occasionId}/check-in` `{ marks }`: records (or, `arrived: false`, undoes)
   * arrivals in order, in one transaction; a mark whose id was applied already is skipped, so a
   * queue sent twice changes nothing.
   */
  checkIn(occasionId: string, body: CheckInMarksBody): Promise<Result<CheckInCounts>>;
}

/** The check-in routes on the host area's `send`. */
export function createCheckInClient(send: Send): CheckInClient {
  const base = (occasionId: string) => path`/occasion/${occasionId}/check-in`;
  return {
    getCheckInList: (occasionId) => send(base(occasionId)),
    getCheckInCounts: (occasionId) => send(`${base(occasionId)}/counts`),
    getCheckInHousehold: (occasionId, code) => send(`${base(occasionId)}${path`/code/${code}`}`),
    checkIn: (occasionId, body) => send(base(occasionId), { method: 'POST', json: body }),
  };
}

/** The door's stores: the list, the counts a door screen polls, and the marks' write. */
export interface CheckInStores {
  /** The whole check-in list (tag `CheckIn`; guest, household and invitation writes mark it stale). */
  checkInList(occasionId: KeyArg): Query<CheckInList>;
  /** The counts and revision (tag `CheckInCount`); a door screen revalidates it every few seconds. */
  checkInCounts(occasionId: KeyArg): Query<CheckInCounts>;
  /** One household by its check-in code (tag `CheckIn`). */
  checkInHousehold(occasionId: KeyArg, code: KeyArg): Query<CheckInHousehold>;
  /**
   * Sends marks: on success the answer's counts go straight into `checkInCounts` (no second
   * request) and the list is marked stale, so open screens show the arrivals.
   */
  $checkIn: Mutation<{ occasionId: string; body: CheckInMarksBody }, CheckInCounts>;
}

/**
 * Creates the check-in stores over the host area's cache.
 *
 * @param context The host area's query context (shared tags and cache).
 * @param client The check-in calls.
 * @returns The stores.
 */
export function createCheckInStores(context: QueryContext, client: CheckInClient): CheckInStores {
  return {
    checkInList: (o) => context.query('CheckIn', [o], client.getCheckInList),
    checkInCounts: (o) => context.query('CheckInCount', [o], client.getCheckInCounts),
    checkInHousehold: (o, code) => context.query('CheckIn', [o, 'code', code], (id, _, given) => client.getCheckInHousehold(id!, given!)),
    $checkIn: context.mutation((i) => client.checkIn(i.occasionId, i.body), ['CheckIn'], (counts, i) => context.put('CheckInCount', [i.occasionId], counts)),
  };
}
