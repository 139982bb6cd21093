// Test support only (never imported by runtime code): a `fetch` that calls the real Hono app
// in-process and keeps its cookies like a browser would, counting the calls per route.
import { afterEach, beforeEach } from 'vitest';
import { CookieJar } from '../../server/in-process/cookie-jar';
import { createTestApp, type TestApp } from '../../server/test-support/test-app';
import type { Activity } from '../schemas/activity';
import type { Guest } from '../schemas/guest';
import type { Household } from '../schemas/household';
import type { InviteLine } from '../schemas/invite-line';
import type { Occasion } from '../schemas/occasion';
import type { AccountCreateBody } from './bodies';
import { signUpHost } from './host-auth';
import { createHostClient, type HostClient } from './host-client';
import { createHostStores, type HostStores } from './host-stores';
import type { Result } from './result';

/** The base URL the in-process app is called with. */
export const BASE_URL = 'http://localhost';

/** A `fetch` over the app, with its cookie jar and a log of `METHOD /path` per call. */
export interface AppFetch {
  fetch: typeof fetch;
  jar: CookieJar;
  calls: string[];
  /** How many calls were made to `METHOD /path` since the log was last cleared. */
  count(call: string): number;
  /** Every call since the log was last cleared, counted: `{ 'GET /host/v1/occasions': 1 }`. */
  counts(): Record<string, number>;
  /** While set, calls to a path it accepts fail as offline ones do (a `TypeError`, no answer), unlogged. */
  fail?: ((path: string) => boolean) | undefined;
}

/**
 * Makes a `fetch` that sends requests to the in-process app, carrying the jar's cookies.
 *
 * @param t The test app.
 * @returns The fetch, its jar and its call log.
 */
export function appFetch(t: TestApp): AppFetch {
  const jar = new CookieJar();
  const calls: string[] = [];
  const net: AppFetch = {
    fetch: undefined as unknown as typeof fetch,
    jar,
    calls,
    count: (call) => calls.filter((c) => c === call).length,
    counts: () => Object.fromEntries([...new Set(calls)].map((c) => [c, calls.filter((x) => x === c).length])),
  };
  const fetchApp = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    if (net.fail?.(url.pathname)) throw new TypeError('Failed to fetch');
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    const headers = new Headers(init?.headers);
    const cookie = jar.header();
    if (cookie) headers.set('cookie', cookie);
    const response = await t.app.request(url.href, { ...init, headers });
    jar.store(response);
    return response;
  };
  net.fetch = fetchApp as typeof fetch;
  return net;
}

/** Unwraps a result in a test: its data, or a thrown error that shows what went wrong. */
export function ok<T>(result: Result<T>): T {
  if (result.error) throw new Error(`expected data, got ${JSON.stringify(result.error)}`);
  return result.data;
}

let hosts = 0;

/** A new host's sign-up body. */
export function newAccount(): AccountCreateBody {
  hosts += 1;
  return { email: `host${hosts}.${Date.now()}@example.com`, password: 'correct horse battery staple', firstName: 'Ada', lastName: 'Lovelace' };
}

/** What {@link seedOccasion} made. */
export interface Seeded {
  occasion: Occasion;
  activity: Activity;
  household: Household;
  guest: Guest;
  inviteLine: InviteLine;
}

/**
 * Fills an occasion through the host client: one activity with meal options, one household
 * with one guest (plus-one allowed), and that guest's invite line.
 *
 * @param host A signed-in host client.
 * @returns The entities.
 */
export async function seedOccasion(host: HostClient): Promise<Seeded> {
  const occasion = ok(await host.createOccasion({ title: 'Wedding', startDate: '2099-06-12', endDate: '2099-06-13' }));
  const activity = ok(
    await host.createActivity(occasion.id, {
      name: 'Dinner',
      startsAt: '2099-06-12T18:00:00.000Z',
      mealOptions: [
        { value: 'fish', text: 'Fish' },
        { value: 'veg', text: 'Vegetarian' },
      ],
    }),
  );
  const household = ok(await host.createHousehold(occasion.id, { name: 'The Smiths' }));
  const guest = ok(
    await host.createGuest(occasion.id, { firstName: 'Jane', lastName: 'Smith', householdId: household.id, plusOneAllowed: true }),
  );
  const inviteLine = ok(await host.createInviteLine(occasion.id, { guestId: guest.id, activityId: activity.id }));
  return { occasion, activity, household: ok(await host.getHousehold(occasion.id, household.id)), guest, inviteLine };
}

/** A signed-up host's client and stores over a fresh app; `unbinds` run when the test ends. */
export interface SignedInHost {
  t: TestApp;
  net: AppFetch;
  host: HostClient;
  stores: HostStores;
  unbinds: (() => void)[];
}

/** Makes a {@link SignedInHost} before each test of the file and closes it after each. */
export function signedInHostEachTest(): SignedInHost {
  const setup = { unbinds: [] as (() => void)[] } as SignedInHost;
  beforeEach(async () => {
    setup.t = await createTestApp();
    setup.net = appFetch(setup.t);
    setup.host = createHostClient({ baseUrl: BASE_URL, fetch: setup.net.fetch });
    setup.stores = createHostStores(setup.host);
    ok(await signUpHost(setup.host, newAccount()));
  });
  afterEach(async () => {
    setup.unbinds.splice(0).forEach((unbind) => unbind());
    await setup.t.close();
  });
  return setup;
}
