import { randomInt } from 'node:crypto';
import type { Hono } from 'hono';
import type { GuestSignInResult } from '../../core/schemas/event';
import type { Occasion } from '../../core/schemas/occasion';
import type { AppEnv } from '../app-env';
import { verifyAccount } from './verify-account';
import { BASE, signUpHost, type HostClient } from '../in-process/host-session';
import type { TestApp } from './test-app';

/** The site that embeds the widget in these tests. */
export const WIDGET_ORIGIN = 'https://sam-and-alex.com';
export const PASSCODE = 'Olive-Tree';

const DAY = 24 * 60 * 60 * 1000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

export interface OccasionOptions {
  passcode?: string | null;
  rsvpDeadline?: string | null;
  allowedOrigins?: string[];
  /** Days from today; the occasion lasts two days. */
  startsInDays?: number;
}

export interface HouseholdFixture {
  id: string;
  inviteCode: string;
}

/**
 * One occasion with three activities and three households, all made through the host API: the Smiths (Jane, who may bring a plus-one, José and little Timmy), the Joneses (Ann
 * and a Sam Lee) and the Lees (another Sam Lee, so that name is ambiguous).
 */
export interface EventFixture {
  host: HostClient;
  occasion: Occasion;
  occasionId: string;
  activities: { ceremony: string; dinner: string; brunch: string };
  smith: HouseholdFixture & { jane: string; jose: string; timmy: string };
  jones: HouseholdFixture & { ann: string; sam: string };
  lee: HouseholdFixture & { sam: string };
}

/** Builds the fixture in a fresh test app. */
export async function createEventFixture(t: TestApp, options: OccasionOptions = {}): Promise<EventFixture> {
  const host = await signUpHost(t.app);
  // The host sends invitations in many tests: verified, as after opening the link.
  await verifyAccount(t.deps.db, host.credentials.email);
  const start = Date.now() + (options.startsInDays ?? 60) * DAY;
  const created = await host.request('POST', '/occasion', {
    title: 'Sam & Alex',
    startDate: isoDate(start),
    endDate: isoDate(start + DAY),
    timezone: 'Europe/Lisbon',
    venueName: 'Quinta da Serra',
    passcode: options.passcode === undefined ? PASSCODE : options.passcode,
    rsvpDeadline: options.rsvpDeadline ?? null,
    allowedOrigins: options.allowedOrigins ?? [WIDGET_ORIGIN, 'http://localhost:5174'],
  });
  if (created.status !== 201) throw new Error(`occasion: ${created.status} ${await created.text()}`);
  const occasion = (await created.json()) as Occasion;
  const insert = new FixtureInserter(host, occasion.id);

  const activities = {
    // Inserted out of time order, so that ordering is tested.
    dinner: await insert.activity('Dinner', new Date(start + 20 * 3600_000).toISOString(), [
      { value: 'fish', text: 'Sea bass' },
      { value: 'beef', text: 'Beef' },
      { value: 'veal', text: 'Veal', disabled: true },
    ]),
    ceremony: await insert.activity('Ceremony', new Date(start + 16 * 3600_000).toISOString(), []),
    brunch: await insert.activity('Brunch', new Date(start + 34 * 3600_000).toISOString(), []),
  };

  const smith = await insert.household('The Smiths', 'Smith family notes: allergic to cats');
  const jane = await insert.guest(smith.id, 'Jane', 'Smith', { plusOneAllowed: true, notes: 'Bride’s aunt', side: 'bride' });
  const jose = await insert.guest(smith.id, 'José', 'Núñez-Smith');
  const timmy = await insert.guest(smith.id, 'Timmy', 'Smith', { ageGroup: 'CHILD' });
  for (const guest of [jane, jose]) {
    await insert.line(guest, activities.ceremony);
    await insert.line(guest, activities.dinner);
  }
  await insert.line(timmy, activities.ceremony);

  const jones = await insert.household('The Joneses', 'VIP');
  const ann = await insert.guest(jones.id, 'Ann', 'Jones');
  const samJones = await insert.guest(jones.id, 'Sam', 'Lee');
  for (const guest of [ann, samJones]) await insert.line(guest, activities.brunch);

  const lee = await insert.household('The Lees', '');
  const samLee = await insert.guest(lee.id, 'Sam', 'Lee');
  await insert.line(samLee, activities.ceremony);

  return {
    host,
    occasion,
    occasionId: occasion.id,
    activities,
    smith: { ...smith, jane, jose, timmy },
    jones: { ...jones, ann, sam: samJones },
    lee: { ...lee, sam: samLee },
  };
}

/**
 * Creates the occasion's rows through the host API, as a host would. Guests are created at
 * least two milliseconds apart so that "oldest first" is a stable order.
 */
class FixtureInserter {
  private sideCategory: Promise<string> | undefined;

  constructor(
    private readonly host: HostClient,
    private readonly occasionId: string,
  ) {}

  private async create<T = { id: string }>(entity: string, body: unknown): Promise<T> {
    const response = await this.host.request('POST', `/occasion/${this.occasionId}/${entity}`, body);
    if (response.status !== 201) throw new Error(`${entity}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async activity(name: string, startsAt: string, mealOptions: unknown[]): Promise<string> {
    return (await this.create('activity', { name, startsAt, mealOptions })).id;
  }

  async household(name: string, notes: string): Promise<HouseholdFixture> {
    const body = { name, notes, addressLine1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'USA' };
    const { id, inviteCode } = await this.create<HouseholdFixture>('household', body);
    return { id, inviteCode };
  }

  async guest(
    householdId: string,
    firstName: string,
    lastName: string,
    extra: { plusOneAllowed?: boolean; ageGroup?: string; notes?: string; side?: string } = {},
  ): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 2));
    const { side, ...rest } = extra;
    const attributes = side ? { [await this.side()]: [side] } : {};
    return (await this.create('guest', { householdId, firstName, lastName, attributes, ...rest })).id;
  }

  private side(): Promise<string> {
    this.sideCategory ??= this.create('attribute-category', {
      name: 'Side',
      options: [
        { value: 'bride', text: 'Bride' },
        { value: 'groom', text: 'Groom' },
      ],
    }).then((category) => category.id);
    return this.sideCategory;
  }

  async line(guestId: string, activityId: string): Promise<void> {
    await this.create('invite-line', { guestId, activityId });
  }
}

export interface EventRequestOptions {
  body?: unknown;
  token?: string;
  cookie?: string;
  origin?: string;
  /** The socket address; a fresh random one unless given, so rate limits stay out of the way. */
  address?: string;
  headers?: Record<string, string>;
}

/** What differs between the Smiths' replies of the tests. */
export interface SmithsReplyOptions {
  message?: string;
  /** José's answer to the ceremony (he always declines the dinner). */
  joseAtCeremony?: 'ATTENDING' | 'DECLINED';
  plusOnes?: Array<{ forGuestId: string; firstName: string; lastName: string }>;
}

/**
 * A whole reply of the Smiths: every member answers every invitation, Jane attends both with
 * fish at dinner, Timmy declines; by default José declines too, with no message and no plus-ones.
 */
export function smithsWholeReply(f: EventFixture, { message = '', joseAtCeremony = 'DECLINED', plusOnes = [] }: SmithsReplyOptions = {}) {
  return {
    responses: [
      { guestId: f.smith.jane, activityId: f.activities.ceremony, response: 'ATTENDING' },
      { guestId: f.smith.jane, activityId: f.activities.dinner, response: 'ATTENDING', mealChoice: 'fish' },
      { guestId: f.smith.jose, activityId: f.activities.ceremony, response: joseAtCeremony },
      { guestId: f.smith.jose, activityId: f.activities.dinner, response: 'DECLINED' },
      { guestId: f.smith.timmy, activityId: f.activities.ceremony, response: 'DECLINED' },
    ],
    plusOnes,
    message,
  };
}

/** A random client address in 10.0.0.0/8. */
export function randomAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** One request to `/event/v1`, as a browser on the widget's site (or a server) would send it. */
export function eventRequest(app: Hono<AppEnv>, method: string, path: string, options: EventRequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  return Promise.resolve(
    app.request(
      `${BASE}/event/v1${path}`,
      { method, headers, ...(body === undefined ? {} : { body }) },
      { incoming: { socket: { remoteAddress: options.address ?? randomAddress() } } },
    ),
  );
}

/** Signs a guest in and returns the answer's body; throws unless it is a 200. */
export async function signInGuest(app: Hono<AppEnv>, credentials: Record<string, unknown>): Promise<GuestSignInResult> {
  const response = await eventRequest(app, 'POST', '/auth/credentials', { body: credentials });
  if (response.status !== 200) throw new Error(`guest sign-in: ${response.status} ${await response.text()}`);
  return (await response.json()) as GuestSignInResult;
}

/** The contract's error code of a response. */
export async function errorCode(response: Response): Promise<string | undefined> {
  const body = (await response.json()) as { error?: { code?: string } };
  return body.error?.code;
}
