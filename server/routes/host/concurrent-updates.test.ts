import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Occasion } from '../../../core/schemas/occasion';
import { signUpHost, type HostClient } from '../../in-process/host-session';
import { createTestApp, testDatabaseKind, type TestApp } from '../../test-support/test-app';
import { createActivity, createCategory, createGuest, createHousehold, createOccasion, invite, read } from './host-fixtures';

/** Two `PUT`s of different fields of one entity, sent at once: both changes must survive. */
describe(`concurrent updates of one entity on ${testDatabaseKind}`, () => {
  let t: TestApp;
  let host: HostClient;
  let occasion: Occasion;
  beforeEach(async () => {
    t = await createTestApp();
    host = await signUpHost(t.app);
    occasion = await createOccasion(host);
  });
  afterEach(() => t.close());

  const base = () => `/occasion/${occasion.id}`;

  /** Sends every pair's two bodies at once, all pairs together, and expects 200 from each. */
  async function racePairs(pairs: Array<[path: string, first: object, second: object]>): Promise<void> {
    const responses = await Promise.all(pairs.flatMap(([path, first, second]) => [host.request('PUT', path, first), host.request('PUT', path, second)]));
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
  }

  it('keeps both fields of 20 guests each updated twice at once', async () => {
    const guests = await Promise.all(Array.from({ length: 20 }, (_, i) => createGuest(host, occasion.id, { firstName: `Guest${i}` })));
    await racePairs(guests.map((guest, i) => [`${base()}/guest/${guest.id}`, { firstName: `Renamed${i}` }, { dietaryNotes: `No nuts ${i}` }]));
    const stored = await read<Array<{ id: string; firstName: string; dietaryNotes: string }>>(host, `${base()}/guests`);
    for (const [i, guest] of guests.entries()) {
      expect(stored.find((row) => row.id === guest.id)).toMatchObject({ firstName: `Renamed${i}`, dietaryNotes: `No nuts ${i}` });
    }
  });

  it('keeps both fields of households, activities, categories, invite lines and the occasion', async () => {
    const households = await Promise.all(Array.from({ length: 5 }, (_, i) => createHousehold(host, occasion.id, { name: `H${i}` })));
    const activities = await Promise.all(Array.from({ length: 5 }, (_, i) => createActivity(host, occasion.id, { name: `A${i}` })));
    const categories = await Promise.all(Array.from({ length: 5 }, (_, i) => createCategory(host, occasion.id, { name: `C${i}` })));
    const guest = await createGuest(host, occasion.id);
    const lines = await Promise.all(activities.map((activity) => invite(host, occasion.id, guest.id, activity.id)));
    await racePairs([
      ...households.map((household, i): [string, object, object] => [`${base()}/household/${household.id}`, { city: `City${i}` }, { notes: `Note${i}` }]),
      ...activities.map((activity, i): [string, object, object] => [`${base()}/activity/${activity.id}`, { name: `Renamed${i}` }, { dressCode: `Dress${i}` }]),
      ...categories.map((category, i): [string, object, object] => [`${base()}/attribute-category/${category.id}`, { name: `Renamed${i}` }, { multiple: true }]),
      ...lines.map((line): [string, object, object] => [`${base()}/invite-line/${line.id}`, { response: 'ATTENDING' }, { mealChoice: null }]),
      [base(), { title: 'Renamed' }, { venueName: 'The Barn' }],
    ]);
    for (const [i, household] of households.entries()) {
      expect(await read(host, `${base()}/household/${household.id}`)).toMatchObject({ city: `City${i}`, notes: `Note${i}` });
    }
    for (const [i, activity] of activities.entries()) {
      expect(await read(host, `${base()}/activity/${activity.id}`)).toMatchObject({ name: `Renamed${i}`, dressCode: `Dress${i}` });
    }
    for (const [i, category] of categories.entries()) {
      expect(await read(host, `${base()}/attribute-category/${category.id}`)).toMatchObject({ name: `Renamed${i}`, multiple: true });
    }
    for (const line of lines) expect(await read(host, `${base()}/invite-line/${line.id}`)).toMatchObject({ response: 'ATTENDING' });
    expect(await read(host, base())).toMatchObject({ title: 'Renamed', venueName: 'The Barn' });
  });
});
