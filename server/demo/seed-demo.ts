import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Hono } from 'hono';
import type { Activity } from '../../core/schemas/activity';
import type { AttributeCategory } from '../../core/schemas/attribute-category';
import type { Guest } from '../../core/schemas/guest';
import type { Household } from '../../core/schemas/household';
import type { Occasion } from '../../core/schemas/occasion';
import type { AppEnv } from '../app-env';
import { CookieJar } from '../in-process/cookie-jar';
import { asHost, signIn, type HostClient, type HostCredentials } from '../in-process/host-session';
import { generateGuests } from './generate-guests';
import { pick, seededRandom } from './random';

export const DEMO_CREDENTIALS: HostCredentials = {
  email: 'demo@kindly.example',
  password: 'kindly-demo-wedding',
  firstName: 'Sam',
  lastName: 'Rivera',
};

/** The origins the example sites are reached at on `port`: `http://127.0.0.1:<port>` and `http://localhost:<port>`. */
export const examplesOrigins = (port: number): string[] => [`http://127.0.0.1:${port}`, `http://localhost:${port}`];

/**
 * Fills a demo host account with a living occasion, through the real API in-process so that
 * every row passes the same validation as a host's own: about 150 guests in about 60
 * households, 4 activities with meal options, two attribute categories, answers and pending.
 * Idempotent: an account that already has an occasion keeps it, and only gains the examples'
 * origins it lacks (a run on another port).
 *
 * @param allowedOrigins Where the example sites are served ({@link examplesOrigins} of the examples port).
 */
export async function seedDemo(app: Hono<AppEnv>, allowedOrigins: string[], db: Kysely<Database>): Promise<{ email: string; password: string; occasionId: string }> {
  const host = await demoHost(app);
  // The demo's address is an example: its account counts as verified, so its invitations go (to the local outbox).
  await db.updateTable('account').set({ emailVerifiedAt: new Date().toISOString() }).where('id', '=', host.accountId).where('emailVerifiedAt', 'is', null).execute();
  const existing = await json<Occasion[]>(host.request('GET', '/occasions'));
  if (existing[0]) {
    const missing = allowedOrigins.filter((origin) => !existing[0]!.allowedOrigins.includes(origin));
    if (missing.length) {
      await json(host.request('PUT', `/occasion/${existing[0].id}`, { allowedOrigins: [...existing[0].allowedOrigins, ...missing] }));
    }
    if (!existing[0].rsvpPageUrl) await json(host.request('PUT', `/occasion/${existing[0].id}`, { rsvpPageUrl: demoRsvpPage(allowedOrigins) }));
    return { ...DEMO_CREDENTIALS, occasionId: existing[0].id };
  }

  const occasion = await json<Occasion>(
    host.request('POST', '/occasion', {
      title: 'Sam & Alex are getting married',
      description: 'A weekend in the hills with the people we love.',
      startDate: '2027-06-11',
      endDate: '2027-06-13',
      timezone: 'America/New_York',
      venueName: 'Willow Creek Farm',
      venueAddress: '4100 Orchard Road, Hudson, NY 12534',
      rsvpDeadline: '2027-05-01T23:59:00.000Z',
      passcode: 'willow2027',
      allowedOrigins,
      contactEmail: 'sam.and.alex@example.com',
      rsvpPageUrl: demoRsvpPage(allowedOrigins),
    }),
  );
  const base = `/occasion/${occasion.id}`;
  const activities = await createActivities(host, base);
  const categories = await createCategories(host, base);
  const guests = await createGuests(host, occasion.id, categories);
  await addAddresses(host, base);
  await inviteAndAnswer(host, base, guests, activities);
  return { ...DEMO_CREDENTIALS, occasionId: occasion.id };
}

/** The example wedding site: where the demo's invitation emails link (`?invite=CODE`). */
function demoRsvpPage(allowedOrigins: string[]): string {
  return `${allowedOrigins[0] ?? 'http://127.0.0.1:8788'}/wedding/`;
}

async function demoHost(app: Hono<AppEnv>): Promise<HostClient> {
  const created = await app.request('http://localhost/host/v1/account', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CREDENTIALS),
  });
  if (created.status !== 201 && created.status !== 409) throw new Error(`demo account: ${created.status} ${await created.text()}`);
  const jar = new CookieJar();
  await signIn(app, DEMO_CREDENTIALS.email, DEMO_CREDENTIALS.password, jar);
  const host = asHost(app, jar, '', DEMO_CREDENTIALS);
  const account = await json<{ id: string }>(host.request('GET', '/account'));
  return { ...host, accountId: account.id };
}

const meals = (...texts: string[]) => texts.map((text) => ({ value: text.toLowerCase().replace(/\W+/g, '-'), text }));

async function createActivities(host: HostClient, base: string): Promise<Activity[]> {
  const inputs = [
    { name: 'Welcome dinner', startsAt: '2027-06-11T23:00:00.000Z', endsAt: '2027-06-12T02:00:00.000Z', locationName: 'The Old Barn', dressCode: 'Smart casual', mealOptions: meals('Roast chicken', 'Grilled salmon', 'Mushroom risotto') },
    { name: 'Ceremony', startsAt: '2027-06-12T20:00:00.000Z', endsAt: '2027-06-12T21:00:00.000Z', locationName: 'The Orchard', dressCode: 'Garden formal', mealOptions: [] },
    { name: 'Reception', startsAt: '2027-06-12T21:30:00.000Z', endsAt: '2027-06-13T03:00:00.000Z', locationName: 'The Great Lawn', dressCode: 'Garden formal', mealOptions: [...meals('Beef tenderloin', 'Sea bass', 'Vegan wellington'), { value: 'kids-menu', text: 'Kids menu' }] },
    { name: 'Farewell brunch', startsAt: '2027-06-13T15:00:00.000Z', endsAt: '2027-06-13T17:00:00.000Z', locationName: 'The Farmhouse Kitchen', dressCode: 'Casual', mealOptions: meals('Full breakfast', 'Vegetarian breakfast') },
  ];
  const activities: Activity[] = [];
  for (const input of inputs) activities.push(await json<Activity>(host.request('POST', `${base}/activity`, input)));
  return activities;
}

async function createCategories(host: HostClient, base: string): Promise<AttributeCategory[]> {
  const side = await json<AttributeCategory>(
    host.request('POST', `${base}/attribute-category`, {
      name: 'Side',
      options: [{ value: 'sam', text: "Sam's side" }, { value: 'alex', text: "Alex's side" }, { value: 'both', text: 'Both' }],
      sortOrder: 0,
    }),
  );
  const circle = await json<AttributeCategory>(
    host.request('POST', `${base}/attribute-category`, {
      name: 'Circle',
      multiple: true,
      options: [{ value: 'family', text: 'Family' }, { value: 'friends', text: 'Friends' }, { value: 'work', text: 'Work' }, { value: 'neighbours', text: 'Neighbours' }],
      sortOrder: 1,
    }),
  );
  return [side, circle];
}

async function createGuests(host: HostClient, occasionId: string, [side, circle]: AttributeCategory[]): Promise<Guest[]> {
  const random = seededRandom(7);
  const rows = generateGuests(150).map((guest) => ({
    ...guest,
    attributes: {
      [side!.id]: [pick(random, ['sam', 'alex', 'both'])],
      [circle!.id]: random() < 0.2 ? ['friends', 'work'] : [pick(random, ['family', 'friends', 'work', 'neighbours'])],
    },
    dietaryNotes: random() < 0.1 ? pick(random, ['No nuts, please.', 'Gluten-free.', 'Vegetarian.']) : '',
  }));
  const result = await json<{ guests: Guest[] }>(host.request('POST', `/occasions/${occasionId}/guests`, { guests: rows }));
  return result.guests;
}

async function addAddresses(host: HostClient, base: string): Promise<void> {
  const random = seededRandom(11);
  const households = await json<Household[]>(host.request('GET', `${base}/households`));
  const streets = ['Maple Avenue', 'Oak Street', 'Cedar Lane', 'Hillside Drive', 'Lakeview Road'];
  const places = [
    { city: 'Brooklyn', state: 'NY', postalCode: '11215', country: 'USA' },
    { city: 'Boston', state: 'MA', postalCode: '02116', country: 'USA' },
    { city: 'Toronto', state: 'ON', postalCode: 'M5V 2T6', country: 'Canada' },
    { city: 'Lisbon', state: '', postalCode: '1100-148', country: 'Portugal' },
  ];
  for (const household of households) {
    if (random() < 0.12) continue; // some hosts still have addresses to collect
    const place = pick(random, places);
    await json(
      host.request('PUT', `${base}/household/${household.id}`, {
        addressLine1: `${10 + Math.floor(random() * 900)} ${pick(random, streets)}`,
        ...place,
        phone: random() < 0.7 ? `${200 + Math.floor(random() * 700)}555${String(1000 + Math.floor(random() * 8999))}` : '',
      }),
    );
  }
}

async function inviteAndAnswer(host: HostClient, base: string, guests: Guest[], activities: Activity[]): Promise<void> {
  const random = seededRandom(13);
  const [dinner, ceremony, reception, brunch] = activities as [Activity, Activity, Activity, Activity];
  const lines = [];
  for (const guest of guests) {
    const answered = random() < 0.6;
    const declines = random() < 0.15;
    const invitedTo = [ceremony, reception, ...(random() < 0.4 ? [dinner] : []), ...(random() < 0.7 ? [brunch] : [])];
    for (const activity of invitedTo) {
      const attending = answered && !declines;
      const mealChoice = attending && activity.mealOptions.length > 0 ? pick(random, activity.mealOptions).value : null;
      lines.push({
        guestId: guest.id,
        activityId: activity.id,
        invited: true,
        response: answered ? (declines ? 'DECLINED' : 'ATTENDING') : 'PENDING',
        mealChoice,
      });
    }
  }
  await json(host.request('PUT', `${base}/invite-lines`, { lines }));
}

async function json<T = unknown>(pending: Promise<Response>): Promise<T> {
  const response = await pending;
  if (!response.ok) throw new Error(`demo seed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
