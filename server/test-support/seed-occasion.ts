import { generateGuests } from '../demo/generate-guests';

/** A signed-in host's cookies and the occasion seeded for them. */
export interface SeededOccasion {
  cookies: { name: string; value: string }[];
  occasionId: string;
}

/**
 * Through the real HTTP API at `api`: an account, an occasion with four activities (three with
 * meal options), an attribute category, `guests` generated guests in households, every guest
 * invited to every activity and a third of them attending. What the dashboard's benchmark and
 * browser tests look at.
 */
export async function seedOccasion(api: string, guests: number, email = 'seeded-host@example.com'): Promise<SeededOccasion> {
  const credentials = { email, password: 'seeded-password-1', firstName: 'Seeded', lastName: 'Host' };
  await call(api, 'POST', '/host/v1/account', credentials);
  const cookies = await signIn(api, credentials.email, credentials.password);
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  const host = (method: string, path: string, body?: unknown) => call(api, method, `/host/v1${path}`, body, cookie);
  const occasion = (await host('POST', '/occasion', { title: 'Benchmark wedding', startDate: '2027-06-12', endDate: '2027-06-13' })) as { id: string };
  const activityIds: string[] = [];
  for (const [i, name] of ['Welcome dinner', 'Ceremony', 'Reception', 'Brunch'].entries()) {
    const mealOptions = i === 1 ? [] : [{ value: 'meat', text: 'Meat' }, { value: 'fish', text: 'Fish' }, { value: 'veg', text: 'Vegetarian' }];
    const activity = (await host('POST', `/occasion/${occasion.id}/activity`, { name, startsAt: `2027-06-1${2 + (i >> 1)}T1${i}:00:00.000Z`, mealOptions })) as { id: string };
    activityIds.push(activity.id);
  }
  await host('POST', `/occasion/${occasion.id}/attribute-category`, {
    name: 'Side',
    options: [
      { value: 'bride', text: 'Bride' },
      { value: 'groom', text: 'Groom' },
    ],
  });
  const created = (await host('POST', `/occasions/${occasion.id}/guests`, { guests: generateGuests(guests) })) as { guests: Array<{ id: string }> };
  const lines = created.guests.flatMap((guest, g) =>
    activityIds.map((activityId, a) => ({
      guestId: guest.id,
      activityId,
      invited: true,
      ...(g % 3 === 0 ? { response: 'ATTENDING', mealChoice: a === 1 ? null : 'fish' } : {}),
    })),
  );
  await host('PUT', `/occasion/${occasion.id}/invite-lines`, { lines });
  return { cookies, occasionId: occasion.id };
}

/** One JSON call to the API; throws on an error status. */
export async function call(api: string, method: string, path: string, body?: unknown, cookie?: string): Promise<unknown> {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return response.status === 204 ? null : response.json();
}

/** Signs in through Auth.js's credentials callback; returns the session cookies. */
export async function signIn(api: string, email: string, password: string): Promise<{ name: string; value: string }[]> {
  const csrf = await fetch(`${api}/host/v1/auth/csrf`);
  const csrfCookies = cookiesOf(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${api}/host/v1/auth/callback/credentials`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-auth-return-redirect': '1',
      cookie: csrfCookies.map(({ name, value }) => `${name}=${value}`).join('; '),
    },
    body: new URLSearchParams({ email, password, csrfToken }),
  });
  const cookies = cookiesOf(response);
  if (!cookies.some((c) => c.name.includes('authjs.session-token'))) throw new Error(`sign-in failed for ${email}`);
  return cookies;
}

function cookiesOf(response: Response): { name: string; value: string }[] {
  return response.headers.getSetCookie().map((line) => {
    const pair = line.split(';')[0]!;
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}
